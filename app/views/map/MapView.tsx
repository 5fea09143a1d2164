import { useEffect, useMemo, useRef, useState } from 'react';
import {
  PROJECTIONS,
  PROJECTION_LABELS,
  axisLookup,
  formatNumber,
  isProjectionName,
  loadMapCore,
  type Land,
  type ProjectionSpec,
} from '../../core';
import type { ViewProps } from '../../display/view-kind';
import { gradientCss, scaleValues } from '../../plot/colormap';
import { useSeries } from '../../state/series-store';
import { useView } from '../../state/view-store';
import { colour, drawOverlay } from './render';

type MapCore = Awaited<ReturnType<typeof loadMapCore>>;
const WIDTH = 720;
const ROUND = new Set(['orthographic', 'north-polar', 'south-polar']);

let corePromise: Promise<MapCore> | undefined;
const landCache = new Map<string, Promise<Land>>();

function numbers(values: readonly (number | string)[]): number[] {
  return values.map((v) => (typeof v === 'number' ? v : Number(v)));
}

/** The Map view: the lat/lon slice reprojected in a worker, drawn with coastlines; hover gives lat, lon, value. */
export default function MapView({ frame, options, context }: ViewProps) {
  const setOptions = useView((s) => s.setOptions);
  const viewIndices = useView((s) => s.indices);
  const setPoint = useSeries((s) => s.setPoint);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [core, setCore] = useState<MapCore | null>(null);
  const [image, setImage] = useState<{ data: Float32Array; spec: ProjectionSpec } | null>(null);
  // What the canvas shows (tests wait on it): draws counted, and the projection and centre drawn.
  const [drawn, setDrawn] = useState({ count: 0, name: '', center: '' });
  const [hover, setHover] = useState('');
  const [error, setError] = useState<string | null>(null);
  const geo = context?.geo ?? null;
  const height = ROUND.has(options.projection) ? WIDTH * 0.75 : WIDTH / 2;
  const spec: ProjectionSpec = useMemo(
    () => ({ name: options.projection, center: options.center, width: WIDTH, height: Math.round(height) }),
    [options.projection, options.center, height],
  );

  const grid = useMemo(() => {
    if (!geo || !frame.values || context?.x === null || context?.x === undefined) return null;
    const { values, mask, shape } = frame.values;
    const rowsDim = frame.transposed ? context.x : context.y;
    const rowsAreLat = rowsDim === geo.lat;
    const latAxis = context.y === geo.lat ? frame.y : frame.x;
    const lonAxis = context.y === geo.lat ? frame.x : frame.y;
    const v = Float64Array.from(values as ArrayLike<number>, (x, i) => (mask && mask[i] ? NaN : Number(x)));
    return {
      values: v,
      rows: shape[0] ?? 0,
      cols: shape[1] ?? 0,
      rowsAreLat,
      lat: numbers(latAxis.values),
      lon: numbers(lonAxis.values),
    };
  }, [geo, frame, context]);

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

  const reprojector = useMemo(() => (core ? new core.Reprojector() : null), [core]);
  useEffect(() => () => reprojector?.close(), [reprojector]);

  useEffect(() => {
    if (!reprojector || !grid) return;
    let live = true;
    void reprojector.run(grid, spec).then((data) => live && setImage({ data, spec }));
    return () => {
      live = false;
    };
  }, [reprojector, grid, spec]);

  useEffect(() => {
    if (!core || !image || !scaled || !canvas.current) return;
    const ctx = canvas.current.getContext('2d');
    if (!ctx) return;
    let live = true;
    const { data, spec: s } = image;
    const draw = (land: Land | null) => {
      if (!live) return;
      ctx.clearRect(0, 0, s.width, s.height);
      ctx.putImageData(
        colour(data, s.width, { ...options, zmin: scaled.zmin, zmax: scaled.zmax, threshold: scaled.threshold }),
        0,
        0,
      );
      drawOverlay(core, ctx, s, land);
      setDrawn((d) => ({ count: d.count + 1, name: s.name, center: s.center.join(',') }));
    };
    if (!options.coastlines) draw(null);
    else {
      // 50m outlines for a regional grid, 110m for the globe.
      const lat = grid?.lat ?? [];
      const regional = lat.length > 1 && Math.abs((lat[lat.length - 1] ?? 0) - (lat[0] ?? 0)) < 90;
      const detail = regional ? '50m' : '110m';
      let p = landCache.get(detail);
      if (!p) landCache.set(detail, (p = core.loadLand(detail)));
      p.then(draw, (e: unknown) => setError(String(e)));
    }
    return () => {
      live = false;
    };
  }, [core, image, scaled, options, grid]);

  const invert = useMemo(() => (core ? core.checkedInvert(core.makeProjection(spec)) : null), [core, spec]);
  const onMove = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const c = canvas.current;
    if (!c || !invert || !image) return;
    const r = c.getBoundingClientRect();
    const px = Math.floor(((e.clientX - r.left) / r.width) * spec.width);
    const py = Math.floor(((e.clientY - r.top) / r.height) * spec.height);
    const ll = invert(px + 0.5, py + 0.5);
    if (!ll) return setHover('');
    const v = image.data[py * spec.width + px];
    setHover(
      `lat ${ll[1].toFixed(2)}°, lon ${ll[0].toFixed(2)}°: ${v === undefined || Number.isNaN(v) ? 'no data' : `${formatNumber(v)}`} — ${frame.title}`,
    );
  };

  // A click on a cell opens its series along the slider dimension.
  const onClick = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const c = canvas.current;
    if (!c || !invert || !grid || !geo || !context) return;
    const r = c.getBoundingClientRect();
    const ll = invert(((e.clientX - r.left) / r.width) * spec.width, ((e.clientY - r.top) / r.height) * spec.height);
    if (!ll) return;
    const i = axisLookup(grid.lat, false)(ll[1]);
    const j = axisLookup(grid.lon, true)(ll[0]);
    if (i < 0 || j < 0) return;
    const indices = context.variable.shape.map((_, d) =>
      d === geo.lat ? i : d === geo.lon ? j : (viewIndices[d] ?? 0),
    );
    setPoint({
      variable: context.variable.path,
      indices,
      label: `(${formatNumber(grid.lat[i] ?? 0)}, ${formatNumber(grid.lon[j] ?? 0)})`,
    });
  };

  if (!geo) return <p className="muted">The Map needs latitude and longitude on the two axes.</p>;
  const round = ROUND.has(options.projection);
  return (
    <figure className="map-view" data-testid="map">
      <div className="toolbar">
        <label>
          Projection{' '}
          <select
            value={options.projection}
            onChange={(e) => isProjectionName(e.target.value) && setOptions({ projection: e.target.value })}
            data-testid="projection"
          >
            {PROJECTIONS.map((p) => (
              <option key={p} value={p}>
                {PROJECTION_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={options.coastlines}
            onChange={(e) => setOptions({ coastlines: e.target.checked })}
            data-testid="coastlines"
          />
          Coastlines
        </label>
        <label>
          Centre longitude{' '}
          <input
            className="num"
            type="number"
            min={-180}
            max={360}
            value={options.center[0]}
            onChange={(e) => setOptions({ center: [Number(e.target.value) || 0, options.center[1]] })}
            data-testid="center-lon"
          />
        </label>
        {round && options.projection === 'orthographic' && (
          <label>
            Centre latitude{' '}
            <input
              className="num"
              type="number"
              min={-90}
              max={90}
              value={options.center[1]}
              onChange={(e) =>
                setOptions({ center: [options.center[0], Math.max(-90, Math.min(90, Number(e.target.value) || 0))] })
              }
              data-testid="center-lat"
            />
          </label>
        )}
      </div>
      {error && <p role="alert">{error}</p>}
      <canvas
        ref={canvas}
        width={spec.width}
        height={spec.height}
        className="map-canvas"
        role="img"
        aria-label={`Map of ${frame.title} (${PROJECTION_LABELS[options.projection]})`}
        data-testid="map-canvas"
        data-rendered={drawn.count || undefined}
        data-projection={drawn.name || undefined}
        data-center={drawn.center || undefined}
        data-width={spec.width}
        data-height={spec.height}
        onMouseMove={onMove}
        onMouseLeave={() => setHover('')}
        onClick={onClick}
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
        {hover}
      </output>
    </figure>
  );
}
