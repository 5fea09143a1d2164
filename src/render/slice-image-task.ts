/**
 * A slice's image in worker tasks: CF decoding of its stored values and their colouring, off the main thread
 * (which then only draws the pixels). The decoded values come back with the image, for hover and statistics.
 * A big image is coloured in bands of rows, one task per worker: each band's task decodes the whole slice (cheap)
 * for the colour range and colours its own rows; `mergeBands` puts the rows together.
 */
import { decodeSlice, type DecodedSlice } from '../cf/decode';
import type { FloatScan } from '../cf/decode-fast';
import type { DefaultFill } from '../cf/masking';
import type { Slice } from '../api';
import { takeBuffer } from '../memory/spare-buffers';
import { scaleRange } from './colormap';
import {
  colourRegion,
  imageSize,
  regionPixels,
  type ColouredImage,
  type ImageRequest,
  type SliceRegion,
} from './image';

export interface SliceImageTask {
  /** The slice as read (its values are copied to the worker, not moved). */
  readonly slice: Pick<Slice, 'variable' | 'shape' | 'data' | 'complex' | 'failedMask'>;
  /** The dataset's default-fill policy (`defaultFillFor`). */
  readonly defaultFill: DefaultFill;
  /** How to colour the decoded values (all of `ImageRequest` but the values and mask). */
  readonly image: Omit<ImageRequest, 'values' | 'mask'>;
  /** Colour only these indices `[start, stop)` of the slice dimension along the image's rows (y); all when absent. */
  readonly band?: readonly [number, number] | undefined;
  /** Return the decoded values too (default true; one band's task is enough). */
  readonly values?: boolean | undefined;
  /** The values' CF masking and extent as far as found while they arrived (`floatScanFor`), when there is one. */
  readonly scanned?: FloatScan | null | undefined;
}

export interface SliceImageResult {
  /** The decoded values, or null when the task was asked not to return them. */
  readonly decoded: DecodedSlice | null;
  readonly image: ColouredImage;
  /** The image rows `[y0, y1)` this result coloured (the others are blank). */
  readonly rows: readonly [number, number];
}

/** The slice region of a band of y indices. */
function bandRegion(req: Omit<ImageRequest, 'values' | 'mask'>, band: readonly [number, number]): SliceRegion {
  const [n0, n1] = req.shape;
  const [a, b] = band;
  return req.transposed ? { start: [0, a], count: [n0, b - a] } : { start: [a, 0], count: [b - a, n1] };
}

/** Decodes and colours a slice (or one band of its rows) as `colourImage` colours the decoded values. */
export function runSliceImage(task: SliceImageTask): SliceImageResult {
  const decoded = decodeSlice(task.slice as Slice, { defaultFill: task.defaultFill, scanned: task.scanned });
  const mask = decoded.maskedCount > 0 ? decoded.mask : null;
  // Where decoding changes no unmasked value (floats, no unpacking, no reinterpretation), the stored values are
  // coloured: the same numbers at half the bytes to read (float32) — masked cells are transparent either way.
  const { packing, view, stored } = decoded.plan;
  const data = task.slice.data;
  const same =
    packing.compute === null && view === stored && (data instanceof Float32Array || data instanceof Float64Array);
  const req: ImageRequest = { ...task.image, values: same ? data : decoded.values, mask };
  const { width, height } = imageSize(req);
  // On a linear scale the auto range is the values' extent, which the decoding found on its way.
  const known = req.scale === 'linear' && !req.range ? decoded.extent : undefined;
  const range = scaleRange(decoded.values, mask, req.scale, req.range ?? known ?? null);
  const rgba = new Uint8ClampedArray(takeBuffer(width * height * 4));
  let rows: [number, number] = [0, height];
  if (task.band) {
    const region = bandRegion(req, task.band);
    const px = regionPixels(req, region);
    rows = [px.y0, px.y1];
    colourRegion(req, rgba, range, region);
  } else colourRegion(req, rgba, range);
  return { decoded: task.values === false ? null : decoded, image: { width, height, rgba, ...range }, rows };
}

/** The bands of y indices for `parts` tasks (about equal, none empty), or one band for a small image. */
export function sliceBands(image: Omit<ImageRequest, 'values' | 'mask'>, parts: number): [number, number][] {
  const [n0, n1] = image.shape;
  const n = image.transposed ? n1 : n0;
  const k = Math.max(1, Math.min(parts, n));
  return Array.from({ length: k }, (_, i) => [Math.floor((n * i) / k), Math.floor((n * (i + 1)) / k)]);
}

/** One result of the bands' results: the first band's image with every other band's rows copied in. */
export function mergeBands(results: readonly SliceImageResult[]): SliceImageResult {
  const first = results[0]!;
  const decoded = results.find((r) => r.decoded)?.decoded ?? null;
  const { rgba, width } = first.image;
  for (const r of results.slice(1)) {
    const [y0, y1] = r.rows;
    rgba.set(r.image.rgba.subarray(y0 * width * 4, y1 * width * 4), y0 * width * 4);
  }
  return { decoded, image: first.image, rows: [0, first.image.height] };
}

/** The buffers of a result to move (not copy) back to the caller. */
export function sliceImageTransfers(r: SliceImageResult): Transferable[] {
  const out: Transferable[] = [r.image.rgba.buffer as ArrayBuffer];
  if (r.decoded) out.push(r.decoded.values.buffer as ArrayBuffer, r.decoded.mask.buffer as ArrayBuffer);
  return [...new Set(out)];
}
