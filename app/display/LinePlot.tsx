import { useMemo } from 'react';
import { PlotlyView } from '../plot/PlotlyView';
import type { AxisInfo } from './Heatmap';
import { axisType, type Values } from './plot-data';
import type { ValueLabels } from './slice-frame';

interface Props {
  readonly data: Values;
  readonly x: AxisInfo;
  readonly title: string;
  readonly log: boolean;
  /** Names of the values (enums): hover text and y ticks. */
  readonly labels?: ValueLabels | undefined;
}

/** A 1-D slice as a line plot over its coordinate; masked values are gaps. */
export function LinePlot({ data, x, title, log, labels }: Props) {
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
          ...(labels ? { text: y.map((v) => (v === null ? '' : labels.text(v))) } : {}),
          hovertemplate: `${x.title}: %{x}<br>${title}: %{${labels ? 'text' : 'y'}}<extra></extra>`,
        },
      ],
      layout: {
        xaxis: { title: { text: x.title }, type: axisType(x.values) },
        yaxis: {
          title: { text: title },
          type: log ? 'log' : 'linear',
          ...(labels?.ticks && !log
            ? { tickvals: labels.ticks.vals, ticktext: labels.ticks.text, automargin: true }
            : {}),
        },
      },
    };
  }, [data, x, title, log, labels]);
  return <PlotlyView data={traces} layout={layout} label={`Line plot of ${title}`} testId="line-plot" />;
}
