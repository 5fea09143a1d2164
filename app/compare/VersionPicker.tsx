/**
 * For a versioned repository (Icechunk): another branch, tag or snapshot of the same repository as B. Lists
 * A's history and opens the chosen version through the location's version keys (`withVersion`).
 */
import { useEffect, useState } from 'react';
import { isAbort, withVersion, type OpenedDataset, type RepositoryHistory } from '../core';

interface Props {
  readonly dataset: OpenedDataset;
  readonly onOpen: (url: string) => void;
}

type Ref = { readonly kind: 'branch' | 'tag' | 'snapshot'; readonly name: string };

const refOf = (value: string): Ref | undefined => {
  const i = value.indexOf(':');
  const kind = value.slice(0, i);
  return kind === 'branch' || kind === 'tag' || kind === 'snapshot' ? { kind, name: value.slice(i + 1) } : undefined;
};

export function VersionPicker({ dataset, onOpen }: Props) {
  const [history, setHistory] = useState<RepositoryHistory | null>(null);
  useEffect(() => {
    if (!dataset.history) return;
    const controller = new AbortController();
    dataset
      .history({ signal: controller.signal })
      .then((h) => !controller.signal.aborted && setHistory(h))
      .catch((e: unknown) => {
        if (!isAbort(e)) setHistory(null);
      });
    return () => controller.abort();
  }, [dataset]);
  if (!history) return null;
  const open = (value: string) => {
    const ref = refOf(value);
    if (ref) onOpen(withVersion(dataset.location, ref));
  };
  return (
    <label>
      or another version of A{' '}
      <select value="" onChange={(e) => open(e.target.value)} data-testid="compare-b-version">
        <option value="">choose…</option>
        {history.branches.map((b) => (
          <option key={`b${b.name}`} value={`branch:${b.name}`}>
            branch {b.name}
          </option>
        ))}
        {history.tags.map((t) => (
          <option key={`t${t.name}`} value={`tag:${t.name}`}>
            tag {t.name}
          </option>
        ))}
        {history.snapshots.map((s) => (
          <option key={`s${s.id}`} value={`snapshot:${s.id}`}>
            snapshot {s.id.slice(0, 8)} {s.message}
          </option>
        ))}
      </select>
    </label>
  );
}
