import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import {
  axisTitle,
  colourRegion,
  decodeSlice,
  regionPixels,
  defaultFillFor,
  scaleRange,
  type ImageRequest,
  type OpenedDataset,
  type Variable,
} from '../../core';
import { PlotHostContext } from '../../plot/plot-host';
import { RasterPlot, type RasterColorBar, type RasterImage } from '../../plot/RasterPlot';
import type { PartialSlice } from '../../state/slice-store';
import type { ViewOptions } from '../../state/view-options';
import { loadingFigure, type LoadingFigure } from './heatmap-figure';
import { colourBarOf } from './ImageHeatmap';
import type { Axes } from '../shared/use-axes';

interface Props {
  readonly dataset: OpenedDataset;
  readonly variable: Variable;
  /** The slice's shape (known before any of its chunks). */
  readonly shape: readonly number[];
  /** The chunks read so far, or null before the first. */
  readonly partial: PartialSlice | null;
  /** The read under way (its picture, made with its chunk's decode, is drawn as soon as it is made). */
  readonly readKey?: string | null | undefined;
  /** Every `stride`-th element along both axes. */
  readonly stride: number;
  readonly axes: Axes;
  readonly x: number;
  readonly y: number;
  readonly options: ViewOptions;
}

type Numbers = Exclude<PartialSlice['data'], readonly string[] | readonly boolean[]>;

interface Canvas {
  readonly key: string;
  readonly canvas: HTMLCanvasElement;
  readonly pixels: ImageData;
  readonly values: Float64Array;
  readonly mask: Uint8Array;
  done: number;
  lo: number;
  hi: number;
}

/**
 * A heatmap while its slice loads: the axes as soon as the coordinates are known (plotly draws them while the
 * chunks are on the network; the finished slice's heatmap shows the same plot element, see plot-host.ts), then,
 * for a slice of several chunks, each chunk's part of the image coloured and drawn as it arrives (with the colour
 * range of the parts so far). Draws nothing for slices the heatmap would not draw as an image.
 */
export function ProgressiveHeatmap(props: Props) {
  const { shape, axes, x, y, stride } = props;
  // The figure the page may have drawn already (heatmap-figure.ts): the same function makes both.
  const figureKey = JSON.stringify(loadingFigure(shape, axes, x, y, stride));
  const figure = useMemo(() => JSON.parse(figureKey) as LoadingFigure | null, [figureKey]);
  return figure ? <LoadingImage {...props} figure={figure} /> : null;
}

function LoadingImage({
  dataset,
  variable,
  shape,
  partial,
  readKey,
  x,
  y,
  options,
  figure,
}: Props & { readonly figure: LoadingFigure }) {
  const host = useContext(PlotHostContext);
  const transposed = y > x;
  const [n0 = 1, n1 = 1] = shape;
  const { place, placement: rasterPlace, layout } = figure;
  const state = useRef<Canvas | null>(null);
  const [raster, setRaster] = useState<RasterImage | null>(null);
  const [range, setRange] = useState<{ zmin: number; zmax: number; threshold: number } | null>(null);

  useEffect(() => {
    if (!partial || ArrayBuffer.isView(partial.data) === false) return;
    let s = state.current;
    if (s?.key !== partial.key) {
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [place.width, place.height];
      const n = n0 * n1;
      s = state.current = {
        key: partial.key,
        canvas,
        pixels: new ImageData(place.width, place.height),
        values: new Float64Array(n),
        mask: new Uint8Array(n).fill(1),
        done: 0,
        lo: Infinity,
        hi: -Infinity,
      };
    }
    const ctx = s.canvas.getContext('2d');
    if (!ctx) return;
    const data = partial.data as Numbers;
    const fill = defaultFillFor(dataset.model.dialect);
    for (; s.done < partial.parts.length; s.done++) {
      const { start, count } = partial.parts[s.done]!;
      const [a = 0, b = 0] = start;
      const [c0 = 0, c1 = 0] = count;
      // The part's raw values as a slice of its own, CF-decoded as the whole slice will be.
      const raw = new (data.constructor as new (n: number) => Numbers)(c0 * c1);
      for (let i = 0; i < c0; i++) raw.set(data.subarray((a + i) * n1 + b, (a + i) * n1 + b + c1) as never, i * c1);
      const part = { variable, shape: [c0, c1], data: raw };
      let decoded;
      try {
        decoded = options.raw
          ? decodeSlice(part, { mask: false, scale: false })
          : decodeSlice(part, { defaultFill: fill });
      } catch {
        return;
      }
      for (let i = 0; i < c0; i++)
        for (let j = 0; j < c1; j++) {
          const k = (a + i) * n1 + b + j;
          const v = decoded.values[i * c1 + j]!;
          const m = decoded.mask[i * c1 + j]!;
          s.values[k] = v;
          s.mask[k] = m;
          if (!m && Number.isFinite(v) && (options.scale !== 'log' || v > 0)) {
            if (v < s.lo) s.lo = v;
            if (v > s.hi) s.hi = v;
          }
        }
      const req: ImageRequest = {
        values: s.values,
        mask: s.mask,
        shape: [n0, n1],
        transposed,
        step: place.step,
        scale: options.scale,
        range: options.range,
        colormap: options.colormap,
        invert: options.invert,
        flipX: place.x.flip,
        flipY: place.y.flip,
      };
      const known: [number, number] | null = s.lo <= s.hi ? [s.lo, s.hi] : null;
      const range = scaleRange(s.values, s.mask, options.scale, options.range ?? known);
      const region = { start: [a, b], count: [c0, c1] } as const;
      colourRegion(req, s.pixels.data, range, region);
      setRange(range);
      const px = regionPixels(req, region);
      ctx.putImageData(s.pixels, 0, 0, px.x0, px.y0, px.x1 - px.x0, px.y1 - px.y0);
    }
    setRaster({ width: place.width, height: place.height, source: s.canvas, partial: true });
  }, [dataset, variable, partial, place, n0, n1, transposed, options]);

  const title = axisTitle(variable);
  const colorbar = useMemo(
    (): RasterColorBar | null =>
      range && { ...colourBarOf(options, range), title: options.raw ? `${variable.name} (stored values)` : title },
    [range, options, title, variable.name],
  );

  return (
    <RasterPlot
      image={raster}
      placement={rasterPlace}
      colorbar={colorbar}
      layout={layout}
      label={`Heatmap of ${variable.name} (loading)`}
      testId="heatmap-progressive"
      host={host}
      early={readKey}
    />
  );
}
