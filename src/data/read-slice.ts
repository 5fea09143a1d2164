/**
 * `readSlice`: plan a selection into chunk tasks, fetch each chunk's bytes through the Store, decode them (worker
 * pool or in-process), and assemble a C-order result on the calling thread.
 *
 * @example
 * const slice = await readSlice(store, variable, [0, null, { start: 0, stop: 100, step: 2 }], { signal, onProgress });
 */
import type { DimSelection, ReadOptions, Slice, SliceData } from '../api';
import { lanes, valueSize } from '../codecs/dtype';
import { checkCodecs } from '../codecs/pipeline';
import { AbortedError, BudgetError, HttpError, isZarrviewError, toZarrviewError } from '../errors';
import type { Variable } from '../model/types';
import type { Store } from '../store/types';
import { type ArraySpec, arraySpec } from './array-spec';
import { allocate, assemble, fillScalars, finish, outputStrides, wholeChunkView } from './assemble';
import { type CachedChunk } from './cache';
import { type DataContext, defaultContext, storeId } from './context';
import { type ChunkLoad, type LoadTally, loadChunk } from './load-chunk';
import type { SliceImageResult } from '../render/slice-image-task';
import { type ChunkTask, type DimRange, countTasks, planTasks, resolveSelection } from './plan';
import { yieldIfBusy } from './time-slice';
import { chunkFuse, isWholeChunk } from './chunk-fuse';
import {
  attachChunkImages,
  attachSliceImage,
  type ChunkImage,
  type FusedImage,
  type MadeSliceImage,
  type SliceImageOptions,
} from './pool/fused-image';

export interface ReadSliceOptions extends ReadOptions {
  /** Read every k-th element along every kept dimension (a thinned preview of a big selection). */
  readonly stride?: number | undefined;
  /** Largest result accepted, in bytes; defaults to the context's cache budget. */
  readonly budgetBytes?: number | undefined;
  /** Most chunks one read may touch (default `MAX_CHUNKS_PER_READ`): each is a request and a task. */
  readonly maxChunks?: number | undefined;
  /** Cache + executor to use; defaults to a shared one (a worker pool in browsers). */
  readonly context?: DataContext | undefined;
  /** `low`: a prefetch (its decodes wait for the reads the user waits for; cache hits on it are counted). */
  readonly priority?: 'normal' | 'low' | undefined;
  /**
   * The slice will be shown as an image made this way: when it is one whole chunk, the worker that decodes it makes
   * the image in the same task, and `takeSliceImage(slice)` gives it to the view.
   */
  readonly image?: SliceImageOptions | undefined;
  /**
   * The 2-D slice will be shown as an image made this way, over a colour range given in it (`image.range`), one pixel
   * a cell: each chunk that lies whole in the slice is coloured by the worker that decodes it, in the same task, and
   * `takeChunkImages(slice)` gives the parts when every chunk has one (the view then puts them side by side instead
   * of colouring the slice again).
   */
  readonly chunkImages?: SliceImageOptions | undefined;
  /**
   * Called as soon as the image asked for with `image` is made (the slice is that one whole chunk), before the slice
   * itself is returned: a view can draw the picture at once. The same image is given by `takeSliceImage(slice)`.
   */
  readonly onSliceImage?: ((made: MadeSliceImage) => void) | undefined;
  /**
   * With `image` and `onSlicePreview`: a coarser step (about the plot's resolution). The worker that makes the image
   * with the decode colours the slice at this step first and `onSlicePreview` gets that picture (no values) before
   * the full image is made.
   */
  readonly preview?: number | undefined;
  readonly onSlicePreview?: ((made: MadeSliceImage) => void) | undefined;
}

function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.ceil(n / 1024)} KB`;
}

/** The smallest stride k whose thinned result fits in `budget`. */
export function suggestStride(ranges: readonly DimRange[], elementBytes: number, budget: number): number {
  const counts = ranges.filter((r) => !r.drop).map((r) => r.count);
  const size = (k: number) => counts.reduce((a, c) => a * Math.ceil(c / k), 1) * elementBytes;
  let k = 1;
  const max = Math.max(1, ...counts);
  while (size(k) > budget && k < max) k = Math.max(k + 1, Math.floor(k * 1.1));
  return k;
}

function checkBudget(variable: Variable, spec: ArraySpec, ranges: readonly DimRange[], budget: number, stride: number) {
  const n = ranges.reduce((a, r) => a * r.count, 1);
  const elementBytes = spec.dtype.kind === 'bool' ? 1 : valueSize(spec.dtype);
  const bytes = n * elementBytes;
  if (bytes <= budget) return;
  const base = stride > 1 ? ranges.map((r) => ({ ...r, count: r.count })) : ranges;
  const k = suggestStride(base, elementBytes, budget) * stride;
  throw new BudgetError(
    bytes,
    budget,
    `Reading this selection of ${variable.path} needs ${formatBytes(bytes)}, more than the ${formatBytes(budget)} ` +
      `memory budget. Select a smaller range, or read every ${k}-th element (stride ${k}).`,
    { key: variable.path, suggestedStride: k },
  );
}

/** Default bound on the chunks one read touches (each one a request, a decode and a task in memory). */
export const MAX_CHUNKS_PER_READ = 100_000;

/** Refuses, before anything is fetched or allocated, a read of too many chunks or of chunks too big to decode. */
function checkChunks(variable: Variable, spec: ArraySpec, total: number, budget: number, maxChunks: number) {
  if (total > maxChunks) {
    throw new BudgetError(
      total,
      maxChunks,
      `This selection of ${variable.path} touches ${total.toLocaleString('en')} chunks, more than the ${maxChunks.toLocaleString('en')} one read may fetch. ` +
        'Select a smaller range, or read with a stride.',
      { key: variable.path },
    );
  }
  if (total === 0) return;
  const chunkBytes = spec.chunk.shape.reduce((a, n) => a * n, 1) * Math.max(spec.dtype.itemSize, valueSize(spec.dtype));
  if (chunkBytes > budget) {
    throw new BudgetError(
      chunkBytes,
      budget,
      `One chunk of ${variable.path} decodes to ${formatBytes(chunkBytes)}, more than the ${formatBytes(budget)} memory budget; it cannot be read here.`,
      { key: variable.path },
    );
  }
}

function chunkKey(store: Store, spec: ArraySpec, coords: readonly number[]): string {
  return `${storeId(store)}|${spec.id}|${coords.join(',')}`;
}

/** Reads a selection of a variable into a C-order slice. See the module doc. */
export async function readSlice(
  store: Store,
  variable: Variable,
  selection: readonly DimSelection[],
  options: ReadSliceOptions = {},
): Promise<Slice> {
  const ctx = options.context ?? defaultContext();
  const signal = options.signal;
  if (signal?.aborted) throw new AbortedError({ key: variable.path });
  const spec = arraySpec(variable);
  checkCodecs(spec.chunk.codecs);
  const stride = options.stride ?? 1;
  const ranges = resolveSelection(spec.shape, selection, stride);
  const budget = options.budgetBytes ?? ctx.cache.budget;
  checkBudget(variable, spec, ranges, budget, stride);
  const total = countTasks(ranges, spec.chunks);
  checkChunks(variable, spec, total, Math.max(budget, ctx.cache.budget), options.maxChunks ?? MAX_CHUNKS_PER_READ);
  const tasks = planTasks(ranges, spec.chunks);
  // The workers load this variable's codecs while its chunks are on the network.
  if (tasks.length > 0) ctx.executor.prepare?.(spec.chunk);
  const n = ranges.reduce((a, r) => a * r.count, 1);
  const nLanes = lanes(spec.dtype);
  // Allocated at the first chunk, unless the slice is that one whole chunk (then its decoded values are the slice).
  let out: ReturnType<typeof allocate> | null = null;
  const outStride = outputStrides(ranges);
  const shape = ranges.filter((r) => !r.drop).map((r) => r.count);
  const fill = fillScalars(spec.dtype, spec.fill);
  const failed: { chunk: readonly number[]; message: string }[] = [];
  let failedMask: Uint8Array | undefined;
  // Fixed-size strings: elements of missing chunks hold the fill value, which netcdf-c tells from a written empty
  // string (ncdump prints `_` for one, NIL for the other); their mask says which.
  let missingMask: Uint8Array | undefined;
  const trackMissing = variable.type === 'string' && variable.itemSize > 0;
  const memo = { indexes: ctx.shardIndexes, shards: new Map<string, Promise<Uint8Array | undefined>>() };
  // One chunk that may be the whole slice: its decode may make the slice's image too.
  const fuse: FusedImage | undefined =
    options.image && tasks.length === 1 && !trackMissing && isWholeChunk(spec, ranges, tasks[0]!, n)
      ? { ...options.image, n, slice: { variable, shape }, preview: options.onSlicePreview && options.preview }
      : undefined;
  let done = 0;
  // Chunks answered with a site's web page (HTML) instead of data are missing, and reported once on the slice.
  const tally: LoadTally = { bytes: 0, htmlChunks: 0 };
  const report = () => options.onProgress?.({ done, total, bytes: tally.bytes });
  report();

  const image = options.image;
  const onSlicePreview = options.onSlicePreview;
  const onPreview =
    fuse?.preview && image && onSlicePreview
      ? (result: SliceImageResult) => onSlicePreview({ options: image, result })
      : undefined;
  const decode = { priority: options.priority, image: fuse, onPreview };
  const loading: ChunkLoad = { ctx, store, spec, memo, decode, tally };
  // Each whole chunk's part of the image, made with its decode (not when the slice is one chunk with its image);
  // any chunk without one (cached, at an edge, failed) leaves the whole image to the view.
  const chunkImages = fuse ? undefined : options.chunkImages;
  const parts = new Map<ChunkTask, ChunkImage>();
  const load = (task: ChunkTask) => {
    const part = chunkFuse(chunkImages, spec, ranges, task, variable);
    if (!part) return (s: AbortSignal) => loadChunk(loading, task.coords, s);
    const kept = task.pieces.filter((_, d) => !ranges[d]!.drop);
    const onImage = (result: SliceImageResult | undefined) => {
      if (result) parts.set(task, { start: kept.map((p) => p.outStart), count: kept.map((p) => p.count), result });
    };
    const own: ChunkLoad = { ...loading, decode: { priority: options.priority, image: part }, onImage };
    return (s: AbortSignal) => loadChunk(own, task.coords, s);
  };

  const run = async (task: ChunkTask) => {
    let chunk: CachedChunk;
    try {
      chunk = await ctx.cache.load(chunkKey(store, spec, task.coords), load(task), signal, {
        prefetch: options.priority === 'low',
      });
    } catch (e) {
      if (isZarrviewError(e) && (e.code === 'codec' || e.code === 'chunk')) {
        failed.push({ chunk: task.coords, message: e.message });
        chunk = null;
        failedMask ??= new Uint8Array(n);
        assemble(failedMask, outStride, ranges, task, null, [1], 1);
      } else
        throw toZarrviewError(
          e,
          'network',
          `Reading a chunk of ${variable.path} failed.`,
          spec.objectPath(task.coords),
        );
    }
    if (tasks.length === 1 && out === null) out = wholeChunkView(spec.dtype, ranges, task, chunk, n);
    if (out !== null && out === chunk?.data) {
      done++;
      report();
      if (fuse && options.image && tally.sliceImage && !failed.length)
        options.onSliceImage?.({ options: options.image, result: tally.sliceImage });
      return;
    }
    // Assembly runs on this thread: keep it in short tasks (see time-slice.ts).
    await yieldIfBusy();
    if (signal?.aborted) throw new AbortedError({ key: variable.path });
    out ??= allocate(spec.dtype, n);
    assemble(out, outStride, ranges, task, chunk, fill, nLanes);
    // Copied into the slice, kept by no cache: its memory goes back to the worker that decoded it, for the next
    // chunks (a read larger than the cache leaves no garbage the size of the read behind it).
    if (ctx.cache.release(chunk)) ctx.executor.recycle?.(chunk!.data);
    if (chunk === null && trackMissing) {
      missingMask ??= new Uint8Array(n);
      assemble(missingMask, outStride, ranges, task, null, [1], 1);
    }
    done++;
    report();
    if (options.onChunk && !Array.isArray(out) && spec.dtype.kind !== 'bool') {
      const kept = task.pieces.filter((_, d) => !ranges[d]!.drop);
      options.onChunk({
        shape,
        data: out as SliceData,
        start: kept.map((p) => p.outStart),
        count: kept.map((p) => p.count),
      });
    }
  };

  // Enough fetches in flight to cover a browser's per-host connections and the decoders' queue.
  await runLimited(tasks, ctx.fetchConcurrency ?? Math.max(16, ctx.executor.concurrency * 4), run, signal);
  const result: Slice = {
    variable,
    shape,
    data: finish(out ?? allocate(spec.dtype, n), spec.dtype),
    ...(spec.dtype.kind === 'complex' ? { complex: true } : {}),
    ...(failed.length ? { failedChunks: failed, failedMask } : {}),
    ...(missingMask ? { missingMask } : {}),
    ...(tally.htmlChunks > 0 ? { htmlChunks: tally.htmlChunks } : {}),
  };
  if (chunkImages && tasks.length > 0 && parts.size === tasks.length && !failed.length)
    attachChunkImages(result, chunkImages, [...parts.values()]);
  // Made from the chunk's own values, which are the slice's when no chunk failed.
  if (tally.sliceImage && options.image && result.data === out && !failed.length) {
    attachSliceImage(result, options.image, tally.sliceImage);
    ctx.stats.imagesWithDecode++;
  }
  return result;
}

/** Runs `fn` over `items` with at most `limit` at once; the first failure (or an abort) stops new starts. */
async function runLimited<T>(items: readonly T[], limit: number, fn: (t: T) => Promise<void>, signal?: AbortSignal) {
  let next = 0;
  let error: unknown = null;
  const worker = async () => {
    while (error === null && next < items.length) {
      // Starting a load runs the store's synchronous part here: not too many at once in one task. The first one
      // starts at once, in the task that asked for the read (which may have been busy with other work, such as the
      // rendering that a click caused): its request is what the user waits for.
      if (next > 0) await yieldIfBusy();
      if (error !== null || next >= items.length) return;
      if (signal?.aborted) {
        error ??= new AbortedError();
        return;
      }
      const item = items[next++] as T;
      try {
        await fn(item);
      } catch (e) {
        error ??= e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (error !== null)
    throw isZarrviewError(error) ? error : new HttpError('network', 0, String(error), { cause: error });
}
