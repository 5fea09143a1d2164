/** Reading one region of one level and making its picture (coloured by the same path as every heatmap image). */
import { mark } from '../../common/marks';
import {
  defaultFillFor,
  takeChunkImages,
  valueRange,
  type ChunkImage,
  type OpenDataset,
  type OpenedDataset,
  type Progress,
  type Slice,
  type SliceImageOptions,
} from '../../core';
import { choosePath } from '../../plot/gl/gl-image';
import type { ViewOptions } from '../../state/view-options';
import { decodeOnce } from '../../state/decode-cache';
import type { Values } from '../shared/plot-data';
import { imageRequest, imageSpec, shown, sliceImage, type ShownImage } from './slice-image';
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
  const transposed = axes.xDim < axes.yDim;
  // The colour range is known before the read (the first picture's, or the user's): each chunk is coloured by the
  // worker that decodes it, and the parts are put side by side (no second pass over the values).
  const known = options.range ?? range;
  const chunkImages = known && chunkImageOptions(dataset, region, transposed, { ...options, range: known });
  const slice = await (dataset.read as OpenDataset['read']).call(dataset, region.level.path, region.selection, {
    signal,
    onProgress,
    ...(chunkImages ? { chunkImages } : {}),
  });
  mark(`read-done ${region.key}`);
  // Every chunk coloured by its worker with the known range: the picture is its parts side by side, shown before
  // the region's values are CF-decoded (for the hover and the export, when first asked for).
  const parts = chunkImages && partsOf(slice, chunkImages);
  if (parts && known) {
    const [n0, n1] = slice.shape;
    const image = shown(composed([n0!, n1!], transposed, parts));
    mark(`image-done ${region.key} ${image.path}`);
    let data: Values | undefined;
    return {
      region,
      generation,
      get data() {
        return (data ??= valuesOf(decoded(dataset, slice, region), slice));
      },
      image,
      range: known,
    };
  }
  const d = decoded(dataset, slice, region);
  mark(`decoded ${region.key}`);
  const data = valuesOf(d, slice);
  const own = known ? null : valueRange(d);
  const used = known ?? (own && ([own.min, own.max] as const));
  const req = imageRequest(data, transposed, { ...options, range: used }, { x: false, y: false });
  mark(`image-start ${region.key}`);
  const image = await sliceImage(dataset, req);
  mark(`image-done ${region.key} ${image.path}`);
  return { region, generation, data, image, range: used };
}

/** The region's values, CF-decoded (once per slice: decode-cache.ts). */
function decoded(dataset: OpenedDataset, slice: Slice, region: TileRegion): NonNullable<ReturnType<typeof decodeOnce>> {
  const d = decodeOnce(dataset, slice);
  if (!d) throw new Error(`${region.level.path} holds no numbers to draw.`);
  return d;
}

function valuesOf(d: NonNullable<ReturnType<typeof decodeOnce>>, slice: Slice): Values {
  return { values: d.values, mask: d.mask, shape: slice.shape };
}

/** The chunks' coloured parts of a region read (taken once from the slice, kept for a read of the same slice). */
const partsBySlice = new WeakMap<Slice, { readonly options: string; readonly parts: readonly ChunkImage[] }>();

function partsOf(slice: Slice, options: SliceImageOptions): readonly ChunkImage[] | undefined {
  const key = JSON.stringify(options);
  const made = takeChunkImages(slice);
  if (made && JSON.stringify(made.options) === key) partsBySlice.set(slice, { options: key, parts: made.parts });
  const kept = partsBySlice.get(slice);
  return kept && kept.options === key ? kept.parts : undefined;
}

/**
 * How each chunk of `region` is coloured with its decode (`ReadOptions.chunkImages`), or undefined where the view
 * colours the region whole: a region drawn every k-th cell, values shown stored, a dataset without workers, or a
 * machine where the GPU colours the pictures.
 */
function chunkImageOptions(
  dataset: OpenedDataset,
  region: TileRegion,
  transposed: boolean,
  options: ViewOptions,
): SliceImageOptions | undefined {
  if (options.raw || !(dataset as Partial<OpenDataset>).renderSlice) return undefined;
  // The slice's shape in its dimensions' order (the region counts cells along [y, x]).
  const [cy, cx] = region.count;
  const image = imageSpec(transposed ? [cx, cy] : [cy, cx], transposed, options, { x: false, y: false });
  if (image.step !== 1 || choosePath({ ...image, values: new Float32Array(0), mask: null }) !== 'canvas')
    return undefined;
  return { defaultFill: defaultFillFor(dataset.model.dialect), image };
}

/** The region's picture from its chunks' parts (each at its place; the first dimension is x when transposed). */
function composed(shape: readonly [number, number], transposed: boolean, parts: readonly ChunkImage[]): ShownImage {
  const [n0, n1] = shape;
  const [width, height] = transposed ? [n0, n1] : [n1, n0];
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [width, height];
  const ctx = canvas.getContext('2d');
  for (const { start, result } of parts) {
    const { rgba, width: w, height: h } = result.image;
    const [x, y] = transposed ? [start[0]!, start[1]!] : [start[1]!, start[0]!];
    ctx?.putImageData(new ImageData(rgba as Uint8ClampedArray<ArrayBuffer>, w, h), x, y);
  }
  const { zmin, zmax, threshold } = parts[0]!.result.image;
  return { width, height, zmin, zmax, threshold, step: 1, source: canvas, path: 'canvas' };
}
