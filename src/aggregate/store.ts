/**
 * A join as a store: the joined NCZarr documents (documents.ts), and each chunk read from the member that holds it
 * — the chunk's block read through the data path on that member's own store (its format, its codecs), in this
 * store's small data context, and handed on as plain little-endian values — as a CFA master's chunks are read from
 * its fragments. The member's chunks are decoded by the executor given (by default the shared context's: the
 * worker pool in a browser, where a worker may fetch the chunk itself; in-process in Node), not on the calling
 * thread. Members stay open (their stores and the variables read), never their data. The members' decoded chunks
 * are cached in the store's data context: the stores of one join as it grows share one (`memberReads`), so a chunk
 * read through one dataset of the join (a coordinate, a slice) is not requested again through the next.
 *
 * A member whose chunk cannot be read costs only that chunk: `get` throws a `ChunkError` naming the member, which
 * the data path reads as the fill value and lists in the slice's `failedChunks`.
 */
import type { AbsolutePath, RangeQuery } from '@zarrita/storage';
import type { DimSelection } from '../api';
import { createDataContext, type DataContext, defaultContext } from '../data/context';
import type { DecodeExecutor } from '../data/pool/executor';
import { readSlice } from '../data/read-slice';
import { AbortedError, ChunkError, isZarrviewError } from '../errors';
import { chunkBytes, arrayFor } from '../formats/cfa/values';
import { sliceRange } from '../store/range';
import type { RequestOptions, Store } from '../store/types';
import type { VariableLayout } from './documents';
import type { JoinPlan } from './plan';
import type { Member } from './types';

type Numeric = Parameters<typeof chunkBytes>[3];

/** The data context of a join's member reads (its own cache of their decoded chunks, the executor's decodes). */
export function memberReads(executor: DecodeExecutor = defaultContext().executor): DataContext {
  return createDataContext({ executor, cacheBytes: 32 * 2 ** 20 });
}

export class JoinStore implements Store {
  readonly description: string;
  private readonly failing = new Set<string>();
  private readonly ctx: DataContext;

  constructor(
    private readonly docs: ReadonlyMap<string, Uint8Array>,
    private readonly layouts: ReadonlyMap<string, VariableLayout>,
    readonly plan: JoinPlan,
    executor: DecodeExecutor = defaultContext().executor,
    reads?: DataContext,
  ) {
    // The members' decoded chunks (bounded): the join's own cache, shared by its snapshots when given.
    this.ctx = reads ?? memberReads(executor);
    const n = plan.members.length;
    this.description = `${n} member${n === 1 ? '' : 's'} joined along ${plan.choice.dimension}`;
  }

  /** Members whose chunks could not be read so far. */
  missingFragments(): string[] {
    return [...this.failing];
  }

  async get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const doc = this.docs.get(key);
    if (doc) return doc.slice();
    const slash = key.lastIndexOf('/');
    const layout = this.layouts.get(key.slice(0, slash));
    if (!layout) return undefined;
    const name = key.slice(slash + 1);
    const coords = layout.shape.length === 0 ? (name === '0' ? [] : [NaN]) : name.split('.').map(Number);
    if (
      coords.length !== layout.shape.length ||
      coords.some((c, d) => !Number.isInteger(c) || c < 0 || c * layout.chunks[d]! >= layout.shape[d]!)
    )
      return undefined;
    return this.chunk(layout, coords, options?.signal, options?.priority);
  }

  async getRange(key: AbsolutePath, range: RangeQuery, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const whole = await this.get(key, options);
    return whole && sliceRange(whole, range);
  }

  /** The member holding element `at` along the joined dimension, and where that member starts. */
  private memberAt(at: number): { member: Member; offset: number } {
    const { offsets, members } = this.plan;
    let lo = 0;
    let hi = offsets.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (offsets[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return { member: members[lo]!, offset: offsets[lo]! };
  }

  private async chunk(
    layout: VariableLayout,
    coords: readonly number[],
    signal: AbortSignal | undefined,
    priority: 'normal' | 'low' | undefined,
  ) {
    const start = coords.map((c, d) => c * layout.chunks[d]!);
    const count = start.map((s, d) => Math.min(layout.chunks[d]!, layout.shape[d]! - s));
    if (layout.source === 'values') {
      const Ctor = arrayFor(layout.dtype)!;
      const block = new Ctor(count[0]!);
      const big = block instanceof BigInt64Array || block instanceof BigUint64Array;
      for (let i = 0; i < count[0]!; i++) {
        const x = layout.values![start[0]! + i]!;
        (block as unknown as Record<number, number | bigint>)[i] = big ? BigInt(Math.trunc(x)) : x;
      }
      return chunkBytes(layout.dtype, layout.chunks, count, block, layout.fill);
    }
    let member = this.plan.members[0]!;
    let selection: DimSelection[] = start.map((s, d) => ({ start: s, stop: s + count[d]! }));
    if (layout.source === 'joined') {
      const found = this.memberAt(start[layout.axis]!);
      member = found.member;
      if (this.plan.choice.kind === 'new') selection = selection.slice(1);
      else {
        const s = start[layout.axis]! - found.offset;
        selection[layout.axis] = { start: s, stop: s + count[layout.axis]! };
      }
    }
    const variable = member.variables.get(layout.path);
    if (!variable)
      throw new ChunkError(`${layout.path}: member ${member.location} has no ${layout.path}.`, { key: layout.path });
    let data;
    try {
      const slice = await readSlice(member.store, variable, selection, {
        signal,
        context: this.ctx,
        // A prefetch of the joined dataset is one of the member too (the pool starts it when nothing else waits).
        priority,
        // One chunk of the joined read, whose size that read has already bounded.
        budgetBytes: Number.MAX_SAFE_INTEGER,
      });
      const bad = slice.failedChunks?.[0];
      if (bad) throw new ChunkError(bad.message, { key: layout.path });
      data = slice.data;
    } catch (e) {
      if (signal?.aborted || (isZarrviewError(e) && e.code === 'aborted'))
        throw new AbortedError({ key: layout.path, cause: e });
      this.failing.add(member.location);
      const why = e instanceof Error ? e.message : String(e);
      throw new ChunkError(`${layout.path}: member ${member.location}: ${why}`, { key: layout.path, cause: e });
    }
    if (!ArrayBuffer.isView(data))
      throw new ChunkError(`${layout.path}: member ${member.location} holds no numbers here.`, { key: layout.path });
    return chunkBytes(layout.dtype, layout.chunks, count, data as Numeric, layout.fill);
  }
}
