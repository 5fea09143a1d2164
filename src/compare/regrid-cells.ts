/**
 * B on a grid of cells (an unstructured mesh, HEALPix, a reduced Gaussian grid: src/geo/cell-grid.ts) put onto A's
 * cells, through the Map's own lookup (`gridLookup` of src/geo/reproject.ts: a point's lon/lat → the index of
 * B's value there, −1 none).
 *
 * - `containing`: each of A's cells takes the value of B's cell containing its centre (nearest in the sense of the
 *   Map: the cell drawn under that point). A is a regular lat/lon grid (1-D coordinates) or any set of points (a
 *   projected A's cell positions, a mesh's face centres, HEALPix pixel centres).
 * - `sampled`: area-weighted by sampling, for a regular lat/lon A: each of A's cells (edges midway between its
 *   centres, the outer ones half a step out, latitudes clamped to ±90°) is sampled at the centres of k × k equal
 *   parts in latitude and longitude; B's value there is the mean of the samples' containing cells' values weighted
 *   by cos(latitude), samples with no value left out (none: masked). k = ⌈2D / s⌉ within 1…`MAX_SAMPLES`, D the
 *   largest extent of one of A's cells (degrees of great circle: its latitude step, or its longitude step times the
 *   cosine of its centre latitude), s B's mean spacing √(4π / N) for N values — so the samples are denser than
 *   B's cells (and lowered so that A's cells hold at most `MAX_TOTAL_SAMPLES` in all). This is not a conservative remap by polygon intersection: a B cell is weighed by the samples it
 *   holds.
 */
import { gridLookup, type GridGeometry, type GridLookup } from '../geo/reproject';

/** The largest k (k × k samples per cell). */
export const MAX_SAMPLES = 16;
/** The most samples over all of A's cells (k is lowered to keep a fine A within it). */
export const MAX_TOTAL_SAMPLES = 1 << 24;

export type CellsMethod = 'containing' | 'sampled';

export interface CellsRegridTask {
  readonly kind: 'cells';
  readonly method: CellsMethod;
  /** B's values, one per entry of B's lookup (its cells, or its nodes for node-located data); NaN: masked. */
  readonly values: Float32Array | Float64Array;
  /** B's geometry as the Map sends it to the workers. */
  readonly grid: GridGeometry;
  /** Names B's geometry, so a worker builds its lookup once. */
  readonly gridKey?: string | undefined;
  /** How the label names B's grid (`ICON-like mesh`, `HEALPix nest nside 8`). */
  readonly gridName: string;
  readonly target:
    | { readonly kind: 'rectilinear'; readonly lat: Float64Array; readonly lon: Float64Array }
    | { readonly kind: 'points'; readonly lat: Float64Array; readonly lon: Float64Array; readonly shape: number[] };
  /** `sampled`: k (default: from A's cell size and B's count of values, see above). */
  readonly samples?: number | undefined;
}

export interface CellsRegridded {
  readonly values: Float64Array;
  readonly shape: number[];
  readonly label: string;
  /** k of `sampled` (k × k points per cell). */
  readonly samples?: number;
}

const lookups = new Map<string, GridLookup>();

function lookupFor(task: CellsRegridTask): GridLookup {
  if (task.gridKey === undefined) return gridLookup(task.grid);
  let l = lookups.get(task.gridKey);
  if (!l) {
    l = gridLookup(task.grid);
    lookups.set(task.gridKey, l);
    if (lookups.size > 2) lookups.delete(lookups.keys().next().value as string);
  }
  return l;
}

/** Longitude into [−180, 180). */
const wrapLon = (lon: number) => lon - 360 * Math.floor((lon + 180) / 360);

/** Cell edges from centres: midway between neighbours, the outer ones half a step out. */
export function impliedEdges(centres: ArrayLike<number>, clamp?: number): Float64Array {
  const n = centres.length;
  const e = new Float64Array(n + 1);
  if (n === 1) {
    e[0] = centres[0]! - 0.5;
    e[1] = centres[0]! + 0.5;
  } else {
    for (let i = 1; i < n; i++) e[i] = (centres[i - 1]! + centres[i]!) / 2;
    e[0] = centres[0]! - (centres[1]! - centres[0]!) / 2;
    e[n] = centres[n - 1]! + (centres[n - 1]! - centres[n - 2]!) / 2;
  }
  if (clamp !== undefined) for (let i = 0; i <= n; i++) e[i] = Math.max(-clamp, Math.min(clamp, e[i]!));
  return e;
}

const RAD = Math.PI / 180;

/** k for `sampled`: ⌈2D / s⌉ within 1…MAX_SAMPLES (see the module's comment). */
export function sampleCount(latEdges: Float64Array, lonEdges: Float64Array, count: number): number {
  const s = Math.sqrt((4 * Math.PI) / Math.max(1, count)) / RAD;
  let widestLon = 0;
  for (let j = 0; j + 1 < lonEdges.length; j++)
    widestLon = Math.max(widestLon, Math.abs(lonEdges[j + 1]! - lonEdges[j]!));
  let d = 0;
  for (let i = 0; i + 1 < latEdges.length; i++) {
    const c = Math.cos(((latEdges[i]! + latEdges[i + 1]!) / 2) * RAD);
    d = Math.max(d, Math.abs(latEdges[i + 1]! - latEdges[i]!), widestLon * c);
  }
  const cells = Math.max(1, (latEdges.length - 1) * (lonEdges.length - 1));
  const cap = Math.max(1, Math.floor(Math.sqrt(MAX_TOTAL_SAMPLES / cells)));
  return Math.min(MAX_SAMPLES, cap, Math.max(1, Math.ceil((2 * d) / s)));
}

function valueAt(values: ArrayLike<number>, k: number): number {
  return k < 0 || k >= values.length ? NaN : values[k]!;
}

function containing(task: CellsRegridTask, lookup: GridLookup): { values: Float64Array; shape: number[] } {
  const t = task.target;
  if (t.kind === 'points') {
    const out = new Float64Array(t.lat.length);
    for (let p = 0; p < out.length; p++) {
      const lat = t.lat[p]!;
      const lon = t.lon[p]!;
      out[p] = Number.isFinite(lat) && Number.isFinite(lon) ? valueAt(task.values, lookup(wrapLon(lon), lat)) : NaN;
    }
    return { values: out, shape: [...t.shape] };
  }
  const [ny, nx] = [t.lat.length, t.lon.length];
  const out = new Float64Array(ny * nx);
  for (let i = 0; i < ny; i++)
    for (let j = 0; j < nx; j++) out[i * nx + j] = valueAt(task.values, lookup(wrapLon(t.lon[j]!), t.lat[i]!));
  return { values: out, shape: [ny, nx] };
}

function sampled(task: CellsRegridTask, lookup: GridLookup): CellsRegridded {
  const t = task.target;
  if (t.kind !== 'rectilinear') throw new Error('Area-weighted sampling needs A on a regular latitude/longitude grid.');
  const latE = impliedEdges(t.lat, 90);
  const lonE = impliedEdges(t.lon);
  const k = task.samples ?? sampleCount(latE, lonE, task.values.length);
  const [ny, nx] = [t.lat.length, t.lon.length];
  const out = new Float64Array(ny * nx);
  const subLat = new Float64Array(k);
  const weight = new Float64Array(k);
  const subLon = new Float64Array(k);
  for (let i = 0; i < ny; i++) {
    for (let p = 0; p < k; p++) {
      subLat[p] = latE[i]! + ((p + 0.5) * (latE[i + 1]! - latE[i]!)) / k;
      weight[p] = Math.cos(subLat[p]! * RAD);
    }
    for (let j = 0; j < nx; j++) {
      for (let q = 0; q < k; q++) subLon[q] = wrapLon(lonE[j]! + ((q + 0.5) * (lonE[j + 1]! - lonE[j]!)) / k);
      let total = 0;
      let sum = 0;
      for (let p = 0; p < k; p++)
        for (let q = 0; q < k; q++) {
          const v = valueAt(task.values, lookup(subLon[q]!, subLat[p]!));
          if (Number.isNaN(v)) continue;
          total += weight[p]! * v;
          sum += weight[p]!;
        }
      out[i * nx + j] = sum > 0 ? total / sum : NaN;
    }
  }
  const label = `B regridded onto A's grid (area-weighted by sampling, ${k}×${k} points per cell, over B's ${task.gridName})`;
  return { values: out, shape: [ny, nx], label, samples: k };
}

/** Runs a `cells` task (in a decode worker, or on the calling thread). */
export function regridCells(task: CellsRegridTask): CellsRegridded {
  const lookup = lookupFor(task);
  if (task.method === 'sampled') return sampled(task, lookup);
  const r = containing(task, lookup);
  return { ...r, label: `B regridded onto A's grid (nearest: containing cell of B's ${task.gridName})` };
}
