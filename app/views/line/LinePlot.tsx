import { useMemo, useRef } from 'react';
import { labelledAxis } from '../../plot/axis-layout';
import { PlotlyView } from '../../plot/PlotlyView';
import { useWidth } from '../../plot/use-width';
import type { Values } from '../shared/plot-data';
import type { AxisInfo, ValueLabels } from '../shared/slice-frame';

interface Props {
  readonly data: Values;
  readonly x: AxisInfo;
  readonly title: string;
  readonly log: boolean;
  /** Names of the values (enums): hover text and y ticks. */
  readonly labels?: ValueLabels | undefined;
}

/** Room the plot's margins take beside its plot area (themeLayout's left and right margins and the y labels). */
export const SIDE_MARGINS = 110;

/**
 * A 1-D slice as a line plot over its coordinate; masked values are gaps. Dates get ticks by span, labels that are
 * not numbers (names, other calendars) are drawn by index with as many labels as fit; titles are the long names
 * with units.
 */
export function LinePlot({ data, x, title, log, labels }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const { traces, layout } = useMemo(() => {
    const y = Array.from({ length: data.values.length }, (_, i) => {
      const v = data.values[i] as number;
      return (data.mask && data.mask[i]) || !Number.isFinite(v) ? null : v;
    });
    const ax = labelledAxis(x.values, width - SIDE_MARGINS);
    const xHover = ax.text ? '%{customdata}' : '%{x}';
    return {
      traces: [
        {
          type: 'scatter',
          mode: y.length > 200 ? 'lines' : 'lines+markers',
          x: ax.x,
          y,
          connectgaps: false,
          ...(ax.text ? { customdata: ax.text } : {}),
          ...(labels ? { text: y.map((v) => (v === null ? '' : labels.text(v))) } : {}),
          hovertemplate: `${x.title}: ${xHover}<br>${title}: %{${labels ? 'text' : 'y'}}<extra></extra>`,
        },
      ],
      layout: {
        xaxis: { ...ax.axis, title: { ...(ax.axis.title as object), text: x.title } },
        yaxis: {
          title: { text: title, standoff: 8 },
          automargin: true,
          type: log ? 'log' : 'linear',
          ...(labels?.ticks && !log ? { tickvals: labels.ticks.vals, ticktext: labels.ticks.text } : {}),
        },
      },
    };
  }, [data, x, title, log, labels, width]);
  return (
    <div ref={box} className="plot-box">
      <PlotlyView data={traces} layout={layout} label={`Line plot of ${title}`} testId="line-plot" />
    </div>
  );
}
