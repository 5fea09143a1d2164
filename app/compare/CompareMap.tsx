/**
 * A and B on the map, side by side: each reprojected in the decode workers for the view's projection (B on its own
 * grid, curvilinear too: the map places both by latitude and longitude), one colour range, and linked zoom and
 * pan — a zoom of one is applied to the other, and each then reprojects its visible part at the screen's resolution.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PROJECTION_LABELS, type OpenDataset, type ProjectionSpec } from '../core';
import { scaleValues } from '../plot/colormap';
import { useMapCore, type MapCore } from '../plot/map/map-core';
import { MapLegend } from '../plot/map/MapLegend';
import type { MapGrid } from '../plot/map/map-grid';
import { useMapPaint } from '../plot/map/use-map-paint';
import { useReprojection } from '../plot/map/use-reprojection';
import { framePlacement, frameHeight, mapLayout, mapZoom, type MapZoom } from '../plot/map/zoom';
import { createPlotHost, disposePlotHost, type PlotHost } from '../plot/plot-host';
import { loadPlotly } from '../plot/PlotlyView';
import { RasterPlot, type AxisFrame } from '../plot/RasterPlot';
import type { ViewOptions } from '../state/view-options';

const WIDTH = 480;

interface Side {
  readonly grid: MapGrid;
  readonly title: string;
  readonly testId: string;
}

interface Props {
  readonly ds: OpenDataset;
  /** A and B (two sides). */
  readonly sides: readonly Side[];
  readonly range: readonly [number, number] | null;
  readonly options: ViewOptions;
}

type Relayout = (el: HTMLElement, update: Record<string, unknown>) => Promise<unknown>;

const same = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => Math.abs(v - (b[i] ?? NaN)) <= 1e-9 * Math.max(1, Math.abs(v)));

export function CompareMap({ ds, sides, range, options }: Props) {
  const { core, error } = useMapCore();
  const [hosts] = useState(() => [createPlotHost(), createPlotHost()]);
  useEffect(() => () => hosts.forEach(disposePlotHost), [hosts]);
  const height = frameHeight(options.projection, WIDTH);
  const spec: ProjectionSpec = useMemo(
    () => ({ name: options.projection, center: options.center, width: WIDTH, height }),
    [options.projection, options.center, height],
  );
  // One colour range for both: the user's, else the range over both sides.
  const colours = useMemo(() => {
    const all = sides.map((s) => s.grid.values);
    const joined = new Float64Array(all.reduce((n, v) => n + v.length, 0));
    all.reduce((at, v) => (joined.set(v, at), at + v.length), 0);
    const scaled = scaleValues(joined, null, options.scale, range);
    const { zmin, zmax, threshold } = scaled;
    return { colormap: options.colormap, invert: options.invert, scale: options.scale, zmin, zmax, threshold };
  }, [sides, range, options.colormap, options.invert, options.scale]);

  // A zoom or pan of one map is applied to the others (their own paints then report the same axes: no loop).
  const syncing = useRef(false);
  const follow = useCallback(
    (from: number, ax: AxisFrame, ay: AxisFrame) => {
      if (syncing.current) return;
      const update = { 'xaxis.range': [...ax.range], 'yaxis.range': [...ay.range] };
      const others = hosts.filter((h, i) => {
        if (i === from) return false;
        const fl = (h.el as { _fullLayout?: { xaxis?: { range: number[] }; yaxis?: { range: number[] } } })._fullLayout;
        return fl?.xaxis && fl.yaxis && !(same(fl.xaxis.range, ax.range) && same(fl.yaxis.range, ay.range));
      });
      if (!others.length) return;
      syncing.current = true;
      void loadPlotly()
        .then((P) => Promise.all(others.map((h) => (P as unknown as { relayout: Relayout }).relayout(h.el, update))))
        .finally(() => {
          syncing.current = false;
        });
    },
    [hosts],
  );
  return (
    <div className="compare-side" data-testid="compare-map">
      {error && <p role="alert">{error}</p>}
      {sides.map((s, i) => (
        <MapPanel
          key={s.testId}
          core={core}
          ds={ds}
          side={s}
          spec={spec}
          colours={colours}
          coastlines={options.coastlines}
          host={hosts[i] ?? hosts[0]!}
          onAxes={(ax, ay) => follow(i, ax, ay)}
        />
      ))}
      <MapLegend {...colours} title={PROJECTION_LABELS[options.projection]} />
    </div>
  );
}

interface PanelProps {
  readonly core: MapCore | null;
  readonly ds: OpenDataset;
  readonly side: Side;
  readonly spec: ProjectionSpec;
  readonly colours: Parameters<typeof useMapPaint>[4];
  readonly coastlines: boolean;
  readonly host: PlotHost;
  readonly onAxes: (ax: AxisFrame, ay: AxisFrame) => void;
}

function MapPanel({ core, ds, side, spec, colours, coastlines, host, onAxes }: PanelProps) {
  const baseCanvas = useRef<HTMLCanvasElement>(null);
  const zoomCanvas = useRef<HTMLCanvasElement>(null);
  const [zoom, setZoom] = useState<MapZoom | null>(null);
  const baseView = useMemo(() => ({ spec }), [spec]);
  const { shown, error } = useReprojection(ds, side.grid, baseView);
  const zoomKey = zoom?.extent ? JSON.stringify([zoom.extent, zoom.size]) : null;
  const zoomView = useMemo(() => {
    if (!zoomKey) return null;
    const [extent, size] = JSON.parse(zoomKey) as [[number, number, number, number], [number, number]];
    return { spec, extent, size };
  }, [spec, zoomKey]);
  const { shown: shownZoom } = useReprojection(ds, zoomView ? side.grid : null, zoomView ?? baseView);
  const base = useMapPaint(core, baseCanvas, shown, side.grid, colours, coastlines);
  const zoomed = useMapPaint(core, zoomCanvas, zoomView ? shownZoom : null, side.grid, colours, coastlines);
  const placement = useMemo(() => framePlacement(spec.width, spec.height), [spec.width, spec.height]);
  const layout = useMemo(
    () =>
      mapLayout(spec.name, { title: { text: side.title, font: { size: 13 } }, margin: { l: 8, r: 8, t: 36, b: 8 } }),
    [side.title, spec.name],
  );
  const axes = (ax: AxisFrame, ay: AxisFrame) => {
    const z = mapZoom(ax, ay, spec.width, spec.height, window.devicePixelRatio || 1);
    setZoom((old) => (JSON.stringify(old) === JSON.stringify(z) ? old : z));
    onAxes(ax, ay);
  };
  const image = zoomView && zoomed.image ? zoomed.image : base.image;
  const problem = error ?? base.error ?? zoomed.error;
  return (
    <figure
      className="map-view"
      data-testid={side.testId}
      data-view={zoom?.view.map((v) => v.toFixed(3)).join(',')}
      data-zoomed={zoomView ? 'true' : 'false'}
      data-rendered={base.count || undefined}
      data-zoom-rendered={zoomed.count || undefined}
    >
      {problem && <p role="alert">{problem}</p>}
      <RasterPlot
        host={host}
        image={image}
        placement={placement}
        layout={layout}
        label={`Map of ${side.title}`}
        testId={`${side.testId}-plot`}
        onAxes={axes}
      />
      <canvas ref={baseCanvas} className="map-canvas" aria-hidden="true" />
      <canvas ref={zoomCanvas} className="map-canvas" aria-hidden="true" />
    </figure>
  );
}
