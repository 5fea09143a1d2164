/**
 * The marks of a discrete sampling geometry on the Map, from the arrays its metadata names (pure: the reads are
 * load.ts's): each mark's longitude/latitude and instance, each instance's label and, for trajectories, its marks
 * in order (the track). Malformed geometries throw a `DsgError` naming what is wrong; marks without a position
 * are listed as problems, never left out silently.
 *
 * @example
 * placeDsg(spec, { lat: [60, 61, 62], lon: [5, 6, 7], ragged: [2, 1] }); // marks 0,1 on track 0, mark 2 on track 1
 */
import { DsgError, type DsgCoordinate, type DsgSpec } from './types';

export interface DsgArrays {
  /** Latitude/longitude along the instance or element dimension (`spec.placedBy`), NaN where missing. */
  readonly lat: ArrayLike<number>;
  readonly lon: ArrayLike<number>;
  /** The counts (contiguous) or instance indices (indexed) of a ragged array. */
  readonly ragged?: ArrayLike<number> | null;
  /** The instances' ids (`cf_role`) and names, when the file has them. */
  readonly ids?: readonly string[] | null;
  readonly names?: readonly string[] | null;
  /** A two-level ragged array's index variable (each profile's instance). */
  readonly profileIndex?: ArrayLike<number> | null;
  /** The elements' time and vertical coordinates as stored (`spec.time.along`, `spec.z.along`). */
  readonly time?: ArrayLike<number> | null;
  readonly z?: ArrayLike<number> | null;
}

export interface DsgPlacement {
  /** Per mark (index along the data variable's `mapDim`): longitude and latitude in degrees, NaN where missing. */
  readonly lon: Float64Array;
  readonly lat: Float64Array;
  /** Per mark: its instance (−1 for `point`), and its profile in a two-level ragged array (else null). */
  readonly instance: Int32Array;
  readonly profile: Int32Array | null;
  /** Per mark: the place it is drawn at (marks at one place are stacked: the Map shows one of them). */
  readonly place: Int32Array;
  /** Per mark: its time and vertical coordinate as stored, NaN where missing, null when the file has none. */
  readonly time: Float64Array | null;
  readonly z: Float64Array | null;
  /** Per instance: how the hover names it (`KBOS Boston`, or `station 3` without ids). */
  readonly labels: readonly string[];
  /** Per instance, for element marks of trajectories not stacked: its marks in time order, drawn as a line. */
  readonly tracks: readonly Int32Array[];
  /** What is not drawn and why (one sentence each). */
  readonly problems: readonly string[];
}

const MAX_LISTED = 8;

function listed(indices: readonly number[]): string {
  const head = indices.slice(0, MAX_LISTED).join(', ');
  return indices.length > MAX_LISTED ? `${head} and ${indices.length - MAX_LISTED} more` : head;
}

/** Per element, its owner (instance or profile) from a contiguous ragged array's counts (checked). */
function contiguousOwners(spec: DsgSpec, counts: ArrayLike<number>, owners: number, n: number): Int32Array {
  const out = new Int32Array(n);
  const who = spec.ragged ?? 'the ragged array';
  const ownerDim = spec.profileDim ?? spec.instanceDim;
  if (counts.length !== owners) {
    throw new DsgError(`${who} has ${counts.length} counts for ${owners} ${ownerDim} instances.`);
  }
  let at = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i]!;
    if (!Number.isInteger(c) || c < 0) {
      throw new DsgError(`${who}: the count of ${ownerDim} ${i} is ${c}, not a whole number of elements.`);
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

/** Per entry of an indexed ragged array's index variable, its instance (checked). */
function indexedOwners(spec: DsgSpec, who: string, index: ArrayLike<number>, n: number, along: string): Int32Array {
  if (index.length !== n) throw new DsgError(`${who} has ${index.length} indices for ${n} ${along} elements.`);
  const out = new Int32Array(n);
  const bad: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = index[k]!;
    if (!Number.isInteger(i) || i < 0 || i >= spec.instances) bad.push(k);
    else out[k] = i;
  }
  if (bad.length > 0) {
    throw new DsgError(
      `${who} (instance_dimension ${spec.instanceDim}) points outside the ${spec.instances} instances at ${along} ${listed(bad)}.`,
    );
  }
  return out;
}

/** Per element: its instance and, in a two-level ragged array, its profile. */
function ownersOf(spec: DsgSpec, arrays: DsgArrays): { instance: Int32Array; profile: Int32Array | null } {
  const n = spec.length;
  if (spec.layout === 'point') return { instance: new Int32Array(n).fill(-1), profile: null };
  if (spec.layout === 'single') return { instance: new Int32Array(n), profile: null };
  if (spec.layout === 'multidimensional') {
    const cols = spec.mapDims.length === 2 && spec.instances > 0 ? n / spec.instances : 1;
    return { instance: Int32Array.from({ length: n }, (_, k) => Math.floor(k / cols)), profile: null };
  }
  if (!arrays.ragged) throw new DsgError(`${spec.variable}: the ragged array ${spec.ragged ?? ''} was not read.`);
  if (spec.layout === 'indexed') {
    return { instance: indexedOwners(spec, spec.ragged ?? '', arrays.ragged, n, spec.elementDim), profile: null };
  }
  if (!spec.profileIndex) return { instance: contiguousOwners(spec, arrays.ragged, spec.instances, n), profile: null };
  const index = arrays.profileIndex;
  if (!index) throw new DsgError(`${spec.variable}: the index variable ${spec.profileIndex} was not read.`);
  const profile = contiguousOwners(spec, arrays.ragged, index.length, n);
  const ofProfile = indexedOwners(spec, spec.profileIndex, index, index.length, spec.profileDim ?? 'profile');
  return { instance: Int32Array.from(profile, (p) => ofProfile[p]!), profile };
}

/** Per element, a coordinate given per element, instance or profile (NaN where missing). */
function expand(
  along: DsgCoordinate['along'],
  values: ArrayLike<number> | null | undefined,
  owners: { instance: Int32Array; profile: Int32Array | null },
  n: number,
): Float64Array | null {
  if (!values) return null;
  const at = (k: number) =>
    along === 'element' ? k : along === 'instance' ? owners.instance[k]! : owners.profile![k]!;
  return Float64Array.from({ length: n }, (_, k) => Number(values[at(k)] ?? NaN));
}

/** Places the marks of `spec` from its arrays (see `DsgArrays`). */
export function placeDsg(spec: DsgSpec, arrays: DsgArrays): DsgPlacement {
  const n = spec.length;
  const owners = ownersOf(spec, arrays);
  const { instance, profile } = owners;
  const placeOf = (k: number) =>
    spec.placedBy === 'instance' ? instance[k]! : spec.placedBy === 'profile' ? profile![k]! : k;
  const place = Int32Array.from({ length: n }, (_, k) => placeOf(k));
  const positions =
    spec.placedBy === 'instance'
      ? spec.instances
      : spec.placedBy === 'profile'
        ? (arrays.profileIndex?.length ?? 0)
        : n;
  const placeDim =
    spec.placedBy === 'instance' ? spec.instanceDim : spec.placedBy === 'profile' ? spec.profileDim : spec.elementDim;
  if (arrays.lat.length !== positions || arrays.lon.length !== positions) {
    throw new DsgError(
      `${spec.latitude} and ${spec.longitude} have ${arrays.lat.length} and ${arrays.lon.length} values for ${positions} ${placeDim} positions.`,
    );
  }
  const lon = new Float64Array(n);
  const lat = new Float64Array(n);
  const missing: number[] = [];
  const unplaced = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const p = place[k]!;
    const y = Number(arrays.lat[p]);
    const x = Number(arrays.lon[p]);
    const ok = Number.isFinite(x) && Number.isFinite(y) && Math.abs(y) <= 90;
    lat[k] = ok ? y : NaN;
    lon[k] = ok ? x : NaN;
    if (!ok) {
      missing.push(k);
      unplaced[k] = 1;
    }
  }
  // 2-D latitude/longitude missing at the end of a trajectory are the padding of an incomplete array.
  const problems =
    missing.length > 0 && spec.mapDims.length === 1
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
  const time = spec.time ? expand(spec.time.along, arrays.time, owners, n) : null;
  const z = spec.z ? expand(spec.z.along, arrays.z, owners, n) : null;
  const tracks: Int32Array[] = [];
  const along = spec.featureType === 'trajectory' || spec.featureType === 'trajectoryProfile';
  if (along && spec.marks === 'element' && !spec.stacked && count > 0) {
    const members: number[][] = Array.from({ length: count }, () => []);
    for (let k = 0; k < n; k++) if (!unplaced[k] || spec.mapDims.length === 1) members[instance[k]!]?.push(k);
    for (const m of members) tracks.push(Int32Array.from(inTimeOrder(m, time)));
  }
  return { lon, lat, instance, profile, place, time, z, labels, tracks, problems };
}

/** `elements` ordered by `time` (their order where times are equal or missing). */
export function inTimeOrder(elements: readonly number[], time: ArrayLike<number> | null): number[] {
  if (!time) return [...elements];
  const t = (k: number) => (Number.isFinite(time[k]) ? time[k]! : Infinity);
  return [...elements].sort((a, b) => t(a) - t(b) || a - b);
}
