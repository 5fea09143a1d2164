/**
 * Byte sources of the files that formats read in place: one object of a remote store (HTTP, S3) read by range
 * requests, and the way a location is opened as such a file.
 */
import { HttpError, UnsupportedError } from '../../errors';
import type { RequestOptions, Store } from '../../store/types';
import { FIRST_READ, openFile } from './registry';
import type { ByteSource, FileStore } from '../types';

/** An object that knows its size (HEAD, or a one-byte range): `HttpStore`, `S3Store`. */
export interface SizedStore {
  size(key: `/${string}`, options?: RequestOptions): Promise<number | undefined>;
  /** The size an answer already said (a range's `Content-Range`), without a request. */
  knownSize?(key: `/${string}`): number | undefined;
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
 * The first `FIRST_READ` bytes of the object and its size, in one range request where the answer says the size
 * (`Content-Range`, or a body shorter than asked): no HEAD before it. Undefined when there is no such object.
 */
async function headAndSize(
  sized: SizedStore,
  network: Store,
  key: `/${string}`,
  options: { readonly signal?: AbortSignal | undefined; readonly onRequest?: (() => void) | undefined },
): Promise<{ head: Uint8Array; size: number } | undefined> {
  let head: Uint8Array | undefined;
  try {
    head = await network.getRange!(key, { offset: 0, length: FIRST_READ }, { signal: options.signal });
  } catch (e) {
    if (!(e instanceof HttpError) || e.status !== 416) throw e;
    head = new Uint8Array(0); // an empty object: no byte to serve
  }
  if (!head) return undefined;
  let size = head.length < FIRST_READ ? head.length : sized.knownSize?.(key);
  if (size === undefined) {
    options.onRequest?.(); // uncounted by the network policy
    size = await sized.size(key, { signal: options.signal });
  }
  return size === undefined ? undefined : { head: head.subarray(0, Math.min(head.length, size)), size };
}

/**
 * Opens the object at `key` as a file of a known format: its first bytes and size by one range request
 * (`headAndSize`), the rest through `network`. Undefined when no format knows its first bytes; an `HttpError`
 * (`not-found`) when there is no such object.
 */
export async function openObjectAsFile(
  sized: SizedStore,
  network: Store,
  key: `/${string}`,
  description: string,
  options: { readonly signal?: AbortSignal | undefined; readonly onRequest?: (() => void) | undefined },
): Promise<FileStore | undefined> {
  if (!network.getRange) throw new HttpError('http', 0, `${description} cannot be read by ranges.`, { key });
  const first = await headAndSize(sized, network, key, options);
  if (!first) throw new HttpError('not-found', 404, `There is no file at ${description} (404).`, { key });
  const { head, size } = first;
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
  const source = storeObjectSource(network, key, size, description);
  // The first bytes already read answer the format's first read (openFile's, of the same range).
  const read: typeof source.read = (offset, length, signal) =>
    offset === 0 && length <= head.length
      ? Promise.resolve(head.slice(0, length))
      : source.read(offset, length, signal);
  return openFile({ ...source, read }, { signal: options.signal, sibling });
}
