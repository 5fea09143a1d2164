/** A slice read ahead of the user (a prefetch), made ready to be shown: decoded and coloured in a worker. */
import { decodeSlice, type DimSelection, type OpenDataset, type OpenedDataset } from '../../core';
import { decodeOnce } from '../../state/decode-cache';
import type { ViewOptions } from '../../state/view-options';
import { imageOptions, prepareSliceImage, type ImagePlan } from './image-prep';
import { imageRequest, sliceImage } from './slice-image';

/**
 * Reads the slice `selection` at low priority and, when the heatmap draws it as an image (`plan`, or the plan of
 * the slice read when `plan` is a function), decodes and colours it in a worker, so that showing it is one draw.
 */
export async function readAhead(
  dataset: OpenedDataset,
  path: string,
  selection: readonly DimSelection[],
  stride: number,
  plan: ImagePlan | ((shape: readonly number[]) => ImagePlan | null),
  options: ViewOptions,
  signal: AbortSignal,
  expected: readonly number[] = typeof plan === 'function' ? [] : plan.shape,
): Promise<void> {
  // The image is made by the worker that decodes the slice's chunk where it is one chunk (as the slice the user
  // waits for): one task a slice, not a decode and then a colouring task copying the values again.
  const early = typeof plan === 'function' ? plan(expected) : plan;
  const fused = early ? imageOptions(dataset, early, options) : undefined;
  const slice = await (dataset.read as OpenDataset['read']).call(dataset, path, selection, {
    signal,
    stride,
    priority: 'low',
    ...(fused ? { image: fused } : {}),
  });
  const image = typeof plan === 'function' ? plan(slice.shape) : plan;
  if (!image || signal.aborted) return;
  // Decoded and coloured in a worker, off the main thread (stored values: decoded here).
  await prepareSliceImage(dataset, slice, image, options, 'low', signal).catch(() => undefined);
  const decoded = options.raw ? decodeSlice(slice, { mask: false, scale: false }) : decodeOnce(dataset, slice);
  if (!decoded) return;
  await sliceImage(
    dataset,
    imageRequest(
      { values: decoded.values, mask: decoded.mask, shape: slice.shape },
      image.transposed,
      options,
      image.flip,
    ),
    'low',
  );
}
