/**
 * A CFA master as a store: the aggregated view's documents (documents.ts), the master's own keys otherwise, and
 * chunk keys of an aggregated variable read from its fragments. A chunk is (part of) one fragment: the fragment
 * file is opened through the file formats (by range, relative to the master's location, targets.ts), its variable
 * found in its model, the chunk's block read through the data path (the fragment's own filters decoded there, on
 * the thread that calls `get`), and handed on as plain values. Each fragment file is opened once.
 *
 * A fragment that is missing (not found), refused (a target the master may not name) or unreadable costs only its
 * chunks: `get` throws a `FragmentError` (a `ChunkError`), which the data path reads as the fill value and lists
 * in the slice's `failedChunks`, its message naming the fragment. `missingFragments()` lists the missing ones.
 */
import type { AbsolutePath, RangeQuery } from '@zarrita/storage';
import { AbortedError, isZarrviewError } from '../../errors';
import { createDataContext, type DataContext } from '../../data/context';
import { InlineExecutor } from '../../data/pool/executor';
import { readSlice } from '../../data/read-slice';
import { findVariable } from '../../model/find';
import { readDataset } from '../../model/read-dataset';
import type { Variable } from '../../model/types';
import type { FileSpecial, RequestOptions, SourceSummary, Store } from '../../store/types';
import { formatCounts } from '../target-format';
import type { FileStore } from '../types';
import { FragmentError } from './errors';
import type { Grid } from './grid';
import type { Aggregation, Fragment } from './partitions';
import { type MasterLocation, resolveFragment } from './targets';
import { arrayFor, chunkBytes } from './values';

/** Opens a fragment file (a local path, or an http(s)/s3 URL when `remote`) as a file store. */
export type OpenTarget = (target: string, remote: boolean) => Promise<Store>;

export interface AggregatedArray {
  readonly aggregation: Aggregation;
  readonly grid: Grid;
  /** The aggregated variable's dtype (little-endian) and fill value. */
  readonly dtype: string;
  readonly fill: number | bigint;
}

/** Fragment files kept open (their models and stores); older ones are opened again when needed. */
const KEPT_FRAGMENTS = 256;

interface Opened {
  readonly store: Store;
  readonly variable: Variable;
}

export class CfaStore implements FileStore {
  readonly description: string;
  readonly fileFormat: string;
  readonly fileSpecial: FileSpecial | undefined;
  /** Every fragment target opened so far, in order (one entry per opening). */
  readonly opened: string[] = [];
  private readonly missing = new Set<string>();
  private readonly fragments = new Map<string, Promise<Opened>>();
  private readonly ctx: DataContext = createDataContext({ executor: new InlineExecutor(), cacheBytes: 16 * 2 ** 20 });

  constructor(
    /** The master as its file format shows it. */
    readonly master: FileStore,
    private readonly docs: ReadonlyMap<string, Uint8Array>,
    private readonly hidden: readonly string[],
    private readonly arrays: ReadonlyMap<string, AggregatedArray>,
    private readonly location: MasterLocation,
    private readonly openTarget: OpenTarget,
  ) {
    this.description = master.description;
    this.fileFormat = master.fileFormat;
    this.fileSpecial = master.fileSpecial;
  }

  /** Fragments as sources: each fragment a virtual chunk, files by format (from their names), hosts. */
  sources(): Promise<SourceSummary> {
    const files = new Set<string>();
    const hosts = new Set<string>();
    let fragments = 0;
    for (const a of this.arrays.values())
      for (const f of a.aggregation.fragments) {
        fragments++;
        if (files.has(f.file)) continue;
        files.add(f.file);
        const r = resolveFragment(f.file, this.location, a.aggregation.base);
        if (!r.ok) continue;
        if (!r.remote) hosts.add('local files');
        else if (r.target.startsWith('s3://')) hosts.add(`s3://${r.target.slice(5).split('/')[0]}`);
        else
          try {
            hosts.add(new URL(r.target).host);
          } catch {
            // not a URL: not listed
          }
      }
    return Promise.resolve({
      kind: 'cfa',
      chunks: { inline: 0, native: 0, virtual: fragments },
      formats: formatCounts(files),
      hosts: [...hosts].sort(),
    });
  }

  /** Fragment files found missing so far, as the master names them. */
  missingFragments(): string[] {
    return [...this.missing];
  }

  async get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const doc = this.docs.get(key);
    if (doc) return doc.slice();
    if (this.hidden.some((h) => key.startsWith(h))) return undefined;
    const slash = key.lastIndexOf('/');
    const array = this.arrays.get(key.slice(0, slash));
    if (!array) return this.master.get(key, options);
    const coords = key
      .slice(slash + 1)
      .split('.')
      .map((s) => (/^\d+$/.test(s) ? Number(s) : NaN));
    const { shape } = array.aggregation;
    const chunks = array.grid.chunks;
    if (coords.length !== shape.length || coords.some((c, d) => !(c * chunks[d]! < shape[d]!))) return undefined;
    return this.chunk(array, coords, options?.signal);
  }

  async getRange(key: AbsolutePath, range: RangeQuery, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const whole = await this.get(key, options);
    if (!whole) return undefined;
    if ('suffixLength' in range) return whole.slice(Math.max(0, whole.length - range.suffixLength));
    return whole.slice(range.offset, range.offset + range.length);
  }

  private async chunk(array: AggregatedArray, coords: readonly number[], signal: AbortSignal | undefined) {
    const { aggregation, grid } = array;
    const found = grid.locate(coords);
    if (!found) return undefined; // no fragment here: the fill value
    const { fragment, offset } = found;
    const path = aggregation.variable.path;
    const count = coords.map((c, d) =>
      Math.min(grid.chunks[d]!, aggregation.shape[d]! - c * grid.chunks[d]!, fragment.stop[d]! - c * grid.chunks[d]!),
    );
    const { store, variable } = await this.fragment(aggregation, fragment);
    if (signal?.aborted) throw new AbortedError({ key: path });
    const extent = fragment.start.map((s, d) => fragment.stop[d]! - s);
    if (variable.shape.length !== extent.length || variable.shape.some((n, d) => n !== extent[d]))
      throw new FragmentError(
        'unreadable',
        fragment.file,
        `${path}: fragment ${fragment.file} holds ${variable.name} of shape [${variable.shape.join(', ')}], but the master places [${extent.join(', ')}] there.`,
      );
    const slice = await readSlice(
      store,
      variable,
      offset.map((o, d) => ({ start: o, stop: o + count[d]! })),
      // The block is one chunk of the aggregated read, whose size that read has already bounded.
      { signal, context: this.ctx, budgetBytes: Number.MAX_SAFE_INTEGER },
    );
    const bad = slice.failedChunks?.[0];
    if (bad) throw new FragmentError('unreadable', fragment.file, `${path}: fragment ${fragment.file}: ${bad.message}`);
    if (Array.isArray(slice.data) || !arrayFor(array.dtype))
      throw new FragmentError(
        'unreadable',
        fragment.file,
        `${path}: fragment ${fragment.file} holds ${variable.type} values; only numbers are aggregated here.`,
      );
    return chunkBytes(
      array.dtype,
      grid.chunks,
      count,
      slice.data as Exclude<typeof slice.data, readonly unknown[]>,
      array.fill,
    );
  }

  /** The fragment file's store and variable, opened once (a failure is not kept: the next read tries again). */
  private fragment(aggregation: Aggregation, fragment: Fragment): Promise<Opened> {
    const path = aggregation.variable.path;
    const resolved = resolveFragment(fragment.file, this.location, aggregation.base);
    if (!resolved.ok)
      throw new FragmentError(
        'refused',
        fragment.file,
        `${path}: fragment ${fragment.file} is not read: ${resolved.why}.`,
      );
    const key = `${resolved.target}|${fragment.ncvar}`;
    let p = this.fragments.get(key);
    if (p) {
      this.fragments.delete(key);
      this.fragments.set(key, p); // most recently used last
      return p;
    }
    p = this.open(path, fragment, resolved.target, resolved.remote);
    this.fragments.set(key, p);
    if (this.fragments.size > KEPT_FRAGMENTS) this.fragments.delete(this.fragments.keys().next().value!);
    p.catch(() => this.fragments.get(key) === p && this.fragments.delete(key));
    return p;
  }

  private async open(path: string, fragment: Fragment, target: string, remote: boolean): Promise<Opened> {
    this.opened.push(target);
    let store: Store;
    try {
      store = await this.openTarget(target, remote);
    } catch (e) {
      if (isZarrviewError(e) && e.code === 'not-found') {
        this.missing.add(fragment.file);
        throw new FragmentError(
          'missing',
          fragment.file,
          `${path}: fragment ${fragment.file} is missing (not found); its values read as the fill value.`,
          { cause: e },
        );
      }
      const why = e instanceof Error ? e.message : String(e);
      throw new FragmentError(
        'unreadable',
        fragment.file,
        `${path}: fragment ${fragment.file} cannot be opened: ${why}`,
        {
          cause: e,
        },
      );
    }
    if (store instanceof CfaStore) store = store.master; // a fragment is read as a file, never as an aggregation
    let variable: Variable | undefined;
    try {
      variable = findVariable((await readDataset(store, { name: fragment.file })).root, fragment.ncvar);
    } catch (e) {
      if (!isZarrviewError(e) || e.code === 'aborted') throw e;
      throw new FragmentError('unreadable', fragment.file, `${path}: fragment ${fragment.file}: ${e.message}`, {
        cause: e,
      });
    }
    if (!variable)
      throw new FragmentError(
        'unreadable',
        fragment.file,
        `${path}: fragment ${fragment.file} has no variable ${fragment.ncvar}.`,
      );
    return { store, variable };
  }
}
