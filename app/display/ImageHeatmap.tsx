import { useEffect, useMemo, useState } from 'react';
import { ErrorMessage } from '../common/ErrorMessage';
import { colorbarTicks, colorscale, formatNumber } from '../core';
import { PlotlyView, type HoverEvent } from '../plot/PlotlyView';
import type { ViewOptions } from '../state/view-options';
import { useDataset } from '../state/dataset-store';
import type { AxisInfo } from './Heatmap';
import type { Values } from './plot-data';
import { IMAGE_MAX_CELLS, imageRequest, placement, sliceImage, uniformAxis, type ShownImage } from './slice-image';
import { displayStep } from './plot-data';

interface Props {
  readonly data: Values;
  readonly transposed: boolean;
  readonly x: AxisInfo;
  readonly y: AxisInfo;
  readonly title: string;
  readonly options: ViewOptions;
  /** A click on a cell: its column (x) and row (y) indices in the slice as shown. */
  readonly onCell?: ((xi: number, yi: number) => void) | undefined;
}

interface Readout {
  readonly left: number;
  readonly top: number;
  readonly lines: readonly string[];
}

/**
 * A big 2-D slice as an image under plotly's axes: coloured in the decode workers, with a colour bar of the same
 * scale (an empty marker trace carries it) and hover values looked up in the slice.
 */
export function ImageHeatmap({ data, transposed, x, y, title, options, onCell }: Props) {
  const dataset = useDataset((s) => s.dataset);
  const [shown, setShown] = useState<{ image: ShownImage; data: Values } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [readout, setReadout] = useState<Readout | null>(null);
  // By value: the axes' arrays are new at every render of the slice view, their placement is not.
  const [n0 = 1, n1 = 1] = data.shape;
  const step = displayStep(n0, n1, IMAGE_MAX_CELLS);
  const [ny, nx] = transposed ? [n1, n0] : [n0, n1];
  const placeKey = JSON.stringify({
    x: placement(uniformAxis(x.values) ?? { start: 0, step: 1 }, nx, step),
    y: placement(uniformAxis(y.values) ?? { start: 0, step: 1 }, ny, step),
  });
  const place = useMemo(() => JSON.parse(placeKey) as Record<'x' | 'y', ReturnType<typeof placement>>, [placeKey]);
  const xTitle = x.title;
  const yTitle = y.title;
  useEffect(() => {
    if (!dataset) return;
    let alive = true;
    performance.mark('zarrview:image-asked');
    sliceImage(dataset, imageRequest(data, transposed, options, { x: place.x.flip, y: place.y.flip }))
      .then((image) => alive && (performance.mark('zarrview:image-ready'), setShown({ image, data }), setError(null)))
      .catch((e: unknown) => alive && setError(e));
    return () => {
      alive = false;
    };
  }, [dataset, data, transposed, options, place]);

  const plot = useMemo(() => {
    if (!shown) return null;
    const { image } = shown;
    const ticks =
      options.scale === 'linear' ? null : colorbarTicks(options.scale, image.zmin, image.zmax, image.threshold);
    const traces = [
      {
        type: 'image',
        source: image.source,
        x0: place.x.start,
        dx: place.x.size,
        y0: place.y.start,
        dy: place.y.size,
        hoverinfo: 'none',
      },
      {
        type: 'scatter',
        x: [null],
        y: [null],
        mode: 'markers',
        hoverinfo: 'skip',
        showlegend: false,
        marker: {
          color: [image.zmin, image.zmax],
          cmin: image.zmin,
          cmax: image.zmax,
          colorscale: colorscale(options.colormap, options.invert),
          showscale: true,
          colorbar: {
            title: { text: title, side: 'right' },
            ...(ticks ? { tickvals: ticks.vals, ticktext: ticks.text } : {}),
          },
        },
      },
    ];
    const note = image.step > 1 ? ` (every ${image.step}th cell shown)` : '';
    const layout = {
      xaxis: { title: { text: xTitle + note }, type: 'linear', autorange: true },
      // Fill the plot area as a heatmap trace does (an image trace would lock the aspect ratio by default).
      yaxis: { title: { text: yTitle }, type: 'linear', autorange: true, scaleanchor: false },
    };
    return { traces, layout };
  }, [shown, xTitle, yTitle, title, options, place]);

  // The slice indices (x, y) of an image pixel [row, col].
  const cellOf = useMemo(
    () =>
      ([row, col]: [number, number]): [number, number] => {
        const { step: s, width, height } = shown?.image ?? { step: 1, width: 0, height: 0 };
        return [(place.x.flip ? width - 1 - col : col) * s, (place.y.flip ? height - 1 - row : row) * s];
      },
    [shown, place],
  );
  const onClick = useMemo(
    () => (e: HoverEvent) => {
      const pn = e.points.find((p) => p.curveNumber === 0)?.pointNumber;
      if (onCell && shown && Array.isArray(pn)) onCell(...cellOf(pn as [number, number]));
    },
    [onCell, shown, cellOf],
  );

  const onHover = useMemo(
    () => (e: HoverEvent | null) => {
      const pt = e?.points.find((p) => p.curveNumber === 0);
      const pn = pt?.pointNumber;
      if (!e || !shown || !Array.isArray(pn) || !e.event) return setReadout(null);
      const [xi, yi] = cellOf(pn as [number, number]);
      const n1 = shown.data.shape[1] ?? 1;
      const i = transposed ? xi * n1 + yi : yi * n1 + xi;
      const v = shown.data.values[i];
      const masked = shown.data.mask?.[i] === 1 || v === undefined || Number.isNaN(v);
      const label = (a: AxisInfo, k: number) =>
        a.values[k] === undefined
          ? String(k)
          : typeof a.values[k] === 'number'
            ? formatNumber(a.values[k])
            : String(a.values[k]);
      const box = (
        e.event.currentTarget instanceof Element ? e.event.currentTarget : (e.event.target as Element | null)
      )
        ?.closest('figure')
        ?.getBoundingClientRect();
      setReadout({
        left: e.event.clientX - (box?.left ?? 0) + 12,
        top: e.event.clientY - (box?.top ?? 0) + 12,
        lines: [
          `${x.title}: ${label(x, xi)}`,
          `${y.title}: ${label(y, yi)}`,
          `${title}: ${masked ? 'masked' : formatNumber(v)}`,
        ],
      });
    },
    [shown, transposed, x, y, title, cellOf],
  );

  if (error) return <ErrorMessage error={error} title="The heatmap image could not be made" />;
  if (!plot) return <p className="muted">Drawing…</p>;
  return (
    <PlotlyView
      data={plot.traces}
      layout={plot.layout}
      label={`Heatmap of ${title}`}
      testId="heatmap"
      onHover={onHover}
      onClick={onClick}
    >
      {readout && (
        <div
          className="hover-readout"
          role="status"
          data-testid="hover-value"
          style={{ left: readout.left, top: readout.top }}
        >
          {readout.lines.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </div>
      )}
    </PlotlyView>
  );
}
