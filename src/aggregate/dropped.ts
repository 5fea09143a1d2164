/**
 * Members of a join that are dropped or picked files rather than URLs: each opened in place from its Blobs (as a
 * dropped file or store folder opens, src/opening/open-dropped.ts) and its header read whole, so that `openJoin`
 * joins them as it joins remote files. The locations are the members' paths in the dropped folder (a store's
 * folder ends in `/`). `openDroppedJoin` opens a `dropped-join` source as the store of the joined dataset.
 *
 * @example
 * const joined = await openJoin(paths, { open: droppedMemberOpener(files) });
 */
import { HttpError, UsageError } from '../errors';
import { droppedSourceAt } from '../listing/tree';
import { readDataset } from '../model/read-dataset';
import { readOrFile } from '../opening/fallback';
import { openStore, setDroppedJoinOpener, type OpenStoreOptions, type OpenedStore } from '../opening/open-store';
import type { FolderFile, Source, Telemetry } from '../store/types';
import { openJoin } from './index';
import { candidatesOf, type JoinStatus } from './remote';
import type { JoinProgress, OpenMember } from './types';

/** The status of each dropped join opened (as a URL join's panel shows it), by its source. */
const statuses = new WeakMap<object, JoinStatus>();

/** What the join of `source` made of its members (joined, left out and why, the join), once it is open. */
export function droppedJoinStatus(source: object): JoinStatus | undefined {
  return statuses.get(source);
}

/** Opens members by their path among `files` (`/` separators, as the dropped folder gives them). */
export function droppedMemberOpener(files: readonly FolderFile[]): OpenMember {
  return async (location, signal) => {
    const source = droppedSourceAt(files, location);
    if (!source) throw new HttpError('not-found', 404, `${location} is not in the dropped folder.`, { key: location });
    const probed = await openStore(source, { signal });
    const { opened, value } = await readOrFile(probed, (store, first) =>
      readDataset(store, { mode: probed.mode, name: probed.name, ...first }),
    );
    return { store: opened.store, dataset: value };
  };
}

/**
 * Opens dropped files as one dataset: every member's header read (from the Blobs: no network), the join planned,
 * and its store, whose chunks are read from the member holding them when asked for. Members that do not fit are
 * left out (`droppedJoinStatus` names them, with why); it throws only when none can be joined.
 */
export async function openDroppedJoin(
  source: Extract<Source, { kind: 'dropped-join' }>,
  options: OpenStoreOptions,
  telemetry: Telemetry,
): Promise<OpenedStore> {
  if (source.members.length < 2)
    throw new UsageError('Pick two files or more to open them as one dataset.', { key: source.name });
  let progress: JoinProgress = { read: 0, total: source.members.length, failed: 0 };
  const joined = await openJoin(source.members, {
    onProgress: (p) => (progress = p),
    open: droppedMemberOpener(source.files),
    join: source.join,
    name: source.name,
    signal: options.signal,
  });
  statuses.set(source, {
    location: source.name,
    state: 'done',
    progress,
    joined: joined.plan.members.length,
    leftOut: joined.leftOut,
    choice: joined.plan.choice,
    candidates: candidatesOf(joined),
    notShown: joined.notShown,
  });
  return { store: joined.store, mode: { medium: 'file' }, name: joined.dataset.name, telemetry, location: source.name };
}

// openStore opens `dropped-join` sources through this module once it is loaded (src/opening does not import the join).
setDroppedJoinOpener(openDroppedJoin);
