/**
 * An index page served in pages while it is still arriving: a page is handed out as soon as its entries have been
 * read (the first screen of a 100,000-entry folder needs its first thousand links, not its end), with `arriving`
 * while the document goes on; a body that stops early (over the size bound, broken off) keeps the entries read
 * before, and the page past them says why.
 */
import type { DocumentStream } from './doc-stream';
import type { IndexPageParser } from './index-stream';
import type { ListPage, ListRequest } from './types';

/**
 * The document's index parser once it holds `n` entries, says it is no index, or the body is over; throws
 * `AbortedError` when `signal` aborts first.
 */
export async function waitIndex(
  doc: DocumentStream,
  base: string,
  n: number,
  signal?: AbortSignal,
): Promise<IndexPageParser> {
  const p = doc.index(base);
  await doc.until(() => p.isIndex === false || (p.isIndex === true && p.entries.length >= n), signal);
  return p;
}

/** One page of an index document (`o:<offset>` cursors); undefined when the document is no index page. */
export async function listIndex(
  doc: DocumentStream,
  base: string,
  request: ListRequest & { readonly pageSize: number },
): Promise<ListPage | undefined> {
  const filter = request.prefixFilter ?? '';
  const size = request.pageSize;
  const from = request.cursor?.startsWith('o:') ? Math.max(0, Number(request.cursor.slice(2)) || 0) : 0;
  // A name filter is applied to the whole index: it waits for the end.
  const p = await waitIndex(doc, base, filter ? Infinity : from + size, request.signal);
  if (p.isIndex === false) return undefined;
  if (p.isIndex === undefined) {
    if (doc.failure !== undefined) throw doc.failure;
    return undefined;
  }
  const all = filter ? p.entries.filter((e) => e.name.startsWith(filter)) : p.entries;
  if (from >= all.length && doc.failure !== undefined) throw doc.failure;
  const entries = all.slice(from, from + size);
  const arriving = !doc.ended && doc.failure === undefined;
  const more = from + size < all.length || !doc.ended;
  return { entries, next: more ? `o:${from + entries.length}` : undefined, arriving: arriving || undefined };
}
