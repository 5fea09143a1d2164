/**
 * The code of a view of a joined dataset (many files as one, src/aggregate): xarray's `open_mfdataset` over the same
 * members in the same order — fsspec file objects for netCDF members (h5netcdf for netCDF-4/HDF5, scipy for
 * netCDF-3), fsspec mappers for Zarr stores — joined as the viewer joins them (`combine="nested"`, `concat_dim` the
 * joined dimension, or the scalar coordinate stacked into one; the other variables and coordinates the first
 * member's), then the view's `.isel(…)`. Over `LIST_UP_TO` members the list is not written out: the glob, filtered
 * of the members left out and ordered by the joined coordinate (`combine="by_coords"`), or the names on a few lines.
 */
import type { DimSelection } from '../api';
import type { JoinDescription } from '../aggregate/described';
import type { Variable } from '../model/types';
import { isel } from './file-snippets';
import { type PyValue, pyLiteral, pyStr, shellQuote } from './python';

/** Members written one per line up to this many. */
export const LIST_UP_TO = 20;

export interface MemberTarget {
  /** fsspec URL or local path. */
  readonly url: string;
  readonly storageOptions: Record<string, PyValue> | null;
  readonly notes: readonly string[];
}

export interface JoinSnippetInput {
  readonly join: JoinDescription;
  readonly variable: Variable;
  readonly selection: readonly DimSelection[];
  readonly stride: number;
  readonly raw: boolean;
  /** Where fsspec finds a member (or the glob): its URL and storage options. */
  readonly target: (location: string) => MemberTarget;
  /** Members written one per line up to this many (default `LIST_UP_TO`). */
  readonly listUpTo?: number | undefined;
}

function engineOf(format: string | undefined): string {
  if (format === undefined) return 'zarr';
  return format.startsWith('netCDF-4') ? 'h5netcdf' : 'scipy';
}

const lastSegment = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** The lines that set `urls` (or `files`, from a glob), and whether the members come ordered by the viewer. */
function memberLines(input: JoinSnippetInput, urls: readonly string[]): { lines: string[]; ordered: boolean } {
  const { join } = input;
  const n = urls.length;
  const max = input.listUpTo ?? LIST_UP_TO;
  if (n <= max)
    return {
      lines: [
        `# The ${n} members in the viewer's order${join.leftOut.length ? ` (${join.leftOut.length} left out: not listed)` : ''}.`,
        'urls = [',
        ...urls.map((u) => `    ${pyStr(u)},`),
        ']',
      ],
      ordered: true,
    };
  const body = join.location.split('#')[0] ?? join.location;
  const pattern = input.target(join.location).url;
  // fsspec expands a glob over HTTP from the last folder's listing page only: one with patterns in its folders is
  // written as the members' names.
  const folders = pattern.slice(0, pattern.lastIndexOf('/'));
  const glob = !/\{[^/]*\}$/.test(body) && !(/^https?:/i.test(pattern) && /[*[{]/.test(folders));
  if (glob) {
    const left = join.leftOut.map((l) => lastSegment(input.target(l).url));
    return {
      lines: [
        `# ${n} members: the glob instead of a list of them, ordered by ${join.dimension} as the viewer orders them.`,
        ...(left.length ? [`left_out = {${left.map(pyStr).join(', ')}}  # not joined by the viewer`] : []),
        `urls = sorted(f.full_name for f in fsspec.open_files(${pyStr(pattern)}${optionArgs(input.target(join.location))}))`,
        ...(left.length ? ['urls = [u for u in urls if u.rsplit("/", 1)[-1] not in left_out]'] : []),
      ],
      ordered: false,
    };
  }
  let folder = urls[0]!.slice(0, urls[0]!.lastIndexOf('/') + 1);
  while (!urls.every((u) => u.startsWith(folder)))
    folder = folder.slice(0, folder.lastIndexOf('/', folder.length - 2) + 1);
  const names = urls.map((u) => u.slice(folder.length));
  const rows: string[] = [];
  for (const name of names) {
    const last = rows.length - 1;
    if (last >= 0 && rows[last]!.length + name.length < 100) rows[last] += ` ${name}`;
    else rows.push(name);
  }
  return {
    lines: [
      `# ${n} members in the viewer's order: their names below, space-separated, rather than a list of ${n} lines.`,
      `folder = ${pyStr(folder)}`,
      'names = """',
      ...rows,
      '""".split()',
      'urls = [folder + name for name in names]',
    ],
    ordered: true,
  };
}

function optionArgs(target: MemberTarget): string {
  const o = target.storageOptions;
  return o
    ? `, ${Object.entries(o)
        .map(([k, x]) => `${k}=${pyLiteral(x)}`)
        .join(', ')}`
    : '';
}

function snippet(input: JoinSnippetInput, raw: boolean): string {
  const { join, variable: v } = input;
  const engine = engineOf(join.format);
  const targets = join.members.map((m) => input.target(m));
  const options = targets[0] ? optionArgs(targets[0]) : '';
  const { lines, ordered } = memberLines(
    input,
    targets.map((t) => t.url),
  );
  const parts = v.path.split('/').filter(Boolean);
  const name = parts.pop() ?? '';
  const opened =
    engine === 'zarr'
      ? `sources = [fsspec.get_mapper(u${options}) for u in urls]`
      : `sources = [fsspec.open(u, mode="rb"${options}).open() for u in urls]`;
  const how =
    join.kind === 'new'
      ? `# Stacked along a new dimension ${join.dimension} from the scalar coordinate each member holds (NcML joinNew).`
      : `# Joined along their dimension ${join.dimension} (NcML joinExisting).`;
  const args = [
    'sources',
    `engine=${pyStr(engine)}`,
    ...(ordered
      ? ['combine="nested"', `concat_dim=${pyStr(join.dimension)}`]
      : [
          '# Ordered by the joined coordinate, as the viewer orders the members.',
          'combine="by_coords"',
          ...(join.kind === 'new' ? [`preprocess=lambda d: d.expand_dims(${pyStr(join.dimension)})`] : []),
        ]),
    ...(engine === 'zarr' ? [`consolidated=${join.consolidated ? 'True' : 'False'}`] : []),
    ...(parts.length ? [`group=${pyStr(parts.join('/'))}`] : []),
    '# The variables and coordinates without the joined dimension are the first member’s.',
    'data_vars="minimal"',
    'coords="minimal"',
    'compat="override"',
    'join="override"',
    'combine_attrs="override"',
    ...(raw ? ['mask_and_scale=False', 'decode_times=False'] : []),
  ];
  return [
    'import fsspec',
    'import xarray as xr',
    '',
    ...new Set(targets.flatMap((t) => t.notes).map((n) => `# ${n}`)),
    how,
    ...lines,
    opened,
    'ds = xr.open_mfdataset(',
    ...args.map((a) => (a.startsWith('#') ? `    ${a}` : `    ${a},`)),
    ')',
    `da = ds[${pyStr(name)}]${isel(v, input.selection, input.stride)}`,
    `values = da.values${raw ? '  # stored numbers' : '  # CF-decoded: scale/offset applied, fill values as NaN'}`,
    'print(values)',
    '',
  ].join('\n');
}

/** The xarray code (CF-decoded, or the stored numbers when the view shows them), the stored numbers, and the CLI. */
export function joinSnippets(input: JoinSnippetInput): { xarray: string; zarr: string; cli: string; rawTitle: string } {
  return {
    xarray: snippet(input, input.raw),
    zarr: snippet(input, true),
    cli: `npx zarrview dump -v ${shellQuote(input.variable.path)} ${shellQuote(input.join.location)}\n`,
    rawTitle: 'xarray, stored numbers',
  };
}
