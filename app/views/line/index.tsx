/** Line: a 1-D numeric slice over its coordinate. */
import { LinePlot } from './LinePlot';
import type { ViewDef, ViewProps } from '../shared/view-kind';

function LineView({ frame, options }: ViewProps) {
  if (!frame.values) return null;
  return (
    <LinePlot
      data={frame.values}
      x={frame.x}
      title={frame.title}
      log={options.scale === 'log'}
      labels={frame.valueLabels}
    />
  );
}

export const lineView: ViewDef = {
  kind: 'line',
  label: 'Line',
  applies: (ctx) => ctx.numeric && ctx.shownRank === 1,
  needsValues: true,
  Component: LineView,
  exports: ['csv', 'npy', 'png'],
  controls: ['scale'],
};
