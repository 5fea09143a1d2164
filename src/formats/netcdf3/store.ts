/**
 * A netCDF-3 file as a read-only, in-memory Zarr v2 store in NCZarr attribute form: the metadata documents are
 * made once from the header (metadata.ts); a chunk key (`/temp/3.0`) is a byte range of the file (layout.ts),
 * read when asked. Everything past the store — probing, the model, CDL, the data path, the worker pool — reads
 * it as it reads any NCZarr dataset.
 *
 * Records of a variable that shares them with other record variables are read a block of records at a time when
 * records are small (each record would otherwise cost a request), and the blocks are kept for the next chunks.
 */
import type { AbsolutePath, RangeQuery } from '@zarrita/storage';
import { AbortedError, HttpError } from '../../errors';
import type { RequestOptions, Store } from '../../store/types';
import type { ByteSource } from '../../store/zip-reader';
import type { Nc3Header, Nc3Version } from './header';
import { type Nc3Layout, type VarLayout, chunkRange, layoutOf } from './layout';
import { metadataDocuments } from './metadata';

/** ncdump's `_Format` for each version. */
export const FORMAT_NAMES: Record<Nc3Version, string> = { 1: 'classic', 2: '64-bit offset', 5: 'cdf5' };

/** Records no bigger than this are read in blocks of about BLOCK_BYTES. */
const BLOCK_RECORD_LIMIT = 64 * 1024;
const BLOCK_BYTES = 2 ** 20;
const BLOCKS_KEPT = 8;

export class Netcdf3Store implements Store {
  readonly description: string;
  /** The netCDF format, as ncdump's `_Format` names it. */
  readonly fileFormat: string;
  readonly layout: Nc3Layout;
  private readonly docs: Map<string, Uint8Array>;
  private readonly vars = new Map<string, VarLayout>();
  private readonly blocks = new Map<number, Promise<Uint8Array>>();
  private readonly perBlock: number;

  constructor(
    private readonly source: ByteSource,
    header: Nc3Header,
  ) {
    this.description = source.description;
    this.fileFormat = FORMAT_NAMES[header.version];
    this.layout = layoutOf(header, source.size);
    this.docs = metadataDocuments(this.layout, header.attributes, header.dimensions);
    for (const v of this.layout.variables) this.vars.set(v.variable.name, v);
    const { recsize } = this.layout;
    this.perBlock = recsize > 0 && recsize <= BLOCK_RECORD_LIMIT ? Math.max(1, Math.floor(BLOCK_BYTES / recsize)) : 0;
  }

  async get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const doc = this.docs.get(key);
    if (doc) return doc.slice();
    const slash = key.lastIndexOf('/');
    const v = this.vars.get(key.slice(1, slash));
    if (!v) return undefined;
    const coords = key
      .slice(slash + 1)
      .split('.')
      .map((s) => (/^\d+$/.test(s) ? Number(s) : NaN));
    const range = chunkRange(v, coords, this.layout.recsize);
    if (!range) return undefined;
    const end = range.offset + range.length;
    // Not a ChunkError, which the data path shows as fill values: data that is not there is an error.
    if (end > this.source.size)
      throw new HttpError(
        'not-found',
        0,
        `the file ends at byte ${this.source.size}, but chunk ${key.slice(slash + 1)} of variable ${v.variable.name} needs bytes ${range.offset}–${end}: ${this.description} is truncated.`,
        { key },
      );
    const out = new Uint8Array(range.size);
    out.set(await this.bytes(v, coords, range.offset, range.length, options?.signal));
    return out;
  }

  async getRange(key: AbsolutePath, range: RangeQuery, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const whole = await this.get(key, options);
    if (!whole) return undefined;
    if ('suffixLength' in range) return whole.slice(Math.max(0, whole.length - range.suffixLength));
    return whole.slice(range.offset, range.offset + range.length);
  }

  private async bytes(
    v: VarLayout,
    coords: readonly number[],
    offset: number,
    length: number,
    signal: AbortSignal | undefined,
  ): Promise<Uint8Array> {
    if (signal?.aborted) throw new AbortedError({ cause: signal.reason });
    if (!v.interleaved || this.perBlock === 0) return this.read(offset, length, signal);
    const r = coords[0] as number;
    const b = Math.floor(r / this.perBlock);
    const base = this.layout.beginRec + b * this.perBlock * this.layout.recsize;
    let block = this.blocks.get(b);
    if (!block) {
      const records = Math.min(this.perBlock, this.layout.numrecs - b * this.perBlock);
      // The last record's slab of the last variable may end the file: read no further than the file goes.
      const size = Math.max(0, Math.min(records * this.layout.recsize, this.source.size - base));
      // Shared by every chunk of the block: no one caller's signal may cancel it.
      block = this.read(base, size, undefined);
      this.blocks.set(b, block);
      block.catch(() => this.blocks.delete(b));
      if (this.blocks.size > BLOCKS_KEPT) this.blocks.delete(this.blocks.keys().next().value as number);
    } else {
      this.blocks.delete(b);
      this.blocks.set(b, block);
    }
    const bytes = await abortable(block, signal);
    const at = offset - base;
    if (at < 0 || at + length > bytes.length) return this.read(offset, length, signal);
    return bytes.subarray(at, at + length);
  }

  private async read(offset: number, length: number, signal: AbortSignal | undefined): Promise<Uint8Array> {
    if (length === 0) return new Uint8Array(0);
    const b = await this.source.read(offset, length, signal);
    if (b.length < length)
      throw new HttpError(
        'not-found',
        0,
        `${this.description} gave ${b.length} of the ${length} bytes at ${offset}: the file is shorter than it says.`,
      );
    return b;
  }
}

function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortedError({ cause: signal.reason }));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
