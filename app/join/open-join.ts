/**
 * Opens a glob or member list as one dataset for the dataset store (its `join` hook): the first dataset as soon as
 * the first member's header is in, each later one (the joined axis grown) put in its place, the status kept for the
 * join panel. Another dataset opened stops the reading.
 */
import type { OpenedDataset } from '../core';
import { openJoinLocation, type JoinStatus } from '../core-join';
import { useDataset } from '../state/dataset-store';
import { openCredentials, requestTimeoutMs } from '../state/settings-store';
import { settlesOn } from './hooks';
import { useJoin } from './join-store';

/** `ds` whose close (another dataset opened) also stops the join's reading. */
function stopsOnClose<T extends OpenedDataset>(ds: T, controller: AbortController): T {
  const close = ds.close.bind(ds);
  return Object.assign(ds, {
    close() {
      controller.abort();
      close();
    },
  });
}

/** The page's redraws of a join's progress while its members are read: at most one per this many ms. */
const PROGRESS_MS = 100;

/**
 * `status` for the join panel: while members are read, at most one every PROGRESS_MS (a redraw per member held the
 * page's thread that also reads them: hundreds of redraws for a year of daily files); any other state at once.
 */
function progressTo(url: string): (status: JoinStatus) => void {
  let pending: JoinStatus | null = null;
  return (status) => {
    if (status.state !== 'reading') {
      pending = null;
      return useJoin.getState().setStatus(url, status);
    }
    const scheduled = pending !== null;
    pending = status;
    if (scheduled) return;
    setTimeout(() => {
      if (pending) useJoin.getState().setStatus(url, pending);
      pending = null;
    }, PROGRESS_MS);
  };
}

export async function openJoinUrl(url: string, signal: AbortSignal): Promise<OpenedDataset> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  useJoin.getState().start(url, controller);
  // Every dataset of this join, and the latest: the store shows the latest once it shows any of them.
  const mine = new WeakSet<OpenedDataset>();
  let latest: OpenedDataset | undefined;
  let shown = false;
  let done: Promise<OpenedDataset> | undefined;
  const sync = () => {
    const s = useDataset.getState();
    if (s.dataset && mine.has(s.dataset)) {
      shown = true;
      if (latest && s.dataset !== latest) s.replace(s.dataset, latest);
    } else if (shown || s.status !== 'opening') unsubscribe();
  };
  const unsubscribe = useDataset.subscribe(sync);
  const take = (ds: OpenedDataset) => {
    latest = stopsOnClose(ds, controller);
    mine.add(latest);
    if (done) settlesOn(latest, done);
    sync();
    return latest;
  };
  try {
    const { first, complete } = await openJoinLocation(url, {
      ...openCredentials(),
      timeoutMs: requestTimeoutMs(),
      signal: controller.signal,
      onStatus: progressTo(url),
      onDataset: (ds) => void take(ds),
    });
    const ds = take(first);
    done = complete.then(() => latest!);
    settlesOn(ds, done);
    void done.finally(() => signal.removeEventListener('abort', onAbort)).catch(() => undefined);
    return ds;
  } catch (e) {
    unsubscribe();
    throw e;
  }
}
