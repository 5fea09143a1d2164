/**
 * The last few slices read, by variable, selection and stride: a read asked again (the slice a prefetch read
 * ahead, or the one on screen after its neighbour) gets the same Slice object back without assembling it again,
 * so work keyed by it downstream (CF decoding, the heatmap image) is found too. Bounded by count and bytes;
 * slices with unreadable chunks are never kept (a retry reads them again). A read asked for while the same read
 * is in flight (the user moves to the slice a prefetch is reading) joins it; a shared read stops only when every
 * reader has aborted.
 */
import type { Slice } from '../api';
import { AbortedError } from '../errors';
import type { ChunkCache } from './cache';

interface Flight {
  readonly promise: Promise<Slice>;
  readonly controller: AbortController;
  waiters: number;
}

interface Entry {
  readonly slice: Slice;
  readonly bytes: number;
  /** Chunks the read touched; with `prefetched`, counted as prefetch hits when a read first takes it. */
  readonly chunks: number;
  prefetched: boolean;
}

export class SliceMemo {
  readonly #entries = new Map<string, Entry>();
  readonly #flights = new Map<string, Flight>();
  #bytes = 0;

  /**
   * The read under `key`: the kept slice, the same read in flight, or `start(signal)` (kept when it succeeds).
   * `chunks()` tells, once it is done, how many chunks the read touched.
   */
  async read(
    key: string,
    cache: ChunkCache,
    prefetch: boolean,
    start: (signal: AbortSignal) => Promise<{ slice: Slice; chunks: number }>,
    signal?: AbortSignal,
  ): Promise<Slice> {
    const hit = this.get(key, cache, prefetch);
    if (hit) return hit;
    if (signal?.aborted) throw new AbortedError({ key });
    let f = this.#flights.get(key);
    if (!f) {
      const controller = new AbortController();
      const promise = start(controller.signal).then(({ slice, chunks }) => {
        this.put(key, slice, chunks, prefetch);
        return slice;
      });
      const flight: Flight = { promise, controller, waiters: 0 };
      const done = () => {
        if (this.#flights.get(key) === flight) this.#flights.delete(key);
      };
      promise.then(done, done);
      this.#flights.set(key, flight);
      f = flight;
    } else if (!prefetch) {
      // A read joins a prefetch: the slice is taken now, counted as the prefetch's when it arrives.
      void f.promise.then(
        () => this.get(key, cache, false),
        () => undefined,
      );
    }
    const flight = f;
    flight.waiters++;
    return new Promise<Slice>((resolve, reject) => {
      let settled = false;
      const leave = () => {
        flight.waiters--;
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        if (settled) return;
        settled = true;
        leave();
        if (flight.waiters === 0) {
          flight.controller.abort();
          if (this.#flights.get(key) === flight) this.#flights.delete(key);
        }
        reject(new AbortedError({ key }));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (v) => {
          if (settled) return;
          settled = true;
          leave();
          resolve(v);
        },
        (e: unknown) => {
          if (settled) return;
          settled = true;
          leave();
          reject(e);
        },
      );
    });
  }

  constructor(
    readonly maxEntries = 8,
    readonly maxBytes = 96 * 1024 * 1024,
  ) {}

  /** The slice under `key`, counting chunk hits (and prefetch hits) in `cache.stats` as the chunk reads would. */
  get(key: string, cache: ChunkCache, prefetch: boolean): Slice | undefined {
    const e = this.#entries.get(key);
    if (!e) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, e);
    if (!prefetch) {
      cache.stats.hits += e.chunks;
      if (e.prefetched) cache.stats.prefetchHits += e.chunks;
      e.prefetched = false;
    }
    return e.slice;
  }

  put(key: string, slice: Slice, chunks: number, prefetched: boolean): void {
    if (slice.failedChunks?.length) return;
    const data = slice.data as { byteLength?: number; length: number };
    const bytes = data.byteLength ?? data.length * 16;
    if (bytes > this.maxBytes) return;
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    this.#entries.set(key, { slice, bytes, chunks, prefetched });
    this.#bytes += bytes;
    for (const [k, e] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#entries.delete(k);
      this.#bytes -= e.bytes;
    }
  }
}
