/**
 * The pages of a place as the browser reads them: the first page (unless Back brought the listing back as it was;
 * S3 filters refetch by prefix), the next ones when the list asks, and, for a document still arriving (a long index
 * page read as a stream), each next page as soon as it has been read, until the document ends. Leaving the place
 * aborts what is being read, the stream of its document included.
 */
import { useEffect, useRef, useState } from 'react';
import type { Place } from '../core';
import { listerOf, takeFirstPage, useBrowse, type PlaceView } from './browse-store';

/** Entries per page while a document is arriving (fewer re-renders of a 100,000-entry list). */
const ARRIVING_PAGE = 10_000;

export const emptyView = (): PlaceView => ({
  entries: [],
  next: undefined,
  title: undefined,
  scrollTop: 0,
  selected: 0,
  arriving: false,
  streamed: false,
});

export function useListing(place: Place, key: string, filter: string) {
  const views = useBrowse((s) => s.views);
  const [view, setView] = useState<PlaceView>(() => views.get(key) ?? emptyView());
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const loadingRef = useRef(false);
  /** Whether a page of this place has been read (the entries shown are its). */
  const listed = useRef(view.entries.length > 0);
  /** Aborted when the place is left: every read of this place listens to it. */
  const alive = useRef(new AbortController());
  useEffect(() => {
    const c = new AbortController();
    alive.current = c;
    return () => c.abort();
  }, [key]);

  const loadMore = async (fresh: boolean, signal?: AbortSignal) => {
    if (loadingRef.current && !fresh) return;
    loadingRef.current = true;
    setLoading(true);
    const stop = signal ?? alive.current.signal;
    try {
      const lister = listerOf(place);
      const prefixFilter = place.kind === 's3' && filter ? filter : undefined;
      // The first page placeOf read to find this place is this listing's first page.
      const kept = fresh && !prefixFilter ? takeFirstPage(place) : undefined;
      const pageSize = !fresh && view.arriving ? ARRIVING_PAGE : undefined;
      const cursor = fresh ? undefined : view.next;
      const page = kept ?? (await lister.list(place, { cursor, prefixFilter, signal: stop, pageSize }));
      if (stop.aborted) return;
      listed.current = true;
      setError(null);
      setView((v) => ({
        ...v,
        entries: fresh ? [...page.entries] : [...v.entries, ...page.entries],
        next: page.next,
        title: page.title ?? v.title,
        arriving: !!page.arriving,
        streamed: (fresh ? false : v.streamed) || !!page.arriving,
      }));
    } catch (e) {
      if (!stop.aborted) setError(e instanceof Error ? e.message : String(e));
    } finally {
      loadingRef.current = false;
      setLoading(false);
    }
  };

  const filterKey = place.kind === 's3' ? filter : '';
  const first = useRef(view.entries.length > 0 && !view.arriving);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A listing left while its document was arriving goes on from where it was.
    const resume = view.arriving && view.entries.length > 0;
    const c = new AbortController();
    const t = setTimeout(() => void loadMore(!resume, resume ? undefined : c.signal), filterKey ? 250 : 0);
    return () => (clearTimeout(t), c.abort());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, filterKey]);

  // A document that was arriving: its next pages as they are read, to its end.
  useEffect(() => {
    if (view.streamed && view.next && !loadingRef.current) void loadMore(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.streamed, view.next, view.entries.length]);

  return { view, setView, error, setError, loading, loadMore, loadingRef, listed, views };
}
