import { useEffect, useState } from 'react';
import type { OpenedDataset, RepositoryHistory, RepositoryVersion } from '../core';
import { ErrorMessage } from '../common/ErrorMessage';

interface Props {
  readonly dataset: OpenedDataset;
  /** The version shown now. */
  readonly current: RepositoryVersion;
  /** Opens a version (absent where the source cannot be reopened at another version: a dropped folder). */
  readonly onOpen?: ((ref: { kind: 'branch' | 'tag' | 'snapshot'; name: string }) => void) | undefined;
}

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

function when(ms: number): string {
  return Number.isFinite(ms) && ms > 0 ? `${TIME.format(new Date(ms))} UTC` : 'unknown time';
}

type State =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly history: RepositoryHistory }
  | { readonly kind: 'error'; readonly error: unknown };

/**
 * A versioned repository's history (Icechunk): branches and tags, then every snapshot newest first with its time
 * and message, the one shown marked; a snapshot, branch or tag opens with a click (or Enter). A region named
 * "History".
 */
export function HistoryPanel({ dataset, current, onOpen }: Props) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    // A new dataset mounts a new panel (App keys it by location): the state starts at loading.
    const ac = new AbortController();
    dataset
      .history?.({ signal: ac.signal })
      .then((history) => setState({ kind: 'ready', history }))
      .catch((error: unknown) => {
        if (!ac.signal.aborted) setState({ kind: 'error', error });
      });
    return () => ac.abort();
  }, [dataset]);

  const labels = new Map<string, string[]>();
  if (state.kind === 'ready') {
    for (const b of state.history.branches) labels.set(b.snapshot, [...(labels.get(b.snapshot) ?? []), b.name]);
    for (const t of state.history.tags) labels.set(t.snapshot, [...(labels.get(t.snapshot) ?? []), `tag ${t.name}`]);
  }
  const refButton = (kind: 'branch' | 'tag', name: string) => {
    const here = current.ref.kind === kind && current.ref.name === name;
    return (
      <li key={`${kind}:${name}`}>
        <button
          type="button"
          className={here ? 'history-ref current' : 'history-ref'}
          aria-current={here ? 'true' : undefined}
          disabled={!onOpen}
          onClick={() => onOpen?.({ kind, name })}
        >
          {kind === 'tag' ? `tag ${name}` : name}
        </button>
      </li>
    );
  };
  return (
    <details className="history-panel" open>
      <summary>History</summary>
      <section aria-label="History" data-testid="history">
        <p className="muted" data-testid="history-current">
          Icechunk spec {current.specVersion} · showing {current.ref.kind} <code>{current.ref.name}</code> · snapshot{' '}
          <code>{current.snapshot.id}</code>
        </p>
        {state.kind === 'loading' && <p className="muted">Reading the history…</p>}
        {state.kind === 'error' && <ErrorMessage error={state.error} title="The history could not be read" />}
        {state.kind === 'ready' && (
          <>
            <ul className="history-refs" aria-label="Branches and tags">
              {state.history.branches.map((b) => refButton('branch', b.name))}
              {state.history.tags.map((t) => refButton('tag', t.name))}
            </ul>
            {state.history.partial && (
              <p className="muted">
                This server cannot list the repository&apos;s refs: other branches and tags open with{' '}
                <code>#branch=NAME</code> or <code>#tag=NAME</code> in the link.
              </p>
            )}
            <ol className="history-snapshots" aria-label="Snapshots">
              {state.history.snapshots.map((s) => {
                const here = s.id === current.snapshot.id;
                return (
                  <li key={s.id} data-testid="history-snapshot" data-snapshot={s.id}>
                    <button
                      type="button"
                      aria-current={here ? 'true' : undefined}
                      className={here ? 'history-snap current' : 'history-snap'}
                      disabled={!onOpen}
                      onClick={() => onOpen?.({ kind: 'snapshot', name: s.id })}
                      title={`Open snapshot ${s.id}`}
                    >
                      <span className="history-message">{s.message || '(no message)'}</span>
                      <span className="muted history-time">{when(s.writtenAt)}</span>
                      <code className="history-id">{s.id.slice(0, 8)}</code>
                      {(labels.get(s.id) ?? []).map((l) => (
                        <span key={l} className="badge">
                          {l}
                        </span>
                      ))}
                    </button>
                  </li>
                );
              })}
            </ol>
            {!onOpen && <p className="muted">Other versions of a dropped folder cannot be opened: open it by URL.</p>}
          </>
        )}
      </section>
    </details>
  );
}
