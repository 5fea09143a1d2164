/**
 * The place being browsed (src/listing), kept in the page URL as `?browse=<url>` (plus `&at=<dataset>` inside a
 * THREDDS catalog, and the filter, sort and entry selected: app/share/browse-link.ts) so that Back returns to it and a
 * copied link opens it as it was. Opening a dataset from the listing pushes
 * a history entry without `browse`; Back pops it and the listing shows again where it was (its pages and scroll are
 * kept here per place).
 */
import { create } from 'zustand';
import { createLister, parseLocation, type Lister, type ListingEntry, type ListPage, type Place } from '../core';
import { openCredentials } from '../state/settings-store';
import { decodeBrowse, encodeBrowse, type BrowseLink } from '../share/browse-link';
import { LOCAL_GONE, droppedOf, localOfState } from './local-places';

export interface PlaceView {
  entries: ListingEntry[];
  next: string | undefined;
  title: string | undefined;
  scrollTop: number;
  selected: number;
  /** The place's document is still arriving (its next page comes as it is read). */
  arriving: boolean;
  /** A page of this listing came while its document was arriving: the next ones are read without scrolling. */
  streamed: boolean;
}

interface BrowseState {
  place: Place | null;
  /** Why the page URL's listing link was not followed. */
  linkError: string | null;
  /** Pages read and scroll position per place key, so Back finds the listing as it was. */
  views: Map<string, PlaceView>;
  setPlace(place: Place | null): void;
}

export const useBrowse = create<BrowseState>((set) => ({
  place: null,
  linkError: null,
  views: new Map(),
  setPlace: (place) => set({ place }),
}));

export const placeKey = (p: Place): string => `${p.kind} ${p.url} ${p.kind === 'thredds' ? (p.dataset ?? '') : ''}`;

let lister: Lister | undefined;
let listerFor = '';
/** A lister with the endpoints and credentials of the settings (a new one when they change). */
export function currentLister(): Lister {
  const creds = openCredentials();
  const key = JSON.stringify(creds);
  if (!lister || key !== listerFor) {
    lister = createLister(creds);
    listerFor = key;
  }
  return lister;
}

/** The lister of a place: the one made for a dropped folder, else the network's. */
export function listerOf(place: Place): Lister {
  if (place.kind !== 'local') return currentLister();
  const d = droppedOf(place);
  if (!d) throw new Error(LOCAL_GONE);
  return d.lister;
}

/** The page URL that shows `place` (with the listing's filter, sort and selected entry when given). */
export function browseHref(place: Place, state: Omit<BrowseLink, 'place'> = {}): string {
  const u = new URL(window.location.href);
  u.hash = '';
  u.search = encodeBrowse({ ...state, place });
  return u.href;
}

/** Shows a place, with a history entry (`replace` for the first one of an open). */
export function showPlace(place: Place, replace = false): void {
  if (place.kind === 'local') {
    // No address: the history entry carries the place, the page URL none (a link to it could not be followed).
    const u = new URL(window.location.href);
    u.search = '';
    u.hash = '';
    const state = { browse: true, local: place.url };
    if (replace) window.history.replaceState(state, '', u.href);
    else window.history.pushState(state, '', u.href);
    useBrowse.getState().setPlace(place);
    return;
  }
  const href = browseHref(place);
  if (href !== window.location.href) {
    if (replace) window.history.replaceState({ browse: true }, '', href);
    else window.history.pushState({ browse: true }, '', href);
  }
  useBrowse.getState().setPlace(place);
}

/** Leaves the listing for a dataset: a history entry without `browse`, so Back returns to the listing. */
export function leavePlace(): void {
  const u = new URL(window.location.href);
  u.search = '';
  window.history.pushState(null, '', u.href);
  useBrowse.getState().setPlace(null);
}

/** The listing the page URL names (place, filter, sort, selected entry), if any; null when its link is not valid. */
export function linkFromLocation(): BrowseLink | null {
  const r = decodeBrowse(window.location.search);
  return r.ok ? r.link : null;
}

/** The place the page URL names, if any. */
export const placeFromLocation = (): Place | null => linkFromLocation()?.place ?? null;

/** Keeps the store in step with the page URL (Back, Forward, a link pasted with `?browse=`). */
export function followLocation(): () => void {
  const sync = () => {
    const local = localOfState(window.history.state);
    if (local) {
      useBrowse.setState({ linkError: local.gone ? LOCAL_GONE : null });
      useBrowse.getState().setPlace(local.gone ? null : local.place);
      return;
    }
    const r = decodeBrowse(window.location.search);
    useBrowse.setState({ linkError: r.ok ? null : r.error });
    useBrowse.getState().setPlace(r.ok ? (r.link?.place ?? null) : null);
  };
  sync();
  window.addEventListener('popstate', sync);
  return () => window.removeEventListener('popstate', sync);
}

/**
 * The first page `placeOf` listed, by place (`placeKey`), kept for the listing it opens (`takeFirstPage`): the first
 * screen then waits for one listing request, not two in a row. A page is taken once, and only the newest is kept.
 */
const firstPages = new Map<string, { readonly page: ListPage; readonly at: number }>();
/** A kept first page older than this is read again. */
const FIRST_PAGE_MS = 10_000;

/** The first page of `place` as `placeOf` read it a moment ago, once; undefined otherwise. */
export function takeFirstPage(place: Place): ListPage | undefined {
  const key = placeKey(place);
  const kept = firstPages.get(key);
  firstPages.delete(key);
  return kept && performance.now() - kept.at < FIRST_PAGE_MS ? kept.page : undefined;
}

/** The listing refusals met by `placeOf`, by URL: said when the open of that URL then fails too. */
export const refusals = new Map<string, string>();

const ZARR_ROOT = new Set(['zarr.json', '.zgroup', '.zarray', '.zmetadata', '.zattrs', 'repo']);

/**
 * Whether a URL about to be opened is a place rather than a dataset: an S3 bucket or prefix (`…/`) whose first
 * listing page has no Zarr metadata object nor Icechunk `repo` at its root; an http(s) folder (`…/`) with an index
 * page that is no store; a THREDDS catalog; a STAC document. Never throws: undefined opens the URL as before.
 */
export async function placeOf(url: string, signal: AbortSignal): Promise<Place | undefined> {
  let loc;
  try {
    loc = parseLocation(url);
  } catch {
    return undefined;
  }
  const path = loc.path.split('?')[0] ?? '';
  const folder = loc.s3 ? loc.s3.key === '' || path.endsWith('/') : path.endsWith('/');
  const catalog = /\/catalog\.(xml|html)$|\.json$/i.test(path) && !loc.s3;
  if (!folder && !catalog) return undefined;
  if (loc.fragment && loc.mode.medium !== undefined && loc.mode.medium !== 's3') return undefined;
  try {
    const l = currentLister();
    const place = await l.resolve(url, signal);
    if (place.kind === 'thredds' || place.kind === 'stac') return place;
    const page = await l.list(place, { signal, pageSize: 1000 });
    if (page.entries.some((e) => !e.place && ZARR_ROOT.has(e.name))) return undefined;
    if (place.kind === 'http') {
      const probed = await l.probe({ name: '', kind: 'folder', guessed: true, key: place.url, place }, place, signal);
      if (probed.kind !== 'folder') return undefined;
    }
    if (page.entries.length === 0) return undefined;
    firstPages.clear();
    firstPages.set(placeKey(place), { page, at: performance.now() });
    return place;
  } catch (e) {
    if (e instanceof Error && e.name === 'ListingRefusedError') refusals.set(url, e.message);
    return undefined;
  }
}
