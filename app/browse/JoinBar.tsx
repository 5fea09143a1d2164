/**
 * The listing's bar for many files as one dataset: pick all the filter shows, clear, and "Open as one dataset".
 * `open` opens the picked entries another way (a dropped folder's files) and answers why not, if it cannot. More
 * ticks than a link carries (MAX_PICKS) are said to be left out of the page's link.
 */
import { useState } from 'react';
import { MAX_PICKS } from '../share/browse-link';
import { useDataset } from '../state/dataset-store';
import { leavePlace } from './browse-store';
import { joinOfPicked, type Selection } from './selection';

interface Props {
  selection: Selection;
  members: number;
  open?: ((picked: readonly string[]) => string | undefined) | undefined;
}

export function JoinBar({ selection, members, open }: Props) {
  const [error, setError] = useState<string | null>(null);
  const count = selection.picked.size;
  if (members === 0) return null;
  const openAsOne = () => {
    if (open) return setError(open(selection.urls()) ?? null);
    const location = joinOfPicked(selection.urls());
    if (typeof location !== 'string') return setError(location.error);
    setError(null);
    leavePlace();
    void useDataset.getState().open({ kind: 'url', url: location }, location);
  };
  return (
    <div className="browse-join" role="group" aria-label="Open many files as one dataset">
      <button type="button" onClick={selection.all} data-testid="browse-select-all">
        Select all {members} shown
      </button>
      <button type="button" onClick={selection.clear} disabled={count === 0} data-testid="browse-select-none">
        Clear
      </button>
      <span className="browse-picked" data-testid="browse-picked" aria-live="polite">
        {count} selected
      </span>
      <button type="button" onClick={openAsOne} disabled={count < 2} data-testid="browse-open-joined">
        Open as one dataset
      </button>
      {count > MAX_PICKS && (
        <span className="muted" data-testid="browse-picks-unlinked">
          The page’s link names at most {MAX_PICKS.toLocaleString('en')} ticked entries: these{' '}
          {count.toLocaleString('en')} are not in it (a glob such as <code>folder/*.nc</code> as the URL opens them from
          a link).
        </span>
      )}
      {error && (
        <span role="alert" className="error-text">
          {error}
        </span>
      )}
    </div>
  );
}
