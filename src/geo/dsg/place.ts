/**
 * The marks of a discrete sampling geometry on the Map, from the arrays its metadata names (pure: the reads are
 * load.ts's): each mark's longitude/latitude and instance, each instance's label and, for trajectories, its marks
 * in order (the track). Malformed geometries throw a `DsgError` naming what is wrong; marks without a position
 * are listed as problems, never left out silently.
 *
 * @example
 * placeDsg(spec, { lat: [60, 61, 62], lon: [5, 6, 7], ragged: [2, 1] }); // marks 0,1 on track 0, mark 2 on track 1
 */
import { DsgError, type DsgSpec } from './types';

export interface DsgArrays {
  /** Latitude/longitude along the instance or element dimension (`spec.placedBy`), NaN where missing. */
  readonly lat: ArrayLike<number>;
  readonly lon: ArrayLike<number>;
  /** The counts (contiguous) or instance indices (indexed) of a ragged array. */
  readonly ragged?: ArrayLike<number> | null;
  /** The instances' ids (`cf_role`) and names, when the file has them. */
  readonly ids?: readonly string[] | null;
  readonly names?: readonly string[] | null;
}

export interface DsgPlacement {
  /** Per mark (index along the data variable's `mapDim`): longitude and latitude in degrees, NaN where missing. */
  readonly lon: Float64Array;
  readonly lat: Float64Array;
  /** Per mark: its instance (−1 for `point`). */
  readonly instance: Int32Array;
  /** Per instance: how the hover names it (`KBOS Boston`, or `station 3` without ids). */
  readonly labels: readonly string[];
  /** Per instance, for element marks of trajectories: its marks in order, drawn as a line. */
  readonly tracks: readonly Int32Array[];
  /** What is not drawn and why (one sentence each). */
  readonly problems: readonly string[];
}

const MAX_LISTED = 8;

function listed(indices: readonly number[]): string {
  const head = indices.slice(0, MAX_LISTED).join(', ');
  return indices.length > MAX_LISTED ? `${head} and ${indices.length - MAX_LISTED} more` : head;
}

/** Per element, its instance, from a ragged array's counts or indices (checked). */
function instancesOf(spec: DsgSpec, ragged: ArrayLike<number>): Int32Array {
  const n = spec.length;
  const out = new Int32Array(n);
  const who = spec.ragged ?? 'the ragged array';
  if (spec.layout === 'contiguous') {
    if (ragged.length !== spec.instances) {
      throw new DsgError(`${who} has ${ragged.length} counts for ${spec.instances} ${spec.instanceDim} instances.`);
    }
    let at = 0;
    for (let i = 0; i < ragged.length; i++) {
      const c = ragged[i]!;
      if (!Number.isInteger(c) || c < 0) {
        throw new DsgError(`${who}: the count of ${spec.instanceDim} ${i} is ${c}, not a whole number of elements.`);
      }
      if (at + c <= n) out.fill(i, at, at + c);
      at += c;
    }
    if (at !== n) {
      throw new DsgError(
        `The counts of ${who} (sample_dimension ${spec.elementDim}) add up to ${at}, but ${spec.elementDim} has ${n} elements: the ${spec.featureType} features cannot be told apart.`,
      );
    }
    return out;
  }
  if (ragged.length !== n) throw new DsgError(`${who} has ${ragged.length} indices for ${n} elements.`);
  const bad: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = ragged[k]!;
    if (!Number.isInteger(i) || i < 0 || i >= spec.instances) bad.push(k);
    else out[k] = i;
  }
  if (bad.length > 0) {
    throw new DsgError(
      `${who} (instance_dimension ${spec.instanceDim}) points outside the ${spec.instances} instances at ${spec.elementDim} ${listed(bad)}.`,
    );
  }
  return out;
}

/** Places the marks of `spec` from its arrays (see `DsgArrays`). */
export function placeDsg(spec: DsgSpec, arrays: DsgArrays): DsgPlacement {
  const n = spec.length;
  const ragged = spec.layout === 'contiguous' || spec.layout === 'indexed';
  if (ragged && !arrays.ragged)
    throw new DsgError(`${spec.variable}: the ragged array ${spec.ragged ?? ''} was not read.`);
  const instance = ragged
    ? instancesOf(spec, arrays.ragged!)
    : spec.layout === 'point'
      ? new Int32Array(n).fill(-1)
      : Int32Array.from({ length: n }, (_, k) => k);
  const positions = spec.placedBy === 'instance' ? spec.instances : n;
  if (arrays.lat.length !== positions || arrays.lon.length !== positions) {
    throw new DsgError(
      `${spec.latitude} and ${spec.longitude} have ${arrays.lat.length} and ${arrays.lon.length} values for ${positions} ${spec.placedBy === 'instance' ? spec.instanceDim : spec.elementDim} positions.`,
    );
  }
  const lon = new Float64Array(n);
  const lat = new Float64Array(n);
  const missing: number[] = [];
  for (let k = 0; k < n; k++) {
    const p = spec.placedBy === 'instance' ? instance[k]! : k;
    const y = Number(arrays.lat[p]);
    const x = Number(arrays.lon[p]);
    const ok = Number.isFinite(x) && Number.isFinite(y) && Math.abs(y) <= 90;
    lat[k] = ok ? y : NaN;
    lon[k] = ok ? x : NaN;
    if (!ok) missing.push(k);
  }
  const problems =
    missing.length > 0
      ? [
          `${missing.length} of ${n} ${spec.marks === 'instance' ? spec.instanceDim : spec.elementDim} marks have no valid latitude/longitude and are not drawn: ${listed(missing)}.`,
        ]
      : [];
  const count = spec.layout === 'point' ? 0 : spec.instances;
  const labels = Array.from({ length: count }, (_, i) => {
    const id = arrays.ids?.[i]?.trim() ?? '';
    const name = arrays.names?.[i]?.trim() ?? '';
    const both = [id, name !== id ? name : ''].filter((s) => s !== '').join(' ');
    return both || `${spec.instanceDim ?? 'instance'} ${i}`;
  });
  const tracks: Int32Array[] = [];
  if (spec.featureType === 'trajectory' && spec.marks === 'element' && count > 0) {
    const members: number[][] = Array.from({ length: count }, () => []);
    for (let k = 0; k < n; k++) members[instance[k]!]?.push(k);
    for (const m of members) tracks.push(Int32Array.from(m));
  }
  return { lon, lat, instance, labels, tracks, problems };
}
