/** Histogram: the distribution and statistics of a numeric slice. */
import { StatsView } from './StatsView';
import type { ViewDef, ViewProps } from '../shared/view-kind';

function HistogramView({ frame }: ViewProps) {
  if (!frame.values) return null;
  return <StatsView data={frame.values} title={frame.title} />;
}

export const histogramView: ViewDef = {
  kind: 'histogram',
  label: 'Histogram',
  applies: (ctx) => ctx.numeric && ctx.shownRank >= 1,
  needsValues: true,
  Component: HistogramView,
  exports: ['csv', 'npy', 'png'],
  controls: [],
};
