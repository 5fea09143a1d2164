/** Reading one region of one level and making its picture (coloured by the same path as every heatmap image). */
import { mark } from '../common/marks';
import { valueRange, type OpenedDataset, type Progress } from '../core';
import type { ViewOptions } from '../state/view-options';
import { decodeOnce } from '../state/decode-cache';
import type { Values } from './plot-data';
import { imageRequest, sliceImage, type ShownImage } from './slice-image';
import type { TileAxes, TileRegion } from './tile-plan';

export interface RegionPicture {
  readonly region: TileRegion;
  /** What the picture belongs to (variable, other indices, colour options): a new one replaces older ones. */
  readonly generation: string;
  readonly data: Values;
  readonly image: ShownImage;
  /** The colour range used, in data values (the first picture's, so that finer ones keep its colours). */
  readonly range: readonly [number, number] | null;
}

/**
 * Reads `region`, decodes it and colours it with `options` (over `range` when given, else its own range). Each step
 * leaves a User Timing mark (`zv:read-start|read-done|decoded|image-start|image-done <region>`) for the Performance
 * panel and `BENCH_DEBUG=1 BENCH_ONLY=pyramid npm run bench`.
 */
export async function readRegion(
  dataset: OpenedDataset,
  region: TileRegion,
  axes: TileAxes,
  options: ViewOptions,
  range: readonly [number, number] | null,
  generation: string,
  signal: AbortSignal,
  onProgress: (p: Progress) => void,
): Promise<RegionPicture> {
  mark(`read-start ${region.key}`);
  const slice = await dataset.read(region.level.path, region.selection, { signal, onProgress });
  mark(`read-done ${region.key}`);
  const d = decodeOnce(dataset, slice);
  mark(`decoded ${region.key}`);
  if (!d) throw new Error(`${region.level.path} holds no numbers to draw.`);
  const data: Values = { values: d.values, mask: d.mask, shape: slice.shape };
  const own = valueRange(d);
  const used = options.range ?? range ?? (own && ([own.min, own.max] as const));
  const transposed = axes.xDim < axes.yDim;
  const req = imageRequest(data, transposed, { ...options, range: used }, { x: false, y: false });
  mark(`image-start ${region.key}`);
  const image = await sliceImage(dataset, req);
  mark(`image-done ${region.key} ${image.path}`);
  return { region, generation, data, image, range: used };
}
