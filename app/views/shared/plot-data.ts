/** Pure data shaping for the views: 2-D grids, differences, statistics and histograms. */

export interface Values {
  /** Values in the slice's C order; NaN where masked. */
  readonly values: ArrayLike<number>;
  /** 1 where masked (or null: none masked). */
  readonly mask: ArrayLike<number> | null;
  readonly shape: readonly number[];
}

/**
 * Rows of a 2-D slice for plotting, y-major: `grid[r][c]` is the value at y=r·step, x=c·step; masked → null
 * (a gap). `transposed` when the slice's first dimension is x. `step` > 1 thins a large slice for display.
 */
export function grid(v: Values, transposed: boolean, step = 1): (number | null)[][] {
  const [n0 = 0, n1 = 0] = v.shape;
  const ny = transposed ? n1 : n0;
  const nx = transposed ? n0 : n1;
  const rows: (number | null)[][] = [];
  for (let r = 0; r < ny; r += step) {
    const row: (number | null)[] = [];
    for (let c = 0; c < nx; c += step) {
      const i = transposed ? c * n1 + r : r * n1 + c;
      const x = v.values[i] as number;
      row.push((v.mask && v.mask[i]) || !Number.isFinite(x) ? null : x);
    }
    rows.push(row);
  }
  return rows;
}

/** The smallest step that keeps a ny × nx grid within `maxCells` for drawing. */
export function displayStep(ny: number, nx: number, maxCells = 1_000_000): number {
  return Math.max(1, Math.ceil(Math.sqrt((ny * nx) / maxCells)));
}

/** Every `step`-th element. */
export function every<T>(list: readonly T[], step: number): T[] {
  return step === 1 ? [...list] : list.filter((_, i) => i % step === 0);
}

/** A − B elementwise; masked where either is. */
export function difference(a: Values, b: Values): Values {
  if (a.values.length !== b.values.length || a.shape.join() !== b.shape.join()) {
    throw new Error(`A − B needs slices of the same shape (${a.shape.join('×')} vs ${b.shape.join('×')}).`);
  }
  const n = a.values.length;
  const values = new Float64Array(n);
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const m = (a.mask?.[i] ?? 0) || (b.mask?.[i] ?? 0);
    mask[i] = m ? 1 : 0;
    values[i] = m ? NaN : (a.values[i] as number) - (b.values[i] as number);
  }
  return { values, mask, shape: a.shape };
}

export interface Stats {
  readonly count: number;
  readonly masked: number;
  /** NaN or infinite values that were not masked. */
  readonly nonFinite: number;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  readonly std: number;
}

/** Min, max, mean, standard deviation over finite unmasked values; counts of masked and non-finite ones. */
export function stats(v: Values): Stats {
  let count = 0;
  let masked = 0;
  let nonFinite = 0;
  let min = Infinity;
  let max = -Infinity;
  let mean = 0;
  let m2 = 0;
  for (let i = 0; i < v.values.length; i++) {
    if (v.mask?.[i]) {
      masked++;
      continue;
    }
    const x = v.values[i] as number;
    if (!Number.isFinite(x)) {
      nonFinite++;
      continue;
    }
    count++;
    if (x < min) min = x;
    if (x > max) max = x;
    const d = x - mean;
    mean += d / count;
    m2 += d * (x - mean);
  }
  return count
    ? { count, masked, nonFinite, min, max, mean, std: Math.sqrt(m2 / count) }
    : { count, masked, nonFinite, min: NaN, max: NaN, mean: NaN, std: NaN };
}

/** Equal-width histogram of finite unmasked values over [min, max]. */
export function histogram(v: Values, bins: number, s: Stats = stats(v)): { edges: number[]; counts: number[] } {
  if (!s.count) return { edges: [], counts: [] };
  const lo = s.min;
  const width = s.max > lo ? (s.max - lo) / bins : 1;
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < v.values.length; i++) {
    if (v.mask?.[i]) continue;
    const x = v.values[i] as number;
    if (!Number.isFinite(x)) continue;
    const k = Math.min(bins - 1, Math.floor((x - lo) / width));
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return { edges: Array.from({ length: bins + 1 }, (_, k) => lo + k * width), counts };
}

/**
 * Plotly axis type for coordinate values: dates it can place (standard calendar) stay `date`; labels of other
 * calendars (`2000-02-30`) are categories, so plotly neither drops nor shifts them.
 */
export function axisType(values: readonly (number | string)[]): 'linear' | 'date' | 'category' {
  if (!values.some((v) => typeof v === 'string')) return 'linear';
  const ok = values.every((v) => {
    const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(v) : null;
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
  });
  return ok ? 'date' : 'category';
}
