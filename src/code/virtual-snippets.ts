/**
 * The code of a view of a virtual, versioned or aggregated dataset: kerchunk references through fsspec's
 * `reference://` file system, an Icechunk snapshot through the `icechunk` package's session store, a CFA
 * aggregation through S3netCDF4 (the library that writes CFA-netCDF). The same variable and selection as the view;
 * credentials never appear (they come from the environment).
 */
import type { DimSelection } from '../api';
import type { Dataset, Variable } from '../model/types';
import { cfaVersion } from '../formats/cfa/partitions';
import { isRefsCandidate } from '../opening/open-refs';
import { parseLocation } from '../url/index';
import { isel } from './file-snippets';
import { type PyValue, pyIndex, pyLiteral, pyStr, shellQuote } from './python';

export interface VirtualSnippetInput {
  readonly location: string;
  readonly dataset: Dataset;
  readonly variable: Variable;
  readonly selection: readonly DimSelection[];
  readonly stride: number;
  readonly raw: boolean;
  readonly signed: boolean;
}

/** `s3://b/k`, or an http(s) URL: its protocol and options for fsspec (anonymous unless signed). */
function remote(url: string, signed: boolean): { protocol: string; options: Record<string, PyValue> } {
  const loc = parseLocation(url);
  if (loc.s3) {
    const options: Record<string, PyValue> = signed ? {} : { anon: true };
    if (loc.s3.endpoint) options.client_kwargs = { endpoint_url: loc.s3.endpoint };
    return { protocol: 's3', options };
  }
  return { protocol: loc.scheme === 'https' ? 'https' : 'http', options: {} };
}

function body(location: string): string {
  const loc = parseLocation(location);
  if (loc.s3 && loc.style !== 's3') return `s3://${loc.s3.bucket}/${loc.s3.key}`;
  return location.split('#')[0]!;
}

const tail = (v: Variable, input: VirtualSnippetInput) => [
  `da = ds[${pyStr(v.name)}]${isel(v, input.selection, input.stride)}`,
  `values = da.values${input.raw ? '  # stored numbers' : '  # CF-decoded: scale/offset applied, fill values as NaN'}`,
  'print(values)',
  '',
];

function groupArg(v: Variable): string[] {
  const parts = v.path.split('/').filter(Boolean);
  parts.pop();
  return parts.length ? [`group=${pyStr(parts.join('/'))}`] : [];
}

function refsSnippet(input: VirtualSnippetInput): string {
  const url = body(input.location);
  const doc = remote(url, input.signed);
  const storage: Record<string, PyValue> = { fo: url, remote_protocol: doc.protocol };
  if (Object.keys(doc.options).length) {
    storage.target_options = doc.options;
    storage.remote_options = doc.options;
  }
  const args = [
    '"reference://"',
    'engine="zarr"',
    `backend_kwargs={"consolidated": False, "storage_options": ${pyLiteral(storage)}${groupArg(input.variable).length ? `, "group": ${pyStr(groupArg(input.variable)[0]!.slice(7, -1))}` : ''}}`,
    ...(input.raw ? ['mask_and_scale=False', 'decode_times=False'] : []),
  ];
  return [
    'import xarray as xr',
    '',
    "# kerchunk references read through fsspec's ReferenceFileSystem (a Parquet set needs fsspec >= 2023.1).",
    ...(doc.protocol === 's3'
      ? ['# S3 access needs s3fs; references to other hosts may need remote_options of their own.']
      : []),
    `ds = xr.open_dataset(${args.join(', ')})`,
    ...tail(input.variable, input),
  ].join('\n');
}

function icechunkSnippet(input: VirtualSnippetInput): string {
  const r = input.dataset.repository!;
  const loc = parseLocation(input.location);
  const url = body(input.location).replace(/\/+$/, '');
  let storage: string;
  if (loc.s3) {
    const args = [`bucket=${pyStr(loc.s3.bucket)}`, `prefix=${pyStr(loc.s3.key.replace(/\/+$/, ''))}`];
    if (loc.s3.endpoint) args.push(`endpoint_url=${pyStr(loc.s3.endpoint)}`, 'force_path_style=True');
    args.push(input.signed ? 'from_env=True' : 'anonymous=True');
    storage = `icechunk.s3_storage(${args.join(', ')})`;
  } else if (loc.style === 'file' || loc.style === 'local')
    storage = `icechunk.local_filesystem_storage(${pyStr(url)})`;
  else storage = `icechunk.http_storage(${pyStr(url)})`;
  const version =
    r.ref.kind === 'snapshot'
      ? `snapshot_id=${pyStr(r.ref.name)}`
      : r.ref.kind === 'tag'
        ? `tag=${pyStr(r.ref.name)}`
        : `branch=${pyStr(r.ref.name)}`;
  return [
    'import icechunk',
    'import xarray as xr',
    '',
    `# An Icechunk repository (spec version ${r.specVersion}) at ${r.ref.kind} ${r.ref.name}: snapshot ${r.snapshot.id}.`,
    '# Virtual chunks read other files: authorize their containers (authorize_virtual_chunk_access) to read them.',
    `repo = icechunk.Repository.open(${storage})`,
    `session = repo.readonly_session(${version})`,
    `ds = xr.open_zarr(${['session.store', 'consolidated=False', ...groupArg(input.variable), ...(input.raw ? ['mask_and_scale=False', 'decode_times=False'] : [])].join(', ')})`,
    ...tail(input.variable, input),
  ].join('\n');
}

function cfaSnippet(input: VirtualSnippetInput, version: string): string {
  const url = body(input.location);
  const v = input.variable;
  return [
    'from S3netCDF4._s3netCDF4 import s3Dataset',
    '',
    `# A CFA-${version} aggregation read with S3netCDF4 (it opens only the fragment files a slice needs).`,
    `ds = s3Dataset(${pyStr(url)}, mode="r")`,
    `var = ds${v.path
      .split('/')
      .filter(Boolean)
      .slice(0, -1)
      .map((g) => `.groups[${pyStr(g)}]`)
      .join('')}.variables[${pyStr(v.name)}]`,
    `values = var[${pyIndex(input.selection, input.stride, v.shape.length)}]${input.raw ? '' : '  # netCDF4-style: masked where fill, scaled'}`,
    'print(values)',
    '',
  ].join('\n');
}

/** Snippets for a virtual, versioned or aggregated dataset, or undefined when the dataset is none of them. */
export function virtualSnippets(
  input: VirtualSnippetInput,
): { xarray: string; zarr: string; cli: string; rawTitle: string } | undefined {
  const cli = `npx zarrview dump -v ${shellQuote(input.variable.path)} ${shellQuote(input.location)}\n`;
  let code: string | undefined;
  let title = 'Stored numbers';
  if (input.dataset.repository) code = icechunkSnippet(input);
  else if (isRefsCandidate(parseLocation(input.location))) code = refsSnippet(input);
  else {
    const cfa = cfaVersion(input.dataset.root);
    if (cfa) {
      code = cfaSnippet(input, cfa);
      title = 'S3netCDF4';
    }
  }
  if (!code) return undefined;
  const raw = input.raw
    ? code
    : code.replace(
        /ds = xr\.open_(dataset|zarr)\((.*)\)$/m,
        (_m, fn: string, args: string) => `ds = xr.open_${fn}(${args}, mask_and_scale=False, decode_times=False)`,
      );
  return { xarray: code, zarr: raw, cli, rawTitle: title };
}
