/**
 * Byte sources of the files that formats read in place: one object of a remote store (HTTP, S3) read by range
 * requests, and the way a location is opened as such a file.
 */
import { HttpError, UnsupportedError } from '../../errors';
import type { RequestOptions, Store } from '../../store/types';
import { openFile } from './registry';
import type { ByteSource, FileStore } from '../types';

/** An object that knows its size (HEAD, or a one-byte range): `HttpStore`, `S3Store`. */
export interface SizedStore {
  size(key: `/${string}`, options?: RequestOptions): Promise<number | undefined>;
}

/** A ByteSource over one object of a store that reads by range (`size` bytes, from HEAD). */
export function storeObjectSource(store: Store, key: `/${string}`, size: number, description: string): ByteSource {
  return {
    size,
    description,
    read: async (offset, length, signal) => {
      if (!store.getRange) throw new HttpError('http', 0, `${description} cannot be read by ranges.`, { key });
      const b = await store.getRange(key, { offset, length }, { signal });
      if (!b) throw new HttpError('not-found', 404, `${description} disappeared while it was being read.`, { key });
      return b;
    },
  };
}

/**
 * The path, relative to a file's folder, of the file another one names (an HDF5 external link), as HDF5 looks for
 * it beside the linking file: an absolute name by its last segment; undefined for a name that leaves the folder
 * (`..`, a URL), which is not read.
 */
export function siblingPath(name: string): string | undefined {
  const rel = (name.startsWith('/') ? name.slice(name.lastIndexOf('/') + 1) : name).replace(/^(\.\/)+/, '');
  const parts = rel.split('/');
  if (rel === '' || /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(rel) || parts.some((p) => p === '..' || p === '' || p === '.'))
    return undefined;
  return rel;
}

/**
 * Opens the object at `key` as a file of a known format: its size from `sized` (uncounted by the network
 * policy, so counted here), its bytes through `network`. Undefined when no format knows its first bytes; an
 * `HttpError` (`not-found`) when there is no such object.
 */
export async function openObjectAsFile(
  sized: SizedStore,
  network: Store,
  key: `/${string}`,
  description: string,
  options: { readonly signal?: AbortSignal | undefined; readonly onRequest?: (() => void) | undefined },
): Promise<FileStore | undefined> {
  options.onRequest?.();
  const size = await sized.size(key, { signal: options.signal });
  if (size === undefined) throw new HttpError('not-found', 404, `There is no file at ${description} (404).`, { key });
  // Files it names (HDF5 external links): objects of the same folder, read the same way.
  const sibling = async (name: string, signal?: AbortSignal) => {
    const rel = siblingPath(name);
    if (rel === undefined) throw new UnsupportedError(`${name} is outside the folder of ${description}: not read.`);
    const at = (s: string) => s.slice(0, s.lastIndexOf('/') + 1) + rel;
    const k = at(key) as `/${string}`;
    options.onRequest?.();
    const n = await sized.size(k, { signal });
    if (n === undefined)
      throw new HttpError('not-found', 404, `There is no file at ${at(description)} (404).`, { key: k });
    return storeObjectSource(network, k, n, at(description));
  };
  return openFile(storeObjectSource(network, key, size, description), { signal: options.signal, sibling });
}
