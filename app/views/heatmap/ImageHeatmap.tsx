import { useContext, useEffect, useMemo, useState } from 'react';
import { ErrorMessage } from '../../common/ErrorMessage';
import { mark } from '../../common/marks';
import { colorbarTicks, colorscale, formatNumber } from '../../core';
import { PlotHostContext } from '../../plot/plot-host';
import {
  RasterPlot,
  type RasterColorBar,
  type RasterImage,
  type RasterPlacement,
  type RasterPointer,
} from '../../plot/RasterPlot';
import type { ViewOptions } from '../../state/view-options';
import { useDataset } from '../../state/dataset-store';
import { frameTag } from '../shared/frame-tag';
import { HoverReadout, type Readout } from './HoverReadout';
import type { HeatmapProps } from './Heatmap';
import type { Values } from '../shared/plot-data';
import type { AxisInfo, ValueLabels } from '../shared/slice-frame';
import { labelTicks } from '../shared/value-labels';
import {
  imagePlacement,
  imageRequest,
  keptImage,
  sliceImage,
  type ImagePlacement,
  type ShownImage,
} from './slice-image';

/**
 * A big 2-D slice as pixels under plotly's axes (`RasterPlot`): coloured in the decode workers, with a colour bar
 * of the same scale and hover values looked up in the slice.
 */
export function ImageHeatmap({ data, transposed, x, y, title, options, onCell, labels }: HeatmapProps) {
  const dataset = useDataset((s) => s.dataset);
  const host = useContext(PlotHostContext);
  const [error, setError] = useState<unknown>(null);
  const [readout, setReadout] = useState<Readout | null>(null);
  // By value: the axes' arrays are new at every render of the slice view, their placement is not.
  const placeKey = JSON.stringify(imagePlacement(data.shape, transposed, x.values, y.values));
  const place = useMemo(() => JSON.parse(placeKey) as ImagePlacement, [placeKey]);
  const step = place.step;
  const request = useMemo(
    () => imageRequest(data, transposed, options, { x: place.x.flip, y: place.y.flip }),
    [data, transposed, options, place],
  );
  // An image made ahead (with the slice's decode, or by a prefetch) is drawn in the first render.
  const [shown, setShown] = useState<{ image: ShownImage; data: Values } | null>(() => {
    const image = keptImage(request);
    mark(`heatmap-mount ${image ? 'kept' : 'none'}`);
    return image && { image, data };
  });
  useEffect(() => {
    if (!dataset) return;
    let alive = true;
    sliceImage(dataset, request)
      .then((image) => {
        mark('image-ready');
        if (!alive) return;
        // The image of the first render again: no new state, no second draw.
        setShown((prev) => (prev?.image === image && prev.data === data ? prev : { image, data }));
        setError(null);
      })
      .catch((e: unknown) => alive && setError(e));
    return () => {
      alive = false;
    };
  }, [dataset, data, request]);

  const raster = useMemo((): RasterImage | null => {
    if (!shown) return null;
    const { width, height, source } = shown.image;
    return { width, height, source, frame: frameTag(shown.data) };
  }, [shown]);
  const rasterPlace = useMemo(() => rasterPlacement(place), [place]);
  const colorbar = useMemo(
    (): RasterColorBar | null => shown && { ...colourBarOf(options, shown.image, labels), title },
    [shown, title, options, labels],
  );
  const layout = useMemo(() => heatmapLayout(x.title, y.title, step), [x.title, y.title, step]);

  // The slice indices (x, y) of an image pixel [row, col].
  const cellOf = useMemo(
    () =>
      (row: number, col: number): [number, number] => {
        const { width, height } = place;
        return [(place.x.flip ? width - 1 - col : col) * step, (place.y.flip ? height - 1 - row : row) * step];
      },
    [place, step],
  );
  const onClick = (p: RasterPointer) => {
    if (onCell && p.col !== null && p.row !== null) onCell(...cellOf(p.row, p.col));
  };
  const onHover = (p: RasterPointer | null) => {
    if (!p || !shown || p.col === null || p.row === null) return setReadout(null);
    const [xi, yi] = cellOf(p.row, p.col);
    const m1 = shown.data.shape[1] ?? 1;
    const i = transposed ? xi * m1 + yi : yi * m1 + xi;
    const v = shown.data.values[i];
    const masked = shown.data.mask?.[i] === 1 || v === undefined || Number.isNaN(v);
    const label = (a: AxisInfo, k: number) =>
      a.values[k] === undefined
        ? String(k)
        : typeof a.values[k] === 'number'
          ? formatNumber(a.values[k])
          : String(a.values[k]);
    setReadout({
      left: p.left + 12,
      top: p.top + 12,
      lines: [
        `${x.title}: ${label(x, xi)}`,
        `${y.title}: ${label(y, yi)}`,
        `${title}: ${masked ? 'masked' : labels ? `${labels.text(v)} (${formatNumber(v)})` : formatNumber(v)}`,
      ],
    });
  };

  if (error) return <ErrorMessage error={error} title="The heatmap image could not be made" />;
  return (
    <RasterPlot
      image={raster}
      placement={rasterPlace}
      colorbar={colorbar}
      layout={layout}
      label={`Heatmap of ${title}`}
      testId="heatmap"
      host={host}
      onHover={onHover}
      onClick={onClick}
    >
      <HoverReadout readout={readout} />
    </RasterPlot>
  );
}

/** Where RasterPlot puts an image of this placement. */
export function rasterPlacement(place: ImagePlacement): RasterPlacement {
  const { x, y, width, height } = place;
  return { x0: x.start, dx: x.size, y0: y.start, dy: y.size, width, height };
}

/** The axis titles of a heatmap image (the same while it loads and once read, so plotly draws them once). */
export function heatmapLayout(x: string, y: string, step: number): Record<string, unknown> {
  const note = step > 1 ? ` (every ${step}th cell shown)` : '';
  return { xaxis: { title: { text: x + note } }, yaxis: { title: { text: y } } };
}

/** The colour bar of an image coloured over `range` (scale space) with the view's colour options. */
export function colourBarOf(
  options: ViewOptions,
  range: { readonly zmin: number; readonly zmax: number; readonly threshold: number },
  labels?: ValueLabels,
): Omit<RasterColorBar, 'title'> {
  const ticks =
    options.scale === 'linear'
      ? labelTicks(labels, range.zmin, range.zmax)
      : colorbarTicks(options.scale, range.zmin, range.zmax, range.threshold);
  return {
    colorscale: colorscale(options.colormap, options.invert),
    cmin: range.zmin,
    cmax: range.zmax,
    ...(ticks ? { tickvals: ticks.vals, ticktext: ticks.text } : {}),
  };
}
