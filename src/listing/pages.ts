/**
 * The pages of a place as an async iterator: one listing request per page, each page yielded as it arrives (the
 * first screen needs one request, not the whole place), until the place has no next page.
 *
 * @example
 * for await (const page of pages(lister, place, { pageSize: 1000 })) show(page.entries);
 */
import type { Lister } from './place';
import type { ListPage, ListRequest, Place } from './types';

export async function* pages(lister: Lister, place: Place, request: ListRequest = {}): AsyncGenerator<ListPage> {
  let cursor = request.cursor;
  const cursors = new Set<string>();
  do {
    const page = await lister.list(place, { ...request, cursor });
    yield page;
    cursor = page.next;
    // A server that answers a continuation token it gave before would page forever: the place ends there.
    if (cursor !== undefined && cursors.has(cursor)) return;
    if (cursor !== undefined) cursors.add(cursor);
  } while (cursor);
}
