/** Heatmap: a 2-D numeric slice in a colour map. */
import { Heatmap } from '../display/Heatmap';
import type { ViewDef, ViewProps } from '../display/view-kind';

function HeatmapView({ frame, options }: ViewProps) {
  if (!frame.values) return null;
  return (
    <Heatmap
      data={frame.values}
      transposed={frame.transposed}
      x={frame.x}
      y={frame.y}
      title={frame.title}
      options={options}
    />
  );
}

export const heatmapView: ViewDef = {
  kind: 'heatmap',
  label: 'Heatmap',
  applies: (ctx) => ctx.numeric && ctx.shownRank === 2,
  needsValues: true,
  Component: HeatmapView,
  exports: ['csv', 'npy', 'png'],
  controls: ['colormap', 'scale', 'range'],
};
