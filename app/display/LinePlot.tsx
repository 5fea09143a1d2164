import { useMemo } from 'react';
import { PlotlyView } from '../plot/PlotlyView';
import type { AxisInfo } from './Heatmap';
import { axisType, type Values } from './plot-data';

interface Props {
  readonly data: Values;
  readonly x: AxisInfo;
  readonly title: string;
  readonly log: boolean;
}

/** A 1-D slice as a line plot over its coordinate; masked values are gaps. */
export function LinePlot({ data, x, title, log }: Props) {
  const { traces, layout } = useMemo(() => {
    const y = Array.from({ length: data.values.length }, (_, i) => {
      const v = data.values[i] as number;
      return (data.mask && data.mask[i]) || !Number.isFinite(v) ? null : v;
    });
    return {
      traces: [
        {
          type: 'scatter',
          mode: y.length > 200 ? 'lines' : 'lines+markers',
          x: x.values,
          y,
          connectgaps: false,
          hovertemplate: `${x.title}: %{x}<br>${title}: %{y}<extra></extra>`,
        },
      ],
      layout: {
        xaxis: { title: { text: x.title }, type: axisType(x.values) },
        yaxis: { title: { text: title }, type: log ? 'log' : 'linear' },
      },
    };
  }, [data, x, title, log]);
  return <PlotlyView data={traces} layout={layout} label={`Line plot of ${title}`} testId="line-plot" />;
}
