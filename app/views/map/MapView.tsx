import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatNumber, PROJECTION_LABELS, loadMapCore, type Land } from '../../core';
import type { ViewProps } from '../../display/view-kind';
import { RasterPlot, type AxisFrame, type RasterImage, type RasterPointer } from '../../plot/RasterPlot';
import { gradientCss, scaleValues } from '../../plot/colormap';
import { useDataset } from '../../state/dataset-store';
import { useSeries } from '../../state/series-store';
import { useView } from '../../state/view-store';
import { MapControls } from './MapControls';
import { paintMap } from './render';
import { latLonLabel, useMapGrid } from './use-map-grid';
import { useGlobeDrag, useMapHover } from './use-map-pointer';
import { useReprojection } from './use-reprojection';
import { coastDetail, framePlacement, mapZoom, zoomPlacement, type MapZoom } from './zoom';

type MapCore = Awaited<ReturnType<typeof loadMapCore>>;
const WIDTH = 720;
const ROUND = new Set(['orthographic', 'north-polar', 'south-polar']);

let corePromise: Promise<MapCore> | undefined;
const landCache = new Map<string, Promise<Land>>();

function land(core: MapCore, detail: '50m' | '110m'): Promise<Land> {
  let p = landCache.get(detail);
  if (!p) landCache.set(detail, (p = core.loadLand(detail)));
  return p;
}

/**
 * The Map view: the grid (1-D or curvilinear latitude/longitude) reprojected in the decode workers and drawn as
 * pixels under plotly's axes (zoom and pan; a zoom is reprojected again at the screen's resolution, with 50m
 * coastlines), Natural Earth coastlines over it; hover gives lat, lon and value, a click opens the cell's series,
 * dragging turns the orthographic globe.
 */
export default function MapView({ frame, options, context }: ViewProps) {
  const setOptions = useView((s) => s.setOptions);
  const viewIndices = useView((s) => s.indices);
  const setPoint = useSeries((s) => s.setPoint);
  const dataset = useDataset((s) => s.dataset);
  const baseCanvas = useRef<HTMLCanvasElement>(null);
  const zoomCanvas = useRef<HTMLCanvasElement>(null);
  const [core, setCore] = useState<MapCore | null>(null);
  // What the canvases show (tests wait on it): draws counted, the projection, centre and coastlines drawn.
  const [drawn, setDrawn] = useState({ count: 0, name: '', center: '' });
  const [zoomDrawn, setZoomDrawn] = useState({ count: 0, coast: '', extent: '' });
  const [baseImage, setBaseImage] = useState<RasterImage | null>(null);
  const [zoomImage, setZoomImage] = useState<RasterImage | null>(null);
  const [zoom, setZoom] = useState<MapZoom | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { grid, error: gridError } = useMapGrid(frame, context, dataset);
  const round = ROUND.has(options.projection);
  const height = Math.round(round ? WIDTH * 0.75 : WIDTH / 2);

  // The point last hovered: where a tap on the orthographic globe (a press that did not move) is.
  const lastPoint = useRef<RasterPointer | null>(null);
  const globe = useGlobeDrag(options, setOptions, WIDTH, height, zoom?.scale ?? 1);
  const spec = globe.spec;
  const baseView = useMemo(() => ({ spec }), [spec]);
  const { shown, error: projError } = useReprojection(dataset, grid, baseView);
  const zoomKey = zoom?.extent ? JSON.stringify([zoom.extent, zoom.size]) : null;
  const zoomView = useMemo(() => {
    if (!zoomKey) return null;
    const [extent, size] = JSON.parse(zoomKey) as [[number, number, number, number], [number, number]];
    return { spec, extent, size };
  }, [spec, zoomKey]);
  const { shown: shownZoom } = useReprojection(dataset, zoomView ? grid : null, zoomView ?? baseView);
  const shownList = useMemo(() => (zoomView ? [shownZoom, shown] : [shown]), [zoomView, shownZoom, shown]);
  const pointer = useMapHover(core, spec, grid, shownList, frame.title);
  const onClick = (p: RasterPointer) => {
    if (globe.wasDrag() || options.projection === 'orthographic') return;
    openSeries(p);
  };
  // A tap on the orthographic globe (a press that did not move): a click where the pointer last hovered.
  const onTap = () => {
    const p = lastPoint.current;
    if (p) openSeries(p);
  };
  function openSeries(p: RasterPointer) {
    const cell = pointer.cellOf(p);
    if (cell < 0 || !grid || !context) return;
    const label = latLonLabel(grid.latLon(cell));
    setPoint({ variable: context.variable.path, indices: grid.indices(cell, viewIndices), label });
  }

  const scaled = useMemo(
    () => (grid ? scaleValues(grid.values, null, options.scale, options.range) : null),
    [grid, options.scale, options.range],
  );

  useEffect(() => {
    corePromise ??= loadMapCore();
    let live = true;
    corePromise.then(
      (c) => live && setCore(c),
      (e: unknown) => live && setError(String(e)),
    );
    return () => {
      live = false;
    };
  }, []);

  const regional = grid?.regional ?? false;
  // The whole frame (also the image shown until a zoom's finer one is ready).
  useEffect(() => {
    const cv = baseCanvas.current;
    if (!core || !shown || !grid || !scaled || !cv) return;
    let live = true;
    const s = shown.task.spec;
    const draw = (outline: Land | null) => {
      if (!live) return;
      const colours = { ...options, zmin: scaled.zmin, zmax: scaled.zmax, threshold: scaled.threshold };
      const img = { cells: shown.cells, values: grid.values, width: s.width, height: s.height };
      if (!paintMap(core, cv, img, colours, core.makeProjection(s), outline)) return;
      setBaseImage({ width: s.width, height: s.height, source: cv });
      setDrawn((d) => ({ count: d.count + 1, name: s.name, center: s.center.join(',') }));
    };
    if (!options.coastlines) draw(null);
    else land(core, coastDetail(null, s.width, regional)).then(draw, (e: unknown) => setError(String(e)));
    return () => {
      live = false;
    };
  }, [core, shown, grid, scaled, options, regional]);

  // A zoom: the visible part reprojected at the screen's resolution, with coastlines by zoom level.
  useEffect(() => {
    const cv = zoomCanvas.current;
    if (!core || !shownZoom || !zoomView || !grid || !scaled || !cv) return;
    const { spec: s, extent, size } = shownZoom.task;
    if (!extent || !size) return;
    let live = true;
    const detail = coastDetail(extent, s.width, regional);
    const draw = (outline: Land | null) => {
      if (!live) return;
      const colours = { ...options, zmin: scaled.zmin, zmax: scaled.zmax, threshold: scaled.threshold };
      const img = { cells: shownZoom.cells, values: grid.values, width: size[0], height: size[1] };
      if (!paintMap(core, cv, img, colours, core.zoomedProjection(s, extent, size), outline)) return;
      setZoomImage({ width: size[0], height: size[1], source: cv, extent: zoomPlacement(extent, size) });
      setZoomDrawn((d) => ({ count: d.count + 1, coast: outline ? detail : '', extent: extent.join(',') }));
    };
    if (!options.coastlines) draw(null);
    else land(core, detail).then(draw, (e: unknown) => setError(String(e)));
    return () => {
      live = false;
    };
  }, [core, shownZoom, zoomView, grid, scaled, options, regional]);

  const onAxes = useCallback(
    (ax: AxisFrame, ay: AxisFrame) => {
      const z = mapZoom(ax, ay, WIDTH, height, window.devicePixelRatio || 1);
      setZoom((old) => (JSON.stringify(old) === JSON.stringify(z) ? old : z));
    },
    [height],
  );
  const placement = useMemo(() => framePlacement(WIDTH, height), [height]);
  const layout = useMemo(
    () => ({
      margin: { l: 8, r: 8, t: 8, b: 8 },
      xaxis: { visible: false },
      yaxis: { visible: false, scaleanchor: 'x', scaleratio: 1 },
      dragmode: options.projection === 'orthographic' ? false : 'zoom',
    }),
    [options.projection],
  );

  if (!context?.geo && !context?.curvilinear)
    return <p className="muted">The Map needs latitude and longitude on the two axes.</p>;
  const problem = error ?? gridError ?? projError;
  const image = zoomView && zoomImage ? zoomImage : baseImage;
  return (
    <figure
      className="map-view"
      data-testid="map"
      data-view={zoom?.view.map((v) => v.toFixed(3)).join(',')}
      data-zoomed={zoomView ? 'true' : 'false'}
    >
      <MapControls options={options} setOptions={setOptions} />
      {problem && <p role="alert">{problem}</p>}
      <div
        className={`map-plot${options.projection === 'orthographic' ? ' draggable' : ''}`}
        onPointerDown={globe.onPointerDown}
        onPointerMove={globe.onPointerMove}
        onPointerUp={() => globe.release() && onTap()}
        onPointerCancel={() => globe.release()}
      >
        <RasterPlot
          image={image}
          placement={placement}
          layout={layout}
          label={`Map of ${frame.title} (${PROJECTION_LABELS[options.projection]})`}
          testId="map-plot"
          onAxes={onAxes}
          onHover={(p) => {
            // A press on the globe captures the pointer, and the plot sees it leave: keep the last point.
            if (p) lastPoint.current = p;
            if (globe.dragging) pointer.clear();
            else pointer.onHover(p);
          }}
          onClick={onClick}
        />
      </div>
      <canvas
        ref={baseCanvas}
        width={spec.width}
        height={spec.height}
        className="map-canvas"
        aria-hidden="true"
        data-testid="map-canvas"
        data-rendered={drawn.count || undefined}
        data-projection={drawn.name || undefined}
        data-center={drawn.center || undefined}
        data-width={spec.width}
        data-height={spec.height}
        data-grid={grid?.geometry.kind}
      />
      <canvas
        ref={zoomCanvas}
        className="map-canvas"
        aria-hidden="true"
        data-testid="map-zoom"
        data-rendered={zoomDrawn.count || undefined}
        data-coast={zoomDrawn.coast || undefined}
        data-extent={zoomDrawn.extent || undefined}
      />
      {scaled && (
        <div className="map-legend">
          <span>{formatNumber(scaled.zmin)}</span>
          <span
            className="swatch"
            style={{ background: gradientCss(options.colormap, options.invert) }}
            aria-hidden="true"
          />
          <span>{formatNumber(scaled.zmax)}</span> <span className="muted">{frame.title}</span>
        </div>
      )}
      <output data-testid="map-hover" className="muted">
        {pointer.hover}
      </output>
    </figure>
  );
}
