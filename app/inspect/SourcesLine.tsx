import { useEffect, useState } from 'react';
import type { SourceSummary } from '../core';
import { useDataset } from '../state/dataset-store';

const KIND: Record<SourceSummary['kind'], string> = {
  kerchunk: 'kerchunk references',
  icechunk: 'Icechunk repository',
  cfa: 'CFA aggregation',
};

/**
 * The Overview's line for a virtual, versioned or aggregated dataset: what it is and the hosts it reads from (a
 * reference set or a repository can name any host). Nothing for other datasets.
 */
export function SourcesLine() {
  const opened = useDataset((s) => s.dataset);
  const [summary, setSummary] = useState<SourceSummary | 'failed' | null>(null);
  useEffect(() => {
    if (!opened?.sources) return;
    const ac = new AbortController();
    opened.sources({ signal: ac.signal }).then(
      (s) => setSummary(s),
      () => !ac.signal.aborted && setSummary('failed'),
    );
    return () => ac.abort();
  }, [opened]);
  if (!opened?.sources || summary === null) return null;
  if (summary === 'failed')
    return <p className="muted">The hosts this dataset reads from could not be listed (see the Report).</p>;
  return (
    <p data-testid="sources-hosts">
      <span className="badge">{KIND[summary.kind]}</span> Reads from:{' '}
      {summary.hosts.length ? (
        summary.hosts.map((h, i) => (
          <span key={h}>
            {i > 0 && ', '}
            <code>{h}</code>
          </span>
        ))
      ) : (
        <span className="muted">no other host</span>
      )}
      {summary.partial && <span className="muted"> ({summary.partial})</span>}
    </p>
  );
}
