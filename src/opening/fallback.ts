/**
 * A location whose Zarr probe finds nothing may be an Icechunk repository (`OpenedStore.asRepository`) or one file
 * of a format read in place (a netCDF file at a URL): `readOrFile` tries the Zarr reading first, then the
 * repository, then the object as a file (`OpenedStore.asFile`).
 */
import { type ErrorCode, isZarrviewError } from '../errors';
import type { OpenedStore } from './open-store';
import type { Store } from '../store/types';

/** Errors of a probe that found no Zarr metadata there (as opposed to a failed transport). */
const NOTHING_THERE = new Set<ErrorCode>(['not-found', 'metadata', 'forbidden']);

/**
 * Runs `read` on the opened store; when it finds no Zarr metadata and the location may be a file, runs it on the
 * file instead. The Zarr error stands when the object is missing or no format knows it; a file that a format
 * knows but cannot read throws its own error.
 *
 * @example const { opened: o, value: ds } = await readOrFile(opened, (store) => readDataset(store, options));
 */
export async function readOrFile<T>(
  opened: OpenedStore,
  read: (store: Store) => Promise<T>,
): Promise<{ opened: OpenedStore; value: T }> {
  try {
    return { opened, value: await read(opened.store) };
  } catch (e) {
    if (!isZarrviewError(e) || !NOTHING_THERE.has(e.code)) throw e;
    // An Icechunk repository first (a folder), then the object as a file.
    let repo: OpenedStore | undefined;
    try {
      repo = opened.asRepository ? await opened.asRepository() : undefined;
    } catch (r) {
      // A probe the server refused says nothing; a repository that is there but unreadable says what is wrong.
      if (!isZarrviewError(r) || (r.code !== 'not-found' && r.code !== 'forbidden')) throw r;
    }
    if (repo) return { opened: repo, value: await read(repo.store) };
    if (!opened.asFile) throw e;
    let file: OpenedStore | undefined;
    try {
      file = await opened.asFile();
    } catch (f) {
      if (isZarrviewError(f) && f.code === 'not-found') throw e;
      throw f;
    }
    if (!file) throw e;
    return { opened: file, value: await read(file.store) };
  }
}
