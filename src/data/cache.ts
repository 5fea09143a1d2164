/**
 * Decoded-chunk cache: an LRU bounded by a byte budget, with in-flight de-duplication (concurrent requests for
 * one chunk share one fetch + decode). A shared load is cancelled only when every requester has aborted.
 */
import type { Values } from '../codecs/dtype';
import type { DecodedChunk } from '../codecs/pipeline';
import { AbortedError } from '../errors';

export const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;

/** A missing chunk (fill value) is cached as `null`. */
export type CachedChunk = DecodedChunk | null;

/** Bytes a decoded chunk occupies, as the budget counts them. */
export function chunkBytes(c: CachedChunk): number {
  if (c === null) return 64;
  return valuesBytes(c.data) + 64;
}

export function valuesBytes(v: Values): number {
  if (!Array.isArray(v)) return v.byteLength;
  let n = 0;
  for (const s of v) n += 16 + s.length * 2;
  return n;
}

interface Flight {
  promise: Promise<CachedChunk>;
  controller: AbortController;
  waiters: number;
  /** Started by a prefetch and not yet asked for by a read. */
  prefetch: boolean;
}

interface Entry {
  chunk: CachedChunk;
  bytes: number;
  /** Put by a prefetch and not yet read. */
  prefetched: boolean;
}

export class ChunkCache {
  #budget: number;
  #bytes = 0;
  readonly #entries = new Map<string, Entry>();
  readonly #flights = new Map<string, Flight>();
  /** Chunks loaded for one requester and not kept (see `release`). */
  readonly #sole = new WeakSet<DecodedChunk>();
  /** Counters for telemetry and tests. */
  readonly stats = { hits: 0, misses: 0, shared: 0, evictions: 0, prefetchHits: 0 };

  constructor(budgetBytes = DEFAULT_CACHE_BYTES) {
    this.#budget = budgetBytes;
  }

  /** The byte budget; lowering it evicts at once. */
  get budget(): number {
    return this.#budget;
  }
  set budget(v: number) {
    this.#budget = v;
    this.#evict();
  }

  /** Bytes currently accounted (never above the budget). */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached chunk (and marks it recently used), or undefined when not cached. */
  peek(key: string): CachedChunk | undefined {
    return this.#touch(key)?.chunk;
  }

  #touch(key: string): Entry | undefined {
    const e = this.#entries.get(key);
    if (!e) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, e);
    return e;
  }

  put(key: string, chunk: CachedChunk, prefetched = false): void {
    const bytes = chunkBytes(chunk);
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    if (bytes > this.#budget) return;
    this.#entries.set(key, { chunk, bytes, prefetched });
    this.#bytes += bytes;
    this.#evict();
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #evict(): void {
    for (const [k, e] of this.#entries) {
      if (this.#bytes <= this.#budget) break;
      this.#entries.delete(k);
      this.#bytes -= e.bytes;
      this.stats.evictions++;
    }
  }

  /**
   * Whether `chunk`, from `load`, was loaded for its caller alone and is kept by no cache entry: then nothing else
   * holds it, and once the caller is done with it its memory may be reused (`DecodeExecutor.recycle`). True once.
   */
  release(chunk: CachedChunk): boolean {
    if (chunk === null || !this.#sole.has(chunk)) return false;
    this.#sole.delete(chunk);
    return true;
  }

  /**
   * The chunk under `key`: from the cache, from a load already in flight, or by calling `loader` (whose result is
   * cached). `signal` cancels this request; the load itself is aborted when no requester is left. A `prefetch`
   * load is not counted as a hit or miss; a read served by a prefetch's chunk (cached or in flight) counts in
   * `stats.prefetchHits`, once per chunk.
   */
  async load(
    key: string,
    loader: (signal: AbortSignal) => Promise<CachedChunk>,
    signal?: AbortSignal,
    options: { prefetch?: boolean } = {},
  ): Promise<CachedChunk> {
    const prefetch = options.prefetch === true;
    const hit = this.#touch(key);
    if (hit !== undefined) {
      if (!prefetch) {
        this.stats.hits++;
        if (hit.prefetched) this.stats.prefetchHits++;
        hit.prefetched = false;
      }
      return hit.chunk;
    }
    if (signal?.aborted) throw new AbortedError({ key });
    let flight = this.#flights.get(key);
    if (flight) {
      if (!prefetch) {
        this.stats.shared++;
        if (flight.prefetch) this.stats.prefetchHits++;
        flight.prefetch = false;
      }
    } else {
      if (!prefetch) this.stats.misses++;
      const controller = new AbortController();
      const promise = loader(controller.signal).then((chunk) => {
        if (!controller.signal.aborted) this.put(key, chunk, f.prefetch);
        // No one joins a settled load (it leaves the map now, not a turn later): a chunk for one requester that the
        // cache does not keep is that requester's alone.
        if (this.#flights.get(key) === f) this.#flights.delete(key);
        if (chunk !== null && f.waiters === 1 && this.#entries.get(key)?.chunk !== chunk) this.#sole.add(chunk);
        return chunk;
      });
      const f: Flight = { promise, controller, waiters: 0, prefetch };
      flight = f;
      this.#flights.set(key, f);
      const done = () => {
        if (this.#flights.get(key) === f) this.#flights.delete(key);
      };
      promise.then(done, done);
    }
    const f = flight;
    f.waiters++;
    if (!signal) return f.promise.finally(() => f.waiters--);
    return new Promise<CachedChunk>((resolve, reject) => {
      let settled = false;
      const onAbort = () => {
        if (settled) return;
        settled = true;
        f.waiters--;
        if (f.waiters === 0) {
          f.controller.abort();
          if (this.#flights.get(key) === f) this.#flights.delete(key);
        }
        reject(new AbortedError({ key }));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      f.promise.then(
        (v) => {
          if (settled) return;
          settled = true;
          f.waiters--;
          signal.removeEventListener('abort', onAbort);
          resolve(v);
        },
        (e: unknown) => {
          if (settled) return;
          settled = true;
          f.waiters--;
          signal.removeEventListener('abort', onAbort);
          reject(e);
        },
      );
    });
  }
}
