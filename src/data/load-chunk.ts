/**
 * One chunk of a read, from the store to decoded values: fetched through the store and decoded in the pool. Where
 * the store allows it (`Store.direct`: a public URL), the decoding worker fetches the chunk itself, within the
 * store's concurrency and time limits, so the bytes never cross this thread (which may be busy drawing);
 * compressed with Blosc, zlib or gzip, a chunk is decoded while it arrives — in that worker, or, when this thread
 * fetches a chunk whose image is made with its decode, handed to the worker part by part as it is read
 * (`DecodeExecutor.decodeStream`).
 */
import { decodesWhileArriving } from '../codecs/pipeline';
import { AbortedError } from '../errors';
import type { SliceImageResult } from '../render/slice-image-task';
import { HtmlAnswerError } from '../store/html';
import type { Store } from '../store/types';
import type { ArraySpec } from './array-spec';
import type { CachedChunk } from './cache';
import { type DataContext, storeId } from './context';
import { fetchChunk, type ShardMemo } from './fetch-chunk';
import type { DecodeOptions, DecodeStream } from './pool/executor';

/** What a read's chunk loads found, for the slice. */
export interface LoadTally {
  /** Encoded bytes fetched. */
  bytes: number;
  /** Chunks answered with a web page (HTML): missing. */
  htmlChunks: number;
  /** The image made with the decode of the slice's one chunk. */
  sliceImage?: SliceImageResult | undefined;
}

export interface ChunkLoad {
  readonly ctx: DataContext;
  readonly store: Store;
  readonly spec: ArraySpec;
  readonly memo: ShardMemo;
  /** How the chunk is decoded: its priority, and the image to make with it when it is the whole slice. */
  readonly decode: DecodeOptions;
  readonly tally: LoadTally;
  /** Takes the image made with this chunk's decode (one chunk's part of the slice's image), instead of the tally. */
  readonly onImage?: ((image: SliceImageResult | undefined) => void) | undefined;
}

/**
 * Whether a chunk this thread fetches is handed to its worker part by part: a chunk whose image is made with its
 * decode, with a codec that decodes while the bytes arrive.
 */
function arrivesDecoding(load: ChunkLoad): boolean {
  return load.decode.image !== undefined && decodesWhileArriving(load.spec.chunk);
}

/** Loads and decodes the chunk at `coords` (null: missing, the fill value applies). */
export async function loadChunk(load: ChunkLoad, coords: readonly number[], signal: AbortSignal): Promise<CachedChunk> {
  const { ctx, spec, tally } = load;
  const early = arrivesDecoding(load);
  // A chunk is fetched by the worker that decodes it where the store allows it (any codec): its bytes do not wait
  // for this thread, which may be busy drawing or handling the other responses, on their way to the worker. A
  // prefetch without an image is left to the store's own requests, which the pool does not hold up.
  const worker = (load.decode.image !== undefined || load.decode.priority !== 'low') && !spec.shard;
  const direct = worker && ctx.executor.fetchDecode ? load.store.direct?.(spec.objectPath(coords)) : undefined;
  if (direct) {
    // A place's release does nothing when called again (the body's end, then the end of the job).
    const release = (await direct.acquire?.(signal)) ?? (() => undefined);
    // With requests waiting for a place, this one's is given back once its body is in (its connection takes the
    // next request while the worker finishes the decode); else when it ends (no message more per chunk).
    const r = await ctx.executor.fetchDecode!(direct.url, spec.chunk, signal, {
      ...load.decode,
      idleMs: direct.idleMs,
      forbiddenIsMissing: direct.forbiddenIsMissing,
      onBodyDone: direct.crowded?.() ? release : undefined,
    }).finally(release);
    if (signal.aborted) throw new AbortedError();
    // Counted in the telemetry either way (the worker made the request); a fallback is a failed attempt retried.
    direct.done(r.kind === 'decoded' || r.kind === 'undecodable' ? r.bytes : 0, r.kind === 'fallback');
    if (r.kind !== 'fallback') {
      ctx.stats.fetches++;
      if (r.kind === 'missing') {
        if (r.html) tally.htmlChunks++;
        return null;
      }
      // A worker decodes Blosc, zlib and gzip chunks as they arrive.
      fetched(load, r.bytes, decodesWhileArriving(spec.chunk));
      if (r.kind === 'undecodable') throw r.error;
      return decoded(load, r.result);
    }
    // Not fetched that way (a failure, an answer that is not the chunk): the store's own request says why.
  }
  const stream = early && ctx.executor.decodeStream ? ctx.executor.decodeStream(spec.chunk, signal, load.decode) : null;
  const raw = await fetchChunk(load.store, spec, coords, {
    signal,
    memo: load.memo,
    memoPrefix: `${storeId(load.store)}|`,
    onPart: stream ? partsOf(stream) : undefined,
    priority: load.decode.priority,
  })
    .catch((e: unknown) => {
      if (!(e instanceof HtmlAnswerError)) throw e;
      tally.htmlChunks++;
      return undefined;
    })
    .catch((e: unknown) => {
      stream?.cancel();
      throw e;
    });
  ctx.stats.fetches++;
  if (signal.aborted || !raw) stream?.cancel();
  if (signal.aborted) throw new AbortedError();
  if (!raw) return null;
  fetched(load, raw.byteLength, stream !== null);
  return decoded(load, await (stream ? stream.end(raw) : ctx.executor.decode(spec.chunk, raw, signal, load.decode)));
}

/** The store's parts of the body, in order, to a stream (a request tried again goes on from where it is). */
function partsOf(stream: DecodeStream): (part: Uint8Array, at: number) => void {
  let streamed = 0;
  return (part, at) => {
    if (at !== streamed) return;
    streamed += part.length;
    stream.push(part); // last: it may take the part (detach it)
  };
}

/** Counts a chunk's bytes, and whether it was decoded as they arrived. */
function fetched(load: ChunkLoad, bytes: number, arriving: boolean): void {
  load.ctx.stats.bytesFetched += bytes;
  load.tally.bytes += bytes;
  if (arriving) load.ctx.stats.decodedWhileArriving++;
}

function decoded(load: ChunkLoad, result: Awaited<ReturnType<DataContext['executor']['decode']>>): CachedChunk {
  load.ctx.stats.decoded++;
  // The image goes with this read's slice, not into the chunk cache.
  const { sliceImage, ...chunk } = result;
  if (load.onImage) load.onImage(sliceImage);
  else load.tally.sliceImage = sliceImage;
  return chunk;
}
