import { useMemo } from 'react';
import { formatNumber } from '../../core';
import { PlotlyView } from '../../plot/PlotlyView';
import { histogram, stats, type Values } from '../shared/plot-data';

interface Props {
  readonly data: Values;
  readonly title: string;
}

/** Histogram and statistics of the slice (finite, unmasked values). */
export function StatsView({ data, title }: Props) {
  const s = useMemo(() => stats(data), [data]);
  const plot = useMemo(() => {
    const h = histogram(data, 50, s);
    const centers = h.counts.map((_, k) => ((h.edges[k] ?? 0) + (h.edges[k + 1] ?? 0)) / 2);
    return {
      data: [
        {
          type: 'bar',
          x: centers,
          y: h.counts,
          marker: { color: '#3b82c4' },
          hovertemplate: '%{x}: %{y}<extra></extra>',
        },
      ],
      layout: { bargap: 0.02, xaxis: { title: { text: title } }, yaxis: { title: { text: 'count' } } },
    };
  }, [data, s, title]);
  const rows: [string, string][] = [
    ['Count', String(s.count)],
    ['Min', formatNumber(s.min)],
    ['Max', formatNumber(s.max)],
    ['Mean', formatNumber(s.mean)],
    ['Std', formatNumber(s.std)],
    ['Masked', String(s.masked)],
    ['NaN / Inf', String(s.nonFinite)],
  ];
  return (
    <div className="stats-view">
      <dl className="stats" data-testid="stats">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd data-testid={`stat-${k.toLowerCase().replace(/[^a-z]+/g, '')}`}>{v}</dd>
          </div>
        ))}
      </dl>
      {s.count > 0 && (
        <PlotlyView data={plot.data} layout={plot.layout} label={`Histogram of ${title}`} testId="histogram" />
      )}
    </div>
  );
}
