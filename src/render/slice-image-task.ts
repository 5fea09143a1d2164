/**
 * A slice's image in one worker task: CF decoding of its stored values and their colouring, off the main thread
 * (which then only draws the pixels). The decoded values come back with the image, for hover and statistics.
 */
import { decodeSlice, type DecodedSlice } from '../cf/decode';
import type { DefaultFill } from '../cf/masking';
import type { Slice } from '../api';
import { colourImage, type ColouredImage, type ImageRequest } from './image';

export interface SliceImageTask {
  /** The slice as read (its values are copied to the worker, not moved). */
  readonly slice: Pick<Slice, 'variable' | 'shape' | 'data' | 'complex' | 'failedMask'>;
  /** The dataset's default-fill policy (`defaultFillFor`). */
  readonly defaultFill: DefaultFill;
  /** How to colour the decoded values (all of `ImageRequest` but the values and mask). */
  readonly image: Omit<ImageRequest, 'values' | 'mask'>;
}

export interface SliceImageResult {
  readonly decoded: DecodedSlice;
  readonly image: ColouredImage;
}

/** Decodes and colours a slice: the image is `colourImage` of the decoded values (mask only if a cell is masked). */
export function runSliceImage(task: SliceImageTask): SliceImageResult {
  const decoded = decodeSlice(task.slice as Slice, { defaultFill: task.defaultFill });
  const mask = decoded.mask.indexOf(1) >= 0 ? decoded.mask : null;
  return { decoded, image: colourImage({ ...task.image, values: decoded.values, mask }) };
}

/** The buffers of a result to move (not copy) back to the caller. */
export function sliceImageTransfers(r: SliceImageResult): ArrayBuffer[] {
  const out = [r.image.rgba.buffer, r.decoded.values.buffer, r.decoded.mask.buffer] as ArrayBuffer[];
  return [...new Set(out)];
}
