/**
 * Big 2-D slices are drawn as an image coloured in the decode workers (drawn on a canvas under plotly's axes)
 * instead of a heatmap trace of a million cells. This module decides when, builds the request, and keeps
 * the last few images (the neighbours a prefetch prepared, the slice on screen) by values object (decoded once
 * per slice, see decode-cache.ts) and colour options.
 */
import type { ImageRequest, OpenDataset, OpenedDataset, RenderedImage } from '../../core';
import { CanvasPixels, type PixelSource } from '../../plot/pixel-canvas';
import { choosePath, glImage, pathSetting, recordWorker, type ColourPath } from '../../plot/gl/gl-image';
import { anyMasked } from '../../state/decode-cache';
import { IMAGE_MAX_CELLS } from './image-placement';
import type { ViewOptions } from '../../state/view-options';
import { displayStep, type Values } from '../shared/plot-data';

export {
  drawsAsImage,
  IMAGE_MAX_CELLS,
  IMAGE_MIN_CELLS,
  imagePlacement,
  placement,
  uniformAxis,
} from './image-placement';
export type { ImagePlacement, UniformAxis } from './image-placement';

/**
 * The worker request for a slice's image with the view's colour options. Plotly places images with positive
 * pixel sizes only: an axis whose coordinates descend (`flipX`, `flipY`) is drawn from its last index.
 */
export function imageRequest(
  data: Values,
  transposed: boolean,
  options: ViewOptions,
  flip: { readonly x: boolean; readonly y: boolean },
): ImageRequest {
  const values =
    data.values instanceof Float64Array || data.values instanceof Float32Array
      ? data.values
      : Float64Array.from(data.values);
  // No masked cell: send no mask (a megabyte less to copy to the worker, no test per pixel).
  const mask =
    data.mask === null || !anyMasked(data.mask)
      ? null
      : data.mask instanceof Uint8Array
        ? data.mask
        : Uint8Array.from(data.mask);
  return { values, mask, ...imageSpec(data.shape, transposed, options, flip) };
}

/** All of an image request but the values: how slices of `shape` are coloured in this view. */
export function imageSpec(
  shape: readonly number[],
  transposed: boolean,
  options: ViewOptions,
  flip: { readonly x: boolean; readonly y: boolean },
): Omit<ImageRequest, 'values' | 'mask'> {
  const [n0 = 1, n1 = 1] = shape;
  return {
    shape: [n0, n1],
    transposed,
    step: displayStep(n0, n1, IMAGE_MAX_CELLS),
    scale: options.scale,
    range: options.range,
    colormap: options.colormap,
    invert: options.invert,
    flipX: flip.x,
    flipY: flip.y,
  };
}

const ids = new WeakMap<object, number>();
let nextId = 1;

/** A key per values object (and mask object): the decoded slice on screen is the one a prefetch coloured. */
function identity(o: object | null): number {
  if (o === null) return 0;
  let id = ids.get(o);
  if (id === undefined) ids.set(o, (id = nextId++));
  return id;
}

function requestKey(req: ImageRequest): string {
  return JSON.stringify([
    identity(req.values),
    identity(req.mask),
    req.shape,
    req.transposed,
    req.step,
    req.scale,
    req.range,
    req.colormap,
    req.invert,
    req.flipX,
    req.flipY,
  ]);
}

export interface ShownImage extends Omit<RenderedImage, 'rgba'> {
  /** The pixels, ready to draw. */
  readonly source: PixelSource;
  readonly step: number;
  /** Which way the pixels were coloured: on the GPU (`webgl2`) or in the decode workers (`canvas`). */
  readonly path?: ColourPath | undefined;
}

/** Images kept (the one on screen, the neighbours a prefetch coloured): bounded by their pixels' bytes. */
const MAX_IMAGE_BYTES = 64 * 1024 * 1024;
interface Kept {
  promise: Promise<ShownImage>;
  bytes: number;
  value?: ShownImage;
}
const images = new Map<string, Kept>();

function hasRender(ds: OpenedDataset): ds is OpenDataset {
  return typeof (ds as Partial<OpenDataset>).renderImage === 'function';
}

/** Cache keys of an image coloured on the GPU and of one coloured by the workers. */
const glKey = (key: string) => `gl:${key}`;

/** A kept image of `req` that the colour-path setting allows (a forced path uses only its own images). */
function kept(key: string): Kept | undefined {
  const setting = pathSetting();
  return (
    (setting !== 'canvas' ? images.get(glKey(key)) : undefined) ?? (setting !== 'webgl2' ? images.get(key) : undefined)
  );
}

/** Names the path of the picture on screen on the document (`data-colour-path`, read by tests and the bench). */
export function shown(image: ShownImage): ShownImage {
  if (typeof document !== 'undefined' && image.path) document.documentElement.dataset.colourPath = image.path;
  return image;
}

/** Colours `req` on the GPU now and keeps the image, or null where WebGL2 cannot (the workers then colour it). */
function glShown(key: string, req: ImageRequest): ShownImage | null {
  try {
    const image: ShownImage = { ...glImage(req), step: req.step, path: 'webgl2' };
    const entry: Kept = { promise: Promise.resolve(image), bytes: image.width * image.height * 4, value: image };
    images.set(glKey(key), entry);
    trim();
    return image;
  } catch {
    return null;
  }
}

/**
 * The image of a slice: from the cache, or coloured — on the GPU (a draw on this thread) or in the decode workers —
 * and cached. `colourPath` in localStorage forces a path; otherwise the cheaper on this machine (gl/colour-path.ts).
 */
export function sliceImage(
  ds: OpenedDataset,
  req: ImageRequest,
  priority: 'normal' | 'low' = 'normal',
): Promise<ShownImage> {
  const key = requestKey(req);
  const hit = kept(key);
  if (hit) {
    const k = hit.value?.path === 'webgl2' ? glKey(key) : key;
    images.delete(k);
    images.set(k, hit);
    return priority === 'normal' ? hit.promise.then(shown) : hit.promise;
  }
  if (choosePath(req) === 'webgl2') {
    const image = glShown(key, req);
    if (image) return Promise.resolve(priority === 'normal' ? shown(image) : image);
  }
  if (!hasRender(ds)) return Promise.reject(new Error('This dataset cannot colour images.'));
  const t0 = performance.now();
  const p = ds.renderImage(req, { priority }).then((img) => {
    recordWorker(performance.now() - t0, img.width * img.height);
    return shownImage(img, req.step);
  });
  remember(key, req, p);
  return priority === 'normal' ? p.then(shown) : p;
}

function shownImage(img: RenderedImage, step: number): ShownImage {
  const { width, height, zmin, zmax, threshold } = img;
  return {
    width,
    height,
    zmin,
    zmax,
    threshold,
    step,
    source: new CanvasPixels(img.rgba, width, height),
    path: 'canvas',
  };
}

function remember(key: string, req: ImageRequest, p: Promise<ShownImage>): void {
  const [n0, n1] = req.shape;
  const entry: Kept = {
    promise: p,
    bytes: Math.ceil(n0 / req.step) * Math.ceil(n1 / req.step) * 4,
  };
  p.then(
    (v) => (entry.value = v),
    () => images.delete(key),
  );
  images.set(key, entry);
  trim();
}

/** Forgets the oldest images beyond the budget (the newest is always kept). */
function trim(): void {
  let total = 0;
  for (const e of images.values()) total += e.bytes;
  for (const [k, e] of images) {
    if (total <= MAX_IMAGE_BYTES || images.size <= 1) break;
    images.delete(k);
    total -= e.bytes;
  }
}

/**
 * The image of `req` if it is kept and ready now (a view shows it in its first render), else null. Where the GPU
 * colours images, it is drawn now (one draw of values decoded already: no colouring step after the last byte).
 */
export function keptImage(req: ImageRequest): ShownImage | null {
  const key = requestKey(req);
  const value = kept(key)?.value;
  if (value) return shown(value);
  if (choosePath(req) !== 'webgl2') return null;
  const image = glShown(key, req);
  return image && shown(image);
}

/** Keeps an image coloured elsewhere (a worker's decode-and-colour task) as the image of `req`. */
export function keepImage(req: ImageRequest, image: RenderedImage): void {
  const key = requestKey(req);
  if (!images.has(key)) remember(key, req, Promise.resolve(shownImage(image, req.step)));
}

/**
 * Keeps an image coloured elsewhere as the image of `req` (as `keepImage`) and returns, at once, the picture a view
 * of `req` shows (`keptImage` without colouring anything): this one, or one kept before. Null where the colour-path
 * setting leaves the workers' images unused.
 */
export function keepImageNow(req: ImageRequest, image: RenderedImage): ShownImage | null {
  const key = requestKey(req);
  if (!images.has(key)) {
    const value = shownImage(image, req.step);
    remember(key, req, Promise.resolve(value));
    images.get(key)!.value = value;
  }
  return kept(key)?.value ?? null;
}

/** Keeps `image`, made elsewhere (e.g. put together from the chunks' parts), as the image of `req`. */
export function keepShown(req: ImageRequest, image: ShownImage): void {
  const key = requestKey(req);
  if (!images.has(key)) remember(key, req, Promise.resolve(image));
}
