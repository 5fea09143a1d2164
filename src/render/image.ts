/**
 * A 2-D slice coloured into an RGBA image (the pixels of a heatmap), with the colour range it used. Pure and
 * framework-free: it runs in the decode workers (which also encode the PNG) and in Node tests.
 *
 * Pixel (row, col) of the image is y index `row·step`, x index `col·step` of the slice (counted from the other
 * end with `flipY` / `flipX`, so that an image shows descending coordinates ascending); masked, non-finite and
 * (log scale) non-positive values are transparent, as a heatmap trace leaves them as gaps.
 */
import { type ColormapName, type ScaleName, forward, rgbStops, scaleRange } from './colormap';

export interface ImageRequest {
  /** Values in the slice's C order (NaN where masked). */
  readonly values: Float64Array | Float32Array;
  /** 1 where masked, or null. */
  readonly mask: Uint8Array | null;
  /** The slice's shape `[n0, n1]`. */
  readonly shape: readonly [number, number];
  /** The slice's first dimension is x (columns of the image). */
  readonly transposed: boolean;
  /** Every `step`-th cell along both axes (1: all). */
  readonly step: number;
  readonly scale: ScaleName;
  /** Colour limits in data units, or null for the finite extremes. */
  readonly range: readonly [number, number] | null;
  readonly colormap: ColormapName;
  readonly invert: boolean;
  /** Rows from the last y index to the first, columns from the last x index to the first. */
  readonly flipY?: boolean | undefined;
  readonly flipX?: boolean | undefined;
}

export interface ColouredImage {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8ClampedArray;
  /** Colour range in transformed (scale) space, and the symlog threshold, as `scaleValues` gives them. */
  readonly zmin: number;
  readonly zmax: number;
  readonly threshold: number;
}

/** Colours a slice into RGBA pixels; rows top to bottom are y indices 0, step, 2·step, … */
export function colourImage(req: ImageRequest): ColouredImage {
  const [n0, n1] = req.shape;
  const { values, mask, scale, step } = req;
  const ny = req.transposed ? n1 : n0;
  const nx = req.transposed ? n0 : n1;
  const width = Math.ceil(nx / step);
  const height = Math.ceil(ny / step);
  const { zmin, zmax, threshold } = scaleRange(req.values, req.mask, req.scale, req.range);
  const stops = rgbStops(req.colormap, req.invert);
  const last = stops.length - 1;
  const flat = new Float64Array(stops.flat());
  const span = zmax - zmin;
  const rgba = new Uint8ClampedArray(width * height * 4);
  // Strides of the slice along the image's rows (y) and columns (x).
  const sy = (req.transposed ? 1 : n1) * step;
  const sx = (req.transposed ? n1 : 1) * step;
  const linear = scale === 'linear';
  const dx = req.flipX ? -sx : sx;
  let o = 0;
  for (let r = 0; r < height; r++) {
    let i = (req.flipY ? height - 1 - r : r) * sy + (req.flipX ? (width - 1) * sx : 0);
    for (let c = 0; c < width; c++, i += dx, o += 4) {
      if (mask && mask[i]) continue;
      const v = values[i] as number;
      const z = linear ? v : forward(scale, v, threshold);
      if (!Number.isFinite(z)) continue;
      // colorAt(stops, (z - zmin) / span), inlined: the same arithmetic, no allocation per pixel.
      const t = (z - zmin) / span;
      const u = (t < 0 ? 0 : t > 1 ? 1 : t) * last;
      const k = u >= last ? last - 1 : Math.floor(u);
      const f = u - k;
      const a = 3 * k;
      rgba[o] = Math.round(flat[a]! + (flat[a + 3]! - flat[a]!) * f);
      rgba[o + 1] = Math.round(flat[a + 1]! + (flat[a + 4]! - flat[a + 1]!) * f);
      rgba[o + 2] = Math.round(flat[a + 2]! + (flat[a + 5]! - flat[a + 2]!) * f);
      rgba[o + 3] = 255;
    }
  }
  return { width, height, rgba, zmin, zmax, threshold };
}
