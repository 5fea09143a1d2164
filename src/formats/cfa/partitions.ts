/**
 * The aggregations of a CFA master (S3netCDF4's CFA-netCDF 0.4 and 0.5), read from the master's model: a
 * variable with `cf_role = "cfa_variable"` and `cfa_dimensions` (the dimensions it spans) in a dataset whose
 * `Conventions` name `CFA-<version>`. Its partition matrix is the JSON text of its `cfa_array` attribute (0.4,
 * locations inclusive) or the variables of the group its `cfa_group` attribute names (0.5, locations half-open):
 * per partition the fragment's file, its variable name and its location in the aggregated array.
 */
import { cfPartitions, isCfAggregation } from './cf-aggregation';
import { MetadataError } from '../../errors';
import { InlineExecutor } from '../../data/pool/executor';
import { createDataContext } from '../../data/context';
import { readSlice } from '../../data/read-slice';
import type { Attribute, Dataset, Dimension, Group, Variable } from '../../model/types';
import type { Store } from '../../store/types';

export interface Fragment {
  /** The file as the master names it. */
  readonly file: string;
  /** The variable in the fragment file. */
  readonly ncvar: string;
  /** Location in the aggregated array: first index and end (exclusive) per dimension. */
  readonly start: readonly number[];
  readonly stop: readonly number[];
}

export interface Aggregation {
  /** The master's (scalar) variable that stands for the aggregated array. */
  readonly variable: Variable;
  readonly dimensions: readonly Dimension[];
  readonly shape: readonly number[];
  readonly fragments: readonly Fragment[];
  /** Prefix of relative fragment names (`base`), or ''. */
  readonly base: string;
  /** Full path of the 0.5 partition-matrix group, hidden from the aggregated view. */
  readonly matrixGroup?: string | undefined;
}

/** Attributes of an aggregated variable that only describe the aggregation. */
export const CFA_ATTRIBUTES = new Set([
  'cf_role',
  'cfa_dimensions',
  'cf_dimensions',
  'cfa_array',
  'cfa_group',
  'aggregated_dimensions',
  'aggregated_data',
]);

function text(attrs: readonly Attribute[], name: string): string | undefined {
  const a = attrs.find((x) => x.name === name);
  if (a?.type === 'char') return a.value;
  if (a?.type === 'string') return a.value.join(' ');
  return undefined;
}

/** The CFA version the root's `Conventions` names (`0.4`, `0.5`), or undefined for a file that is no CFA master. */
export function cfaVersion(root: Group): string | undefined {
  const conventions = text(root.attributes, 'Conventions');
  if (!conventions || !/CFA/.test(conventions)) return undefined;
  const token = conventions.split(/[\s,]+/).find((t) => t.startsWith('CFA-'));
  return token ? token.slice(4) : '0.4';
}

function dimension(groups: readonly Group[], name: string): Dimension | undefined {
  for (let i = groups.length - 1; i >= 0; i--) {
    const d = groups[i]!.dimensions.find((x) => x.name === name);
    if (d) return d;
  }
  return undefined;
}

function fail(v: Variable, what: string): never {
  throw new MetadataError(`${v.path}: its CFA aggregation cannot be read: ${what}.`, { key: v.path });
}

function counts(x: unknown): number[] | undefined {
  return Array.isArray(x) && x.every((n) => Number.isInteger(n) && (n as number) >= 0) ? (x as number[]) : undefined;
}

/** CFA 0.4: the partitions of the `cfa_array` JSON text (inclusive locations). */
function partitions04(v: Variable, json: string, rank: number): { fragments: Fragment[]; base: string } {
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch (e) {
    fail(v, `its cfa_array attribute is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const parts = (doc as { Partitions?: unknown })?.Partitions;
  if (!Array.isArray(parts)) fail(v, 'its cfa_array attribute has no Partitions');
  const base = (doc as { base?: unknown }).base;
  const fragments = parts.map((p: unknown, i): Fragment => {
    const q = p as { location?: unknown; subarray?: { file?: unknown; ncvar?: unknown } };
    const loc = Array.isArray(q?.location) ? q.location.map(counts) : [];
    if (loc.length !== rank || loc.some((b) => b?.length !== 2)) fail(v, `partition ${i} has no location`);
    const file = q.subarray?.file;
    if (typeof file !== 'string') fail(v, `partition ${i} names no file`);
    const ncvar = typeof q.subarray?.ncvar === 'string' ? q.subarray.ncvar : v.name;
    return { file, ncvar, start: loc.map((b) => b![0]!), stop: loc.map((b) => b![1]! + 1) };
  });
  return { fragments, base: typeof base === 'string' ? base : '' };
}

/** CFA 0.5: the partitions held in the variables of the `cfa_<var>` group (half-open locations). */
async function partitions05(
  store: Store,
  v: Variable,
  group: Group,
  rank: number,
  signal: AbortSignal | undefined,
): Promise<{ fragments: Fragment[]; base: string }> {
  const ctx = createDataContext({ executor: new InlineExecutor(), cacheBytes: 16 * 2 ** 20 });
  try {
    const read = async (name: string) => {
      const x = group.variables.find((y) => y.name === name);
      return x ? (await readSlice(store, x, [], { signal, context: ctx })).data : undefined;
    };
    const location = await read('location');
    const file = await read('file');
    const ncvar = await read('ncvar');
    const baseData = await read('base');
    if (!location || !file || !Array.isArray(file)) fail(v, `${group.path} has no location or file variable`);
    const n = file.length;
    if (location.length !== n * rank * 2) fail(v, `${group.path}/location does not match its file variable`);
    const fragments: Fragment[] = [];
    for (let i = 0; i < n; i++) {
      const name = file[i] as string;
      if (!name) continue; // a partition never written
      const at = (d: number, k: number) => Number(location[(i * rank + d) * 2 + k]);
      const start = Array.from({ length: rank }, (_, d) => at(d, 0));
      const stop = Array.from({ length: rank }, (_, d) => at(d, 1));
      const nv = Array.isArray(ncvar) ? (ncvar[i] as string) : '';
      fragments.push({ file: name, ncvar: nv || v.name, start, stop });
    }
    const base = Array.isArray(baseData) && typeof baseData[0] === 'string' ? baseData[0] : '';
    return { fragments, base };
  } finally {
    ctx.close();
  }
}

/**
 * Every aggregated variable of the master (any group), or none when its `Conventions` name no CFA. A variable
 * whose aggregation cannot be read stays as the master has it, its problem in `problems`.
 */
export async function readAggregations(
  store: Store,
  model: Dataset,
  signal?: AbortSignal | undefined,
): Promise<{ aggregations: Aggregation[]; problems: MetadataError[] }> {
  const out: Aggregation[] = [];
  const problems: MetadataError[] = [];
  const cfa = cfaVersion(model.root) !== undefined;
  const visit = async (g: Group, ancestors: readonly Group[]) => {
    const scope = [...ancestors, g];
    for (const v of g.variables) {
      // S3netCDF4's CFA (a `cf_role` under a CFA `Conventions`), or a CF-1.12 aggregation variable.
      if (!(cfa && text(v.attributes, 'cf_role') === 'cfa_variable') && !isCfAggregation(v)) continue;
      try {
        out.push(await aggregation(store, v, g, scope, signal));
      } catch (e) {
        if (!(e instanceof MetadataError)) throw e;
        problems.push(e);
      }
    }
    for (const c of g.groups) await visit(c, scope);
  };
  await visit(model.root, []);
  return { aggregations: out, problems };
}

async function aggregation(
  store: Store,
  v: Variable,
  g: Group,
  scope: readonly Group[],
  signal: AbortSignal | undefined,
): Promise<Aggregation> {
  const cf = isCfAggregation(v);
  const names = (
    (cf ? text(v.attributes, 'aggregated_dimensions') : undefined) ??
    text(v.attributes, 'cfa_dimensions') ??
    text(v.attributes, 'cf_dimensions') ??
    ''
  )
    .split(/\s+/)
    .filter(Boolean);
  const dimensions = names.map((n) => dimension(scope, n) ?? fail(v, `it names no dimension ${n}`));
  const shape = dimensions.map((d) => d.length);
  const json = text(v.attributes, 'cfa_array');
  const groupName = text(v.attributes, 'cfa_group');
  const matrix = groupName === undefined ? undefined : g.groups.find((c) => c.name === groupName);
  let parts: { fragments: Fragment[]; base: string };
  if (cf) parts = { fragments: await cfPartitions(store, v, scope, shape, signal), base: '' };
  else if (json !== undefined) parts = partitions04(v, json, names.length);
  else if (matrix) parts = await partitions05(store, v, matrix, names.length, signal);
  else fail(v, groupName ? `there is no group ${groupName}` : 'it has neither cfa_array nor cfa_group');
  for (const f of parts.fragments)
    if (f.start.some((s, d) => !(s < f.stop[d]! && f.stop[d]! <= shape[d]!)))
      fail(v, `fragment ${f.file} lies outside the array (${f.start.join(',')} to ${f.stop.join(',')})`);
  return { variable: v, dimensions, shape, ...parts, matrixGroup: cf ? undefined : matrix?.path };
}
