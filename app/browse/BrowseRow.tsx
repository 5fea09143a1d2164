/**
 * One row of a listing: the pick box (datasets), the kind (what the first bytes say once the entry has been
 * selected and probed, with an aria description of how the kind is known; a probe that failed says so), the name
 * (a button that opens it), size, date, the note and why the entry cannot be read.
 */
import type { ListingEntry } from '../core';
import { KIND_LABEL, formatSize } from './rows';
import { isMember } from './selection';

interface Props {
  entry: ListingEntry;
  index: number;
  top: number;
  height: number;
  selected: boolean;
  picked: boolean;
  onSelect(ev: React.MouseEvent): void;
  onPick(ev: React.MouseEvent): void;
  onOpen(): void;
}

/** How the kind shown is known, for screen readers and the tooltip. */
function kindDescription(e: ListingEntry): string {
  if (e.probeFailed) return `Kind by name only: its first bytes could not be read (${e.probeFailed}).`;
  if (e.format) return `Kind from its first bytes: ${e.format}.`;
  if (e.guessed) return e.place ? 'Kind by name.' : 'Kind by name; selecting it reads its first bytes.';
  return 'Kind from its content.';
}

export function BrowseRow({ entry: e, index: i, top, height, selected, picked, onSelect, onPick, onOpen }: Props) {
  const label = e.format ?? KIND_LABEL[e.kind] ?? e.kind;
  return (
    <div
      id={`browse-row-${i}`}
      role="listitem"
      aria-current={selected ? 'true' : undefined}
      className={`browse-row${selected ? ' selected' : ''}`}
      style={{ top, height }}
      onClick={onSelect}
      onDoubleClick={onOpen}
      data-testid="browse-row"
      data-kind={e.kind}
    >
      {isMember(e) ? (
        <input
          type="checkbox"
          className="browse-pick"
          aria-label={`Select ${e.name}`}
          checked={picked}
          onClick={(ev) => {
            ev.stopPropagation();
            onPick(ev);
          }}
          onChange={() => undefined}
          data-testid="browse-pick"
        />
      ) : (
        <span className="browse-pick" aria-hidden="true" />
      )}
      <span
        className={`browse-kind kind-${e.kind}`}
        title={kindDescription(e)}
        aria-description={kindDescription(e)}
        data-testid="browse-kind"
        data-probed={e.format ? 'bytes' : e.probeFailed ? 'failed' : undefined}
      >
        {label}
      </span>
      <button type="button" className="browse-name" onClick={onOpen} title={e.note}>
        {e.name}
        {e.kind === 'folder' ? '/' : ''}
      </button>
      <span className="browse-size">{formatSize(e.size)}</span>
      <span className="browse-date">{e.date ? e.date.slice(0, 16).replace('T', ' ') : ''}</span>
      {e.note && <span className="browse-note">{e.note}</span>}
      {e.probeFailed && (
        <span className="browse-entry-error" data-testid="browse-probe-error">
          first bytes not read: {e.probeFailed}
        </span>
      )}
      {e.error && (
        <span className="browse-entry-error" data-testid="browse-entry-error">
          {e.error}
        </span>
      )}
    </div>
  );
}
