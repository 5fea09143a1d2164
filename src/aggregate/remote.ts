/**
 * A join location (src/listing/join-location.ts: a glob of remote files, or a folder's member list) opened as the
 * viewer opens a dataset: the glob expanded through a listing, the members read a few at a time (`openJoin`), and a
 * dataset (`openJoinedDataset`) handed over as soon as the first member's header is in, then again as the joined
 * axis grows (at most every `snapshotMs`; by default every 400 ms or ten times the last one's build, whichever is longer)
 * and once all are read. Cancel keeps the members read so far. Opened
 * members are kept (by location, the last 4,096) so that a join along another dimension, or the same glob opened
 * again, reads no header twice.
 *
 * @example
 * const { first, complete } = await openJoinLocation('s3://b/goes/2024/001/*\/*.nc', { onDataset: show, onStatus });
 */
import { AbortedError, UsageError } from '../errors';
import { type Dataset, lastSegment } from '../open';
import { readOrFile, withFirstSignal } from '../opening/fallback';
import { loadFileFormats } from '../opening/file-formats';
import { openStore, type OpenStoreOptions } from '../opening/open-store';
import { readDataset } from '../model/read-dataset';
import { expandJoinLocation } from '../listing/glob';
import { joinName, parseJoinLocation } from '../listing/join-location';
import { createLister } from '../listing/place';
import type { Store } from '../store/types';
import { type Joined, openJoin } from './index';
import { namesFile } from './file-name';
import { openJoinedDataset } from './opened';
import type { JoinChoice, JoinKind, JoinProgress, LeftOut, OpenMember } from './types';

export interface JoinCandidate {
  readonly name: string;
  readonly kind: JoinKind;
}

export interface JoinStatus {
  readonly location: string;
  /** `listing`: the glob is being expanded; `reading`: members are read; then `done` or `cancelled`. */
  readonly state: 'listing' | 'reading' | 'done' | 'cancelled';
  readonly progress: JoinProgress;
  /** Members in the join shown. */
  readonly joined: number;
  readonly leftOut: readonly LeftOut[];
  readonly choice: JoinChoice | undefined;
  /** What the join could be along: the prototype's root dimensions and scalar variables. */
  readonly candidates: readonly JoinCandidate[];
  readonly notShown: readonly string[];
}

export interface OpenJoinLocationOptions extends Pick<OpenStoreOptions, 'aliases' | 'credentials' | 'timeoutMs'> {
  /** Cancels: before the first dataset, the open fails (`AbortedError`); after it, the members read so far stay. */
  readonly signal?: AbortSignal | undefined;
  readonly onStatus?: ((status: JoinStatus) => void) | undefined;
  /** Each dataset after the first (the joined axis grown), the last once every member is read or cancelled. */
  readonly onDataset?: ((dataset: Dataset, status: JoinStatus) => void) | undefined;
  /**
   * The least time between datasets while members are read. By default 400 ms, or ten times the last dataset's build
   * if longer: the build grows with the members read, and the page that shows each one is also the one reading them.
   */
  readonly snapshotMs?: number | undefined;
  readonly concurrency?: number | undefined;
}

type Opened = { readonly store: Store; readonly dataset: import('../model/types').Dataset };
/** Members opened, by location, with the signal of the join that opened them (the last 4,096 used). */
const opened = new Map<string, { readonly p: Promise<Opened>; readonly signal: AbortSignal }>();
let openedFor = '';

/**
 * Opens one member as the viewer opens a file: its store, and its header read whole. A member named as a file
 * (file-name.ts) is read as one first: its header by a byte range, no Zarr probe (seven requests answered 404).
 */
function memberOpener(options: OpenJoinLocationOptions, cancel: AbortSignal, pattern: string): OpenMember {
  const key = JSON.stringify([options.aliases ?? [], options.credentials ?? null]);
  if (key !== openedFor) {
    opened.clear();
    openedFor = key;
  }
  const read = (location: string) => {
    const p = (async () => {
      const probed = await openStore(
        { kind: 'url', url: location },
        { aliases: options.aliases, credentials: options.credentials, timeoutMs: options.timeoutMs, signal: cancel },
      );
      const { opened: o, value } = await readOrFile(
        probed,
        (store, first) =>
          readDataset(store, {
            mode: probed.mode,
            name: probed.name,
            arrayName: lastSegment(probed.location),
            ...first,
            // Cancel stops the header's reading too, not only the probe's (first.signal alone would not).
            signal: withFirstSignal(cancel, first),
          }),
        // Not a file after all (a Zarr store named `x.nc`): readOrFile falls back to the Zarr probes.
        { fileFirst: namesFile(location, pattern, probed.mode) },
      );
      return { store: o.store, dataset: value };
    })();
    const entry = { p, signal: cancel };
    opened.set(location, entry);
    if (opened.size > 4096) opened.delete(opened.keys().next().value!);
    p.catch(() => opened.get(location) === entry && opened.delete(location));
    return entry;
  };
  return async (location) => {
    if (cancel.aborted) throw new AbortedError({ key: location });
    const cached = opened.get(location);
    if (cached) {
      opened.delete(location); // most recently used last
      opened.set(location, cached);
    }
    const entry = cached ?? read(location);
    try {
      const member = await entry.p.catch((e: unknown) => {
        // Being opened by another join when that join was cancelled (another join chosen): read it again here.
        if (entry.signal !== cancel && entry.signal.aborted && !cancel.aborted) return read(location).p;
        throw e;
      });
      // Opened just as Cancel came: its joined coordinate is not read.
      if (cancel.aborted) throw new AbortedError({ key: location });
      return member;
    } catch (e) {
      if (cancel.aborted) throw new AbortedError({ key: location, cause: e });
      throw e;
    }
  };
}

/** What the join could be along instead: the prototype's root dimensions and scalar variables. */
export function candidatesOf(joined: Joined): JoinCandidate[] {
  const root = joined.plan.members[0]?.root;
  if (!root) return [];
  return [
    ...root.dimensions.map((d) => ({ name: d.name, kind: 'existing' as const })),
    ...root.variables.filter((v) => v.shape.length === 0).map((v) => ({ name: v.name, kind: 'new' as const })),
  ];
}

/** Opens a join location; resolves with the first dataset, and `complete` with the last. */
export async function openJoinLocation(
  location: string,
  options: OpenJoinLocationOptions = {},
): Promise<{ readonly first: Dataset; readonly complete: Promise<Dataset> }> {
  const cancel = new AbortController();
  const signal = options.signal;
  const onAbort = () => cancel.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let status: JoinStatus = {
    location,
    state: 'listing',
    progress: { read: 0, total: 0, failed: 0 },
    joined: 0,
    leftOut: [],
    choice: undefined,
    candidates: [],
    notShown: [],
  };
  const tell = (s: Partial<JoinStatus>) => ((status = { ...status, ...s }), options.onStatus?.(status));
  tell({});
  const { body } = parseJoinLocation(location);
  // Members are files as a rule: their readers load while the location is listed.
  loadFileFormats();
  const lister = createLister({ aliases: options.aliases, credentials: options.credentials });
  const { members, join } = await expandJoinLocation(lister, location, { signal: cancel.signal });
  if (cancel.signal.aborted) throw new AbortedError({ key: location });
  if (members.length === 0) throw new UsageError(`${location} matches no file.`, { key: location });
  tell({ state: 'reading', progress: { read: 0, total: members.length, failed: 0 } });

  let resolveFirst!: (d: Dataset) => void;
  let rejectFirst!: (e: unknown) => void;
  const firstP = new Promise<Dataset>((res, rej) => ((resolveFirst = res), (rejectFirst = rej)));
  let shown = false;
  let last = 0;
  let building: Promise<unknown> = Promise.resolve();
  // How long the last snapshot took: the plan of the members read and its dataset (ms, awaited reads included).
  let cost = 0;
  const show = (joined: Joined, extra: Partial<JoinStatus>) =>
    (building = building.then(async () => {
      const ds = await openJoinedDataset(joined, location);
      tell({
        ...extra,
        joined: joined.plan.members.length,
        leftOut: joined.leftOut,
        choice: joined.plan.choice,
        candidates: candidatesOf(joined),
        notShown: joined.notShown,
      });
      if (!shown) {
        shown = true;
        resolveFirst(ds);
      } else options.onDataset?.(ds, status);
      return ds;
    }));
  const complete = openJoin(members, {
    open: memberOpener(options, cancel.signal, body),
    join,
    name: joinName(body),
    concurrency: options.concurrency,
    onProgress: (progress, snapshot) => {
      tell({ progress });
      const now = Date.now();
      if (shown && now - last < (options.snapshotMs ?? Math.max(400, 10 * cost))) return;
      last = now;
      void building.then(async () => {
        if (shown && status.state !== 'reading') return;
        const started = performance.now();
        const joined = await snapshot().catch(() => undefined);
        if (joined && (!shown || status.state === 'reading')) await show(joined, {});
        cost = performance.now() - started;
      });
    },
  })
    .then(async (joined) => {
      await building;
      return (await show(joined, { state: cancel.signal.aborted ? 'cancelled' : 'done' })) as Dataset;
    })
    .catch((e: unknown) => {
      rejectFirst(cancel.signal.aborted && !shown ? new AbortedError({ key: location, cause: e }) : e);
      throw e;
    })
    .finally(() => signal?.removeEventListener('abort', onAbort));
  complete.catch(() => undefined);
  return { first: await firstP, complete };
}
