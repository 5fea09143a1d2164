import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { mapValues } from './map-values';
import { formatNumber, PROJECTION_LABELS, type GeometryResult, type GeometrySpec, type Land } from '../../core';
import type { ViewProps } from '../shared/view-kind';
import { RasterPlot, type AxisFrame, type RasterImage, type RasterPointer } from '../../plot/RasterPlot';
import { scaleValues } from '../../plot/colormap';
import { useDataset } from '../../state/dataset-store';
import { useSeries } from '../../state/series-store';
import { useView } from '../../state/view-store';
import { MapControls } from '../../plot/map/MapControls';
import { land, useMapCore } from '../../plot/map/map-core';
import { useMapChrome } from '../../plot/map/use-map-chrome';
import { useGlobeDrag } from '../../plot/map/use-map-pointer';
import {
  coastDetail,
  framePlacement,
  frameHeight,
  mapZoom,
  zoomPlacement,
  type MapZoom,
  type Rect,
} from '../../plot/map/zoom';
import { colourBarOf } from '../heatmap/ImageHeatmap';
import { LINE_WIDTH, paintGeometries, POINT_RADIUS, projectShapes } from './geometry-paint';
import { useGeometries } from './use-geometries';

const WIDTH = 720;

/**
 * The Map of CF simple geometries (src/geo/geometry/): polygons (with their holes) filled, lines stroked and points
 * drawn in the colour of the variable's value at the slider's step, over the graticule and coastlines; hover names
 * the geometry and gives the value, a click opens its series when the variable has another dimension (time). A
 * container that cannot be drawn is named instead.
 */
export default function GeometryMap(props: ViewProps & { geometry: Exclude<GeometryResult, { kind: 'none' }> }) {
  const { geometry, ...rest } = props;
  if (geometry.kind === 'problem') {
    return (
      <figure className="map-view" data-testid="map" data-geometry="problem">
        <p role="alert">{geometry.message}</p>
      </figure>
    );
  }
  return <ShapesMap {...rest} spec={geometry.spec} />;
}

function ShapesMap({ frame, options, context, spec }: ViewProps & { spec: GeometrySpec }) {
  const setOptions = useView((s) => s.setOptions);
  const setAxes = useView((s) => s.setAxes);
  const viewIndices = useView((s) => s.indices);
  const setPoint = useSeries((s) => s.setPoint);
  const dataset = useDataset((s) => s.dataset);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { core, error } = useMapCore();
  const { geometries, error: loadError } = useGeometries(dataset, spec);
  const height = frameHeight(options.projection, WIDTH);
  const [zoom, setZoom] = useState<MapZoom | null>(null);
  const globe = useGlobeDrag(options, setOptions, WIDTH, height, zoom?.scale ?? 1);
  const view = globe.spec;
  const chrome = useMapChrome(core, view, null, zoom);
  const lines = chrome.graticule?.lines ?? null;

  // The geometries shown with their times (a heatmap's two axes): the Map shows the geometries, time on its slider.
  const both = frame.rank === 2;
  useEffect(() => {
    if (both) setAxes(spec.mapDim, null);
  }, [both, setAxes, spec.mapDim]);
  const values = useMemo(() => {
    if (!frame.values || both) return null;
    const { values: v, mask } = frame.values;
    return mapValues(v as ArrayLike<number>, mask);
  }, [frame.values, both]);
  const scaled = useMemo(
    () => (values ? scaleValues(values, null, options.scale, options.range) : null),
    [values, options.scale, options.range],
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
  const projection = useMemo(() => (core ? core.makeProjection(view) : null), [core, view]);
  // Frame pixels of the nodes; a part with a node on the far side of the globe is left out.
  const pixels = useMemo(() => {
    if (!geometries || !projection || !core) return null;
    const invert = core.checkedInvert(projection);
    return projectShapes(geometries.shapes, (p) => {
      const q = projection(p);
      return q && invert(q[0], q[1]) ? [q[0], q[1]] : null;
    });
  }, [geometries, projection, core]);

  const [paint, setPaint] = useState<{
    image: RasterImage | null;
    count: number;
    error: string | null;
    extent: string;
  }>({ image: null, count: 0, error: null, extent: '' });
  const zoomKey = zoom?.extent ? JSON.stringify([zoom.extent, zoom.size, zoom.scale]) : null;
  useEffect(() => {
    const cv = canvas.current;
    if (!core || !projection || !geometries || !pixels || !values || !colours || !cv) return;
    const z = zoomKey ? (JSON.parse(zoomKey) as [Rect, [number, number], number]) : null;
    const size: [number, number] = z ? z[1] : [view.width, view.height];
    const proj = z ? core.zoomedProjection(view, z[0], z[1]) : projection;
    const k = z ? z[1][0] / (z[0][2] - z[0][0]) / z[2] : 1;
    const shown = z ? projectShapes(geometries.shapes, (p) => proj(p) as [number, number] | null) : pixels;
    let live = true;
    const draw = (outline: Land | null) => {
      if (!live) return;
      const kind = spec.geometryType;
      if (!paintGeometries(core, cv, size, proj, kind, shown, values, colours, outline, lines, k)) return;
      const extent = z ? { extent: zoomPlacement(z[0], z[1]) } : {};
      const image = { width: size[0], height: size[1], source: cv, ...extent };
      setPaint((p) => ({ image, count: p.count + 1, error: null, extent: z ? z[0].join(',') : '' }));
    };
    if (!options.coastlines) draw(null);
    else
      land(core, coastDetail(z ? z[0] : null, view.width, false)).then(
        draw,
        (e: unknown) => live && setPaint((p) => ({ ...p, error: String(e) })),
      );
    return () => {
      live = false;
    };
  }, [
    core,
    projection,
    geometries,
    pixels,
    values,
    colours,
    options.coastlines,
    lines,
    view,
    zoomKey,
    spec.geometryType,
  ]);

  const [hover, setHover] = useState('');
  const reach = (spec.geometryType === 'point' ? POINT_RADIUS : LINE_WIDTH) + 3;
  const within = zoom?.extent ? reach / zoom.scale : reach;
  const shapeOf = (p: RasterPointer | null) =>
    p && pixels && core ? core.geometryAt(spec.geometryType, pixels, p.x, -p.y, within) : -1;
  const labelOf = (k: number) => geometries?.labels[k] ?? `${spec.instanceDim} ${k}`;
  const onHover = (p: RasterPointer | null) => {
    const k = globe.dragging ? -1 : shapeOf(p);
    if (k < 0) return setHover('');
    const v = values?.[k];
    const value = v === undefined || Number.isNaN(v) ? 'no data' : formatNumber(v);
    setHover(`${labelOf(k)}: ${value} — ${frame.title}`);
  };
  const onClick = (p: RasterPointer) => {
    if (globe.wasDrag() || !context || context.variable.shape.length < 2) return;
    const k = shapeOf(p);
    if (k < 0) return;
    const v = context.variable;
    const indices = v.shape.map((_, d) => (d === spec.mapDim ? k * frame.stride : (viewIndices[d] ?? 0)));
    setPoint({ variable: v.path, indices, label: labelOf(k) });
  };

  const colorbar = useMemo(
    () => (scaled ? { ...colourBarOf(options, scaled), title: frame.title } : null),
    [scaled, options, frame.title],
  );
  const placement = useMemo(() => framePlacement(WIDTH, height), [height]);
  const onAxes = useCallback(
    (ax: AxisFrame, ay: AxisFrame) => {
      const z = mapZoom(ax, ay, WIDTH, height, window.devicePixelRatio || 1);
      setZoom((old) => (JSON.stringify(old) === JSON.stringify(z) ? old : z));
    },
    [height],
  );
  const strided =
    frame.stride !== 1 ? `The Map draws every ${spec.instanceDim}: this slice is read every ${frame.stride}.` : null;
  const problem = error ?? loadError ?? paint.error ?? strided;
  return (
    <figure
      className="map-view"
      data-testid="map"
      data-geometry={spec.geometryType}
      data-view={zoom?.view.map((v) => v.toFixed(3)).join(',')}
    >
      <MapControls options={options} setOptions={setOptions} />
      {problem && <p role="alert">{problem}</p>}
      <div
        className={`map-plot${options.projection === 'orthographic' ? ' draggable' : ''}`}
        onPointerDown={globe.onPointerDown}
        onPointerMove={globe.onPointerMove}
        onPointerUp={() => globe.release()}
        onPointerCancel={() => globe.release()}
      >
        <RasterPlot
          image={paint.image}
          placement={placement}
          layout={chrome.layout}
          colorbar={colorbar}
          axisLabels={chrome.labels}
          label={`Map of ${frame.title} at its ${spec.geometryType} geometries (${PROJECTION_LABELS[options.projection]})`}
          testId="map-plot"
          onAxes={onAxes}
          onHover={onHover}
          onClick={onClick}
        />
      </div>
      <canvas
        ref={canvas}
        width={view.width}
        height={view.height}
        className="map-canvas"
        aria-hidden="true"
        data-testid="map-canvas"
        data-rendered={paint.count || undefined}
        data-projection={view.name}
        data-center={view.center.join(',')}
        data-width={view.width}
        data-height={view.height}
        data-grid="geometry"
        data-shapes={geometries?.shapes.length}
        data-extent={paint.extent || undefined}
      />
      <output data-testid="map-hover" className="muted">
        {hover}
      </output>
    </figure>
  );
}
