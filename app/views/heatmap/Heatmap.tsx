import { useMemo } from 'react';
import { colorbarTicks, colorscale, scaleValues } from '../../plot/colormap';
import { PlotlyView, type HoverEvent } from '../../plot/PlotlyView';
import type { ViewOptions } from '../../state/view-options';
import { ImageHeatmap } from './ImageHeatmap';
import { axisType, displayStep, every, grid, type Values } from '../shared/plot-data';
import type { AxisInfo, ValueLabels } from '../shared/slice-frame';
import { drawsAsImage } from './slice-image';
import { labelTicks } from '../shared/value-labels';

/** A 2-D slice drawn as a heatmap: the values, how they lie, their axes and colours. */
export interface HeatmapProps {
  readonly data: Values;
  readonly transposed: boolean;
  readonly x: AxisInfo;
  readonly y: AxisInfo;
  readonly title: string;
  readonly options: ViewOptions;
  /** A click on a cell: its column (x) and row (y) indices in the slice as shown. */
  readonly onCell?: ((xi: number, yi: number) => void) | undefined;
  /** Names of the values (enums): hover text and colour bar ticks. */
  readonly labels?: ValueLabels | undefined;
}

/**
 * A 2-D slice as a heatmap: colour map, scale, range; masked cells are gaps; hover shows coordinates and value.
 * Big slices on evenly spaced numeric axes are drawn as an image coloured in the workers (`ImageHeatmap`).
 */
export function Heatmap(props: HeatmapProps) {
  const { data, transposed, x, y } = props;
  const ny = (transposed ? data.shape[1] : data.shape[0]) ?? 1;
  const nx = (transposed ? data.shape[0] : data.shape[1]) ?? 1;
  return drawsAsImage(ny, nx, x.values, y.values) ? <ImageHeatmap {...props} /> : <TraceHeatmap {...props} />;
}

function TraceHeatmap({ data, transposed, x, y, title, options, onCell, labels }: HeatmapProps) {
  const { traces, layout, step } = useMemo(() => {
    const s = scaleValues(data.values, data.mask, options.scale, options.range);
    const step = displayStep(y.values.length, x.values.length);
    const z = grid({ values: s.z, mask: data.mask, shape: data.shape }, transposed, step);
    const raw = labels
      ? grid(data, transposed, step).map((row) => row.map((v) => (v === null ? null : labels.text(v))))
      : options.scale === 'linear'
        ? null
        : grid(data, transposed, step);
    const ticks =
      options.scale === 'linear'
        ? labelTicks(labels, s.zmin, s.zmax)
        : colorbarTicks(options.scale, s.zmin, s.zmax, s.threshold);
    const trace = {
      type: 'heatmap',
      z,
      x: every(x.values, step),
      y: every(y.values, step),
      zmin: s.zmin,
      zmax: s.zmax,
      zauto: false,
      colorscale: colorscale(options.colormap, options.invert),
      hoverongaps: false,
      ...(raw ? { customdata: raw } : {}),
      hovertemplate: `${x.title}: %{x}<br>${y.title}: %{y}<br>${title}: %{${raw ? 'customdata' : 'z'}}<extra></extra>`,
      colorbar: {
        title: { text: title, side: 'right' },
        ...(ticks ? { tickvals: ticks.vals, ticktext: ticks.text } : {}),
      },
    };
    const note = step > 1 ? ` (every ${step}th cell shown)` : '';
    return {
      traces: [trace],
      layout: {
        xaxis: { title: { text: x.title + note }, type: axisType(x.values) },
        yaxis: { title: { text: y.title }, type: axisType(y.values) },
      },
      step,
    };
  }, [data, transposed, x, y, title, options, labels]);
  const onClick = useMemo(
    () => (e: HoverEvent) => {
      const pn = e.points.find((p) => p.curveNumber === 0)?.pointNumber;
      if (!onCell || !Array.isArray(pn)) return;
      const [row, col] = pn as [number, number];
      onCell(col * step, row * step);
    },
    [onCell, step],
  );
  return <PlotlyView data={traces} layout={layout} label={`Heatmap of ${title}`} testId="heatmap" onClick={onClick} />;
}
