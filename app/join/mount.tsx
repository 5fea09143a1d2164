/**
 * Joins in the page's first script: the open hook for a URL that is a glob or a member list (the join code loads on
 * its first use), and the join's panel (progress, members left out, the joined dimension), loaded likewise.
 */
import { lazy, Suspense } from 'react';
import { isJoinLocation } from '../core';
import { openHooks, useDataset } from '../state/dataset-store';

const load = () => import('./lazy');
const Panel = lazy(() => load().then((m) => ({ default: m.JoinPanel })));

openHooks.isJoin = isJoinLocation;
openHooks.join = async (url, signal) => (await load()).openJoinUrl(url, signal);

/** The join panel while a join is opened or shown; for dropped files opened as one, once shown. */
export function JoinMount() {
  const url = useDataset((s) =>
    s.status === 'opening' ? s.label : s.source?.kind === 'url' && s.dataset ? s.source.url : '',
  );
  const dropped = useDataset((s) =>
    s.status !== 'opening' && s.dataset && s.source?.kind === 'dropped-join' ? s.source : undefined,
  );
  if (dropped)
    return (
      <Suspense fallback={null}>
        <Panel url={dropped.name} dropped={dropped} />
      </Suspense>
    );
  if (!url || !isJoinLocation(url)) return null;
  return (
    <Suspense fallback={null}>
      <Panel url={url} />
    </Suspense>
  );
}
