/**
 * Time-chunked copies: a second array of the same variable, written with long chunks along the series dimension
 * (as rechunker or `xarray.Dataset.chunk({"time": -1}).to_zarr` write them for time series), in the same group,
 * a sibling group or a child group. A point series read from it touches far fewer chunks.
 *
 * A copy has the same dimension names, shape and type as the variable, longer chunks along the series dimension,
 * and the same identity: a name that says it is a copy (`tas_rechunked`, `tas_timeseries`, `tas_ts`, …, or the
 * same name in another group) with no conflicting `standard_name`/`units`, or the same `standard_name`,
 * `long_name` and `units` (at least one of the first two present).
 *
 * @example
 * const copies = timeChunkedCopies(model.root, variable, 0); // the variable's copies, fewest chunks first
 */
import { findGroup, parentPath } from '../model/find';
import type { Attribute, Group, Variable } from '../model/types';

/** Suffixes (after `_`, `-` or `.`) that name a rechunked copy of a variable. */
const COPY_SUFFIXES = [
  'rechunked',
  'rechunk',
  'timeseries',
  'time_series',
  'ts',
  'by_time',
  'tchunked',
  'time_chunked',
  'timechunked',
  'transposed',
];

function text(attrs: readonly Attribute[], name: string): string | undefined {
  const a = attrs.find((x) => x.name === name);
  if (!a) return undefined;
  if (a.type === 'char') return a.value.trim();
  if (a.type === 'string') return a.value.join('\n').trim();
  return undefined;
}

/** Whether `name` is `base` with a suffix that says it is a rechunked copy (any case). */
export function isCopyName(name: string, base: string): boolean {
  const n = name.toLowerCase();
  const b = base.toLowerCase();
  if (!n.startsWith(b) || n.length <= b.length) return false;
  const sep = n[b.length];
  return (sep === '_' || sep === '-' || sep === '.') && COPY_SUFFIXES.includes(n.slice(b.length + 1));
}

/** Whether two attributes sets agree on `name` where both have it. */
function agree(a: readonly Attribute[], b: readonly Attribute[], name: string): boolean {
  const x = text(a, name);
  const y = text(b, name);
  return x === undefined || y === undefined || x === y;
}

/** Whether `c` is the same variable as `v` by name or by its CF identity (see the module doc). */
export function sameIdentity(v: Variable, c: Variable): boolean {
  const sameOrCopyName = isCopyName(c.name, v.name) || (c.name === v.name && c.path !== v.path);
  if (sameOrCopyName)
    return agree(v.attributes, c.attributes, 'standard_name') && agree(v.attributes, c.attributes, 'units');
  const keys = ['standard_name', 'long_name', 'units'];
  if (text(v.attributes, 'standard_name') === undefined && text(v.attributes, 'long_name') === undefined) return false;
  return keys.every((k) => text(v.attributes, k) === text(c.attributes, k));
}

/** Whether `c` is a time-chunked copy of `v` along dimension `dim` (see the module doc). */
export function isTimeChunkedCopy(v: Variable, c: Variable, dim: number): boolean {
  if (c.path === v.path || c.shape.length !== v.shape.length || c.type !== v.type) return false;
  if (c.shape.some((n, d) => n !== v.shape[d])) return false;
  if (c.dimensions.some((x, d) => x.name !== v.dimensions[d]?.name)) return false;
  if ((c.chunks[dim] ?? 0) <= (v.chunks[dim] ?? 0)) return false;
  return sameIdentity(v, c);
}

/** The groups a copy of the variable at `path` may be in: its own, its siblings and its children. */
export function nearbyGroups(root: Group, path: string): Group[] {
  const own = findGroup(root, parentPath(path));
  if (!own) return [];
  const parent = own.path === '/' ? undefined : findGroup(root, parentPath(own.path));
  const siblings = parent ? parent.groups.filter((g) => g.path !== own.path) : [];
  return [own, ...siblings, ...own.groups];
}

/** Variables of the nearby groups not read yet (lazy open), which may be copies: at most `max`. */
export function nearbyPending(root: Group, path: string, max = 64): string[] {
  return nearbyGroups(root, path)
    .flatMap((g) => (g.pending ?? []).map((p) => p.path))
    .filter((p) => p !== path)
    .slice(0, max);
}

/** Chunks a point series along `dim` touches in `v`. */
export function seriesChunks(v: Variable, dim: number): number {
  const n = v.shape[dim] ?? 0;
  return Math.ceil(n / Math.max(1, v.chunks[dim] ?? n));
}

/** The time-chunked copies of `v` along `dim` in the nearby groups, fewest chunks touched first. */
export function timeChunkedCopies(root: Group, v: Variable, dim: number): Variable[] {
  return nearbyGroups(root, v.path)
    .flatMap((g) => g.variables)
    .filter((c) => isTimeChunkedCopy(v, c, dim))
    .sort((a, b) => seriesChunks(a, dim) - seriesChunks(b, dim));
}
