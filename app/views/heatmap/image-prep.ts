/**
 * Heatmap images made ahead, off the main thread: how a view draws slices as images (`imagePlan`), a slice decoded
 * and coloured in one worker task and kept where the view looks it up (`prepareSliceImage`), and the workers'
 * code warmed up while a variable's first slice is on the network (`warmSliceImage`).
 */
import { CanvasPixels, prepareCanvas } from '../../plot/pixel-canvas';
import type { RasterExtent } from '../../plot/raster-geometry';
import type { RasterImage } from '../../plot/raster-types';
import {
  defaultFillFor,
  imageSize,
  takeSliceImage,
  walkVariables,
  type OpenDataset,
  type OpenedDataset,
  type Slice,
  type SliceImageOptions,
  type ImageRequest,
  type MadeSliceImage,
} from '../../core';
import { isDecoded, primeDecoded, remember } from '../../state/decode-cache';
import { defaultViewOptions, type ViewKind, type ViewOptions } from '../../state/view-options';
import { displayStep } from '../shared/plot-data';
import {
  drawsAsImage,
  IMAGE_MAX_CELLS,
  IMAGE_MIN_CELLS,
  imageRequest,
  imageSpec,
  keepImage,
  keepImageNow,
  placement,
  uniformAxis,
  type ShownImage,
  type UniformAxis,
} from './slice-image';
import type { Axes } from '../shared/use-axes';

/** How the heatmap draws a slice as an image: which way round, and which axes run from their last index. */
export interface ImagePlan {
  /** The shape of the slices it is for. */
  readonly shape: readonly number[];
  readonly transposed: boolean;
  readonly flip: { readonly x: boolean; readonly y: boolean };
  /** The image's axes: evenly spaced coordinates along x and y, and their lengths (for a coarser image's extent). */
  readonly axes: { readonly x: UniformAxis; readonly y: UniformAxis; readonly nx: number; readonly ny: number };
}

/** Axis values as the heatmap gets them, or null when that axis has date labels (never an image). */
function axisValues(axes: Axes, d: number, n: number): readonly number[] | null {
  if (axes.axes[d]?.time) return null;
  const v = axes.values[d];
  return v ? Array.from(v.values) : Array.from({ length: n }, (_, i) => i);
}

/** How the heatmap would draw slices of `shape` in this view as images, or null when it would not. */
export function imagePlan(
  shape: readonly number[],
  axes: Axes,
  x: number | null,
  y: number | null,
  kind: ViewKind,
  stride: number,
): ImagePlan | null {
  if (kind !== 'heatmap' || x === null || y === null || shape.length !== 2 || stride !== 1) return null;
  const transposed = y > x;
  const [n0 = 1, n1 = 1] = shape;
  const [ny, nx] = transposed ? [n1, n0] : [n0, n1];
  const xv = axisValues(axes, x, nx);
  const yv = axisValues(axes, y, ny);
  if (!xv || !yv || !drawsAsImage(ny, nx, xv, yv)) return null;
  const step = displayStep(n0, n1, IMAGE_MAX_CELLS);
  const ax = uniformAxis(xv)!;
  const ay = uniformAxis(yv)!;
  const px = placement(ax, nx, step);
  const py = placement(ay, ny, step);
  return { shape: [...shape], transposed, flip: { x: px.flip, y: py.flip }, axes: { x: ax, y: ay, nx, ny } };
}

/**
 * The step of a first picture at about the plot's resolution (`ReadOptions.preview`): the coarsest whose image
 * still has about one pixel per device pixel of the plot area (`width` × `height` CSS pixels) along both
 * axes; undefined when that is the full image's own step (nothing to gain).
 */
export function previewStep(plan: ImagePlan, width: number, height: number, dpr: number): number | undefined {
  const { nx, ny } = plan.axes;
  if (width <= 0 || height <= 0) return undefined;
  const step = Math.round(Math.min(nx / (width * dpr), ny / (height * dpr)));
  const full = displayStep(plan.shape[0] ?? 1, plan.shape[1] ?? 1, IMAGE_MAX_CELLS);
  return step > full ? step : undefined;
}

/** Where the image of `plan` at `step` lies (the pixels of a coarser image over the same cells). */
export function stepExtent(plan: ImagePlan, step: number): RasterExtent {
  const { x, y, nx, ny } = plan.axes;
  const px = placement(x, nx, step);
  const py = placement(y, ny, step);
  return { x0: px.start, dx: px.size, y0: py.start, dy: py.size };
}

/**
 * The first picture of a read at its preview step `step` (`onSlicePreview`), or null when the view now wants another image
 * (options changed since the read asked for it).
 */
export function previewImage(
  ds: OpenedDataset,
  plan: ImagePlan,
  options: ViewOptions,
  made: MadeSliceImage,
  step: number,
): RasterImage | null {
  if (!madeAsWanted(ds, plan, options, made)) return null;
  const { width, height, rgba } = made.result.image;
  return {
    width,
    height,
    source: new CanvasPixels(rgba, width, height),
    extent: stepExtent(plan, step),
    preview: true,
  };
}

/**
 * How the worker that decodes a slice's one chunk should make its image (see `ReadOptions.image`), or undefined
 * where the view takes the usual way (stored values, no workers).
 */
export function imageOptions(ds: OpenedDataset, plan: ImagePlan, options: ViewOptions): SliceImageOptions | undefined {
  if (options.raw || !(ds as Partial<OpenDataset>).renderSlice) return undefined;
  return {
    defaultFill: defaultFillFor(ds.model.dialect),
    image: imageSpec(plan.shape, plan.transposed, options, plan.flip),
  };
}

/** Whether an image made with a read's decode was made as the view would ask for it now (same options). */
function madeAsWanted(ds: OpenedDataset, plan: ImagePlan, options: ViewOptions, made: MadeSliceImage): boolean {
  const wanted = imageOptions(ds, plan, options);
  return wanted !== undefined && JSON.stringify(made.options) === JSON.stringify(wanted);
}

/**
 * The view's request for an image made with a slice's decode (its decoded values, the view's colour options), or
 * null when the view now wants another image (options changed since the read asked for it, another shape).
 */
function madeRequest(
  ds: OpenedDataset,
  plan: ImagePlan,
  options: ViewOptions,
  made: MadeSliceImage | undefined,
): ImageRequest | null {
  const decoded = made?.result.decoded;
  if (!made || !decoded || !madeAsWanted(ds, plan, options, made)) return null;
  // Made for the shape read (the plan is the view's).
  if (made.options.image.shape.join() !== decoded.shape.join()) return null;
  // Whether any cell is masked, as the decode counted (the first picture waits for this request: no scan of its mask).
  remember(decoded);
  const data = { values: decoded.values, mask: decoded.mask, shape: decoded.shape };
  return imageRequest(data, plan.transposed, options, plan.flip);
}

/** Keeps an image made with the slice's decode, if it is the one the view wants now; whether it did. */
function keepMadeImage(
  ds: OpenedDataset,
  slice: Slice,
  plan: ImagePlan,
  options: ViewOptions,
  made: MadeSliceImage | undefined,
): boolean {
  const req = madeRequest(ds, plan, options, made);
  if (!req || !made?.result.decoded || !primeDecoded(slice, made.result.decoded)) return false;
  keepImage(req, made.result.image);
  return true;
}

/**
 * The picture of a slice whose image the worker that decoded its one chunk made, as soon as it is made (before the
 * read returns the slice): kept where the view will look it up, and returned to be drawn now. Null when the view
 * would not show that image (options changed since the read asked for it, another colour path).
 */
export function earlySliceImage(
  ds: OpenedDataset,
  plan: ImagePlan,
  options: ViewOptions,
  made: MadeSliceImage,
): ShownImage | null {
  const req = madeRequest(ds, plan, options, made);
  return req ? keepImageNow(req, made.result.image) : null;
}

/**
 * A slice read for a heatmap image, CF-decoded and coloured in one worker task: the decoded values and the image
 * are kept where the view looks them up (decode-cache.ts, the images above), so the main thread only draws.
 * Stored values ("Raw values") and datasets without workers take the usual way.
 */
export async function prepareSliceImage(
  ds: OpenedDataset,
  slice: Slice,
  plan: ImagePlan,
  options: ViewOptions,
  priority: 'normal' | 'low' = 'normal',
  signal?: AbortSignal,
): Promise<void> {
  const renderSlice = (ds as Partial<OpenDataset>).renderSlice;
  // Taken whatever happens next, so that an image the view does not use is not kept with the slice.
  const made = takeSliceImage(slice);
  // A slice decoded before (a prefetched neighbour, a slice shown again) is ready: its image is kept already.
  if (options.raw || !renderSlice || slice.complex || !ArrayBuffer.isView(slice.data) || isDecoded(slice)) return;
  if (keepMadeImage(ds, slice, plan, options, made)) return;
  const spec = imageSpec(slice.shape, plan.transposed, options, plan.flip);
  const { decoded, image } = await renderSlice.call(
    ds,
    { slice, defaultFill: defaultFillFor(ds.model.dialect), image: spec },
    { priority, signal },
  );
  if (!decoded || !primeDecoded(slice, decoded)) return;
  const data = { values: decoded.values, mask: decoded.mask, shape: slice.shape };
  keepImage(imageRequest(data, plan.transposed, options, plan.flip), image);
}

/**
 * Warms the workers up for the value type of the dataset's first variable big enough to be drawn as an image (one
 * type: each warm-up passes about 17 MB per worker through memory; the colouring loop is shared by all types).
 */
export function warmForDataset(ds: OpenedDataset): void {
  const seen = new Set<string>();
  for (const v of walkVariables(ds.model.root)) {
    if (seen.has(v.type)) continue;
    const [a = 1, b = 1] = v.shape.slice(-2);
    if (v.shape.length < 2 || a * b < IMAGE_MIN_CELLS) continue;
    seen.add(v.type);
    (ds as Partial<OpenDataset>).prepareVariable?.call(ds, v);
    warmSliceImage(ds, v);
    if (seen.size >= 1) break;
  }
}

const ARRAYS: Partial<Record<string, new (n: number) => ArrayBufferView & { [i: number]: number }>> = {
  float: Float32Array,
  double: Float64Array,
  short: Int16Array,
  ushort: Uint16Array,
  int: Int32Array,
  uint: Uint32Array,
  byte: Int8Array,
  ubyte: Uint8Array,
};
/** Types warmed up: the decode workers live as long as the page, whatever dataset is open. */
const warmed = new Set<string>();
/**
 * Side of the made-up slice, run `WARM_RUNS` times in every worker: so that the optimising compiler has taken the
 * loops over by the first real heatmap (one run of a 256 × 256 slice left it 2–3× slower than the next). 1024² × 2,
 * 512² × 4 and 256² × 8 gave the same first heatmaps; this one leaves the least garbage per run.
 */
const WARM_SIDE = 512;
const WARM_RUNS = 4;

/**
 * Runs the decode-and-colour task a few times on a made-up slice of this variable's type in every worker (when the
 * page is idle after a dataset opened): the first heatmap of a page then runs compiled code, not the interpreter's.
 */
export function warmSliceImage(ds: OpenedDataset, variable: Slice['variable']): void {
  const warm = (ds as Partial<OpenDataset>).warmSliceImage;
  const Typed = ARRAYS[variable.type];
  const [a = 1, b = 1] = variable.shape.slice(-2);
  if (!warm || !Typed || variable.shape.length < 2 || a * b < IMAGE_MIN_CELLS) return;
  if (warmed.has(variable.type)) return;
  warmed.add(variable.type);
  const shape = [WARM_SIDE, WARM_SIDE];
  const data = new Typed(WARM_SIDE * WARM_SIDE);
  // Fractional values in every bin of the colour table: a bin whose colour varies (the table's exact fallback) is
  // then compiled too, as a real field's noise needs it (integers only left the first real image ~3× slower).
  for (let i = 0; i < WARM_SIDE * WARM_SIDE; i++) data[i] = (i % 251) + ((i * 37) % 100) / 100;
  // And missing values (a float field's NaN), so that the masking and the transparent pixels are compiled as well:
  // a path the warm-up never ran throws the compiled loop away when the first real field has it.
  if (data instanceof Float32Array || data instanceof Float64Array)
    for (let i = 0; i < WARM_SIDE * WARM_SIDE; i += 97) data[i] = NaN;
  const slice = { variable: { ...variable, shape }, shape, data: data as Slice['data'] };
  const image = imageSpec(shape, false, defaultViewOptions(), { x: false, y: true });
  // Nothing comes back, so the page has no garbage to collect. The workers get memory ready for the real image.
  const real = imageSpec([a, b], false, defaultViewOptions(), { x: false, y: false });
  const { width, height } = imageSize(real);
  warm.call(ds, { slice, defaultFill: defaultFillFor(ds.model.dialect), image }, WARM_RUNS, width * height * 4);
  // And this page the canvas the image will be drawn through.
  prepareCanvas(width, height);
}
