/**
 * The browser of a place (src/listing): breadcrumbs up, a name filter (S3: the listing prefix, fetched by the
 * server), sort by name, date or size, a virtualised list (only the rows on screen are in the page; the next page is
 * fetched when the end comes into view), each entry with its kind, size and date. Keyboard: ↑/↓ move, Enter opens,
 * Backspace goes up. A click opens a dataset or lists a folder or catalog; Back returns here, where it was. Files
 * can be picked (a row's box, Shift for a range, Space, Shift+↑/↓, Ctrl/⌘+A) and opened as one dataset (JoinBar).
 * A dropped folder's listing (local-places.ts) reads its own lister, opens entries from the dropped files (the
 * picked ones as one dataset, joined from those files), and shows the entries that cannot be read with why.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { isPlaceEntry, type ListingEntry, type Place } from '../core';
import { useDataset } from '../state/dataset-store';
import { leavePlace, listerOf, placeKey, showPlace, takeFirstPage, useBrowse, type PlaceView } from './browse-store';
import { crumbsOf } from './crumbs';
import { JoinBar } from './JoinBar';
import { LOCAL_GONE, joinSourceOf, sourceOfEntry } from './local-places';
import { KIND_LABEL, formatSize } from './rows';
import { isMember, useSelection } from './selection';
import { useLinkState, useMirrorLink } from './use-link-state';
import './browse.css';

const ROW = 30;
/** Pages read at most to find the entry a link selects. */
const FIND_PAGES = 20;

export function BrowseView({ place }: { place: Place }) {
  const key = placeKey(place);
  const views = useBrowse((s) => s.views);
  const [view, setView] = useState<PlaceView>(
    () => views.get(key) ?? { entries: [], next: undefined, title: undefined, scrollTop: 0, selected: 0 },
  );
  const { filter, setFilter, sort, setSort, linked, setLinked } = useLinkState(place);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [height, setHeight] = useState(600);
  const [scrollTop, setScrollTop] = useState(view.scrollTop);
  const list = useRef<HTMLDivElement>(null);
  const loadingRef = useRef(false);
  /** Whether a page of this place has been read (the entries shown are its). */
  const listed = useRef(view.entries.length > 0);

  // Keep the view of this place (pages read, scroll, selection) for Back.
  useEffect(() => {
    views.set(key, { ...view, scrollTop });
  }, [views, key, view, scrollTop]);

  const loadMore = async (fresh: boolean, signal?: AbortSignal) => {
    if (loadingRef.current && !fresh) return;
    loadingRef.current = true;
    setLoading(true);
    try {
      const lister = listerOf(place);
      const prefixFilter = place.kind === 's3' && filter ? filter : undefined;
      // The first page placeOf read to find this place is this listing's first page.
      const kept = fresh && !prefixFilter ? takeFirstPage(place) : undefined;
      const page = kept ?? (await lister.list(place, { cursor: fresh ? undefined : view.next, prefixFilter, signal }));
      if (signal?.aborted) return;
      listed.current = true;
      setError(null);
      setView((v) => ({
        ...v,
        entries: fresh ? [...page.entries] : [...v.entries, ...page.entries],
        next: page.next,
        title: page.title ?? v.title,
      }));
    } catch (e) {
      if (!signal?.aborted) setError(e instanceof Error ? e.message : String(e));
    } finally {
      loadingRef.current = false;
      setLoading(false);
    }
  };

  // First page (unless Back brought the listing back as it was); S3 filters refetch by prefix.
  const filterKey = place.kind === 's3' ? filter : '';
  const first = useRef(view.entries.length > 0);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const c = new AbortController();
    const t = setTimeout(() => void loadMore(true, c.signal), filterKey ? 250 : 0);
    return () => (clearTimeout(t), c.abort());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, filterKey]);

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

  const picks = useSelection(shown);
  const members = useMemo(() => shown.filter(isMember).length, [shown]);

  // Rows on screen, and a few more; the next page when its end comes into view.
  const firstRow = Math.max(0, Math.floor(scrollTop / ROW) - 10);
  const lastRow = Math.min(shown.length, Math.ceil((scrollTop + height) / ROW) + 10);
  useEffect(() => {
    if (view.next && lastRow >= shown.length - 5 && !loadingRef.current) void loadMore(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastRow, shown.length, view.next]);

  // The kinds of the folders and files on screen, made sure (a listing or 8 bytes each, a few at a time).
  const probed = useRef(new Set<string>());
  useEffect(() => {
    const c = new AbortController();
    const todo = shown.slice(firstRow, lastRow).filter((e) => e.guessed && !probed.current.has(e.key ?? e.name));
    const run = async () => {
      for (const e of todo.slice(0, 24)) {
        if (c.signal.aborted) return;
        probed.current.add(e.key ?? e.name);
        if (!e.place) continue; // files: by name, then by their first bytes when selected
        const sure = await Promise.resolve()
          .then(() => listerOf(place).probe(e, place, c.signal))
          .catch(() => e);
        setView((v) => ({ ...v, entries: v.entries.map((x) => (x === e ? sure : x)) }));
      }
    };
    void run();
    return () => c.abort();
  }, [shown, firstRow, lastRow, place]);

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
  const select = (i: number) => {
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
  useMirrorLink(place, filter, sort, linked ?? shown[selected]?.name);
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
        <span className="browse-count" data-testid="browse-count">
          {shown.length} {view.next ? '+ more' : ''} {loading ? '(reading…)' : ''}
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
          {shown.slice(firstRow, lastRow).map((e, j) => {
            const i = firstRow + j;
            return (
              <div
                key={`${e.name} ${i}`}
                id={`browse-row-${i}`}
                role="listitem"
                aria-current={i === selected ? 'true' : undefined}
                className={`browse-row${i === selected ? ' selected' : ''}`}
                style={{ top: i * ROW, height: ROW }}
                onClick={(ev) => (ev.shiftKey ? picks.toggle(i, true) : select(i))}
                onDoubleClick={() => activate(e)}
                data-testid="browse-row"
                data-kind={e.kind}
              >
                {isMember(e) ? (
                  <input
                    type="checkbox"
                    className="browse-pick"
                    aria-label={`Select ${e.name}`}
                    checked={picks.picked.has(e.open!)}
                    onClick={(ev) => {
                      ev.stopPropagation();
                      picks.toggle(i, ev.shiftKey);
                    }}
                    onChange={() => undefined}
                    data-testid="browse-pick"
                  />
                ) : (
                  <span className="browse-pick" aria-hidden="true" />
                )}
                <span className={`browse-kind kind-${e.kind}`}>{KIND_LABEL[e.kind] ?? e.kind}</span>
                <button type="button" className="browse-name" onClick={() => activate(e)} title={e.note}>
                  {e.name}
                  {e.kind === 'folder' ? '/' : ''}
                </button>
                <span className="browse-size">{formatSize(e.size)}</span>
                <span className="browse-date">{e.date ? e.date.slice(0, 16).replace('T', ' ') : ''}</span>
                {e.note && <span className="browse-note">{e.note}</span>}
                {e.error && (
                  <span className="browse-entry-error" data-testid="browse-entry-error">
                    {e.error}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
