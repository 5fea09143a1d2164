import { useState } from 'react';
import type { OpenedDataset, Slice } from '../core';

/** Datasets whose notices the user dismissed (each is shown once per dataset, not per slice or chunk). */
const dismissed = new WeakSet<OpenedDataset>();

interface Props {
  readonly dataset: OpenedDataset;
  /** The slice on screen: a new one may have brought a notice. */
  readonly slice: Slice | undefined;
}

/**
 * What the reads of a dataset found that concerns the whole dataset, e.g. chunks answered with a web page and read
 * as missing: one line each, with what it means and what to do, until dismissed.
 */
export function DatasetNotices({ dataset }: Props) {
  const [, setHidden] = useState(false);
  const notices = dataset.notices?.() ?? [];
  if (notices.length === 0 || dismissed.has(dataset)) return null;
  return (
    <div role="status" className="warning" data-testid="dataset-notice">
      {notices.map((n) => (
        <p key={n.kind}>
          {n.message}{' '}
          {n.kind === 'html-chunks' && (
            <>
              ({n.count} chunk{n.count > 1 ? 's' : ''} so far, first in <code>{n.variable}</code>.)
            </>
          )}
        </p>
      ))}
      <button
        type="button"
        onClick={() => {
          dismissed.add(dataset);
          setHidden(true);
        }}
      >
        Dismiss
      </button>
    </div>
  );
}
