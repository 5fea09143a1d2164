/**
 * A store over a zip (a dropped File/Blob, or a zip at a URL read by ranges). Finds the dataset root as netcdf-c
 * does (libnczarr/zmap_zip.c): the first path segment of the zip's first entry when that entry is in a folder
 * (`zip -r name.zip name/`, every zip netcdf-c writes), so metadata next to that folder at the zip root is not
 * the dataset; the zip root when the first entry is a file (zarr-python's ZipStore, which netcdf-c cannot
 * open). A zip whose first folder holds no Zarr metadata falls back to the shallowest folder that does.
 * One `ZipStore` per zip: the central directory is read once and shared by every request.
 *
 * @example
 * const store = await ZipStore.open(blobSource(file, file.name), { stem: 'tst' });
 * await store.get('/.zgroup');
 */
import { AbortedError, ZipError } from '../errors';
import {
  entryDataOffset,
  inflateEntry,
  readEntryData,
  readZipDirectory,
  type ByteSource,
  type ZipEntry,
} from './zip-reader';
import { findDatasetRoot, listPaths, prefixBase } from './dataset-root';
import type { AbsolutePath, Listing, RangeQuery, RequestOptions, Store } from './types';

export { ZipError } from '../errors';
export { blobSource, type ByteSource } from './zip-reader';

/** Budget of inflated entries kept for range reads (shards in deflated zips). */
const INFLATED_CACHE_BYTES = 64 * 2 ** 20;

/** Default bound of one entry's decompressed size: 1 GiB. */
export const DEFAULT_MAX_ENTRY_BYTES = 2 ** 30;

export interface ZipStoreOptions {
  /** The zip's file stem (`tst` for `tst.zip`), preferred as the top folder when several qualify. */
  readonly stem?: string | undefined;
  /** Refuse entries that inflate past this many bytes (default 1 GiB). */
  readonly maxEntryBytes?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * The dataset root among zip entry names in central-directory order (see the module doc): `''`, `'folder/'`, or
 * undefined when no entry is Zarr metadata.
 */
export function findZipRoot(names: Iterable<string>, stem?: string): string | undefined {
  const all = [...names];
  const first = all[0];
  const slash = first === undefined ? -1 : first.indexOf('/');
  if (first !== undefined && slash > 0) {
    const top = first.slice(0, slash + 1);
    const inside = findDatasetRoot(all.filter((n) => n.startsWith(top)).map((n) => n.slice(top.length)));
    if (inside === '') return top;
  }
  return findDatasetRoot(all, stem);
}

export class ZipStore implements Store {
  readonly description: string;
  /** Entry-name prefix of the dataset root (`''` or `'folder/'`). */
  readonly root: string;
  private readonly maxEntryBytes: number;
  private readonly dataOffsets = new Map<string, number>();
  /** Recently inflated entries read by range, least recent first. */
  private readonly inflated = new Map<string, Uint8Array>();

  private constructor(
    private readonly source: ByteSource,
    private readonly entries: Map<string, ZipEntry>,
    root: string,
    maxEntryBytes: number,
  ) {
    this.root = root;
    this.maxEntryBytes = maxEntryBytes;
    this.description = root ? `${source.description}/${root.slice(0, -1)}` : source.description;
  }

  /** Reads the central directory and locates the dataset. Throws `ZipError` for a non-zip or a zip with no dataset. */
  static async open(source: ByteSource, options: ZipStoreOptions = {}): Promise<ZipStore> {
    const entries = await readZipDirectory(source, options.signal);
    const root = findZipRoot(entries.keys(), options.stem);
    if (root === undefined) {
      throw new ZipError(
        `${source.description} holds no Zarr dataset (no .zgroup, .zarray, .zattrs or zarr.json inside).`,
      );
    }
    return new ZipStore(source, entries, root, options.maxEntryBytes ?? DEFAULT_MAX_ENTRY_BYTES);
  }

  /** Entry names (for diagnostics and tests). */
  entryNames(): string[] {
    return [...this.entries.keys()];
  }

  async get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const entry = this.entries.get(this.root + key.replace(/^\//, ''));
    if (!entry || entry.name.endsWith('/')) return undefined;
    const signal = options?.signal;
    if (signal?.aborted) throw new AbortedError({ key, cause: signal.reason });
    const limit = Math.min(this.maxEntryBytes, entry.size);
    if (entry.size > this.maxEntryBytes) {
      throw new ZipError(
        `"${key}" in ${this.source.description} is ${entry.size} bytes uncompressed, over the limit of ${this.maxEntryBytes}.`,
        { key },
      );
    }
    const data = await readEntryData(this.source, entry, signal);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size)
        throw new ZipError(`"${key}" in ${this.source.description} is damaged (stored sizes differ).`, { key });
      return data;
    }
    if (entry.method === 8) return inflateEntry(data, limit, key, signal);
    throw new ZipError(
      `"${key}" in ${this.source.description} uses zip compression method ${entry.method}; only stored and deflate are read.`,
      { key },
    );
  }

  async getRange(key: AbsolutePath, range: RangeQuery, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const entry = this.entries.get(this.root + key.replace(/^\//, ''));
    if (entry?.method === 0 && entry.compressedSize === entry.size && !entry.name.endsWith('/')) {
      // Stored entries (shards, uncompressed chunks): read just the range.
      const signal = options?.signal;
      let offset = this.dataOffsets.get(entry.name);
      if (offset === undefined)
        this.dataOffsets.set(entry.name, (offset = await entryDataOffset(this.source, entry, signal)));
      const start =
        'suffixLength' in range ? Math.max(0, entry.size - range.suffixLength) : Math.min(range.offset, entry.size);
      const end = 'suffixLength' in range ? entry.size : Math.min(entry.size, range.offset + range.length);
      return end > start ? this.source.read(offset + start, end - start, signal) : new Uint8Array(0);
    }
    // Compressed entries must be inflated whole: keep the last few, so that reading the inner chunks of one
    // shard inflates it once, not once per chunk.
    let bytes = this.inflated.get(key);
    if (bytes) {
      this.inflated.delete(key);
      this.inflated.set(key, bytes);
    } else {
      bytes = await this.get(key, options);
      if (!bytes) return undefined;
      this.remember(key, bytes);
    }
    return 'suffixLength' in range
      ? bytes.subarray(Math.max(0, bytes.length - range.suffixLength))
      : bytes.subarray(range.offset, range.offset + range.length);
  }

  private remember(key: string, bytes: Uint8Array): void {
    if (bytes.length > INFLATED_CACHE_BYTES / 2) return;
    this.inflated.set(key, bytes);
    let total = 0;
    for (const b of this.inflated.values()) total += b.length;
    for (const [k, b] of this.inflated) {
      if (total <= INFLATED_CACHE_BYTES) break;
      this.inflated.delete(k);
      total -= b.length;
    }
  }

  async list(prefix: AbsolutePath): Promise<Listing> {
    return listPaths(this.entries.keys(), this.root + prefixBase(prefix));
  }
}
