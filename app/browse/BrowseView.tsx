/**
 * The browser of a place (src/listing): breadcrumbs up, a name filter (S3: the listing prefix, fetched by the
 * server), sort by name, date or size, a virtualised list (only the rows on screen are in the page; the next page is
 * fetched when the end comes into view; a document still arriving, a long index page, shows each page as it is read,
 * use-listing.ts), each entry with its kind, size and date (BrowseRow.tsx; a selected file's kind from its first
 * bytes, use-probes.ts). Keyboard: ↑/↓ move, Enter opens,
 * Backspace goes up. A click opens a dataset or lists a folder or catalog; Back returns here, where it was. Files
 * can be picked (a row's box, Shift for a range, Space, Shift+↑/↓, Ctrl/⌘+A; the page URL carries the picks) and
 * opened as one dataset (JoinBar).
 * A dropped folder's listing (local-places.ts) reads its own lister, opens entries from the dropped files (the
 * picked ones as one dataset, joined from those files), and shows the entries that cannot be read with why.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isPlaceEntry, type ListingEntry, type Place } from '../core';
import { useDataset } from '../state/dataset-store';
import { leavePlace, placeKey, showPlace } from './browse-store';
import { BrowseRow } from './BrowseRow';
import { crumbsOf } from './crumbs';
import { JoinBar } from './JoinBar';
import { LOCAL_GONE, joinSourceOf, sourceOfEntry } from './local-places';
import { isMember, useSelection } from './selection';
import { useLinkState, useMirrorLink } from './use-link-state';
import { useListing } from './use-listing';
import { useFolderProbes, useSelectedProbe } from './use-probes';
import './browse.css';

const ROW = 30;
/** Pages read at most to find the entry a link selects. */
const FIND_PAGES = 20;

export function BrowseView({ place }: { place: Place }) {
  const key = placeKey(place);
  const { filter, setFilter, sort, setSort, linked, setLinked, linkedPicks } = useLinkState(place);
  const { view, setView, error, setError, loading, loadMore, loadingRef, listed, views } = useListing(
    place,
    key,
    filter,
  );
  const [height, setHeight] = useState(600);
  const [scrollTop, setScrollTop] = useState(view.scrollTop);
  const list = useRef<HTMLDivElement>(null);

  // Keep the view of this place (pages read, scroll, selection) for Back.
  useEffect(() => {
    views.set(key, { ...view, scrollTop });
  }, [views, key, view, scrollTop]);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    el.scrollTop = view.scrollTop;
    // The keyboard stays with the listing from one place to the next.
    if (document.activeElement === document.body || document.activeElement === null) el.focus({ preventScroll: true });
    const ro = new ResizeObserver(() => setHeight(el.clientHeight || 600));
    ro.observe(el);
    return () => ro.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const shown = useMemo(() => {
    const f = filter.toLowerCase();
    const rows = f ? view.entries.filter((e) => e.name.toLowerCase().includes(f)) : [...view.entries];
    const places = (e: ListingEntry) => (isPlaceEntry(e) ? 0 : 1);
    rows.sort((a, b) => {
      if (sort === 'date') return (b.date ?? '').localeCompare(a.date ?? '') || a.name.localeCompare(b.name);
      if (sort === 'size') return (b.size ?? -1) - (a.size ?? -1) || a.name.localeCompare(b.name);
      return places(a) - places(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    });
    return rows;
  }, [view.entries, filter, sort]);

  const picks = useSelection(shown, linkedPicks);
  const pickedNames = useMemo(
    () => [
      ...view.entries.filter((e) => isMember(e) && picks.picked.has(e.open!)).map((e) => e.name),
      ...picks.waiting,
    ],
    [view.entries, picks.picked, picks.waiting],
  );
  const members = useMemo(() => shown.filter(isMember).length, [shown]);

  // Rows on screen, and a few more; the next page when its end comes into view.
  const firstRow = Math.max(0, Math.floor(scrollTop / ROW) - 10);
  const lastRow = Math.min(shown.length, Math.ceil((scrollTop + height) / ROW) + 10);
  useEffect(() => {
    if (view.next && lastRow >= shown.length - 5 && !loadingRef.current) void loadMore(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastRow, shown.length, view.next]);

  const replace = useCallback(
    (from: ListingEntry, to: ListingEntry) =>
      setView((v) => ({ ...v, entries: v.entries.map((x) => (x === from ? to : x)) })),
    [setView],
  );
  const onScreen = useMemo(() => shown.slice(firstRow, lastRow), [shown, firstRow, lastRow]);
  useFolderProbes(place, onScreen, replace);

  // A dropped folder's picked files open as one dataset from the dropped files (a `dropped-join` source).
  const openLocalJoin = (picked: readonly string[]): string | undefined => {
    const source = joinSourceOf(place, picked);
    if ('error' in source) return source.error;
    views.set(key, { ...view, scrollTop: list.current?.scrollTop ?? scrollTop });
    leavePlace();
    void useDataset.getState().open(source, `${picked.length} files of ${source.name}`);
    return undefined;
  };

  const activate = (e: ListingEntry) => {
    if (place.kind === 'local' && e.open && !isPlaceEntry(e)) {
      // A dropped folder's dataset opens from the dropped files, as it opens dropped alone.
      const source = sourceOfEntry(place, e);
      if (!source) return setError(LOCAL_GONE);
      views.set(key, { ...view, scrollTop: list.current?.scrollTop ?? scrollTop });
      leavePlace();
      void useDataset.getState().open(source, e.name);
    } else if (e.open && !isPlaceEntry(e)) {
      views.set(key, { ...view, scrollTop: list.current?.scrollTop ?? scrollTop });
      leavePlace();
      void useDataset.getState().open({ kind: 'url', url: e.open }, e.open);
    } else if (e.place) showPlace(e.place);
  };

  // The entry a link selects, once read (its page may come later: a few more are read to find it).
  const found = linked === undefined ? -1 : shown.findIndex((e) => e.name === linked);
  const selected = found >= 0 ? found : Math.min(view.selected, Math.max(0, shown.length - 1));
  const scrollTo = (i: number) => {
    const el = list.current;
    if (!el) return;
    if (i * ROW < el.scrollTop) el.scrollTop = i * ROW;
    else if ((i + 1) * ROW > el.scrollTop + el.clientHeight) el.scrollTop = (i + 1) * ROW - el.clientHeight;
  };
  /** Whether the user has selected an entry here (a file selected is probed by its first bytes). */
  const [touched, setTouched] = useState(false);
  const select = (i: number) => {
    setTouched(true);
    setLinked(undefined);
    setView((v) => ({ ...v, selected: i }));
    scrollTo(i);
  };
  const pagesRead = useRef(0);
  useEffect(() => {
    if (found >= 0) scrollTo(found);
    else if (linked !== undefined && listed.current && view.next && pagesRead.current < FIND_PAGES) {
      pagesRead.current++;
      void loadMore(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found, linked, view.next]);
  useMirrorLink(place, filter, sort, linked ?? shown[selected]?.name, pickedNames);
  useSelectedProbe(place, touched ? shown[selected] : undefined, replace);
  const crumbs = crumbsOf(place);
  const onKey = (ev: React.KeyboardEvent) => {
    const step = ev.key === 'ArrowDown' ? 1 : ev.key === 'ArrowUp' ? -1 : 0;
    const to = Math.min(shown.length - 1, Math.max(0, selected + step));
    if (step) {
      if (ev.shiftKey) picks.extend(selected, to);
      select(to);
    } else if (ev.key === ' ') picks.toggle(selected, ev.shiftKey);
    else if (ev.key.toLowerCase() === 'a' && (ev.ctrlKey || ev.metaKey)) picks.all();
    else if (ev.key === 'Enter' && shown[selected]) activate(shown[selected]);
    else if (ev.key === 'Backspace' && crumbs.length > 1) showPlace(crumbs[crumbs.length - 2]!.place);
    else return;
    ev.preventDefault();
  };

  return (
    <section className="browse" aria-label="Browse" data-testid="browse">
      <nav className="browse-crumbs" aria-label="Place">
        {crumbs.map((c, i) => (
          <span key={i}>
            {i > 0 && <span aria-hidden="true"> / </span>}
            {i === crumbs.length - 1 ? (
              <strong data-testid="browse-here">{c.label}</strong>
            ) : (
              <button type="button" className="browse-crumb" onClick={() => showPlace(c.place)}>
                {c.label}
              </button>
            )}
          </span>
        ))}
        {view.title && <span className="browse-title"> — {view.title}</span>}
      </nav>
      <div className="browse-tools">
        <input
          type="search"
          placeholder={place.kind === 's3' ? 'Filter by name (prefix)' : 'Filter by name'}
          aria-label="Filter by name"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          data-testid="browse-filter"
        />
        <label>
          Sort{' '}
          <select value={sort} onChange={(e) => setSort(e.target.value as typeof sort)} data-testid="browse-sort">
            <option value="name">name</option>
            <option value="date">date</option>
            <option value="size">size</option>
          </select>
        </label>
        <span className="browse-count" data-testid="browse-count" data-arriving={view.arriving || undefined}>
          {view.arriving
            ? `${shown.length}${filter ? ` of ${view.entries.length}` : ''} so far, still arriving…`
            : `${shown.length} ${view.next ? '+ more' : ''} ${loading ? '(reading…)' : ''}`}
        </span>
      </div>
      <JoinBar selection={picks} members={members} open={place.kind === 'local' ? openLocalJoin : undefined} />
      {error && (
        <p className="browse-error" role="alert" data-testid="browse-error">
          {error}
        </p>
      )}
      <div
        className="browse-list"
        ref={list}
        role="list"
        tabIndex={0}
        aria-label="Entries (arrow keys choose, Enter opens, Space selects, Backspace goes up)"
        onKeyDown={onKey}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        data-testid="browse-list"
      >
        <div style={{ height: shown.length * ROW, position: 'relative' }}>
          {onScreen.map((e, j) => {
            const i = firstRow + j;
            return (
              <BrowseRow
                key={`${e.name} ${i}`}
                entry={e}
                index={i}
                top={i * ROW}
                height={ROW}
                selected={i === selected}
                picked={isMember(e) && picks.picked.has(e.open!)}
                onSelect={(ev) => (ev.shiftKey ? picks.toggle(i, true) : select(i))}
                onPick={(ev) => picks.toggle(i, ev.shiftKey)}
                onOpen={() => activate(e)}
              />
            );
          })}
        </div>
      </div>
    </section>
  );
}
