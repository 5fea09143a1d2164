/**
 * A recursive listing (`zarrview ls -r`): depth first, in listing order, bounded by a number of entries and a
 * depth, each place listed once (catalogs that refer to each other in a cycle are listed once each). A dataset
 * (a Zarr store, a file) is an entry, never descended into, and neither is a catalog on another host.
 */
import { sameOrigin } from './fetch';
import type { Lister } from './place';
import { isPlaceEntry, type Entry, type Place } from './types';

export interface WalkOptions {
  /** Entries yielded at most (default 10,000). */
  readonly limit?: number | undefined;
  /** Levels below the place (default 32). */
  readonly maxDepth?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Probe each folder's kind before yielding it (so stores are not descended into). */
  readonly probeFolders?: boolean | undefined;
}

export interface Walked {
  /** Names from the walked place down, joined by `/`. */
  readonly path: string;
  readonly entry: Entry;
  readonly depth: number;
}

/** Empty pages in a row after which a place is taken to be done. */
const MAX_EMPTY_PAGES = 16;

const placeKey = (p: Place) => `${p.kind} ${p.url} ${p.kind === 'thredds' ? (p.dataset ?? '') : ''}`;

/** Yields the entries under `place`; `truncated()` tells whether the limit stopped the walk. */
export function walk(lister: Lister, place: Place, options: WalkOptions = {}) {
  const limit = options.limit ?? 10_000;
  const maxDepth = options.maxDepth ?? 32;
  const seen = new Set<string>([placeKey(place)]);
  let count = 0;
  let truncated = false;
  async function* under(at: Place, prefix: string, depth: number): AsyncGenerator<Walked> {
    let cursor: string | undefined;
    const cursors = new Set<string>();
    let empty = 0;
    do {
      const page = await lister.list(at, { cursor, signal: options.signal });
      // A server that answers the same continuation token again, or page after page of nothing, ends the place.
      empty = page.entries.length === 0 ? empty + 1 : 0;
      if (empty > MAX_EMPTY_PAGES || (page.next !== undefined && cursors.has(page.next))) return;
      if (page.next !== undefined) cursors.add(page.next);
      for (let entry of page.entries) {
        if (count >= limit) {
          truncated = true;
          return;
        }
        if (options.probeFolders && entry.place && entry.kind !== 'catalog' && entry.kind !== 'item')
          entry = await lister.probe(entry, at, options.signal);
        count++;
        const path = prefix ? `${prefix}/${entry.name}` : entry.name;
        yield { path, entry, depth };
        const next = entry.place;
        if (!next || !isPlaceEntry(entry) || depth + 1 > maxDepth) continue;
        // A catalog on another host is listed as an entry, never walked into (no request to a host not opened).
        if (next.kind !== 's3' && !sameOrigin(next.url, place.url)) continue;
        const key = placeKey(next);
        if (seen.has(key)) continue;
        seen.add(key);
        yield* under(next, path, depth + 1);
        if (truncated) return;
      }
      cursor = page.next;
    } while (cursor);
  }
  return { entries: under(place, '', 0), truncated: () => truncated };
}
