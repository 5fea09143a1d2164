/**
 * Members of a join that are dropped or picked files rather than URLs: each opened in place from its Blob (as a
 * dropped file opens, src/opening/open-dropped.ts) and its header read whole, so that `openJoin` joins them as it
 * joins remote files. The locations are the files' paths in the dropped folder.
 *
 * @example
 * const joined = await openJoin(paths, { open: droppedMemberOpener(files) });
 */
import { HttpError } from '../errors';
import { readDataset } from '../model/read-dataset';
import { readOrFile } from '../opening/fallback';
import { openStore } from '../opening/open-store';
import type { FolderFile } from '../store/types';
import type { OpenMember } from './types';

/** Opens members by their path among `files` (`/` separators, as the dropped folder gives them). */
export function droppedMemberOpener(files: readonly FolderFile[]): OpenMember {
  const byPath = new Map(files.map((f) => [f.path.replace(/\\/g, '/').replace(/^(\.?\/+)+/, ''), f.file]));
  return async (location, signal) => {
    const file = byPath.get(location);
    if (!file) throw new HttpError('not-found', 404, `${location} is not in the dropped folder.`, { key: location });
    const name = location.split('/').pop()!;
    const probed = await openStore({ kind: 'file', file, name }, { signal });
    const { opened, value } = await readOrFile(probed, (store, first) =>
      readDataset(store, { mode: probed.mode, name: probed.name, ...first }),
    );
    return { store: opened.store, dataset: value };
  };
}
