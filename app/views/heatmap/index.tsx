/** Heatmap: a 2-D numeric slice in a colour map; a click on a cell opens its series along the slider dimension. */
import { useCallback } from 'react';
import { formatNumber } from '../../core';
import type { FrameAxis } from '../shared/slice-frame';
import { Heatmap } from './Heatmap';
import type { ViewDef, ViewProps } from '../shared/view-kind';
import { useSeries } from '../../state/series-store';
import { useView } from '../../state/view-store';

/** `lat 12.5` style text of a cell's axis: its coordinate value, or the axis name and index. */
function axisText(axis: FrameAxis, shownIndex: number, index: number): string {
  const v = axis.values[shownIndex];
  return typeof v === 'number' ? formatNumber(v) : `${axis.title} ${index}`;
}

function HeatmapView({ frame, options, context }: ViewProps) {
  const setPoint = useSeries((s) => s.setPoint);
  const viewIndices = useView((s) => s.indices);
  const onCell = useCallback(
    (xi: number, yi: number) => {
      if (!context || context.x === null || context.y === null) return;
      const { x, y, geo, variable } = context;
      const ix = xi * frame.stride;
      const iy = yi * frame.stride;
      const indices = variable.shape.map((_, d) => (d === x ? ix : d === y ? iy : (viewIndices[d] ?? 0)));
      const label = geo
        ? `(${axisText(y === geo.lat ? frame.y : frame.x, y === geo.lat ? yi : xi, 0)}, ${axisText(
            y === geo.lat ? frame.x : frame.y,
            y === geo.lat ? xi : yi,
            0,
          )})`
        : `(${frame.y.title} ${iy}, ${frame.x.title} ${ix})`;
      setPoint({ variable: variable.path, indices, label });
    },
    [context, frame, viewIndices, setPoint],
  );
  if (!frame.values) return null;
  return (
    <Heatmap
      data={frame.values}
      transposed={frame.transposed}
      x={frame.x}
      y={frame.y}
      title={frame.title}
      options={options}
      onCell={onCell}
      labels={frame.valueLabels}
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
