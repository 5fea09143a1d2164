/**
 * CF-1.12 aggregation variables (CF conventions §2.8 and Appendix L, adopted from CFA 0.6): a scalar variable with
 * `aggregated_dimensions = "time level lat lon"` and `aggregated_data = "map: fragment_map uris: fragment_uris
 * identifiers: fragment_identifiers"`. The map variable gives each fragment's size along each aggregated dimension
 * (one row per dimension, padded with missing values); `uris` names the fragment datasets over the array of
 * fragments (one element per fragment, C order); `identifiers` the variable in each (one for all, or one per
 * fragment). Fragments given by `unique_values` (a constant per fragment) are refused with a message.
 *
 * @example
 * const parts = await cfPartitions(store, temperature, scope, ['time', 'lat', 'lon'], signal);
 */
import { MetadataError } from '../../errors';
import { createDataContext } from '../../data/context';
import { InlineExecutor } from '../../data/pool/executor';
import { readSlice } from '../../data/read-slice';
import type { Attribute, Group, Variable } from '../../model/types';
import type { Store } from '../../store/types';
import type { Fragment } from './partitions';

function text(attrs: readonly Attribute[], name: string): string | undefined {
  const a = attrs.find((x) => x.name === name);
  if (a?.type === 'char') return a.value;
  if (a?.type === 'string') return a.value.join(' ');
  return undefined;
}

/** Whether a variable is a CF-1.12 aggregation variable. */
export function isCfAggregation(v: Variable): boolean {
  return (
    text(v.attributes, 'aggregated_dimensions') !== undefined && text(v.attributes, 'aggregated_data') !== undefined
  );
}

/** `aggregated_data`'s `term: variable` pairs. */
export function aggregatedTerms(v: Variable): Map<string, string> {
  const out = new Map<string, string>();
  const words = (text(v.attributes, 'aggregated_data') ?? '').split(/\s+/).filter(Boolean);
  for (let i = 0; i + 1 < words.length; i += 2) {
    const term = words[i]!;
    if (!term.endsWith(':')) break;
    out.set(term.slice(0, -1), words[i + 1]!);
  }
  return out;
}

function fail(v: Variable, what: string): never {
  throw new MetadataError(`${v.path}: its CF aggregation cannot be read: ${what}.`, { key: v.path });
}

/** A variable named by a term: in the aggregation variable's group or an ancestor (the nearest). */
function named(scope: readonly Group[], name: string): Variable | undefined {
  if (name.startsWith('/')) {
    const parts = name.split('/').filter(Boolean);
    let g: Group | undefined = scope[0];
    for (const p of parts.slice(0, -1)) g = g?.groups.find((c) => c.name === p);
    return g?.variables.find((x) => x.name === parts[parts.length - 1]);
  }
  for (let i = scope.length - 1; i >= 0; i--) {
    const x = scope[i]!.variables.find((y) => y.name === name);
    if (x) return x;
  }
  return undefined;
}

/** Sizes of the fragments along each dimension, from the map's rows (missing values end a row). */
function sizesOf(
  v: Variable,
  map: ArrayLike<unknown>,
  fill: unknown,
  rank: number,
  shape: readonly number[],
): number[][] {
  if (map.length % rank !== 0) fail(v, `its map holds ${map.length} values for ${rank} dimensions`);
  const width = map.length / rank;
  return Array.from({ length: rank }, (_, d) => {
    const row: number[] = [];
    for (let k = 0; k < width; k++) {
      const x = Number(map[d * width + k]);
      if (map[d * width + k] === fill || !Number.isFinite(x) || x <= 0) break;
      if (!Number.isInteger(x)) fail(v, `its map gives a size ${x}`);
      row.push(x);
    }
    const total = row.reduce((a, b) => a + b, 0);
    if (total !== shape[d])
      fail(v, `its map's sizes along dimension ${d} add up to ${total}, not the dimension's ${shape[d]}`);
    return row;
  });
}

/** The fragments of a CF-1.12 aggregation variable (half-open locations), read from its map, uris, identifiers. */
export async function cfPartitions(
  store: Store,
  v: Variable,
  scope: readonly Group[],
  shape: readonly number[],
  signal: AbortSignal | undefined,
): Promise<Fragment[]> {
  const terms = aggregatedTerms(v);
  if (terms.has('unique_values'))
    fail(v, 'its fragments are unique values (the unique_values term), which this viewer does not read yet');
  const mapName = terms.get('map') ?? fail(v, 'its aggregated_data has no map term');
  const urisName = terms.get('uris') ?? fail(v, 'its aggregated_data has no uris term');
  const ctx = createDataContext({ executor: new InlineExecutor(), cacheBytes: 16 * 2 ** 20 });
  try {
    const read = async (name: string) => {
      const x = named(scope, name) ?? fail(v, `there is no variable ${name}`);
      return { variable: x, data: (await readSlice(store, x, [], { signal, context: ctx })).data };
    };
    const map = await read(mapName);
    const uris = await read(urisName);
    const ids = terms.has('identifiers') ? await read(terms.get('identifiers')!) : undefined;
    const rank = shape.length;
    const sizes = sizesOf(v, map.data as ArrayLike<unknown>, map.variable.fillValue, rank, shape);
    const counts = sizes.map((r) => r.length);
    const total = counts.reduce((a, b) => a * b, 1);
    const names = uris.data as ArrayLike<unknown>;
    if (names.length !== total)
      fail(v, `its uris hold ${names.length} names for ${counts.join(' × ')} = ${total} fragments`);
    const idData = ids?.data as ArrayLike<unknown> | undefined;
    if (idData && idData.length !== 1 && idData.length !== total)
      fail(v, `its identifiers hold ${idData.length} names for ${total} fragments`);
    const offsets = sizes.map((r) => r.reduce<number[]>((acc, x) => [...acc, acc[acc.length - 1]! + x], [0]));
    const fragments: Fragment[] = [];
    const index = new Array<number>(rank).fill(0);
    for (let f = 0; f < total; f++) {
      const file = names[f];
      if (typeof file === 'string' && file !== '') {
        const id = idData ? idData[idData.length === 1 ? 0 : f] : undefined;
        fragments.push({
          file,
          ncvar: typeof id === 'string' && id !== '' ? id : v.name,
          start: index.map((k, d) => offsets[d]![k]!),
          stop: index.map((k, d) => offsets[d]![k + 1]!),
        });
      }
      for (let d = rank - 1; d >= 0; d--) {
        if (++index[d]! < counts[d]!) break;
        index[d] = 0;
      }
    }
    return fragments;
  } finally {
    ctx.close();
  }
}
