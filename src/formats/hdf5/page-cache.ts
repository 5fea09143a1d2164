import { AbortedError } from '../../errors.ts';
import type { ByteSource } from './byte-source.ts';
import { Hdf5Error, asHdf5Error } from './errors.ts';

/** Requests and bytes a `PageCache` asked of its source, for tests and telemetry. */
export interface ReadStats {
  requests: number;
  bytes: number;
  /** Reads served from a page already held or being fetched. */
  hits: number;
}

export interface PageCacheOptions {
  /** Bytes per page (default 64 KiB). */
  readonly pageSize?: number;
  /** Pages kept (default 128, i.e. 8 MiB): the least recently used is dropped first. */
  readonly maxPages?: number;
}

/**
 * Reads through fixed-size pages so that the many small reads of metadata (headers, B-tree nodes, heaps) cost few
 * round trips: concurrent reads of one page share one request, and a bounded number of pages is kept. Reads longer
 * than four pages go to the source directly and are not kept.
 */
export class PageCache {
  readonly stats: ReadStats = { requests: 0, bytes: 0, hits: 0 };
  readonly pageSize: number;
  private readonly maxPages: number;
  private readonly pages = new Map<number, Promise<Uint8Array>>();

  constructor(
    private readonly source: ByteSource,
    /** The bound of every read: the file's size, or the end address the superblock gives when it is unknown. */
    public limit: number,
    options: PageCacheOptions = {},
  ) {
    this.pageSize = Math.max(512, options.pageSize ?? 65536);
    this.maxPages = Math.max(2, options.maxPages ?? 128);
  }

  /**
   * `length` bytes at `offset`, all of them or an `Hdf5Error` naming `what` (a read past the end of the file, or a
   * source that returned too little).
   */
  async read(offset: number, length: number, what: string, signal?: AbortSignal): Promise<Uint8Array> {
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0) {
      throw new Hdf5Error(what, `invalid range (${offset}, ${length})`, { address: offset });
    }
    if (offset + length > this.limit) {
      throw new Hdf5Error(what, `${length} bytes would end past the end of the file (${this.limit} bytes)`, {
        address: offset,
      });
    }
    if (length === 0) return new Uint8Array(0);
    if (signal?.aborted) throw new AbortedError();
    if (length > this.pageSize * 4) return this.fetch(offset, length, what, signal);
    const first = Math.floor(offset / this.pageSize);
    const last = Math.floor((offset + length - 1) / this.pageSize);
    const parts: Uint8Array[] = [];
    for (let p = first; p <= last; p++) parts.push(await this.page(p, what, signal));
    const head = offset - first * this.pageSize;
    if (parts.length === 1) return parts[0]!.subarray(head, head + length);
    const out = new Uint8Array(length);
    let at = 0;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const from = i === 0 ? head : 0;
      const n = Math.min(part.length - from, length - at);
      out.set(part.subarray(from, from + n), at);
      at += n;
    }
    return out;
  }

  private page(index: number, what: string, signal: AbortSignal | undefined): Promise<Uint8Array> {
    const held = this.pages.get(index);
    if (held) {
      this.stats.hits++;
      // Most recently used last: Map keeps insertion order.
      this.pages.delete(index);
      this.pages.set(index, held);
      return held;
    }
    const start = index * this.pageSize;
    const length = Math.min(this.pageSize, this.limit - start);
    // A page is shared by reads with different signals: it is never cancelled by one of them.
    const p = this.fetch(start, length, what, undefined);
    this.pages.set(index, p);
    p.catch(() => this.pages.delete(index));
    while (this.pages.size > this.maxPages) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest);
    }
    if (!signal) return p;
    return new Promise<Uint8Array>((resolve, reject) => {
      const onAbort = () => reject(new AbortedError());
      signal.addEventListener('abort', onAbort, { once: true });
      p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private async fetch(offset: number, length: number, what: string, signal?: AbortSignal): Promise<Uint8Array> {
    this.stats.requests++;
    let bytes: Uint8Array;
    try {
      bytes = await this.source.read(offset, length, signal);
    } catch (e) {
      throw asHdf5Error(e, what, offset);
    }
    this.stats.bytes += bytes.length;
    if (bytes.length < length) {
      throw new Hdf5Error(what, `the file ends after ${offset + bytes.length} bytes (truncated?)`, { address: offset });
    }
    return bytes.length === length ? bytes : bytes.subarray(0, length);
  }
}
