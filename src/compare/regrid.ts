/**
 * B's 2-D field put onto A's grid, as a task for the decode workers (pure; plain data in and out: typed arrays
 * and numbers, nothing to revive after `postMessage`).
 *
 * Rectilinear grids (1-D latitude and longitude, either direction): `nearest` and `linear` as xarray's
 * `interp(lat=…, lon=…, method=…)` does them, one dimension after the other: nearest takes the closer of B's two
 * neighbouring values (exactly half-way: the lower coordinate), linear weighs them by distance; A's cells beyond
 * B's first or last coordinate are masked (NaN), as xarray does. A's longitudes are first moved into B's range
 * [min, min + 360) (0–360 against −180–180). With `periodic`, B's first and last longitude columns are also
 * repeated 360° away, so that a global grid has no masked seam (xarray without that padding masks it).
 * Curvilinear grids (2-D latitude and longitude): `nearest` only, by distance on the sphere (see
 * `regrid-curvilinear.ts`). Grids of cells (meshes, HEALPix, reduced Gaussian): the containing cell, or
 * area-weighted by sampling (see `regrid-cells.ts`).
 */
import { regridCells, type CellsRegridTask } from './regrid-cells';
import { regridCurvilinear, type CurvilinearSource } from './regrid-curvilinear';

export type RegridMethod = 'nearest' | 'linear';

/** Which dimension of a 2-D field comes first. */
export type GridLayout = 'lat-lon' | 'lon-lat';

export interface RectilinearRegridTask {
  readonly kind: 'rectilinear';
  readonly method: RegridMethod;
  /** B's field in C order, masked cells NaN. */
  readonly values: Float32Array | Float64Array;
  readonly layout: GridLayout;
  readonly source: { readonly lat: Float64Array; readonly lon: Float64Array };
  /** A's 1-D coordinates; the result is [lat, lon] unless `targetLayout` is `lon-lat`. */
  readonly target: { readonly lat: Float64Array; readonly lon: Float64Array };
  readonly targetLayout?: GridLayout | undefined;
  readonly periodic?: boolean | undefined;
}

export interface CurvilinearRegridTask {
  readonly kind: 'curvilinear';
  readonly method: 'nearest';
  /** B's field, one value per cell of `source` (C order, as its lat/lon arrays). */
  readonly values: Float32Array | Float64Array;
  readonly source: CurvilinearSource;
  /** A's grid: 1-D coordinates (`rectilinear`) or one latitude and longitude per cell (`points`). */
  readonly target:
    | { readonly kind: 'rectilinear'; readonly lat: Float64Array; readonly lon: Float64Array }
    | { readonly kind: 'points'; readonly lat: Float64Array; readonly lon: Float64Array; readonly shape: number[] };
  /** Cells farther than this (chord on the unit sphere) from every B cell are masked; default: B's widest spacing. */
  readonly maxChord?: number | undefined;
}

export type RegridTask = RectilinearRegridTask | CurvilinearRegridTask | CellsRegridTask;

export interface RegridResult {
  /** B's values on A's grid (NaN: masked). */
  readonly values: Float64Array;
  readonly shape: readonly number[];
  /** Cells of A's grid with no value from B. */
  readonly masked: number;
  /** For a view: `B regridded onto A's grid (bilinear)`. */
  readonly label: string;
  /** Area-weighted by sampling: k of its k × k points per cell. */
  readonly samples?: number | undefined;
}

const LABEL: Record<RegridMethod, string> = { nearest: 'nearest neighbour', linear: 'bilinear' };

/** Runs a regrid task (in a decode worker, or on the calling thread). */
export function runRegrid(task: RegridTask): RegridResult {
  if (task.kind === 'cells') {
    const r = regridCells(task);
    let masked = 0;
    for (let i = 0; i < r.values.length; i++) if (Number.isNaN(r.values[i]!)) masked++;
    return { ...r, masked };
  }
  const r = task.kind === 'rectilinear' ? regridRectilinear(task) : regridCurvilinear(task);
  let masked = 0;
  for (let i = 0; i < r.values.length; i++) if (Number.isNaN(r.values[i]!)) masked++;
  const where = task.kind === 'curvilinear' ? ', curvilinear' : task.periodic ? ', periodic in longitude' : '';
  return { ...r, masked, label: `B regridded onto A's grid (${LABEL[task.method]}${where})` };
}

/** The buffers of a result, to transfer back from a worker. */
export function regridTransfers(r: RegridResult): ArrayBuffer[] {
  return [r.values.buffer as ArrayBuffer];
}

/**
 * For each target coordinate, the two source indices and the weight of the second (`w`, 0 for nearest), or −1
 * when it is outside the source's range. `coords` need not be sorted.
 */
export function axisWeights(
  coords: ArrayLike<number>,
  targets: ArrayLike<number>,
  method: RegridMethod,
): { readonly i0: Int32Array; readonly i1: Int32Array; readonly w: Float64Array } {
  const n = coords.length;
  const order = Array.from({ length: n }, (_, i) => i)
    .filter((i) => !Number.isNaN(coords[i]!))
    .sort((p, q) => coords[p]! - coords[q]!);
  const xs = order.map((i) => coords[i]!);
  const m = targets.length;
  const i0 = new Int32Array(m).fill(-1);
  const i1 = new Int32Array(m).fill(-1);
  const w = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    const x = targets[k]!;
    if (!(x >= xs[0]! && x <= xs[xs.length - 1]!)) continue;
    // The interval [xs[j], xs[j + 1]] that holds x (the last one for x on the last value).
    let lo = 0;
    let hi = xs.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (xs[mid]! <= x) lo = mid;
      else hi = mid;
    }
    if (xs.length === 1) {
      i0[k] = i1[k] = order[0]!;
      continue;
    }
    const a = xs[lo]!;
    const b = xs[hi]!;
    if (method === 'nearest') {
      // scipy's interp1d: x at or below the midpoint takes the lower value.
      const j = x <= (a + b) / 2 ? lo : hi;
      i0[k] = i1[k] = order[j]!;
    } else {
      i0[k] = order[lo]!;
      i1[k] = order[hi]!;
      w[k] = (x - a) / (b - a);
    }
  }
  return { i0, i1, w };
}

/** B's longitudes and the column of B each one reads (with `periodic`, one column repeated 360° away at each end). */
function sourceLongitudes(lon: Float64Array, periodic: boolean): { coords: Float64Array; column: Int32Array } {
  const n = lon.length;
  if (!periodic || n < 2) return { coords: lon, column: Int32Array.from({ length: n }, (_, i) => i) };
  let west = 0;
  let east = 0;
  for (let i = 0; i < n; i++) {
    if (lon[i]! < lon[west]!) west = i;
    if (lon[i]! > lon[east]!) east = i;
  }
  const coords = Float64Array.from([...lon, lon[east]! - 360, lon[west]! + 360]);
  const column = Int32Array.from([...Array.from({ length: n }, (_, i) => i), east, west]);
  return { coords, column };
}

/** A's longitudes moved into B's range [min(B), min(B) + 360). */
export function normaliseLongitudes(target: ArrayLike<number>, source: ArrayLike<number>): Float64Array {
  let min = Infinity;
  for (let i = 0; i < source.length; i++) if (source[i]! < min) min = source[i]!;
  return Float64Array.from(target as ArrayLike<number>, (x) => min + ((((x - min) % 360) + 360) % 360));
}

function regridRectilinear(task: RectilinearRegridTask): { values: Float64Array; shape: number[] } {
  const { values, source, target, method } = task;
  const ny = source.lat.length;
  const nx = source.lon.length;
  const { coords, column } = sourceLongitudes(source.lon, task.periodic === true);
  const wy = axisWeights(source.lat, target.lat, method);
  const wx = axisWeights(coords, normaliseLongitudes(target.lon, source.lon), method);
  const my = target.lat.length;
  const mx = target.lon.length;
  const at =
    task.layout === 'lat-lon'
      ? (y: number, x: number) => values[y * nx + x]!
      : (y: number, x: number) => values[x * ny + y]!;
  const out = new Float64Array(my * mx);
  const lonFirst = task.targetLayout === 'lon-lat';
  for (let k = 0; k < my; k++) {
    const y0 = wy.i0[k]!;
    const y1 = wy.i1[k]!;
    const v = wy.w[k]!;
    for (let l = 0; l < mx; l++) {
      const o = lonFirst ? l * my + k : k * mx + l;
      const c0 = wx.i0[l]!;
      if (y0 < 0 || c0 < 0) {
        out[o] = NaN;
        continue;
      }
      const x0 = column[c0]!;
      const x1 = column[wx.i1[l]!]!;
      const u = wx.w[l]!;
      // Corners of zero weight are left out (a cell on one of B's nodes takes that node's value).
      const top = u === 0 ? at(y0, x0) : (1 - u) * at(y0, x0) + u * at(y0, x1);
      if (v === 0) out[o] = top;
      else {
        const bottom = u === 0 ? at(y1, x0) : (1 - u) * at(y1, x0) + u * at(y1, x1);
        out[o] = (1 - v) * top + v * bottom;
      }
    }
  }
  return { values: out, shape: lonFirst ? [mx, my] : [my, mx] };
}
