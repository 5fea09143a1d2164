/**
 * Mounts the browser over the viewer while the page URL names a place (`?browse=`), registers the open hook that
 * turns a place URL into a listing, and says what to do when a URL's listing was refused and its open failed.
 */
import { useEffect } from 'react';
import { useDataset } from '../state/dataset-store';
import { BrowseView } from './BrowseView';
import { followLocation, placeKey, placeOf, refusals, showPlace, useBrowse } from './browse-store';
import { dropAsPlace, dropZipAsPlace } from './local-places';
import type { Source } from '../core';

/**
 * The open hook (registered by mount.tsx): a URL that is a place is shown as a listing instead of opened, and so is
 * a dropped folder or zip holding several datasets.
 */
export async function placeFirst(source: Source, signal: AbortSignal): Promise<boolean> {
  if (source.kind === 'folder') return !signal.aborted && dropAsPlace(source, (place) => showPlace(place));
  if (source.kind === 'zip-file') return dropZipAsPlace(source, signal, (place) => showPlace(place));
  if (source.kind !== 'url') return false;
  const place = await placeOf(source.url, signal);
  if (!place || signal.aborted) return false;
  showPlace(place);
  return true;
}

export default function BrowseOverlay() {
  const place = useBrowse((s) => s.place);
  const linkError = useBrowse((s) => s.linkError);
  const status = useDataset((s) => s.status);
  const source = useDataset((s) => s.source);
  useEffect(() => followLocation(), []);
  const refused =
    (status === 'error' && source?.kind === 'url' ? refusals.get(source.url) : undefined) ?? linkError ?? undefined;
  if (!place)
    return refused ? (
      <p className="browse-refused" role="status" data-testid="browse-refused">
        {refused}
      </p>
    ) : null;
  return (
    <div className="browse-overlay">
      <div className="browse-overlay-head">
        <strong>Zarrview</strong>
        <button type="button" onClick={() => window.history.back()}>
          Back
        </button>
        {place.kind === 'local' ? (
          <span className="browse-no-link" data-testid="browse-no-link">
            A dropped folder has no address: this listing has no link to share.
          </span>
        ) : (
          <button
            type="button"
            data-testid="browse-copy-link"
            onClick={() => void navigator.clipboard?.writeText(window.location.href).catch(() => undefined)}
          >
            Copy link
          </button>
        )}
      </div>
      <BrowseView key={placeKey(place)} place={place} />
    </div>
  );
}
