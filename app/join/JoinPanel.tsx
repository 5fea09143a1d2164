/**
 * The panel of a join (many files shown as one dataset): how many members are read (a progress bar with Cancel while
 * they are), what the join is along with a menu of the dimensions and scalar coordinates it could be along instead
 * (as the CLI's `--join`), and the members left out, each named with why. Names are shown as text, never as markup.
 */
import type { Source } from '../core';
import { droppedJoinStatus, parseJoinLocation, withJoin, type JoinLeftOut, type JoinStatus } from '../core-join';
import { useDataset } from '../state/dataset-store';
import { useSlice } from '../state/slice-store';
import { useJoin } from './join-store';
import './join.css';

const WHY: Record<string, string> = {
  asked: 'asked for',
  unlimited: 'the unlimited dimension',
  time: 'the time dimension',
  standard_name: 'a scalar time coordinate',
  axis: 'a scalar T axis',
};

/** A member's name as the notice shows it: its last path segment, without the fragment. */
export function memberName(location: string): string {
  const body = location.split('#')[0] ?? location;
  const seg = body.slice(body.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}

function LeftOutNotice({ leftOut }: { leftOut: readonly JoinLeftOut[] }) {
  if (leftOut.length === 0) return null;
  return (
    <details className="join-left-out" open={leftOut.length <= 5} data-testid="join-left-out">
      <summary>
        {leftOut.length} member{leftOut.length > 1 ? 's' : ''} left out
      </summary>
      <ul>
        {leftOut.slice(0, 200).map((l) => (
          <li key={l.location} data-testid="join-left-out-member" data-member={memberName(l.location)}>
            <code>{memberName(l.location)}</code>: {l.message}
          </li>
        ))}
        {leftOut.length > 200 && <li>and {leftOut.length - 200} more</li>}
      </ul>
    </details>
  );
}

type DroppedJoin = Extract<Source, { kind: 'dropped-join' }>;

/** The join asked for, and how to open the same members joined along another (undefined: chosen automatically). */
interface Rejoin {
  readonly asked: string | undefined;
  choose(join: string | undefined): void;
}

function urlRejoin(url: string): Rejoin {
  return {
    asked: parseJoinLocation(url).join,
    choose(join) {
      const next = withJoin(url, join);
      if (next === url) return;
      useSlice.getState().clear();
      void useDataset.getState().open({ kind: 'url', url: next }, next);
    },
  };
}

function droppedRejoin(source: DroppedJoin): Rejoin {
  return {
    asked: source.join,
    choose(join) {
      if (join === source.join) return;
      useSlice.getState().clear();
      const label = useDataset.getState().label;
      void useDataset.getState().open({ ...source, join }, label);
    },
  };
}

function JoinMenu({ rejoin, status }: { rejoin: Rejoin; status: JoinStatus }) {
  const asked = rejoin.asked;
  const choose = (value: string) => rejoin.choose(value === '' ? undefined : value);
  const auto = !asked && status.choice ? `${status.choice.dimension} (auto: ${WHY[status.choice.why] ?? ''})` : 'auto';
  return (
    <label className="join-menu">
      Join along{' '}
      <select value={asked ?? ''} onChange={(e) => choose(e.target.value)} data-testid="join-dimension">
        <option value="">{auto}</option>
        {status.candidates.map((c) => (
          <option key={`${c.kind} ${c.name}`} value={c.name}>
            {c.name} ({c.kind === 'new' ? 'new dimension from the scalar' : 'existing dimension'})
          </option>
        ))}
        {asked && !status.candidates.some((c) => c.name === asked) && <option value={asked}>{asked}</option>}
      </select>
    </label>
  );
}

/** The panel of a URL join (`url`: the glob or member list), or of dropped files opened as one (`dropped`). */
export default function JoinPanel({ url, dropped }: { url: string; dropped?: DroppedJoin | undefined }) {
  const remote = useJoin((s) => s.statuses[url]);
  const status = dropped ? droppedJoinStatus(dropped) : remote;
  if (!status) return null;
  const rejoin = dropped ? droppedRejoin(dropped) : urlRejoin(url);
  const { read, total, failed } = status.progress;
  const reading = status.state === 'listing' || status.state === 'reading';
  return (
    <section className="join-panel banner" aria-label="Joined files" data-testid="join-panel" data-state={status.state}>
      <div className="join-row">
        {reading ? (
          <div className="progress" data-testid="join-progress">
            <progress aria-label="Members read" max={total || undefined} value={total ? read : undefined} />
            <span className="muted" data-testid="join-progress-text">
              {status.state === 'listing' ? 'Listing the files…' : `${read} of ${total} members read`}
              {failed ? `, ${failed} unreadable` : ''}
            </span>
            <button type="button" onClick={() => useJoin.getState().cancel(url)} data-testid="join-cancel">
              Cancel
            </button>
          </div>
        ) : (
          <span data-testid="join-summary">
            {status.joined} of {total} files joined
            {status.choice ? ` along ${status.choice.dimension}` : ''}
            {status.state === 'cancelled' ? ` (cancelled after ${read} of ${total} were read)` : ''}
          </span>
        )}
        {status.candidates.length > 0 && <JoinMenu rejoin={rejoin} status={status} />}
      </div>
      <LeftOutNotice leftOut={status.leftOut} />
      {status.notShown.length > 0 && (
        <p className="muted">Not shown (only numeric variables are joined): {status.notShown.join(', ')}</p>
      )}
    </section>
  );
}
