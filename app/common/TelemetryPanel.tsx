import { useEffect, useState } from 'react';
import type { OpenedDataset, Telemetry } from '../core';
import { formatBytes } from './format';

interface Props {
  readonly dataset: OpenedDataset;
}

/** Requests, bytes, cache hit rate and chunks decoded, refreshed every second. */
export function TelemetryPanel({ dataset }: Props) {
  const [t, setT] = useState<Telemetry>(() => dataset.telemetry());
  useEffect(() => {
    const id = setInterval(() => setT(dataset.telemetry()), 1000);
    return () => clearInterval(id);
  }, [dataset]);
  const lookups = t.cacheHits + t.cacheMisses;
  const rows: [string, string][] = [
    ['Requests', String(t.requests)],
    ['Bytes', formatBytes(t.bytes)],
    ['Retries', String(t.retries)],
    ['Failures', String(t.failures)],
    ['Cache hit rate', lookups ? `${Math.round((100 * t.cacheHits) / lookups)}% of ${lookups}` : '—'],
    ['Chunks decoded', String(t.chunksDecoded)],
    ['Prefetch hits', String(t.prefetchHits)],
    ['Images made with the decode', String(t.imagesWithDecode)],
    ['Chunks decoded as they arrived', String(t.decodedWhileArriving)],
  ];
  return (
    <details className="telemetry" data-testid="telemetry">
      <summary>Telemetry</summary>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd data-testid={`telemetry-${k.toLowerCase().replace(/ /g, '-')}`}>{v}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
