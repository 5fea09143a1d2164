/**
 * A netCDF-4 / HDF5 file as a read-only Zarr v2 store in NCZarr attribute form: the metadata documents are made
 * once from the HDF5 object headers (metadata.ts); a chunk key (`/grp/temp/3.0.1`) is found through the dataset's
 * chunk index (only the index nodes on the way are read) and read as one range of the file, its HDF5 filters
 * decoded by the data path's codecs. Contiguous and compact data are cut into chunks of whole rows, so that a
 * slice reads only the rows it needs. Variable-length strings are resolved here (the global heap) and handed on
 * as vlen-utf8.
 */
import type { AbsolutePath, RangeQuery } from '@zarrita/storage';
import { AbortedError, ChunkError, MetadataError } from '../../errors';
import { createDecoder } from '../../codecs/pipeline';
import type { FileSpecial, RequestOptions, Store } from '../../store/types';
import type { ByteSource } from '../types';
import { type Hdf5Dataset, type Hdf5File, chunkAt, decodeValues } from '../hdf5/index';
import type { VarPlan } from './metadata';
import { userChunk, vlenTexts, widenChunk } from './user-chunk';

export class Netcdf4Store implements Store {
  readonly description: string;

  constructor(
    private readonly source: ByteSource,
    private readonly file: Hdf5File,
    readonly fileFormat: string,
    readonly fileSpecial: FileSpecial,
    private readonly docs: ReadonlyMap<string, Uint8Array>,
    private readonly plans: ReadonlyMap<string, VarPlan>,
    /** Keys that answer with an error: what a damaged file lost (metadata.ts `unreadableKeys`). */
    private readonly unreadable: ReadonlyMap<string, string> = new Map(),
  ) {
    this.description = source.description;
  }

  async get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const lost = this.unreadable.get(key);
    // The message names the object by its path in the file (the key is the view's own, not the file's).
    if (lost) throw new MetadataError(`${lost} (${this.description})`);
    const doc = this.docs.get(key);
    if (doc) return doc.slice();
    const slash = key.lastIndexOf('/');
    const plan = this.plans.get(key.slice(0, slash));
    if (!plan) return undefined;
    const coords = key
      .slice(slash + 1)
      .split('.')
      .map((s) => (/^\d+$/.test(s) ? Number(s) : NaN));
    if (
      coords.length !== plan.chunks.length ||
      coords.some((c, d) => !(c * (plan.chunks[d] ?? 1) < (plan.shape[d] ?? 1)))
    )
      return undefined;
    const signal = options?.signal;
    if (signal?.aborted) throw new AbortedError({ cause: signal.reason });
    const stored = await this.stored(plan, coords, key, signal);
    if (!stored) return undefined;
    if (plan.user) return userChunk(plan, plan.user, stored, plan.file, key);
    if (plan.widen) return widenChunk(plan, plan.widen, stored, plan.file, key);
    return plan.strings ? this.strings(plan, stored, key) : stored;
  }

  async getRange(key: AbsolutePath, range: RangeQuery, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const whole = await this.get(key, options);
    if (!whole) return undefined;
    if ('suffixLength' in range) return whole.slice(Math.max(0, whole.length - range.suffixLength));
    return whole.slice(range.offset, range.offset + range.length);
  }

  /** The chunk's bytes as stored (filtered), or undefined when it was never written. */
  private async stored(
    plan: VarPlan,
    coords: readonly number[],
    key: string,
    signal: AbortSignal | undefined,
  ): Promise<Uint8Array | undefined> {
    const ds = plan.ds;
    const layout = ds.layout;
    // Records of an unlimited dimension past the dataset's own extent were never written: fill values.
    if (coords.some((c, d) => c * (plan.chunks[d] ?? 1) >= (plan.extent[d] ?? 1))) return undefined;
    if (layout.kind === 'chunked') {
      const loc = await chunkAt(plan.file, ds, coords);
      if (!loc) return undefined;
      if (loc.filterMask !== 0 && plan.filtered)
        throw new ChunkError(
          `${plan.path}: chunk ${coords.join('.')} skips some of the variable's filters (mask ${loc.filterMask}); such chunks are not read yet.`,
          { key },
        );
      return this.read(plan, loc.offset, loc.size, key, signal);
    }
    // Rows of a contiguous or compact dataset: a full-size chunk, the rows past the end left as zeros.
    const rows = plan.chunks[0] ?? 1;
    const rowBytes = plan.rowBytes;
    const first = (coords[0] ?? 0) * rows;
    const count = Math.min(rows, (plan.extent[0] ?? 1) - first);
    const out = new Uint8Array(rows * rowBytes);
    if (layout.kind === 'compact') {
      out.set(layout.data.subarray(first * rowBytes, (first + count) * rowBytes));
      return out;
    }
    if (layout.kind !== 'contiguous' || layout.address === undefined) return undefined;
    out.set(await this.read(plan, layout.address + first * rowBytes, count * rowBytes, key, signal));
    return out;
  }

  /** The bytes of the file that holds the variable (the opened file, or one an external link names). */
  private sourceOf(plan: VarPlan): { size: number; description: string; read: ByteSource['read'] } {
    if (plan.file === this.file) return this.source;
    const s = plan.file.source as { size?: number; description?: string; read: ByteSource['read'] };
    return { size: s.size ?? Number.MAX_SAFE_INTEGER, description: s.description ?? plan.path, read: s.read };
  }

  private async read(plan: VarPlan, offset: number, length: number, key: string, signal: AbortSignal | undefined) {
    const source = this.sourceOf(plan);
    if (offset + length > source.size)
      throw new ChunkError(
        `${plan.path}: ${source.description} ends at byte ${source.size}, but chunk ${key.slice(key.lastIndexOf('/') + 1)} needs bytes ${offset}–${offset + length}: the file is truncated.`,
        { key },
      );
    if (length === 0) return new Uint8Array(0);
    const b = await source.read(offset, length, signal);
    if (b.length < length)
      throw new ChunkError(`${source.description} gave ${b.length} of the ${length} bytes at ${offset}.`, { key });
    return b;
  }

  /** A chunk of variable-length strings: its filters decoded here, its heap references resolved, as vlen-utf8. */
  private async strings(plan: VarPlan, stored: Uint8Array, key: string): Promise<Uint8Array> {
    const n = plan.chunks.reduce((a, b) => a * b, 1);
    let refs = stored;
    if (plan.filtered && plan.ds.layout.kind === 'chunked') {
      const decode = await createDecoder({
        dtype: '|u1',
        zarrFormat: 2,
        order: 'C',
        shape: [n * plan.ds.datatype.size],
        codecs: plan.codecs,
      });
      refs = (await decode(stored)).data as Uint8Array;
    }
    try {
      const values = await decodeValues(
        plan.ds.datatype,
        refs,
        n,
        plan.file.ctx.format,
        plan.file.heap,
        plan.file.ctx.limits.maxElements,
      );
      return vlenTexts(values.map((v) => (typeof v === 'string' ? v : '')));
    } catch (e) {
      throw new ChunkError(`${plan.path}: the strings of chunk ${key} cannot be read.`, { key, cause: e });
    }
  }
}

export type { Hdf5Dataset };
