/**
 * The one entry point of browsing: `createLister(options)` → `resolve(url)` (what kind of place a URL is: an S3
 * prefix, an HTTP folder with an index, a THREDDS catalog, a STAC document), `list(place, { cursor, prefixFilter,
 * signal })` → `{ entries, next }` one page at a time, and `probe(entry)` (a folder's kind from its children, a
 * file's from its first bytes). S3 pages are ListObjectsV2 pages; a document (index page, catalog) is read once,
 * kept (the last 16), and served in pages.
 *
 * @example
 * const lister = createLister({});
 * const place = await lister.resolve('s3://bucket/goes/2024/');
 * const { entries, next } = await lister.list(place, {});
 */
import { AbortedError, HttpError } from '../errors';
import { parseLocation } from '../url/index';
import { ListingRefusedError, httpRefusedAdvice } from './errors';
import { openDocument, type DocumentStream } from './doc-stream';
import { sameOrigin, type TextAnswer } from './fetch';
import { parseIndexPage } from './index-stream';
import { listIndex, waitIndex } from './index-pages';
import { fileFirstBytes, probeHttp } from './probe-http';
import { formatOfBytes, kindOfBytes } from './kind';
import { listS3, probeS3Bytes, probeS3Folder, s3Context, type ListerOptions, type S3Context } from './s3';
import { isStac, stacPage } from './stac';
import { parseThredds, threddsPage, threddsXmlUrl, type ThreddsDocument } from './thredds';
import type { Entry, ListPage, ListRequest, Place } from './types';
import { XmlLimitError } from './xml';

export type { ListerOptions } from './s3';

export interface Lister {
  /** What kind of place `url` is; throws `ListingRefusedError` (with what to do) when it cannot be listed. */
  resolve(url: string, signal?: AbortSignal): Promise<Place>;
  list(place: Place, request?: ListRequest): Promise<ListPage>;
  /** The entry with its kind made sure (one listing or one 8-byte read); the entry itself when nothing is learnt. */
  probe(entry: Entry, place: Place, signal?: AbortSignal): Promise<Entry>;
}

const DEFAULT_PAGE = 1000;
/** The entries of a folder's index read to probe its kind (its first ones, when the index is long). */
const PROBE_ENTRIES = 1000;

/** The folder URL an index page lists (ending in `/`, no query). */
const baseOf = (url: string): string => url.replace(/[?#].*$/, '').replace(/\/?$/, '/');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The characters of a document's start that say what it is. */
const HEAD = 8192;

/** What kind of place a document is, by its start: a THREDDS catalog, a STAC document, or an index page. */
function kindOfHead(head: string): Place['kind'] {
  const t = head.trimStart();
  if (t.startsWith('<') && /<(\w+:)?catalog[\s>]/.test(t.slice(0, 4096))) return 'thredds';
  if (t.startsWith('{')) return 'stac';
  return 'http';
}

type DocumentPage = (ListPage & { nextUrl?: string }) | undefined;

/** Pages already read from a document, by place: a document is parsed once, not once per page served. */
const parsed = new WeakMap<TextAnswer, Map<string, DocumentPage>>();

/** What a document answer holds, as one page of the place; undefined when it is not that kind of place. */
function pageOfDocument(answer: TextAnswer, place: Place): DocumentPage {
  let byPlace = parsed.get(answer);
  if (!byPlace) parsed.set(answer, (byPlace = new Map()));
  const key = `${place.kind} ${place.kind === 'thredds' ? (place.dataset ?? '') : ''}`;
  if (byPlace.has(key)) return byPlace.get(key);
  const page = readDocument(answer, place);
  byPlace.set(key, page);
  return page;
}

const catalogs = new WeakMap<TextAnswer, { doc?: ThreddsDocument | undefined; error?: unknown }>();

/** The THREDDS catalog of a document, parsed once (its nested datasets are served from the one parse). */
function threddsOf(answer: TextAnswer): ThreddsDocument | undefined {
  let c = catalogs.get(answer);
  if (!c) {
    try {
      c = { doc: parseThredds(answer.text, answer.url) };
    } catch (error) {
      c = { error };
    }
    catalogs.set(answer, c);
  }
  if (c.error !== undefined) throw c.error;
  return c.doc;
}

function readDocument(answer: TextAnswer, place: Place): DocumentPage {
  const kind = kindOfHead(answer.text.slice(0, HEAD));
  if (kind === 'thredds' && place.kind === 'thredds') {
    const doc = threddsOf(answer);
    return doc && threddsPage(doc, place.dataset);
  }
  if (kind === 'stac' && place.kind === 'stac') {
    const json = parseJson(answer.text);
    return isStac(json) ? stacPage(json, answer.url) : undefined;
  }
  if (place.kind === 'http') {
    const entries = parseIndexPage(answer.text, baseOf(answer.url));
    if (entries) return { entries };
  }
  return undefined;
}

function refusal(answer: { readonly status: number }, where: string): ListingRefusedError {
  const what =
    answer.status === 403 || answer.status === 401
      ? `access denied, ${answer.status}`
      : answer.status === 404
        ? 'nothing there, 404'
        : answer.status >= 400
          ? `the server answered ${answer.status}`
          : 'no directory index there, and no THREDDS or STAC catalog';
  return new ListingRefusedError(
    answer.status === 401 ? 403 : answer.status === 403 ? 403 : 404,
    httpRefusedAdvice(where, what),
    {
      key: where,
    },
  );
}

/** Creates a lister; it keeps S3 contexts and the last documents it read. */
export function createLister(options: ListerOptions = {}): Lister {
  const s3 = new Map<string, Promise<S3Context | undefined>>();
  const docs = new Map<string, Promise<DocumentStream>>();
  const s3Of = (url: string) => {
    let c = s3.get(url);
    if (!c) s3.set(url, (c = s3Context(url, options)));
    return c;
  };
  const docOf = async (url: string, signal?: AbortSignal): Promise<DocumentStream> => {
    let d = docs.get(url);
    if (d) {
      // The newest read is kept longest.
      docs.delete(url);
      docs.set(url, d);
    } else {
      d = openDocument(url, { fetch: options.fetch, signal });
      docs.set(url, d);
      d.catch(() => docs.delete(url));
      if (docs.size > 16) docs.delete(docs.keys().next().value!);
    }
    const doc = await d;
    // A document whose readers all gave up was abandoned where it was: it is read again.
    if (doc.failure instanceof AbortedError && !signal?.aborted) {
      if (docs.get(url) === d) docs.delete(url);
      return docOf(url, signal);
    }
    return doc;
  };
  /** A folder's index entries for a probe: the place's own document when it is being read, else read for this. */
  const folderIndex = async (base: string, signal?: AbortSignal): Promise<Entry[] | undefined> => {
    const shared = docs.has(base);
    const doc = shared
      ? await docOf(base, signal)
      : await openDocument(base, { fetch: options.fetch, signal, maxBytes: 4 * 1024 * 1024 });
    try {
      if (doc.status >= 400) return undefined;
      const p = await waitIndex(doc, base, PROBE_ENTRIES, signal);
      return p.isIndex ? [...p.entries] : undefined;
    } finally {
      if (!shared) doc.cancel();
    }
  };

  const resolve = async (url: string, signal?: AbortSignal): Promise<Place> => {
    const loc = parseLocation(url);
    if (loc.s3) return { kind: 's3', url };
    if (loc.scheme !== 'http' && loc.scheme !== 'https')
      throw new ListingRefusedError(404, `${url} is not a place that can be listed here (s3:// or http(s):// only).`);
    const target = threddsXmlUrl(url);
    const doc = await docOf(target, signal);
    if (doc.status >= 400) throw refusal(doc, url);
    const t = (await doc.head(HEAD, signal)).trimStart();
    if (t.startsWith('<') && /<(\w+:)?ListBucketResult[\s>]/.test(t.slice(0, 4096))) {
      // An S3-compatible host reached by a plain URL: list it as S3, path style.
      const u = new URL(url);
      return { kind: 's3', url: `${u.origin}${u.pathname.replace(/\/?$/, '/')}#mode=s3` };
    }
    const place: Place = { kind: kindOfHead(t), url: doc.url };
    if (place.kind === 'http') {
      // An index page is a place as soon as it says so (or once it ends): its first entries are enough.
      const p = await waitIndex(doc, baseOf(doc.url), 1, signal);
      if (p.isIndex) return place;
      if (p.isIndex === undefined && doc.failure !== undefined) throw doc.failure;
      throw refusal(doc, url);
    }
    try {
      if (pageOfDocument(await doc.answer(signal), place)) return place;
    } catch (e) {
      if (!(e instanceof XmlLimitError)) throw e;
      throw new ListingRefusedError(404, `${url} is not a catalog read here: ${e.message}`, { key: url, cause: e });
    }
    throw refusal(doc, url);
  };

  const list = async (place: Place, request: ListRequest = {}): Promise<ListPage> => {
    if (request.signal?.aborted) throw new AbortedError();
    if (place.kind === 's3') {
      const ctx = await s3Of(place.url);
      if (!ctx) throw new ListingRefusedError(404, `${place.url} is not an S3 location.`);
      return listS3(ctx, { ...request, pageSize: request.pageSize ?? DEFAULT_PAGE });
    }
    let url = place.url;
    if (request.cursor?.startsWith('u:')) url = request.cursor.slice(2);
    const doc = await docOf(url, request.signal);
    if (doc.status >= 400) throw refusal(doc, url);
    if (place.kind === 'http' && kindOfHead(await doc.head(HEAD, request.signal)) === 'http') {
      const size = request.pageSize ?? DEFAULT_PAGE;
      const page = await listIndex(doc, baseOf(doc.url), { ...request, pageSize: size });
      if (!page) throw refusal(doc, url);
      return page;
    }
    const answer = await doc.answer(request.signal);
    let page: ReturnType<typeof pageOfDocument>;
    try {
      page = pageOfDocument(answer, place);
    } catch (e) {
      if (!(e instanceof XmlLimitError)) throw e;
      throw new ListingRefusedError(404, `${url} is not a catalog read here: ${e.message}`, { key: url, cause: e });
    }
    if (!page) throw refusal(answer, url);
    const filter = request.prefixFilter ?? '';
    const all = filter ? page.entries.filter((e) => e.name.startsWith(filter)) : page.entries;
    const size = request.pageSize ?? DEFAULT_PAGE;
    const from = request.cursor?.startsWith('o:') ? Math.max(0, Number(request.cursor.slice(2)) || 0) : 0;
    const entries = all.slice(from, from + size);
    const next = from + size < all.length ? `o:${from + size}` : page.nextUrl ? `u:${page.nextUrl}` : undefined;
    return { entries, next, title: page.title };
  };

  const probe = async (entry: Entry, place: Place, signal?: AbortSignal): Promise<Entry> => {
    if (!entry.key || entry.kind === 'catalog' || entry.kind === 'item' || entry.kind === 'opendap') return entry;
    // An asset or file on another host is read only when the user opens it: no request to a host not opened.
    if (place.kind !== 's3' && !sameOrigin(entry.key, place.url)) return entry;
    try {
      let kind: Entry['kind'] | undefined;
      let format: string | undefined;
      const ctx = place.kind === 's3' ? await s3Of(place.url) : undefined;
      if (place.kind === 's3' && !ctx) return entry;
      if (!entry.place) {
        // A file: its first 8 bytes, read as opening it would read them.
        const bytes = ctx
          ? await probeS3Bytes(ctx, entry.key, signal)
          : await fileFirstBytes(entry.key, { fetch: options.fetch, signal });
        if (!bytes) return { ...entry, probeFailed: 'not found' };
        kind = kindOfBytes(bytes);
        format = formatOfBytes(bytes);
      } else if (ctx) kind = await probeS3Folder(ctx, entry.key, signal);
      else kind = await probeHttp(entry, { fetch: options.fetch, signal, index: (base) => folderIndex(base, signal) });
      if (!kind) return { ...entry, guessed: false };
      return {
        ...entry,
        kind,
        format,
        guessed: false,
        open: kind === 'folder' ? undefined : (entry.open ?? entry.place?.url.replace(/\/(#|$)/, '$1')),
      };
    } catch (e) {
      if (e instanceof AbortedError || signal?.aborted) throw e;
      // A probe that fails changes nothing but says so on a file: the entry still opens.
      if (e instanceof HttpError) return entry.place ? entry : { ...entry, probeFailed: e.message };
      throw e;
    }
  };

  return { resolve, list, probe };
}
