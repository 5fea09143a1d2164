import { useEffect, useMemo, useRef, useState } from 'react';
import { fillImage, formatNumber, PROJECTION_LABELS, loadMapCore, type Land, type ProjectionSpec } from '../../core';
import type { ViewProps } from '../../display/view-kind';
import { gradientCss, scaleValues } from '../../plot/colormap';
import { useDataset } from '../../state/dataset-store';
import { useSeries } from '../../state/series-store';
import { useView } from '../../state/view-store';
import { dragCenter } from './drag';
import { MapControls } from './MapControls';
import { colour, drawOverlay } from './render';
import { latLonLabel, useMapGrid } from './use-map-grid';
import { useReprojection } from './use-reprojection';

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

/** A drag of the orthographic globe: where it started and the centre it shows now. */
interface Drag {
  readonly x: number;
  readonly y: number;
  readonly from: readonly [number, number];
  readonly center: readonly [number, number];
  readonly moved: boolean;
}

/**
 * The Map view: the grid (1-D or curvilinear latitude/longitude) reprojected in the decode workers, drawn with
 * coastlines; hover gives lat, lon and value, a click opens the cell's series, dragging turns the globe.
 */
export default function MapView({ frame, options, context }: ViewProps) {
  const setOptions = useView((s) => s.setOptions);
  const viewIndices = useView((s) => s.indices);
  const setPoint = useSeries((s) => s.setPoint);
  const dataset = useDataset((s) => s.dataset);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [core, setCore] = useState<MapCore | null>(null);
  // What the canvas shows (tests wait on it): draws counted, and the projection and centre drawn.
  const [drawn, setDrawn] = useState({ count: 0, name: '', center: '' });
  const [hover, setHover] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [dragged, setDragged] = useState(false);
  const { grid, error: gridError } = useMapGrid(frame, context, dataset);
  const center = drag?.center ?? options.center;
  const round = ROUND.has(options.projection);
  const height = Math.round(round ? WIDTH * 0.75 : WIDTH / 2);
  const spec: ProjectionSpec = useMemo(
    () => ({ name: options.projection, center, width: WIDTH, height }),
    [options.projection, center, height],
  );
  const view = useMemo(() => ({ spec }), [spec]);
  const { shown, error: projError } = useReprojection(dataset, grid, view);

  const scaled = useMemo(
    () => (grid ? scaleValues(grid.values, null, options.scale, options.range) : null),
    [grid, options.scale, options.range],
  );
  const image = useMemo(() => (shown && grid ? fillImage(shown.cells, grid.values) : null), [shown, grid]);

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

  useEffect(() => {
    if (!core || !image || !shown || !scaled || !canvas.current) return;
    const ctx = canvas.current.getContext('2d');
    if (!ctx) return;
    let live = true;
    const s = shown.task.spec;
    const draw = (outline: Land | null) => {
      if (!live) return;
      ctx.clearRect(0, 0, s.width, s.height);
      ctx.putImageData(
        colour(image, s.width, { ...options, zmin: scaled.zmin, zmax: scaled.zmax, threshold: scaled.threshold }),
        0,
        0,
      );
      drawOverlay(core, ctx, s, outline);
      setDrawn((d) => ({ count: d.count + 1, name: s.name, center: s.center.join(',') }));
    };
    if (!options.coastlines) draw(null);
    // 50m outlines for a regional grid, 110m for the globe.
    else land(core, grid?.regional ? '50m' : '110m').then(draw, (e: unknown) => setError(String(e)));
    return () => {
      live = false;
    };
  }, [core, image, shown, scaled, options, grid?.regional]);

  const invert = useMemo(() => (core ? core.checkedInvert(core.makeProjection(spec)) : null), [core, spec]);

  /** Canvas pixel under the pointer. */
  const pixel = (e: React.MouseEvent<HTMLCanvasElement>): [number, number] | null => {
    const c = canvas.current;
    if (!c) return null;
    const r = c.getBoundingClientRect();
    return [((e.clientX - r.left) / r.width) * spec.width, ((e.clientY - r.top) / r.height) * spec.height];
  };
  const cellAt = (px: number, py: number): number => {
    if (!shown || px < 0 || py < 0 || px >= spec.width || py >= spec.height) return -1;
    return shown.cells[Math.floor(py) * spec.width + Math.floor(px)] ?? -1;
  };

  const onMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const p = pixel(e);
    if (!p) return;
    if (drag) {
      const c = canvas.current!;
      const k = spec.width / c.getBoundingClientRect().width;
      const [dx, dy] = [(e.clientX - drag.x) * k, (e.clientY - drag.y) * k];
      const moved = drag.moved || Math.hypot(dx, dy) > 3;
      const next = moved ? dragCenter(drag.from, dx, dy, (Math.min(spec.width, spec.height) - 4) / 2) : drag.center;
      if (moved !== drag.moved || next[0] !== drag.center[0] || next[1] !== drag.center[1])
        setDrag({ ...drag, center: next, moved });
      if (moved) return setHover('');
    }
    const ll = invert?.(p[0], p[1]);
    if (!ll || !grid) return setHover('');
    const cell = cellAt(p[0], p[1]);
    const v = cell >= 0 ? grid.values[cell] : undefined;
    setHover(
      `lat ${ll[1].toFixed(2)}°, lon ${ll[0].toFixed(2)}°: ${v === undefined || Number.isNaN(v) ? 'no data' : `${formatNumber(v)}`} — ${frame.title}`,
    );
  };

  // Orthographic: dragging the globe moves its centre (committed to the view, and the share link, on release).
  const onDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (options.projection !== 'orthographic' || e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDragged(false);
    setDrag({ x: e.clientX, y: e.clientY, from: options.center, center: options.center, moved: false });
  };
  const onUp = () => {
    if (!drag) return;
    if (drag.moved) {
      setOptions({ center: [drag.center[0], drag.center[1]] });
      setDragged(true);
    }
    setDrag(null);
  };

  // A click on a cell opens its series along the slider dimension.
  const onClick = (e: React.MouseEvent<HTMLCanvasElement>) => {
    if (dragged) return setDragged(false);
    const p = pixel(e);
    if (!p || !grid || !context) return;
    const cell = cellAt(p[0], p[1]);
    if (cell < 0) return;
    setPoint({
      variable: context.variable.path,
      indices: grid.indices(cell, viewIndices),
      label: latLonLabel(grid.latLon(cell)),
    });
  };

  if (!context?.geo && !context?.curvilinear)
    return <p className="muted">The Map needs latitude and longitude on the two axes.</p>;
  const problem = error ?? gridError ?? projError;
  return (
    <figure className="map-view" data-testid="map">
      <MapControls options={options} setOptions={setOptions} />
      {problem && <p role="alert">{problem}</p>}
      <canvas
        ref={canvas}
        width={spec.width}
        height={spec.height}
        className={`map-canvas${options.projection === 'orthographic' ? ' draggable' : ''}`}
        role="img"
        aria-label={`Map of ${frame.title} (${PROJECTION_LABELS[options.projection]})`}
        data-testid="map-canvas"
        data-rendered={drawn.count || undefined}
        data-projection={drawn.name || undefined}
        data-center={drawn.center || undefined}
        data-width={spec.width}
        data-height={spec.height}
        data-grid={grid?.geometry.kind}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
        onPointerLeave={() => setHover('')}
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
