/**
 * The browser's entry in the page's first script: it registers the open hook and mounts the overlay, both loading
 * the listing code (src/listing, the views) on first use, so that the initial JavaScript stays small.
 */
import { lazy, Suspense } from 'react';
import { openHooks } from '../state/dataset-store';

const load = () => import('./BrowseOverlay');
const Overlay = lazy(load);

openHooks.placeFirst = async (source, signal) => (await load()).placeFirst(source, signal);

export function BrowseMount() {
  return (
    <Suspense fallback={null}>
      <Overlay />
    </Suspense>
  );
}
