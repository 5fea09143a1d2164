/**
 * `readSeries`: the values of a variable along one dimension at a point, read chunk by chunk for a series over
 * thousands of chunks. Unlike `readSlice` it is bounded only by the store's request limit (the protocol's: 6 over
 * HTTP/1.1, 32 over HTTP/2), keeps no decoded chunk (each gives its values at the point and is dropped, so memory
 * is the requests in flight, not 10⁴ chunks in the chunk cache), decodes small chunks on this thread (a round trip
 * to a worker costs more than inflating a few KiB), and reports values as they arrive at most every `intervalMs`.
 * A read can go on from the values an earlier, cancelled one kept (`resume`).
 *
 * @example
 * const s = await readSeries(store, variable, plan.selection, { signal, onValues: (p) => draw(p.data, p.filled) });
 */
import type { DimSelection, Progress, Slice, SliceData } from '../api';
import { lanes } from '../codecs/dtype';
import { checkCodecs } from '../codecs/pipeline';
import { AbortedError, HttpError, isZarrviewError, toZarrviewError } from '../errors';
import type { Variable } from '../model/types';
import type { Store } from '../store/types';
import { HtmlAnswerError } from '../store/html';
import { arraySpec } from '../data/array-spec';
import { allocate, assemble, fillScalars, finish, outputStrides } from '../data/assemble';
import type { CachedChunk } from '../data/cache';
import { type DataContext, defaultContext, storeId } from '../data/context';
import { fetchChunk } from '../data/fetch-chunk';
import { type ChunkTask, type DimRange, planTasks, resolveSelection } from '../data/plan';
import { DecoderCache } from '../data/pool/executor';
import { yieldIfBusy } from '../data/time-slice';

/** Values so far: the series' values (the variable's type) and which of them are in. */
export interface SeriesPart {
  readonly data: SliceData;
  /** 1 where the value is in (read, or the fill value of a missing chunk). */
  readonly filled: Uint8Array;
  readonly done: number;
  readonly total: number;
}

export interface SeriesReadOptions {
  readonly signal?: AbortSignal | undefined;
  /** Chunks read so far (at most every `intervalMs`, and at the end). */
  readonly onProgress?: ((p: Progress) => void) | undefined;
  /** The values so far (at most every `intervalMs`, and once at the end): a progressive plot. */
  readonly onValues?: ((part: SeriesPart) => void) | undefined;
  /** Least time between two reports (default 100 ms: about ten redraws a second). */
  readonly intervalMs?: number | undefined;
  /**
   * Chunk loads started at once (default 64): above any protocol's request limit, so that the store's limit (which
   * queues the rest) is what bounds the read, and each slot's next request is ready the moment one completes.
   */
  readonly concurrency?: number | undefined;
  /** Chunks whose encoded bytes are at most this many are decoded on this thread (default 16 KiB). */
  readonly inlineBytes?: number | undefined;
  /** Values kept from an earlier read of the same series: chunks whose values are all in are not read again. */
  readonly resume?: SeriesPart | undefined;
  /** Executor and counters (default: the shared context); the chunk cache is only looked into, never filled. */
  readonly context?: DataContext | undefined;
}

/** Default encoded size up to which a chunk is decoded on the calling thread. */
export const INLINE_DECODE_BYTES = 16 * 1024;

const inline = new DecoderCache();

function chunkKey(store: Store, id: string, coords: readonly number[]): string {
  return `${storeId(store)}|${id}|${coords.join(',')}`;
}

/** Reads a series (a selection with one kept dimension) of `variable`. See the module doc. */
export async function readSeries(
  store: Store,
  variable: Variable,
  selection: readonly DimSelection[],
  options: SeriesReadOptions = {},
): Promise<Slice & { readonly filled: Uint8Array }> {
  const ctx = options.context ?? defaultContext();
  const { signal } = options;
  if (signal?.aborted) throw new AbortedError({ key: variable.path });
  const spec = arraySpec(variable);
  checkCodecs(spec.chunk.codecs);
  const ranges = resolveSelection(spec.shape, selection);
  const shape = ranges.filter((r) => !r.drop).map((r) => r.count);
  const n = shape.reduce((a, b) => a * b, 1);
  const outStride = outputStrides(ranges);
  const fill = fillScalars(spec.dtype, spec.fill);
  const nLanes = lanes(spec.dtype);
  const out = options.resume ? copyOut(options.resume.data, spec, n) : allocate(spec.dtype, n);
  const filled = new Uint8Array(n);
  if (options.resume?.filled.length === n) filled.set(options.resume.filled);
  const tasks = planTasks(ranges, spec.chunks).filter((t) => !covered(filled, ranges, t));
  const total = tasks.length;
  const failed: { chunk: readonly number[]; message: string }[] = [];
  let failedMask: Uint8Array | undefined;
  let done = 0;
  let bytes = 0;
  const interval = options.intervalMs ?? 100;
  let last = -Infinity;
  const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
  const report = (force = false) => {
    const t = now();
    if (!force && t - last < interval) return;
    last = t;
    options.onProgress?.({ done, total, bytes });
    if (options.onValues && !Array.isArray(out)) options.onValues({ data: out as SliceData, filled, done, total });
  };
  report(true);
  if (total > 0) ctx.executor.prepare?.(spec.chunk);
  const memo = { indexes: ctx.shardIndexes, shards: new Map<string, Promise<Uint8Array | undefined>>() };
  const inlineBytes = options.inlineBytes ?? INLINE_DECODE_BYTES;

  const decode = async (raw: Uint8Array): Promise<CachedChunk> => {
    ctx.stats.decoded++;
    if (raw.byteLength <= inlineBytes) return (await inline.get(spec.chunk)).decode(raw);
    const { sliceImage: _, ...chunk } = await ctx.executor.decode(spec.chunk, raw, signal);
    return chunk;
  };

  const load = async (task: ChunkTask): Promise<CachedChunk> => {
    // A chunk already decoded for a view (the slice on screen) is not read again; nothing is added to the cache.
    const cached = ctx.cache.peek(chunkKey(store, spec.id, task.coords));
    if (cached !== undefined) return cached;
    const raw = await fetchChunk(store, spec, task.coords, {
      signal,
      memo,
      memoPrefix: `${storeId(store)}|`,
    }).catch((e: unknown) => {
      if (e instanceof HtmlAnswerError) return undefined;
      throw e;
    });
    ctx.stats.fetches++;
    if (signal?.aborted) throw new AbortedError({ key: variable.path });
    if (!raw) return null;
    bytes += raw.byteLength;
    ctx.stats.bytesFetched += raw.byteLength;
    return decode(raw);
  };

  const run = async (task: ChunkTask) => {
    let chunk: CachedChunk;
    try {
      chunk = await load(task);
    } catch (e) {
      if (!isZarrviewError(e) || (e.code !== 'codec' && e.code !== 'chunk'))
        throw toZarrviewError(
          e,
          'network',
          `Reading a chunk of ${variable.path} failed.`,
          spec.objectPath(task.coords),
        );
      failed.push({ chunk: task.coords, message: e.message });
      chunk = null;
      failedMask ??= new Uint8Array(n);
      assemble(failedMask, outStride, ranges, task, null, [1], 1);
    }
    if (signal?.aborted) throw new AbortedError({ key: variable.path });
    assemble(out, outStride, ranges, task, chunk, fill, nLanes);
    assemble(filled, outStride, ranges, task, null, [1], 1);
    done++;
    report();
  };

  await runPool(tasks, options.concurrency ?? 64, run, signal);
  report(true);
  return {
    variable,
    shape,
    data: finish(out, spec.dtype),
    filled,
    ...(failed.length ? { failedChunks: failed, failedMask } : {}),
  };
}

/** Whether every value a task gives is in already (a series: one kept dimension; otherwise never). */
function covered(filled: Uint8Array, ranges: readonly DimRange[], task: ChunkTask): boolean {
  const kept = task.pieces.filter((_, d) => !ranges[d]!.drop);
  if (kept.length !== 1) return false;
  const { outStart, count } = kept[0]!;
  for (let i = outStart; i < outStart + count; i++) if (!filled[i]) return false;
  return true;
}

/** A copy of kept values into a new output of the variable's type (a resumed read must not write into them). */
function copyOut(data: SliceData, spec: ReturnType<typeof arraySpec>, n: number) {
  const out = allocate(spec.dtype, n);
  if (!Array.isArray(out) && !Array.isArray(data) && out.length === data.length)
    (out as unknown as { set(a: ArrayLike<number | bigint>): void }).set(data as ArrayLike<number | bigint>);
  return out;
}

/**
 * Runs `fn` over `items` with at most `limit` at once, in order; the first failure (or an abort) stops new starts.
 * Starting a load runs the store's synchronous part on this thread: after the first, starts yield when busy.
 */
async function runPool<T>(items: readonly T[], limit: number, fn: (t: T) => Promise<void>, signal?: AbortSignal) {
  let next = 0;
  let error: unknown = null;
  const slot = async () => {
    while (error === null && next < items.length) {
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
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, slot));
  if (error !== null)
    throw isZarrviewError(error) ? error : new HttpError('network', 0, String(error), { cause: error });
}
