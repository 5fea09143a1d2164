/**
 * The link of a listing (app/browse): the page URL's query carries the place (`browse=<url>&kind=…`, plus
 * `at=<dataset>` inside a THREDDS catalog), the name filter (`q`), the sort (`sort=date|size`, name when absent) and
 * the entry the cursor is on (`sel=<name>`) and the entries ticked for "Open as one dataset" (`pick=<name>`, once
 * each, at most MAX_PICKS), so that a pasted link shows the same listing in the same state.
 * Decoding treats the query as hostile: every field is checked, and anything odd gives a message instead of a state.
 *
 * @example
 * const query = encodeBrowse({ place: { kind: 's3', url: 's3://b/goes/' }, filter: 'OR_', sort: 'date' });
 * decodeBrowse(query) // { ok: true, link: { place: {...}, filter: 'OR_', sort: 'date' } }
 */
import { redactLocation, type Place } from '../core';

export type BrowseSort = 'name' | 'date' | 'size';

export interface BrowseLink {
  readonly place: Place;
  readonly filter?: string | undefined;
  readonly sort?: BrowseSort | undefined;
  /** The name of the entry the cursor is on. */
  readonly selected?: string | undefined;
  /** The names of the entries ticked to open as one dataset, in the order shown. */
  readonly picked?: readonly string[] | undefined;
}

export type BrowseDecode = { ok: true; link: BrowseLink | null } | { ok: false; error: string };

const MAX_URL = 8192;
/** A filter or an entry name: printable text of reasonable length (names come from listings, so anything else). */
const TEXT_RE = /^\P{Cc}{1,1024}$/u;
/** A THREDDS dataset inside its catalog, by index path (`0/3`). */
const AT_RE = /^\d{1,6}(\/\d{1,6}){0,63}$/;
const KINDS = new Set<Place['kind']>(['s3', 'http', 'thredds', 'stac']);
const SORTS = new Set<BrowseSort>(['name', 'date', 'size']);
/** Ticked entries a link carries at most (more are not written: the link would outgrow what browsers keep). */
export const MAX_PICKS = 500;

/** The query (without `?`) of a listing's link. Credentials never enter it: the place is redacted. */
export function encodeBrowse(link: BrowseLink): string {
  const p = new URLSearchParams();
  p.set('browse', redactLocation(link.place.url));
  if (link.place.kind === 'thredds' && link.place.dataset) p.set('at', link.place.dataset);
  p.set('kind', link.place.kind);
  if (link.filter) p.set('q', link.filter);
  if (link.sort && link.sort !== 'name') p.set('sort', link.sort);
  if (link.selected) p.set('sel', link.selected);
  if (link.picked && link.picked.length <= MAX_PICKS) for (const name of link.picked) p.append('pick', name);
  return p.toString();
}

const fail = (error: string): BrowseDecode => ({ ok: false, error });

/**
 * Reads a page query (with or without `?`). No `browse` gives `{ ok: true, link: null }`; anything invalid gives
 * `{ ok: false, error }` with a message for the user. Never throws.
 */
export function decodeBrowse(query: string): BrowseDecode {
  try {
    const p = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
    const url = p.get('browse');
    if (url === null) return { ok: true, link: null };
    if (url.length > MAX_URL || /[\p{Cc}\s]/u.test(url)) return fail('The place in this link is not valid.');
    if (!/^(https?|s3):\/\/[^/?#]/i.test(url))
      return fail('The place in this link must be an http(s):// or s3:// URL.');
    if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url))
      return fail('This link carries credentials in the place address; it was not opened.');
    const kind = p.get('kind') as Place['kind'] | null;
    if (kind === null || !KINDS.has(kind)) return fail('This link does not say what kind of place it names.');
    const at = p.get('at');
    if (at !== null && (kind !== 'thredds' || !AT_RE.test(at)))
      return fail('The catalog dataset in this link is not valid.');
    const place: Place = kind === 'thredds' ? { kind, url, dataset: at ?? undefined } : { kind, url };
    const link: { -readonly [K in keyof BrowseLink]: BrowseLink[K] } = { place };
    const q = p.get('q');
    if (q !== null && q !== '') {
      if (!TEXT_RE.test(q)) return fail('The filter in this link is not valid.');
      link.filter = q;
    }
    const sort = p.get('sort') as BrowseSort | null;
    if (sort !== null) {
      if (!SORTS.has(sort)) return fail(`Unknown sort "${sort.slice(0, 40)}" in this link.`);
      link.sort = sort;
    }
    const sel = p.get('sel');
    if (sel !== null && sel !== '') {
      if (!TEXT_RE.test(sel)) return fail('The entry selected in this link is not valid.');
      link.selected = sel;
    }
    const picks = p.getAll('pick');
    if (picks.length > MAX_PICKS) return fail(`This link ticks more than ${MAX_PICKS} entries.`);
    if (picks.some((n) => !TEXT_RE.test(n))) return fail('An entry ticked in this link is not valid.');
    if (picks.length) link.picked = [...new Set(picks)];
    return { ok: true, link };
  } catch {
    return fail('This link could not be read.');
  }
}
