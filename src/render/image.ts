/**
 * A 2-D slice coloured into an RGBA image (the pixels of a heatmap), with the colour range it used. Pure and
 * framework-free: it runs in the decode workers (which also encode the PNG) and in Node tests.
 *
 * Pixel (row, col) of the image is y index `row·step`, x index `col·step` of the slice (counted from the other
 * end with `flipY` / `flipX`, so that an image shows descending coordinates ascending); masked, non-finite and
 * (log scale) non-positive values are transparent, as a heatmap trace leaves them as gaps.
 */
import { type ColormapName, type ScaleName, forward, rgbStops, scaleRange } from './colormap';
import { LUT_BINS, colourLut, lutWord, segments } from './colour-lut';

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
  /** The pixels, row by row. */
  readonly rgba: Uint8ClampedArray;
  /** Colour range in transformed (scale) space, and the symlog threshold, as `scaleValues` gives them. */
  readonly zmin: number;
  readonly zmax: number;
  readonly threshold: number;
}

/** Image size of a request: columns along x, rows along y, every `step`-th cell. */
export function imageSize(req: Pick<ImageRequest, 'shape' | 'transposed' | 'step'>): { width: number; height: number } {
  const [n0, n1] = req.shape;
  const ny = req.transposed ? n1 : n0;
  const nx = req.transposed ? n0 : n1;
  return { width: Math.ceil(nx / req.step), height: Math.ceil(ny / req.step) };
}

/** A rectangle of the slice: first index and count along its two dimensions (as `shape`). */
export interface SliceRegion {
  readonly start: readonly [number, number];
  readonly count: readonly [number, number];
}

/** Image pixels `[first, end)` along one axis whose cells (index·step, counted from the end when flipped) are in `[a, b)`. */
function pixelSpan(a: number, b: number, step: number, size: number, flip: boolean | undefined): [number, number] {
  const lo = Math.ceil(a / step);
  const hi = Math.min(size, Math.ceil(b / step));
  return flip ? [size - hi, size - lo] : [lo, hi];
}

/** The image pixels of a slice region: `[x0, x1) × [y0, y1)` (a rectangle; empty when the step skips it). */
export function regionPixels(
  req: Pick<ImageRequest, 'shape' | 'transposed' | 'step' | 'flipX' | 'flipY'>,
  region: SliceRegion,
): { x0: number; x1: number; y0: number; y1: number } {
  const { width, height } = imageSize(req);
  const [s0, s1] = region.start;
  const [c0, c1] = region.count;
  const [ya, yb, xa, xb] = req.transposed ? [s1, s1 + c1, s0, s0 + c0] : [s0, s0 + c0, s1, s1 + c1];
  const [y0, y1] = pixelSpan(ya, yb, req.step, height, req.flipY);
  const [x0, x1] = pixelSpan(xa, xb, req.step, width, req.flipX);
  return { x0, x1, y0, y1 };
}

/**
 * Colours the pixels of `region` (the whole slice when omitted) into `rgba` with a given colour range (scale space):
 * what `colourImage` does for all pixels, so colouring a slice chunk by chunk with the final range gives the same
 * image.
 */
export function colourRegion(
  req: ImageRequest,
  rgba: Uint8ClampedArray,
  range: { readonly zmin: number; readonly zmax: number; readonly threshold: number },
  region?: SliceRegion,
): void {
  const [, n1] = req.shape;
  const { step } = req;
  const { width, height } = imageSize(req);
  const px = region ? regionPixels(req, region) : { x0: 0, x1: width, y0: 0, y1: height };
  const stops = rgbStops(req.colormap, req.invert);
  const last = stops.length - 1;
  // Strides of the slice along the image's rows (y) and columns (x).
  const sy = (req.transposed ? 1 : n1) * step;
  const sx = (req.transposed ? n1 : 1) * step;
  const dx = req.flipX ? -sx : sx;
  const seg = segments(stops);
  const lut = colourLut(seg, last);
  // Whole pixels as one 32-bit store where the bytes allow it (little-endian: r is the lowest byte).
  const words =
    LITTLE_ENDIAN && rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2) : null;
  for (let r = px.y0; r < px.y1; r++) {
    const i0 = (req.flipY ? height - 1 - r : r) * sy + (req.flipX ? width - 1 - px.x0 : px.x0) * sx;
    const o0 = r * width + px.x0;
    const n = px.x1 - px.x0;
    if (words && req.scale === 'linear')
      colourRowLinear(req.values, req.mask, i0, dx, n, words, o0, range.zmin, range.zmax - range.zmin, last, seg, lut);
    else if (words) colourRowWords(req, i0, dx, n, words, o0, range, last, seg, lut);
    else colourRowBytes(req, rgba, i0, dx, n, o0 * 4, range, last, seg, lut);
  }
}

/** Little-endian platforms (all browsers in practice): a pixel's RGBA is one Uint32 `r | g << 8 | b << 16 | a << 24`. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Values whose bin (by one multiplication) is at least this far from a bin edge get the bin's colour straight from the
 * table; the others take `lutWord`'s arithmetic (see `colourRowLinear`).
 */
const BIN_GUARD = 1e-6;

/**
 * One row of a linear-scale image into 32-bit pixels, by table (see colour-lut.ts): `colorAt`'s colour exactly, at
 * a table load per pixel. `lutWord` places a value by a division (`t = (z − zmin) / span`, then `t · last` bins);
 * here most values are placed by one multiplication, `q = (z − zmin) · k` with `k = LUT_BINS · last / span`, which
 * differs from `lutWord`'s `t · last · LUT_BINS` by a few units in the last place (under 1e-10 of a bin for the
 * table's 32,768 bins): where `q` is more than `BIN_GUARD` inside a bin and inside the map, and that bin's colour does
 * not vary, it is the colour `lutWord` gives. Anything else (a bin edge, the map's ends, NaN, infinities, a span of
 * 0 or of infinity) takes `lutWord` itself. The same pixels as `lutWord` for every value, at about 3/4 of the time.
 */
function colourRowLinear(
  values: Float64Array | Float32Array,
  mask: Uint8Array | null,
  i: number,
  dx: number,
  n: number,
  out: Uint32Array,
  o: number,
  zmin: number,
  span: number,
  last: number,
  seg: Float64Array,
  lut: Uint32Array,
): void {
  const top = LUT_BINS * last;
  const k = top / span;
  const hi = top - BIN_GUARD;
  for (let c = 0; c < n; c++, i += dx, o++) {
    const z = values[i]!;
    if (mask !== null && mask[i] !== 0) {
      out[o] = 0;
      continue;
    }
    const q = (z - zmin) * k;
    if (q > BIN_GUARD && q < hi) {
      const b = q | 0;
      const f = q - b;
      if (f > BIN_GUARD && f < 1 - BIN_GUARD) {
        const w = lut[b]!;
        if (w !== 0) {
          out[o] = w;
          continue;
        }
      }
    }
    out[o] = z - z !== 0 ? 0 : lutWord(lut, seg, last, (z - zmin) / span);
  }
}

/** One row of a log or symlog image into 32-bit pixels, by table: each value is transformed first. */
function colourRowWords(
  req: ImageRequest,
  i: number,
  dx: number,
  n: number,
  out: Uint32Array,
  o: number,
  range: { readonly zmin: number; readonly zmax: number; readonly threshold: number },
  last: number,
  seg: Float64Array,
  lut: Uint32Array,
): void {
  const { values, mask, scale } = req;
  const { zmin, zmax, threshold } = range;
  const span = zmax - zmin;
  for (let c = 0; c < n; c++, i += dx, o++) {
    const z = forward(scale, values[i]!, threshold);
    // z − z is 0 exactly for finite z (NaN for NaN and ±Infinity).
    if ((mask !== null && mask[i] !== 0) || z - z !== 0) {
      out[o] = 0;
      continue;
    }
    out[o] = lutWord(lut, seg, last, (z - zmin) / span);
  }
}

/**
 * One row, byte by byte, for every scale (where the pixels cannot be written as 32-bit words): the table's colour
 * (log and symlog transform each value first), its bytes in RGBA order.
 */
function colourRowBytes(
  req: ImageRequest,
  rgba: Uint8ClampedArray,
  i: number,
  dx: number,
  n: number,
  o: number,
  range: { readonly zmin: number; readonly zmax: number; readonly threshold: number },
  last: number,
  seg: Float64Array,
  lut: Uint32Array,
): void {
  const { values, mask, scale } = req;
  const { zmin, zmax, threshold } = range;
  const span = zmax - zmin;
  const linear = scale === 'linear';
  for (let c = 0; c < n; c++, i += dx, o += 4) {
    const v = values[i]!;
    const z = linear ? v : forward(scale, v, threshold);
    if ((mask !== null && mask[i] !== 0) || z - z !== 0) {
      rgba[o] = rgba[o + 1] = rgba[o + 2] = rgba[o + 3] = 0;
      continue;
    }
    const w = lutWord(lut, seg, last, (z - zmin) / span);
    rgba[o] = w & 255;
    rgba[o + 1] = (w >>> 8) & 255;
    rgba[o + 2] = (w >>> 16) & 255;
    rgba[o + 3] = w >>> 24;
  }
}

/** Colours a slice into RGBA pixels; rows top to bottom are y indices 0, step, 2·step, … */
export function colourImage(req: ImageRequest): ColouredImage {
  const { width, height } = imageSize(req);
  const range = scaleRange(req.values, req.mask, req.scale, req.range);
  const rgba = new Uint8ClampedArray(width * height * 4);
  colourRegion(req, rgba, range);
  return { width, height, rgba, ...range };
}
