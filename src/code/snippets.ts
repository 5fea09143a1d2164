/**
 * The code that reproduces a view: xarray (`xr.open_zarr(…)` + `.isel(…)`), zarr-python, and the
 * `zarrview dump` command. The location is the share-safe one (never credentials): S3 locations get the storage
 * options they need (`anon`, the endpoint), and credentials are left to the environment.
 *
 * @example
 * const code = codeForView({ location: ds.location, dataset: ds.model, variable, selection: [3, null, null] });
 * code.xarray // 'import xarray as xr\n\nds = xr.open_zarr(\n    "https://…",\n …'
 */
import type { DimSelection } from '../api';
import { defaultFillFor } from '../cf/decode';
import type { Dataset, Variable } from '../model/types';
import { parseLocation } from '../url/index';
import type { JoinDescription } from '../aggregate/described';
import { fileSnippets } from './file-snippets';
import { joinSnippets } from './join-snippets';
import { findVariable } from '../model/find';
import { mapCode } from './map-snippet';
import type { MapStyle } from './map-style';
import { virtualSnippets } from './virtual-snippets';
import { type PyValue, pyIndex, pyLiteral, pyStr, shellQuote } from './python';

export interface EndpointHint {
  readonly name: string;
  readonly url: string;
  readonly region?: string | undefined;
}

export interface CodeInput {
  /** `OpenedDataset.location`: the URL with its `#mode` fragment, without credentials. */
  readonly location: string;
  readonly dataset: Dataset;
  readonly variable: Variable;
  readonly selection: readonly DimSelection[];
  /** Every k-th element along the kept dimensions (a thinned view). */
  readonly stride?: number | undefined;
  /** The view shows stored numbers (no CF decoding). */
  readonly raw?: boolean | undefined;
  /** Endpoint aliases (`s3://alias/bucket/key`), without their credentials. */
  readonly aliases?: readonly EndpointHint[] | undefined;
  /** Whether the location needs credentials (they come from the environment, never from the snippet). */
  readonly signed?: boolean | undefined;
  /** The view is the Map, in this projection (`ProjectionName`): the snippets include cartopy code for it. */
  readonly mapProjection?: string | undefined;
  /** The Map's colouring (colour map, range, scale, centre): the HEALPix and mesh Map code draws with it. */
  readonly mapStyle?: MapStyle | undefined;
  /**
   * The variable the Map draws when it is not `variable`: the level of a HEALPix zoom pyramid the screen needs
   * (its path). The Map code opens that level, with the same indices off its cell dimension.
   */
  readonly mapLevel?: string | undefined;
  /** The dataset is a join of many files (`joinDescriptionOf`): `xr.open_mfdataset` over its members. */
  readonly join?: JoinDescription | undefined;
}

export interface CodeSnippets {
  readonly xarray: string;
  /** The stored numbers: zarr-python for a Zarr store, xarray without decoding for a file (see `rawTitle`). */
  readonly zarr: string;
  readonly cli: string;
  /** The title of the `zarr` snippet when it is not zarr-python code. */
  readonly rawTitle?: string | undefined;
  /** The Map view's code (`mapCode`: cartopy, healpy or matplotlib), when the view is a Map that code can draw. */
  readonly map?: string | undefined;
  /** The title of the `map` snippet (`Map (cartopy)`, `Map (healpy)`, `Map (matplotlib)`). */
  readonly mapTitle?: string | undefined;
  /** A mesh's Map with uxarray (which Debian does not package). */
  readonly uxarray?: string | undefined;
}

interface StoreTarget {
  /** fsspec URL or local path. */
  readonly url: string;
  readonly storageOptions: Record<string, PyValue> | null;
  /** Lines of comment placed before the open call. */
  readonly notes: readonly string[];
}

function storeTarget(input: CodeInput): StoreTarget {
  const loc = parseLocation(input.location);
  const body = input.location.split('#')[0] ?? input.location;
  const notes: string[] = [];
  if (loc.mode.medium === 'zip' || /\.zip$/i.test(loc.path)) {
    notes.push('A zip: fsspec reads it as "zip::<url>"; add the folder inside the zip if the dataset is in one.');
    return { url: `zip::${body}`, storageOptions: null, notes };
  }
  if (loc.s3 && (loc.style === 's3' || loc.style === 'virtual-host' || loc.style === 'path-style')) {
    let { bucket, key, endpoint } = loc.s3;
    const alias = loc.s3.aliasCandidate ? input.aliases?.find((a) => a.name === loc.s3?.aliasCandidate) : undefined;
    if (alias) {
      const parts = `${bucket}/${key}`.split('/');
      bucket = parts[0] ?? bucket;
      key = parts.slice(1).join('/');
      endpoint = alias.url;
    }
    const options: Record<string, PyValue> = {};
    if (input.signed)
      notes.push('Credentials: s3fs reads them from the environment (AWS_* variables or ~/.aws), never from code.');
    else options.anon = true;
    if (endpoint) options.client_kwargs = { endpoint_url: endpoint };
    if (alias?.region || loc.s3.region)
      options.client_kwargs = {
        ...(options.client_kwargs as object),
        region_name: alias?.region ?? loc.s3.region ?? '',
      };
    notes.push('S3 access needs s3fs (Debian python3-s3fs).');
    return {
      url: `s3://${bucket}/${key}`.replace(/\/+$/, ''),
      storageOptions: Object.keys(options).length ? options : null,
      notes,
    };
  }
  if (loc.style === 'file' || loc.style === 'local')
    return { url: loc.style === 'file' ? decodeURIComponent(loc.path) : body, storageOptions: null, notes };
  return { url: body, storageOptions: null, notes };
}

/** `/grp/sub/temp` → group `grp/sub` (or null) and array name `temp`. */
function splitPath(path: string): { group: string | null; name: string } {
  const parts = path.split('/').filter(Boolean);
  const name = parts.pop() ?? '';
  return { group: parts.length ? parts.join('/') : null, name };
}

/**
 * Dimension names as the generated code names them: the model's, except where xarray has none to read (netcdf-c's
 * `_Anonymous_Dim_<len>` for a Zarr array without `_ARRAY_DIMENSIONS`, which may repeat): `dim_<k>`.
 */
function dimNames(v: Variable, byPath: boolean): string[] {
  return v.dimensions.map((d, k) => (byPath && d.anonymous ? `dim_${k}` : d.name));
}

function iselArgs(v: Variable, selection: readonly DimSelection[], stride: number, byPath: boolean): string {
  const names = dimNames(v, byPath);
  const entries = selection.flatMap((sel, d) => {
    const dim = pyStr(names[d] ?? `dim_${d}`);
    if (typeof sel === 'number') return [`${dim}: ${sel}`];
    if (sel === null) return stride > 1 ? [`${dim}: slice(None, None, ${stride})`] : [];
    const step = (sel.step ?? 1) * stride;
    return [`${dim}: slice(${sel.start}, ${sel.stop}${step > 1 ? `, ${step}` : ''})`];
  });
  return entries.length ? `.isel({${entries.join(', ')}})` : '';
}

export function codeForView(input: CodeInput): CodeSnippets {
  const code = snippetsForView(input);
  if (input.mapProjection === undefined) return code;
  const shown = input.mapLevel !== undefined ? findVariable(input.dataset.root, input.mapLevel) : undefined;
  const level = shown && shown.path !== input.variable.path ? shown : undefined;
  // Another level of the pyramid: its own open, with the view's indices off the cell dimension kept.
  const selection = level ? level.shape.map((_, d) => input.selection[d] ?? null) : input.selection;
  const base = level ? snippetsForView({ ...input, variable: level, selection }).xarray : code.xarray;
  const map = mapCode(
    {
      ...input,
      variable: level ?? input.variable,
      selection,
      projection: input.mapProjection,
      style: input.mapStyle,
    },
    base,
  );
  if (!map) return code;
  // The level the Map drew is named, with the one selected, so the code says why it opens another variable.
  const drawn = level
    ? `# The Map drew level ${pyLevel(level.path)} of the selected ${pyLevel(input.variable.path)}: the level the screen needs.\n`
    : '';
  return { ...code, ...map, map: drawn + map.map };
}

/** A pyramid level's name in a comment: its group (`zoom_2`), else its path. */
function pyLevel(path: string): string {
  const parts = path.split('/').filter((p) => p !== '');
  return parts.length > 1 ? parts.slice(0, -1).join('/') : path;
}

function snippetsForView(input: CodeInput): CodeSnippets {
  const { variable: v, dataset } = input;
  const stride = Math.max(1, input.stride ?? 1);
  if (input.join) {
    const join = input.join;
    return joinSnippets({
      join,
      variable: v,
      selection: input.selection,
      stride,
      raw: input.raw === true,
      target: (location) => storeTarget({ ...input, location }),
    });
  }
  const target = storeTarget(input);
  const virtual = virtualSnippets({
    location: input.location,
    dataset,
    variable: v,
    selection: input.selection,
    stride,
    raw: input.raw === true,
    signed: input.signed === true,
  });
  if (virtual) return virtual;
  if (dataset.format !== undefined) {
    const fileTarget = { ...target, url: target.url.replace(/^zip::/, '') };
    return fileSnippets(
      {
        location: input.location,
        format: dataset.format,
        variable: v,
        selection: input.selection,
        stride,
        raw: input.raw === true,
      },
      fileTarget,
    );
  }
  const { group, name } = splitPath(v.path);
  const consolidated = dataset.dialect.consolidated;
  const comments = target.notes.map((n) => `# ${n}`);

  const mapperArgs = [
    pyStr(target.url),
    ...(target.storageOptions ? Object.entries(target.storageOptions).map(([k, x]) => `${k}=${pyLiteral(x)}`) : []),
  ];
  // Over plain HTTP nothing lists a store: without consolidated metadata xarray finds no arrays. An array without
  // xarray's dimension names (an OME-Zarr image, most pure Zarr) cannot be opened by xarray's Zarr backend at all.
  // Either way the array is opened by its path and decoded as xarray's Zarr backend would.
  const unlisted = !consolidated && /^https?:\/\//i.test(target.url);
  const byPath = unlisted || v.dimensions.some((d) => d.anonymous);
  const select = `${iselArgs(v, input.selection, stride, byPath)}`;
  const valuesLine = `values = da.values${input.raw ? '  # stored numbers' : '  # CF-decoded: scale/offset applied, fill values as NaN'}`;
  const openArgs = [pyStr(target.url)];
  if (group) openArgs.push(`group=${pyStr(group)}`);
  openArgs.push(`consolidated=${consolidated ? 'True' : 'False'}`);
  if (target.storageOptions) openArgs.push(`storage_options=${pyLiteral(target.storageOptions)}`);
  if (input.raw) openArgs.push('mask_and_scale=False', 'decode_times=False');
  const zarrFill = defaultFillFor(dataset.dialect) === 'zarr';
  const xarray = byPath
    ? [
        'import fsspec',
        'import xarray as xr',
        'import zarr',
        '',
        ...comments,
        ...(unlisted
          ? [
              '# Not consolidated: over plain HTTP the store cannot be listed, so open the array by its path.',
              `# (Where the store can be listed: xr.open_zarr(${[pyStr(target.url), ...(group ? [`group=${pyStr(group)}`] : [])].join(', ')}, consolidated=False).)`,
            ]
          : ['# The array has no xarray dimension names (_ARRAY_DIMENSIONS): open it by its path.']),
        `store = fsspec.get_mapper(${mapperArgs.join(', ')})`,
        `a = zarr.open_array(store, path=${pyStr(v.path.replace(/^\//, ''))}, mode="r")`,
        'attrs = {k: x for k, x in a.attrs.items() if k != "_ARRAY_DIMENSIONS" and not k.lower().startswith("_nczarr")}',
        ...(zarrFill ? ['if a.fill_value is not None:', '    attrs.setdefault("_FillValue", a.fill_value)'] : []),
        `dims = (${dimNames(v, true).map(pyStr).join(', ')}${v.dimensions.length === 1 ? ',' : ''})`,
        `ds = xr.Dataset({${pyStr(name)}: (dims, a[...], attrs)})`,
        ...(input.raw ? [] : ['ds = xr.decode_cf(ds)']),
        `da = ds[${pyStr(name)}]${select}`,
        valuesLine,
        'print(values)',
        '',
      ].join('\n')
    : [
        'import xarray as xr',
        '',
        ...comments,
        'ds = xr.open_zarr(',
        ...openArgs.map((a) => `    ${a},`),
        ')',
        `da = ds[${pyStr(name)}]${select}`,
        valuesLine,
        'print(values)',
        '',
      ].join('\n');

  const index = pyIndex(input.selection, stride, v.shape.length);
  const zarr = [
    'import fsspec',
    'import zarr',
    '',
    ...comments,
    `store = fsspec.get_mapper(${mapperArgs.join(', ')})`,
    consolidated ? 'root = zarr.open_consolidated(store, mode="r")' : 'root = zarr.open_group(store, mode="r")',
    `a = root[${pyStr(v.path.replace(/^\//, ''))}]`,
    `values = a[${index}]  # stored numbers: no scale_factor/add_offset, fill values as stored`,
    'print(values)',
    '',
  ].join('\n');

  const cli = `npx zarrview dump -v ${shellQuote(v.path)} ${shellQuote(input.location)}\n`;
  return { xarray, zarr, cli };
}
