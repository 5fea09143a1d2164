/**
 * A slice's values as the GPU holds them: a grid of float32 values (the slice, or every `step`-th cell of it when
 * it is bigger than an image) stored in C order across the rows of a texture `texWidth` texels wide, so that any
 * shape fits as long as the cell count does. Float32 slices drawn whole are uploaded as they are (no copy);
 * float64 values are converted once, minus a reference value (`ref`) so that data with a large offset keeps its
 * differences. Pure: unit-tested in Node.
 */

export interface GpuGrid {
  /** The values minus `ref`, C order of `shape`. */
  readonly data: Float32Array;
  /** 1 where masked (C order of `shape`), or null. */
  readonly mask: Uint8Array | null;
  readonly shape: readonly [number, number];
  /** Subtracted (in float64) from each value before rounding to float32. */
  readonly ref: number;
}

/** The first finite unmasked value, or 0. */
function firstFinite(values: ArrayLike<number>, mask: ArrayLike<number> | null): number {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v - v === 0 && !(mask && mask[i])) return v;
  }
  return 0;
}

/** The grid of every `step`-th cell of a `shape` slice (`step` 1: the slice itself). */
export function gpuGrid(
  values: Float64Array | Float32Array,
  mask: Uint8Array | null,
  shape: readonly [number, number],
  step: number,
): GpuGrid {
  const [n0, n1] = shape;
  if (step === 1 && values instanceof Float32Array) return { data: values, mask, shape: [n0, n1], ref: 0 };
  const m0 = Math.ceil(n0 / step);
  const m1 = Math.ceil(n1 / step);
  const ref = values instanceof Float64Array ? firstFinite(values, mask) : 0;
  const data = new Float32Array(m0 * m1);
  const out = mask ? new Uint8Array(m0 * m1) : null;
  for (let a = 0; a < m0; a++) {
    const row = a * step * n1;
    for (let b = 0, k = a * m1; b < m1; b++, k++) {
      const i = row + b * step;
      data[k] = values[i]! - ref;
      if (out) out[k] = mask![i]!;
    }
  }
  return { data, mask: out, shape: [m0, m1], ref };
}

/** Texture rows for `cells` values `width` per row: its size, or null when it exceeds `maxSize` either way. */
export function textureSize(cells: number, maxSize: number): { width: number; height: number } | null {
  const width = Math.max(1, Math.min(cells, maxSize, 4096));
  const height = Math.max(1, Math.ceil(cells / width));
  return height <= maxSize ? { width, height } : null;
}

/**
 * How `cells` values of a flat array go into a texture `width` wide with `texSubImage2D`: whole rows first, then
 * the rest as one partial row (no copy of the array: each part is a view of it).
 */
export function uploadParts(
  cells: number,
  width: number,
): { readonly y: number; readonly rows: number; readonly cols: number; readonly from: number; readonly to: number }[] {
  const whole = Math.floor(cells / width);
  const parts = [];
  if (whole > 0) parts.push({ y: 0, rows: whole, cols: width, from: 0, to: whole * width });
  const rest = cells - whole * width;
  if (rest > 0) parts.push({ y: whole, rows: 1, cols: rest, from: whole * width, to: cells });
  return parts;
}

/**
 * Largest error of a log or symlog value (log10 units) on the GPU: the value rounded to float32 and float32's
 * log2, a few units in the last place each (generous).
 */
const LOG_ERROR = 2 ** -21;

/**
 * Whether float32 arithmetic colours this range within 1 per channel. A linear scale always does (values are
 * stored minus `ref`, the range start as two float32s); a log or symlog range narrower than about 1e-3 decades
 * (values that differ in their seventh digit) does not: those images are coloured on the CPU, in float64.
 */
export function float32Enough(
  scale: 'linear' | 'log' | 'symlog',
  range: { readonly zmin: number; readonly zmax: number },
  last: number,
): boolean {
  if (scale === 'linear') return true;
  return (LOG_ERROR / (range.zmax - range.zmin)) * last * 255 <= 1;
}
