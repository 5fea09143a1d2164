/**
 * A chunk that is by itself a whole slice to be shown as an image: the worker that decodes it also CF-decodes and
 * colours it (`runSliceImage`) in the same task, so the image is ready when the values reach the page — no second
 * task, no copy of the values into another worker, no main-thread hop in between.
 */
import type { Slice, SliceData } from '../../api';
import type { FloatScan } from '../../cf/decode-fast';
import type { DefaultFill } from '../../cf/masking';
import type { DecodedChunk } from '../../codecs/pipeline';
import type { ImageRequest } from '../../render/image';
import { runSliceImage, type SliceImageResult } from '../../render/slice-image-task';

/** How a read wants its slice's image made (the caller's view: CF decoding policy and colouring). */
export interface SliceImageOptions {
  readonly defaultFill: DefaultFill;
  readonly image: Omit<ImageRequest, 'values' | 'mask'>;
}

/**
 * What the decoding worker needs to make the image of a chunk the reader has found to cover the whole slice (one
 * chunk, every element, unit steps; real numbers).
 */
export interface FusedImage extends SliceImageOptions {
  /** Elements of the slice (and so of the chunk). */
  readonly n: number;
  readonly slice: Pick<Slice, 'variable' | 'shape'>;
  /** Return the decoded values with the image (default true; a chunk's part of a bigger image needs none). */
  readonly values?: boolean | undefined;
  /**
   * A coarser step than the image's: an image at about the plot's resolution is coloured first and handed over
   * (`onPreview`) before the full one is made, so the first picture waits for a quarter of the colouring.
   */
  readonly preview?: number | undefined;
}

/** Whether a decoded chunk's values lie in C order (so they are the slice's, element for element). */
function cOrder(chunk: DecodedChunk, n: number): boolean {
  if (!ArrayBuffer.isView(chunk.data) || chunk.data.length !== n) return false;
  let acc = 1;
  for (let k = chunk.shape.length - 1; k >= 0; k--) {
    if ((chunk.shape[k] ?? 1) > 1 && chunk.stride[k] !== acc) return false;
    acc *= chunk.shape[k] ?? 1;
  }
  return acc === n;
}

/**
 * The image of a decoded chunk that is the whole slice, or undefined (values not in C order, or not as many). The
 * reader keeps it only if the slice it returns is that chunk's values (see read-slice.ts).
 */
export function fusedImage(
  f: FusedImage,
  chunk: DecodedChunk,
  scanned?: FloatScan | null,
  onPreview?: (preview: SliceImageResult) => void,
): SliceImageResult | undefined {
  if (!cOrder(chunk, f.n) || f.image.shape.join() !== f.slice.shape.join()) return undefined;
  const data = chunk.data;
  try {
    const slice = { ...f.slice, data: data as SliceData };
    const task = { slice, defaultFill: f.defaultFill, scanned };
    if (onPreview && f.preview && f.preview > f.image.step)
      onPreview(runSliceImage({ ...task, image: { ...f.image, step: f.preview }, values: false }));
    return runSliceImage({ ...task, image: f.image, values: f.values });
  } catch {
    // The usual path (a separate task) reports what went wrong.
    return undefined;
  }
}

/** An image made with its slice's decode and the options it was made with. */
export interface MadeSliceImage {
  readonly options: SliceImageOptions;
  readonly result: SliceImageResult;
}

/** Images made with their slice's decode, until the view takes them (they go with the slice object). */
const made = new WeakMap<Slice, MadeSliceImage>();

/** Records the image made for `slice` with `options` (readSlice). */
export function attachSliceImage(slice: Slice, options: SliceImageOptions, result: SliceImageResult): void {
  made.set(slice, { options, result });
}

/** The image made with this slice's decode and the options it was made with, once (it is forgotten then). */
export function takeSliceImage(slice: Slice): MadeSliceImage | undefined {
  const m = made.get(slice);
  made.delete(slice);
  return m;
}

/** One chunk's part of a slice's image: where it lies in the slice (kept dimensions) and its pixels. */
export interface ChunkImage {
  readonly start: readonly number[];
  readonly count: readonly number[];
  readonly result: SliceImageResult;
}

/** Images of every chunk of a slice, each made with the chunk's decode (`ReadOptions.chunkImages`). */
const chunkMade = new WeakMap<Slice, { readonly options: SliceImageOptions; readonly parts: readonly ChunkImage[] }>();

/** Records the chunks' images of `slice`, made with `options` (readSlice). */
export function attachChunkImages(slice: Slice, options: SliceImageOptions, parts: readonly ChunkImage[]): void {
  chunkMade.set(slice, { options, parts });
}

/** The images made with the decode of each chunk of this slice and the options they were made with, once. */
export function takeChunkImages(
  slice: Slice,
): { readonly options: SliceImageOptions; readonly parts: readonly ChunkImage[] } | undefined {
  const m = chunkMade.get(slice);
  chunkMade.delete(slice);
  return m;
}
