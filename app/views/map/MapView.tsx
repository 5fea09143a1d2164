import { useCallback, useMemo, useRef, useState } from 'react';
import { PROJECTION_LABELS } from '../../core';
import type { ViewProps } from '../shared/view-kind';
import { RasterPlot, type AxisFrame, type RasterPointer } from '../../plot/RasterPlot';
import { scaleValues } from '../../plot/colormap';
import { useDataset } from '../../state/dataset-store';
import { useSeries } from '../../state/series-store';
import { useView } from '../../state/view-store';
import { MapControls } from '../../plot/map/MapControls';
import { useMapCore } from '../../plot/map/map-core';
import { useMapChrome } from '../../plot/map/use-map-chrome';
import { colourBarOf } from '../heatmap/ImageHeatmap';
import { useMapPaint } from '../../plot/map/use-map-paint';
import { latLonLabel, useMapGrid } from './use-map-grid';
import { useLevelView } from './use-level-view';
import { selectedCellAt } from '../../plot/map/use-healpix-level';
import { cellLabel } from '../../plot/map/use-cell-grid';
import { useGlobeDrag, useMapHover } from '../../plot/map/use-map-pointer';
import { useReprojection } from '../../plot/map/use-reprojection';
import { framePlacement, frameHeight, mapZoom, type MapZoom } from '../../plot/map/zoom';
import DsgMap from './DsgMap';

const WIDTH = 720;

/**
 * The Map view: the grid (1-D or curvilinear latitude/longitude) reprojected in the decode workers and drawn as
 * pixels under plotly's axes (zoom and pan; a zoom is reprojected again at the screen's resolution, with 50m
 * coastlines), Natural Earth coastlines over it; hover gives lat, lon and value, a click opens the cell's series,
 * dragging turns the orthographic globe.
 */
export default function MapView(props: ViewProps) {
  const spec = props.context?.dsg;
  // A discrete sampling geometry is drawn as marks, not as a grid of pixels.
  return spec ? <DsgMap {...props} spec={spec} /> : <GridMap {...props} />;
}

function GridMap({ frame, options, context }: ViewProps) {
  const setOptions = useView((s) => s.setOptions);
  const viewIndices = useView((s) => s.indices);
  const setPoint = useSeries((s) => s.setPoint);
  const dataset = useDataset((s) => s.dataset);
  const baseCanvas = useRef<HTMLCanvasElement>(null);
  const zoomCanvas = useRef<HTMLCanvasElement>(null);
  const { core, error } = useMapCore();
  const [zoom, setZoom] = useState<MapZoom | null>(null);
  const height = frameHeight(options.projection, WIDTH);
  const levelView = useLevelView(core, options.projection, WIDTH, height, zoom, viewIndices);
  const { grid, error: gridError, problems: gridProblems } = useMapGrid(frame, context, dataset, levelView);

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
    // A grid of cells names the cell (`cell 1234 (lon, lat)`), the others its latitude and longitude.
    const label = context.cells && grid.describe ? grid.describe(cell) : latLonLabel(grid.latLon(cell));
    // Another level of a HEALPix pyramid drawn than the one selected: the series of the selected level's cell
    // under the click (the series panel shows the selected variable's).
    if (grid.variable && grid.variable !== context.variable.path) {
      const ll = core ? core.checkedInvert(core.makeProjection(spec))(p.x, -p.y) : null;
      const own = ll ? selectedCellAt(context.cells, ll[0], ll[1]) : null;
      const dim = context.cells?.dim;
      if (!own || dim === undefined) return;
      const indices = context.variable.shape.map((_, d) => (d === dim ? own.cell : (viewIndices[d] ?? 0)));
      const name = context.cells?.cellName ? `${context.cells.cellName} ` : '';
      setPoint({ variable: context.variable.path, indices, label: `${name}${cellLabel(own.cell, own.centre)}` });
      return;
    }
    setPoint({ variable: context.variable.path, indices: grid.indices(cell, viewIndices), label });
  }

  const scaled = useMemo(
    () => (grid ? scaleValues(grid.values, null, options.scale, options.range) : null),
    [grid, options.scale, options.range],
  );

  const colours = useMemo(
    () =>
      scaled && {
        colormap: options.colormap,
        invert: options.invert,
        scale: options.scale,
        zmin: scaled.zmin,
        zmax: scaled.zmax,
        threshold: scaled.threshold,
      },
    [scaled, options.colormap, options.invert, options.scale],
  );
  // The whole frame (also the image shown until a zoom's finer one is ready), and a zoom's visible part
  // reprojected at the screen's resolution.
  // The graticule for the part in view, its labels on the axes, a regional grid's extent, the colour bar.
  const chrome = useMapChrome(core, spec, grid, zoom);
  const lines = chrome.graticule?.lines ?? null;
  const base = useMapPaint(core, baseCanvas, shown, grid, colours, options.coastlines, lines);
  const zoomed = useMapPaint(core, zoomCanvas, zoomView ? shownZoom : null, grid, colours, options.coastlines, lines);
  const colorbar = useMemo(
    () => (scaled ? { ...colourBarOf(options, scaled), title: frame.title } : null),
    [scaled, options, frame.title],
  );

  const onAxes = useCallback(
    (ax: AxisFrame, ay: AxisFrame) => {
      const z = mapZoom(ax, ay, WIDTH, height, window.devicePixelRatio || 1);
      setZoom((old) => (JSON.stringify(old) === JSON.stringify(z) ? old : z));
    },
    [height],
  );
  const placement = useMemo(() => framePlacement(WIDTH, height), [height]);
  const layout = chrome.layout;

  if (!context?.geo && !context?.curvilinear && !context?.projected && !context?.cells)
    return <p className="muted">The Map needs latitude and longitude on the two axes.</p>;
  const problem = error ?? gridError ?? projError ?? base.error ?? zoomed.error;
  const image = zoomView && zoomed.image ? zoomed.image : base.image;
  return (
    <figure
      className="map-view"
      data-testid="map"
      data-view={zoom?.view.map((v) => v.toFixed(3)).join(',')}
      data-zoomed={zoomView ? 'true' : 'false'}
      data-extent={chrome.extent?.map((v) => v.toFixed(1)).join(',')}
      data-range={colours ? `${colours.zmin},${colours.zmax}` : undefined}
    >
      <MapControls options={options} setOptions={setOptions} />
      {problem && <p role="alert">{problem}</p>}
      {gridProblems.length > 0 && (
        <ul className="muted" data-testid="map-grid-problems">
          {gridProblems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
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
          colorbar={colorbar}
          axisLabels={chrome.labels}
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
        data-rendered={base.count || undefined}
        data-projection={base.task?.spec.name}
        data-center={base.task?.spec.center.join(',')}
        data-width={spec.width}
        data-height={spec.height}
        data-grid={grid?.geometry.kind}
        data-cells={grid?.name}
      />
      <canvas
        ref={zoomCanvas}
        className="map-canvas"
        aria-hidden="true"
        data-testid="map-zoom"
        data-rendered={zoomed.count || undefined}
        data-coast={zoomed.coast || undefined}
        data-extent={zoomed.task?.extent?.join(',')}
      />
      <output data-testid="map-hover" className="muted">
        {pointer.hover}
      </output>
    </figure>
  );
}
