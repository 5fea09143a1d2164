import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { mapValues } from './map-values';
import { formatNumber, PROJECTION_LABELS, type DsgSpec, type Land } from '../../core';
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
import { markAt, paintDsg, STATION_RADIUS, TRACK_RADIUS } from './dsg-paint';
import { marksExtent } from './dsg-extent';
import { DsgSeries, type ShownSeries } from './DsgSeries';
import { DsgSliders } from './DsgSliders';
import { useDsgMarks } from './use-dsg-marks';
import { useDsgSliders } from './use-dsg-sliders';

const WIDTH = 720;

/**
 * The Map of a CF discrete sampling geometry (src/geo/dsg/): a station's value at the time of its slider as a disc
 * at the station, a trajectory's observations as discs on its line, in the colours of their values, over the
 * graticule and coastlines, framed on the features; marks stacked at one place (ragged stations and profiles) show
 * the element at the Map's own time and depth sliders. Hover names the feature and gives the value; a click on a
 * station or profile opens its series along the variable's slider dimension (the series panel), on a trajectory or
 * stacked marks the feature's elements in order (DsgSeries), on a point its value (points have no series). The
 * marks' longitude/latitude are on the canvas (`data-marks`) for tests.
 */
export default function DsgMap({ frame, options, context, spec }: ViewProps & { spec: DsgSpec }) {
  const setOptions = useView((s) => s.setOptions);
  const setAxes = useView((s) => s.setAxes);
  const viewIndices = useView((s) => s.indices);
  const setPoint = useSeries((s) => s.setPoint);
  const dataset = useDataset((s) => s.dataset);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { core, error } = useMapCore();
  const { marks, error: marksError } = useDsgMarks(dataset, spec);
  const height = frameHeight(options.projection, WIDTH);
  const [zoom, setZoom] = useState<MapZoom | null>(null);
  const globe = useGlobeDrag(options, setOptions, WIDTH, height, zoom?.scale ?? 1);
  const view = globe.spec;
  // The graticule and its labels follow a zoom; the marks are drawn once on the whole frame.

  // Stations shown with their times (a heatmap's two axes): the Map shows the stations alone, time on its slider;
  // marks along two dimensions (2-D latitude/longitude) need the slice of both.
  const two = spec.mapDims.length === 2;
  const onMarks = two
    ? frame.rank === 2 && new Set([context?.x, context?.y, ...spec.mapDims]).size === 2
    : frame.rank === 1;
  useEffect(() => {
    if (two && !onMarks) setAxes(spec.mapDims[1]!, spec.mapDims[0]!);
    else if (!two && frame.rank === 2) setAxes(spec.mapDim, null);
  }, [two, onMarks, frame.rank, setAxes, spec.mapDim, spec.mapDims]);
  const values = useMemo(() => {
    if (!frame.values || !onMarks) return null;
    const { values: v, mask } = frame.values;
    return mapValues(v as ArrayLike<number>, mask);
  }, [frame.values, onMarks]);
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
  // Frame pixels of the marks; those on the far side of the globe (the inverse does not come back) are left out.
  const placedXy = useMemo(() => {
    if (!marks || !projection || !core) return null;
    const invert = core.checkedInvert(projection);
    return Array.from(marks.lon, (lon, k) => {
      const p = projection([lon, marks.lat[k]!]);
      if (!p || !Number.isFinite(p[0]) || !Number.isFinite(p[1]) || !invert(p[0], p[1])) return null;
      return [p[0], p[1]] as const;
    });
  }, [marks, projection, core]);
  const sliders = useDsgSliders(core, dataset, spec, marks);
  // The marks drawn: every placed one, or of stacked marks the one at the sliders at each place.
  const shown = useMemo(
    () => (core && marks ? core.shownMarks(spec, marks, sliders.at) : null),
    // `spec` is held by its marks (read once per layout).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [core, marks, sliders.at],
  );
  const xy = useMemo(
    () => (placedXy && shown ? placedXy.map((p, k) => (shown.shown[k] ? p : null)) : null),
    [placedXy, shown],
  );
  const box = useMemo(() => (placedXy ? marksExtent(placedXy, view.width, view.height) : null), [placedXy, view]);
  // The graticule and its labels follow a zoom; the map opens framed on the marks.
  const chrome = useMapChrome(core, view, null, zoom, box);
  const lines = chrome.graticule?.lines ?? null;

  const [paint, setPaint] = useState<{
    image: RasterImage | null;
    count: number;
    error: string | null;
    extent: string;
  }>({ image: null, count: 0, error: null, extent: '' });
  const radius = spec.marks === 'instance' ? STATION_RADIUS : TRACK_RADIUS;
  // A zoom is drawn again at the screen's resolution (marks of the same size on screen, finer coastlines).
  const zoomKey = zoom?.extent ? JSON.stringify([zoom.extent, zoom.size, zoom.scale]) : null;
  useEffect(() => {
    const cv = canvas.current;
    if (!core || !projection || !marks || !xy || !shown || !values || !colours || !cv) return;
    const z = zoomKey ? (JSON.parse(zoomKey) as [Rect, [number, number], number]) : null;
    const size: [number, number] = z ? z[1] : [view.width, view.height];
    const proj = z ? core.zoomedProjection(view, z[0], z[1]) : projection;
    // Device pixels per CSS pixel of a zoom's image; the whole frame's pixels are the marks' own.
    const k = z ? z[1][0] / (z[0][2] - z[0][0]) / z[2] : 1;
    const drawn = z
      ? xy.map((p, i) => (p ? (proj([marks.lon[i]!, marks.lat[i]!]) as [number, number] | null) : null))
      : xy;
    let live = true;
    const draw = (outline: Land | null) => {
      if (!live) return;
      const picture = { xy: drawn, values, tracks: shown.tracks, radius: radius * k };
      if (!paintDsg(core, cv, size, proj, picture, colours, outline, lines, k)) return;
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
  }, [core, projection, marks, xy, shown, values, colours, options.coastlines, lines, radius, view, zoomKey]);

  const [hover, setHover] = useState('');
  // Within the disc as drawn: frame pixels on the whole frame, screen pixels on a zoom's image.
  const within = zoom?.extent ? (radius + 3) / zoom.scale : radius + 3;
  const markOf = (p: RasterPointer | null) => (p && xy ? markAt(xy, p.x, -p.y, within) : -1);
  const labelOf = (k: number) => {
    const i = marks?.instance[k] ?? -1;
    return i >= 0 ? (marks?.labels[i] ?? '') : `${spec.elementDim} ${k}`;
  };
  const onHover = (p: RasterPointer | null) => {
    const k = globe.dragging ? -1 : markOf(p);
    if (k < 0 || !marks) return setHover('');
    const v = values?.[k];
    const value = v === undefined || Number.isNaN(v) ? 'no data' : formatNumber(v);
    const where = `lat ${marks.lat[k]!.toFixed(2)}°, lon ${marks.lon[k]!.toFixed(2)}°`;
    const element = spec.marks === 'element' && spec.layout !== 'point' ? ` ${spec.elementDim} ${k}` : '';
    // Stacked marks: which of the place's elements is shown (its time and depth).
    const when = spec.stacked && marks.time ? sliders.timeText(marks.time[k]!) : '';
    const stack = `${when ? ` at ${when}` : ''}${spec.stacked && marks.z ? `, depth ${marks.z[k]}` : ''}`;
    setHover(`${labelOf(k)}${element}${stack} (${where}): ${value} — ${frame.title}`);
  };
  const [series, setSeries] = useState<ShownSeries | null>(null);
  const [note, setNote] = useState('');
  const onClick = (p: RasterPointer) => {
    if (globe.wasDrag() || !context || !marks || !core) return;
    const k = markOf(p);
    if (k < 0) return;
    setNote('');
    const label = labelOf(k);
    if (spec.layout === 'point') {
      setSeries(null);
      const v = values?.[k];
      const when = marks.time ? sliders.timeText(marks.time[k]!) : '';
      const value = v === undefined || Number.isNaN(v) ? 'no data' : formatNumber(v);
      return setNote(
        `${label}${when ? ` at ${when}` : ''}: ${value}. A point feature is a single observation: it has no series.`,
      );
    }
    const fs = values ? core.featureSeries(spec, marks, k, values, sliders.at) : null;
    if (fs) {
      setPoint(null);
      return setSeries(sliders.seriesOf(fs, label));
    }
    if (spec.marks === 'element' && !two) return setNote(`${label}: this feature has no series to show.`);
    // A station's or profile's series runs along a slider dimension of the variable: the series panel reads it.
    const v = context.variable;
    const cols = two ? (v.shape[spec.mapDims[1]!] ?? 1) : 1;
    const at = two ? [Math.floor(k / cols), k % cols] : [k * frame.stride];
    const indices = v.shape.map((_, d) => {
      const j = spec.mapDims.indexOf(d);
      return j >= 0 ? at[j]! : (viewIndices[d] ?? 0);
    });
    setSeries(null);
    setPoint({ variable: v.path, indices, label });
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
    frame.stride !== 1 ? `The Map draws every ${spec.elementDim}: this slice is read every ${frame.stride}.` : null;
  const problem = error ?? marksError ?? paint.error ?? strided;
  return (
    <figure
      className="map-view"
      data-testid="map"
      data-dsg={spec.featureType}
      data-layout={spec.layout}
      data-view={zoom?.view.map((v) => v.toFixed(3)).join(',')}
    >
      <MapControls options={options} setOptions={setOptions} />
      <DsgSliders sliders={sliders.sliders} onChange={sliders.set} />
      {problem && <p role="alert">{problem}</p>}
      {marks && marks.problems.length > 0 && (
        <ul className="muted" data-testid="map-grid-problems">
          {marks.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
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
          label={`Map of ${frame.title} at its ${spec.featureType} features (${PROJECTION_LABELS[options.projection]})`}
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
        data-grid="dsg"
        data-marks={marks ? JSON.stringify(Array.from(marks.lon, (lon, k) => [lon, marks.lat[k]])) : undefined}
        data-radius={radius}
        data-extent={paint.extent || undefined}
      />
      <output data-testid="map-hover" className="muted">
        {hover}
      </output>
      {note && (
        <p className="muted" data-testid="dsg-note">
          {note}
        </p>
      )}
      {series && context && (
        <DsgSeries
          series={series}
          variable={context.variable.path}
          units={sliders.units}
          onClose={() => setSeries(null)}
        />
      )}
    </figure>
  );
}
