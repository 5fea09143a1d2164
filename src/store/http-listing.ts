/**
 * Listing for a plain HTTP(S) store, which has no listing of its own: a server that cannot list keys cannot
 * reveal the arrays of an unconsolidated Zarr group. `withListing` tries, once per store, what can list:
 * 1. an HTML directory index of the folder (`<base>/<prefix>/`: nginx/Apache autoindex, `python3 -m http.server`);
 * 2. S3 ListObjectsV2, path style (`<origin>/<bucket>?list-type=2&prefix=<key>/…`), then virtual-host style
 *    (`<bucket>.<host>`), for S3-compatible hosts reached by a plain URL.
 * The first that answers is used for every later listing; when none does, `list` throws `ListingUnavailableError`
 * with what the user can do instead.
 *
 * @example
 * const store = withListing(new HttpStore('https://host/ds.zarr'));
 * await store.list!('/'); // { files: [...], folders: ['temp', ...] }
 */
import { AbortedError, ZarrviewError } from '../errors';
import { parseDirectoryIndex } from './directory-index';
import type { FetchLike, HttpStore } from './http-store';
import { S3Store } from './s3-store';
import type { AbsolutePath, Listing, RequestOptions, Store } from './types';

/** Advice when nothing lists: consolidate, or open an array by its own URL. */
export function unlistableAdvice(url: string): string {
  return (
    `The arrays of this group cannot be found: ${url} has no consolidated metadata (.zmetadata) and its server ` +
    'cannot list folders (no HTML directory index, no S3 listing). Consolidate the store where it is written ' +
    `(Python: zarr.consolidate_metadata(store)), or paste the URL of one array (${url}/<array name>) to open it on its own.`
  );
}

/** No way to list this HTTP store's keys. Code `unsupported`; its message is `unlistableAdvice`. */
export class ListingUnavailableError extends ZarrviewError {
  constructor(url: string, key: string) {
    super('unsupported', unlistableAdvice(url), { key });
    this.name = 'ListingUnavailableError';
  }
}

type Lister = (prefix: AbsolutePath, options?: RequestOptions) => Promise<Listing | undefined>;

function indexLister(http: HttpStore): Lister {
  return async (prefix, options) => {
    const text = await http.fetchText(
      `${http.base}${prefix === '/' ? '/' : prefix.replace(/\/?$/, '/')}`,
      prefix,
      options,
    );
    return text === undefined ? undefined : parseDirectoryIndex(text);
  };
}

const isIp = (host: string) => /^[\d.]+$/.test(host) || host.startsWith('[');

/** S3 listers for the URL: path style when the path has a bucket segment, virtual-host style when the host has a label to spare. */
function s3Listers(http: HttpStore, fetch: FetchLike | undefined): Lister[] {
  const u = new URL(http.base);
  const segments = u.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const listers: Lister[] = [];
  const make = (endpoint: string, bucket: string, key: string, addressing: 'path' | 'virtual'): Lister => {
    const s3 = new S3Store({
      endpoint,
      bucket,
      key,
      region: 'us-east-1',
      fetch,
      addressing,
      forbiddenAsMissing: false,
      maxPages: 100,
    });
    return (prefix, options) => s3.list(prefix, options);
  };
  if (segments.length >= 1) listers.push(make(u.origin, segments[0]!, segments.slice(1).join('/'), 'path'));
  const dot = u.hostname.indexOf('.');
  if (!isIp(u.hostname) && dot > 0 && u.hostname.indexOf('.', dot + 1) > 0) {
    const endpoint = `${u.protocol}//${u.host.slice(dot + 1)}`;
    listers.push(make(endpoint, u.hostname.slice(0, dot), segments.join('/'), 'virtual'));
  }
  return listers;
}

export interface ListingOptions {
  readonly fetch?: FetchLike | undefined;
}

/** The HTTP store with a `list` that uses whichever listing the server speaks (see the module doc). */
export function withListing(http: HttpStore, options: ListingOptions = {}): Store {
  const candidates: Lister[] = [indexLister(http), ...s3Listers(http, options.fetch)];
  let chosen: Lister | undefined;
  let unavailable = false;
  const list = async (prefix: AbsolutePath, opts?: RequestOptions): Promise<Listing> => {
    if (chosen) return (await chosen(prefix, opts)) ?? { files: [], folders: [] };
    if (unavailable) throw new ListingUnavailableError(http.base, prefix);
    for (const lister of candidates) {
      let listing: Listing | undefined;
      try {
        listing = await lister(prefix, opts);
      } catch (e) {
        if (e instanceof AbortedError || opts?.signal?.aborted) throw e;
        continue; // not this kind of server
      }
      if (listing) {
        chosen = lister;
        return listing;
      }
    }
    unavailable = true;
    throw new ListingUnavailableError(http.base, prefix);
  };
  return {
    description: http.description,
    get: (key, o) => http.get(key, o),
    getRange: (key, range, o) => http.getRange(key, range, o),
    direct: (key) => http.direct(key),
    list,
  };
}
