/** Pure helpers of the comparison with a second dataset: choosing B's variable, grids, ranges, longitudes. */
import type { Variable } from '../core';

/** A 2-D field in rows (y) × columns (x), C order; NaN where masked. */
export interface Grid2 {
  readonly values: Float32Array | Float64Array;
  readonly ny: number;
  readonly nx: number;
}

const attr = (v: Variable, name: string): string | undefined => {
  const a = v.attributes.find((x) => x.name === name)?.value;
  return typeof a === 'string' ? a : undefined;
};

/** Types a comparison can subtract (real numbers; dates and booleans are not offered). */
const REAL = new Set(['byte', 'ubyte', 'short', 'ushort', 'int', 'uint', 'int64', 'uint64', 'float', 'double', 'half']);

/** Whether B's variable can be compared: real numbers over at least 2 dimensions. */
export const comparable = (v: Variable) => REAL.has(v.type) && v.shape.length >= 2;

/** The last part of a path (`/g/t2m` → `t2m`). */
export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * B's variables in the order offered: the same name and standard_name as A's first, then the same standard_name,
 * then the same name, then the rest (each group in B's order).
 */
export function rankVariables(a: Variable, candidates: readonly Variable[]): Variable[] {
  const name = baseName(a.path);
  const std = attr(a, 'standard_name');
  const score = (v: Variable) => {
    const sameStd = std !== undefined && attr(v, 'standard_name') === std;
    const sameName = baseName(v.path) === name;
    return sameStd && sameName ? 0 : sameStd ? 1 : sameName ? 2 : 3;
  };
  return candidates
    .map((v, i) => ({ v, i, s: score(v) }))
    .sort((p, q) => p.s - q.s || p.i - q.i)
    .map((x) => x.v);
}

/** A 2-D slice stored (x, y) or (y, x) as rows y × columns x; the mask folded in as NaN. */
export function orient(
  values: Float32Array | Float64Array,
  mask: Uint8Array | undefined,
  shape: readonly number[],
  transposed: boolean,
): Grid2 {
  const [d0 = 1, d1 = 1] = shape;
  const ny = transposed ? d1 : d0;
  const nx = transposed ? d0 : d1;
  const out = values instanceof Float32Array ? new Float32Array(ny * nx) : new Float64Array(ny * nx);
  for (let r = 0; r < ny; r++)
    for (let c = 0; c < nx; c++) {
      const i = transposed ? c * d1 + r : r * d1 + c;
      out[r * nx + c] = mask?.[i] ? NaN : values[i]!;
    }
  return { values: out, ny, nx };
}

/** The least and greatest finite value over several fields (null when none has one). */
export function sharedRange(...fields: readonly ArrayLike<number>[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const f of fields)
    for (let i = 0; i < f.length; i++) {
      const v = f[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  if (!(lo <= hi)) return null;
  return lo === hi ? [lo - 0.5, hi + 0.5] : [lo, hi];
}

/** A symmetric range around 0 for a difference (null when it has no value). */
export function symmetricRange(values: ArrayLike<number>): [number, number] | null {
  const r = sharedRange(values);
  if (!r) return null;
  const m = Math.max(Math.abs(r[0]), Math.abs(r[1])) || 1;
  return [-m, m];
}

/** Whether longitudes cover the whole circle (n × their step ≈ 360). */
export function isGlobal(lon: ArrayLike<number>): boolean {
  if (lon.length < 2) return false;
  const step = Math.abs(lon[1]! - lon[0]!);
  return Math.abs(step * lon.length - 360) <= step * 0.01;
}

/** Longitudes moved into A's range [min A, min A + 360). */
export function intoRange(lon: ArrayLike<number>, lonA: ArrayLike<number>): Float64Array {
  let min = Infinity;
  for (let i = 0; i < lonA.length; i++) min = Math.min(min, lonA[i]!);
  return Float64Array.from(lon, (v) => min + ((((v - min) % 360) + 360) % 360));
}

/**
 * B's field with its longitudes (the x axis) in A's range, columns sorted by them: B's 0–360 drawn beside A's
 * −180–180 over the same coordinates.
 */
export function alignLongitudes(
  g: Grid2,
  lon: ArrayLike<number>,
  lonA: ArrayLike<number>,
): { grid: Grid2; lon: Float64Array } {
  const moved = intoRange(lon, lonA);
  const order = Array.from(moved, (_, i) => i).sort((p, q) => moved[p]! - moved[q]!);
  const out = g.values instanceof Float32Array ? new Float32Array(g.values.length) : new Float64Array(g.values.length);
  for (let r = 0; r < g.ny; r++) order.forEach((src, c) => (out[r * g.nx + c] = g.values[r * g.nx + src]!));
  return { grid: { values: out, ny: g.ny, nx: g.nx }, lon: Float64Array.from(order, (i) => moved[i]!) };
}

/** Whether two coordinate lists are the same within float32 precision (longitudes compared modulo 360). */
export function sameCoordinates(a: ArrayLike<number>, b: ArrayLike<number>, longitude = false): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    let d = Math.abs(a[i]! - b[i]!);
    if (longitude) d = Math.min(d % 360, 360 - (d % 360));
    if (d > 1e-6 * Math.max(1, Math.abs(a[i]!))) return false;
  }
  return true;
}

/** The index of the value nearest `v` (longitudes modulo 360), −1 for an empty list. */
export function nearestIndex(values: ArrayLike<number>, v: number, longitude = false): number {
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < values.length; i++) {
    let d = Math.abs(values[i]! - v);
    if (longitude) d = Math.min(d % 360, 360 - (d % 360));
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** Cells drawn per comparison plot at most (a heatmap trace of more takes seconds): bigger fields every k-th cell. */
export const MAX_DRAWN = 250_000;

/** The step that keeps a field within `MAX_DRAWN` cells. */
export const drawStep = (g: Grid2) => Math.max(1, Math.ceil(Math.sqrt((g.ny * g.nx) / MAX_DRAWN)));

/** A field as plotly's heatmap z: rows of numbers (every `step`-th row and column), null where masked. */
export function zRows(g: Grid2, step = 1): (number | null)[][] {
  return Array.from({ length: Math.ceil(g.ny / step) }, (_, r) =>
    Array.from({ length: Math.ceil(g.nx / step) }, (_, c) => {
      const v = g.values[r * step * g.nx + c * step]!;
      return Number.isFinite(v) ? v : null;
    }),
  );
}

/** Every `step`-th coordinate. */
export const everyStep = (v: ArrayLike<number>, step: number) =>
  Array.from({ length: Math.ceil(v.length / step) }, (_, i) => v[i * step]!);
