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
 * Reads through pages so that the many small reads of metadata (headers, B-tree nodes, heaps) cost few round
 * trips: concurrent reads of one page share one request, and a bounded number of pages is kept. Reads longer than
 * four pages go to the source directly and are not kept.
 *
 * Pages are held as units of 4 KiB; a miss fetches a whole aligned page (`pageSize`, 64 KiB by default) while the
 * pages fetched recently were well used — metadata written together, as netcdf-c's define mode leaves it — and only
 * two units from the read on when they were not: object headers spread over a large file between their data (a
 * file written variable by variable) then cost 8 KiB each instead of a page.
 */
/** Bytes per unit held. */
const UNIT = 4096;
/** Units fetched from the read on when the metadata is spread thinly. */
const SPARSE_RUN = 2;
/** Whole pages looked at, and the share of their units used below which the metadata counts as spread. */
const SPARSE_WINDOW = 8;
const SPARSE_USE = 0.25;

interface Run {
  readonly count: number;
  readonly touched: Set<number>;
}

/** `p`, or an `AbortedError` as soon as `signal` aborts (the shared read goes on). */
function abortable(p: Promise<Uint8Array>, signal: AbortSignal | undefined): Promise<Uint8Array> {
  if (!signal) return p;
  return new Promise<Uint8Array>((resolve, reject) => {
    const onAbort = () => reject(new AbortedError());
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export class PageCache {
  readonly stats: ReadStats = { requests: 0, bytes: 0, hits: 0 };
  readonly pageSize: number;
  private readonly unit: number;
  private readonly maxUnits: number;
  private readonly units = new Map<number, { bytes: Promise<Uint8Array>; run: Run }>();
  /** The last whole pages fetched, to tell whether the file's metadata lies together. */
  private readonly recent: Run[] = [];

  constructor(
    private readonly source: ByteSource,
    /** The bound of every read: the file's size, or the end address the superblock gives when it is unknown. */
    public limit: number,
    options: PageCacheOptions = {},
  ) {
    this.pageSize = Math.max(512, options.pageSize ?? 65536);
    this.unit = Math.min(UNIT, this.pageSize);
    this.maxUnits = Math.max(2, options.maxPages ?? 128) * Math.max(1, Math.floor(this.pageSize / this.unit));
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
    const first = Math.floor(offset / this.unit);
    const last = Math.floor((offset + length - 1) / this.unit);
    const parts: Uint8Array[] = [];
    for (let u = first; u <= last; u++) parts.push(await this.unitAt(u, what, signal));
    const head = offset - first * this.unit;
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

  /** Whether recent whole pages were mostly unused: metadata spread thinly over the file. */
  private sparse(): boolean {
    if (this.recent.length < SPARSE_WINDOW) return false;
    const used = this.recent.reduce((a, r) => a + r.touched.size / r.count, 0) / this.recent.length;
    return used < SPARSE_USE;
  }

  private unitAt(index: number, what: string, signal: AbortSignal | undefined): Promise<Uint8Array> {
    const held = this.units.get(index);
    if (held) {
      this.stats.hits++;
      held.run.touched.add(index);
      // Most recently used last: Map keeps insertion order.
      this.units.delete(index);
      this.units.set(index, held);
      return abortable(held.bytes, signal);
    }
    const perPage = Math.max(1, Math.floor(this.pageSize / this.unit));
    const sparse = perPage > SPARSE_RUN && this.sparse();
    const first = sparse ? index : index - (index % perPage);
    const count = Math.min(sparse ? SPARSE_RUN : perPage, Math.ceil((this.limit - first * this.unit) / this.unit));
    const run: Run = { count, touched: new Set([index]) };
    if (!sparse) {
      this.recent.push(run);
      if (this.recent.length > SPARSE_WINDOW) this.recent.shift();
    }
    const start = first * this.unit;
    // A page is shared by reads with different signals: it is never cancelled by one of them.
    const whole = this.fetch(start, Math.min(count * this.unit, this.limit - start), what, undefined);
    const part = (u: number) => whole.then((b) => b.subarray((u - first) * this.unit, (u - first + 1) * this.unit));
    const mine = part(index);
    for (let u = first; u < first + count; u++) {
      if (this.units.has(u)) continue;
      const bytes = u === index ? mine : part(u);
      bytes.catch(() => this.units.delete(u));
      this.units.set(u, { bytes, run });
    }
    while (this.units.size > this.maxUnits) {
      const oldest = this.units.keys().next().value;
      if (oldest === undefined) break;
      this.units.delete(oldest);
    }
    return abortable(mine, signal);
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
