/**
 * The state of a listing that its link carries (app/share/browse-link.ts): the filter, the sort, the entry
 * selected and the entries ticked start from the page URL when it names this place, and are written back to it (history.replaceState) as
 * they change, so that the page's link, copied or bookmarked, shows the listing as it is.
 */
import { useEffect, useState } from 'react';
import type { Place } from '../core';
import type { BrowseSort } from '../share/browse-link';
import { browseHref, linkFromLocation, placeKey } from './browse-store';

export function useLinkState(place: Place) {
  const [initial] = useState(() => {
    const link = linkFromLocation();
    return link && placeKey(link.place) === placeKey(place) ? link : undefined;
  });
  const [filter, setFilter] = useState(initial?.filter ?? '');
  const [sort, setSort] = useState<BrowseSort>(initial?.sort ?? 'name');
  /** The name of the entry the link selects, until the user selects another. */
  const [linked, setLinked] = useState(initial?.selected);
  /** The names of the entries the link ticks (picked as their entries are read). */
  const [linkedPicks] = useState(initial?.picked ?? []);
  return { filter, setFilter, sort, setSort, linked, setLinked, linkedPicks };
}

/** Writes the listing's state into the page URL while the page shows this place. */
export function useMirrorLink(
  place: Place,
  filter: string,
  sort: BrowseSort,
  selected: string | undefined,
  picked: readonly string[],
): void {
  const picks = picked.join('\n');
  useEffect(() => {
    const here = linkFromLocation();
    if (!here || placeKey(here.place) !== placeKey(place)) return;
    const href = browseHref(place, { filter, sort, selected, picked: picks ? picks.split('\n') : undefined });
    if (href !== window.location.href) window.history.replaceState(window.history.state, '', href);
  }, [place, filter, sort, selected, picks]);
}
