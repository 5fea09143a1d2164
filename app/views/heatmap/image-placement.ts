/** Where a slice's image lies on its axes: evenly spaced coordinates, the image's placement, when a slice is one. */
import { displayStep } from '../shared/plot-data';

/** Fewer cells than this read better (and draw fast enough) as a heatmap trace. */
export const IMAGE_MIN_CELLS = 10_000;
/** Most pixels of one image; bigger slices are shown every k-th cell. */
export const IMAGE_MAX_CELLS = 4_000_000;

export interface UniformAxis {
  readonly start: number;
  readonly step: number;
}

/**
 * The answers of `uniformAxis` by coordinate array: the views ask on every render, and a pyramid's finest axis has
 * tens of thousands of values (coordinate arrays are read once and not changed).
 */
const uniform = new WeakMap<object, UniformAxis | null>();

/** First value and spacing of evenly spaced numeric coordinates (either direction), or null. */
export function uniformAxis(values: ArrayLike<number | string>): UniformAxis | null {
  let a = uniform.get(values);
  if (a === undefined) {
    a = findUniform(values);
    uniform.set(values, a);
  }
  return a;
}

function findUniform(values: ArrayLike<number | string>): UniformAxis | null {
  const n = values.length;
  if (n === 0) return null;
  for (let i = 0; i < n; i++) if (typeof values[i] !== 'number' || !Number.isFinite(values[i])) return null;
  const v = values as ArrayLike<number>;
  if (n === 1) return { start: v[0]!, step: 1 };
  const step = (v[n - 1]! - v[0]!) / (n - 1);
  if (step === 0) return null;
  const tol = Math.abs(step) * 1e-3;
  for (let i = 0; i < n; i++) if (Math.abs(v[i]! - (v[0]! + i * step)) > tol) return null;
  return { start: v[0]!, step };
}

/**
 * Where the image goes on a uniform axis of `n` values drawn every `step`-th: the first pixel's centre and the
 * (positive) pixel size, and whether pixels run from the last index (descending coordinates).
 */
export function placement(a: UniformAxis, n: number, step: number): { start: number; size: number; flip: boolean } {
  const count = Math.ceil(n / step);
  if (a.step > 0) return { start: a.start, size: a.step * step, flip: false };
  return { start: a.start + a.step * step * (count - 1), size: -a.step * step, flip: true };
}

/** How the image of a slice lies on its axes: per axis where it starts and its flip, its size and cell step. */
export interface ImagePlacement {
  readonly x: ReturnType<typeof placement>;
  readonly y: ReturnType<typeof placement>;
  readonly width: number;
  readonly height: number;
  readonly step: number;
}

/** The placement of the image of a slice of `shape` (the first dimension is x when `transposed`). */
export function imagePlacement(
  shape: readonly number[],
  transposed: boolean,
  x: readonly (number | string)[],
  y: readonly (number | string)[],
): ImagePlacement {
  const [n0 = 1, n1 = 1] = shape;
  const step = displayStep(n0, n1, IMAGE_MAX_CELLS);
  const [ny, nx] = transposed ? [n1, n0] : [n0, n1];
  return {
    x: placement(uniformAxis(x) ?? { start: 0, step: 1 }, nx, step),
    y: placement(uniformAxis(y) ?? { start: 0, step: 1 }, ny, step),
    width: Math.ceil(nx / step),
    height: Math.ceil(ny / step),
    step,
  };
}

/** Whether a ny × nx slice with these axes is drawn as an image. */
export function drawsAsImage(
  ny: number,
  nx: number,
  x: readonly (number | string)[],
  y: readonly (number | string)[],
): boolean {
  return ny * nx >= IMAGE_MIN_CELLS && uniformAxis(x) !== null && uniformAxis(y) !== null;
}
