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

/** What `readOrFile` gives the first reading (of the opened store), for `ReadDatasetOptions`. */
export interface FirstRead {
  /** Aborted when a repository found meanwhile takes the place of the Zarr reading. */
  readonly signal: AbortSignal;
  /** The Zarr probe found none of the root's documents: the repository's probe starts at once. */
  readonly onNoRootMetadata: () => void;
}

/** The caller's signal joined with the first reading's (`FirstRead.signal`), when there is one. */
export function withFirstSignal(
  signal: AbortSignal | undefined,
  first: FirstRead | undefined,
): AbortSignal | undefined {
  if (!first) return signal;
  return signal ? AbortSignal.any([signal, first.signal]) : first.signal;
}

export interface ReadOrFileOptions {
  /**
   * The location names a file (a join's member `x.nc`): it is read as one first, its header by a byte range, with
   * no Zarr document looked for under it; only when it is none (no object there, a web page, bytes no format knows)
   * does the Zarr reading follow.
   */
  readonly fileFirst?: boolean | undefined;
}

/** The location read as a file, or undefined when it is none: no object there, a web page, unknown bytes. */
async function fileAt(opened: OpenedStore): Promise<OpenedStore | undefined> {
  try {
    return await opened.asFile!();
  } catch (e) {
    if (isZarrviewError(e) && e.code === 'not-found') return undefined;
    throw e;
  }
}

/** The repository at the opened location, or undefined: a probe the server refused says nothing. */
async function repositoryOf(opened: OpenedStore): Promise<OpenedStore | undefined> {
  try {
    return opened.asRepository ? await opened.asRepository() : undefined;
  } catch (r) {
    // A repository that is there but unreadable says what is wrong.
    if (!isZarrviewError(r) || (r.code !== 'not-found' && r.code !== 'forbidden')) throw r;
    return undefined;
  }
}

/**
 * Runs `read` on the opened store; when it finds no Zarr metadata and the location may be a repository or a file,
 * runs it on that instead. A folder whose root holds no Zarr document has its repository probed while the Zarr
 * probe goes on (.zarray, a listing); a repository found takes the Zarr reading's place (aborted: `first.signal`).
 * The Zarr error stands when the object is missing or no format knows it; a file that a format knows but cannot
 * read throws its own error.
 *
 * @example const { opened: o, value: ds } = await readOrFile(opened, (store, first) => readDataset(store, { ...first }));
 */
export async function readOrFile<T>(
  opened: OpenedStore,
  read: (store: Store, first?: FirstRead) => Promise<T>,
  options: ReadOrFileOptions = {},
): Promise<{ opened: OpenedStore; value: T }> {
  if (options.fileFirst && opened.asFile) {
    const file = await fileAt(opened);
    if (file) return { opened: file, value: await read(file.store) };
    // Not a file after all (a Zarr store named `x.nc`, rare): its Zarr documents are looked for as for any location.
    return readOrFile({ ...opened, asFile: undefined }, read);
  }
  let repository: Promise<OpenedStore | undefined> | undefined;
  let found: (repo: OpenedStore) => void = () => undefined;
  const early = new Promise<OpenedStore>((resolve) => (found = resolve));
  const start = () => {
    if (repository || !opened.asRepository) return;
    repository = repositoryOf(opened);
    repository.then((r) => r && found(r)).catch(() => undefined); // its error is seen when awaited below
  };
  const stop = new AbortController();
  const zarr = read(opened.store, { signal: stop.signal, onNoRootMetadata: start }).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const first = await Promise.race([zarr, early]);
  if ('store' in first) {
    stop.abort();
    return { opened: first, value: await read(first.store) };
  }
  if ('value' in first) return { opened, value: first.value };
  // Nothing read there: the error says what the object is (missing, refused, blocked, not a dataset).
  const fail = async (error: unknown): Promise<never> => {
    throw opened.diagnose ? await opened.diagnose(error) : error;
  };
  const e = first.error;
  if (!isZarrviewError(e) || !NOTHING_THERE.has(e.code)) return fail(e);
  // An Icechunk repository first (a folder), then the object as a file.
  start();
  const repo = await repository;
  if (repo) return { opened: repo, value: await read(repo.store) };
  if (!opened.asFile) return fail(e);
  let file: OpenedStore | undefined;
  try {
    file = await opened.asFile();
  } catch (f) {
    return fail(isZarrviewError(f) && f.code === 'not-found' ? e : f);
  }
  if (!file) return fail(e);
  return { opened: file, value: await read(file.store) };
}
