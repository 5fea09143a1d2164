/**
 * Many files as one dataset, as NcML's joinExisting / joinNew and xarray's `open_mfdataset(combine="nested",
 * concat_dim=…)` make one: each member's header and joined coordinate read, a few members at a time; the join
 * chosen (choose.ts) or asked for; the members that fit ordered by the joined coordinate (plan.ts); one virtual
 * store whose chunks are read from the member holding them (store.ts).
 *
 * @example
 * const joined = await openJoin(paths, { open: (p) => openLocation(p), onProgress: (p) => bar(p.read / p.total) });
 * joined.dataset; joined.leftOut; // the model of the whole join; the members left out, each with why
 */
import { createDataContext } from '../data/context';
import { type DecodeExecutor, InlineExecutor } from '../data/pool/executor';
import { MetadataError, UsageError } from '../errors';
import { readDataset } from '../model/read-dataset';
import type { Dataset } from '../model/types';
import { joinedDocuments } from './documents';
import { readMembers } from './members';
import { type JoinPlan, planJoin } from './plan';
import { JoinStore, memberReads } from './store';
import type { DataContext } from '../data/context';
import type { JoinProgress, LeftOut, Member, OpenMember } from './types';

export { chooseJoin } from './choose';
export { JoinStore } from './store';
export type { JoinPlan } from './plan';
export type * from './types';

export interface JoinOptions {
  readonly open: OpenMember;
  /** The dimension (or scalar coordinate) to join along; chosen from the members when absent. */
  readonly join?: string | undefined;
  /** Members read at the same time (default 8). */
  readonly concurrency?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  /**
   * Where the members' chunks are decoded when the join is read (default: the shared data context's executor, a
   * worker pool in a browser). The members' headers and joined coordinates are read in-process.
   */
  readonly executor?: DecodeExecutor | undefined;
  /** The dataset's name (ncdump's `netcdf NAME`). */
  readonly name?: string | undefined;
  /**
   * Called after each member is read; `snapshot()` makes the join of the members read so far (the joined axis
   * growing as they arrive), undefined while none fits.
   */
  readonly onProgress?: ((progress: JoinProgress, snapshot: () => Promise<Joined | undefined>) => void) | undefined;
}

export interface Joined {
  readonly store: JoinStore;
  readonly dataset: Dataset;
  readonly plan: JoinPlan;
  /** Members left out (unreadable, another variable set or grid), each named with why, in the order given. */
  readonly leftOut: readonly LeftOut[];
  /** Variables of the prototype not shown in the join (not numbers: char, string, user-defined types). */
  readonly notShown: readonly string[];
}

/** The join of the members read so far, undefined when none fits. */
export async function joinOf(
  members: readonly Member[],
  failed: readonly LeftOut[],
  options: Pick<JoinOptions, 'name' | 'signal' | 'executor'> & {
    /** The members' chunk reads: the joins of one set as it grows share one, so none reads a chunk twice. */
    readonly reads?: DataContext | undefined;
  } = {},
): Promise<Joined | undefined> {
  const plan = planJoin(members, failed);
  if (!plan) return undefined;
  const { docs, layouts, notShown } = joinedDocuments(plan);
  const store = new JoinStore(docs, layouts, plan, options.executor, options.reads);
  const dataset = await readDataset(store, { name: options.name ?? 'joined', signal: options.signal });
  return { store, dataset, plan, leftOut: plan.leftOut, notShown };
}

/** Opens `locations` as one dataset; throws only when none can be joined (the reasons named). */
export async function openJoin(locations: readonly string[], options: JoinOptions): Promise<Joined> {
  if (locations.length === 0) throw new UsageError('no files to join.');
  const context = createDataContext({ executor: new InlineExecutor(), cacheBytes: 16 * 2 ** 20 });
  // Every snapshot and the whole join read the members through one context: a coordinate or slice read through one
  // dataset of the growing join is in memory for the next.
  const reads = memberReads(options.executor);
  const members: Member[] = [];
  const failed: LeftOut[] = [];
  let read = 0;
  const { members: all, failed: bad } = await readMembers(locations, {
    open: options.open,
    join: options.join,
    context,
    concurrency: options.concurrency,
    signal: options.signal,
    onMember: (m) => {
      read++;
      if ('store' in m) members.push(m);
      else failed.push(m);
      options.onProgress?.({ read, total: locations.length, failed: failed.length }, () =>
        joinOf([...members], [...failed], { ...options, reads }),
      );
    },
  });
  const joined = await joinOf(all, bad, { ...options, reads });
  if (!joined) {
    const reasons = planJoin([], bad) ?? bad;
    const list = (Array.isArray(reasons) ? reasons : []) as LeftOut[];
    const first = list.slice(0, 3).map((l) => l.message);
    throw new MetadataError(
      `None of the ${locations.length} files can be joined${first.length ? `: ${first.join(' ')}${list.length > 3 ? ` (and ${list.length - 3} more)` : ''}` : '.'}`,
      { key: locations[0] },
    );
  }
  return joined;
}
