/**
 * A pyramid (or a field too big to read whole) on the Map: the level that fills the map's frame is read whole and
 * reprojected in the workers; a zoom reads the chunks in view of the level that fills the zoom's pixels (its
 * latitude/longitude box), reprojects them at the screen's resolution and draws them over the whole picture, which
 * stays under them. One colour range (the whole picture's) for both.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  axisTitle,
  formatNumber,
  isAbort,
  type OpenedDataset,
  type Progress,
  type ProjectionSpec,
  type Variable,
} from '../../core';
import { ErrorMessage } from '../../common/ErrorMessage';
import { ProgressBar } from '../../common/ProgressBar';
import { scaleValues } from '../../plot/colormap';
import { useMapCore } from '../../plot/map/map-core';
import { MapControls } from '../../plot/map/MapControls';
import type { MapGrid } from '../../plot/map/map-grid';
import { cellAt } from '../../plot/map/use-map-pointer';
import { useMapChrome } from '../../plot/map/use-map-chrome';
import { useMapPaint } from '../../plot/map/use-map-paint';
import { useReprojection } from '../../plot/map/use-reprojection';
import { framePlacement, frameHeight, mapZoom, type MapZoom } from '../../plot/map/zoom';
import { PlotTargetContext, type PlotTarget } from '../../plot/PlotlyView';
import { RasterPlot, type AxisFrame, type RasterPointer } from '../../plot/RasterPlot';
import { useSeries } from '../../state/series-store';
import type { ViewOptions } from '../../state/view-options';
import { useView } from '../../state/view-store';
import { colourBarOf } from '../heatmap/ImageHeatmap';
import { finestCell, readRegionGrid, wholeRegion, zoomBox, zoomRegion, type GeoTiles } from './map-region';
import { TileExport } from '../heatmap/TileExport';
import type { TiledAxis } from '../heatmap/TiledHeatmap';
import { VIEWPORT_BUDGET_BYTES, type TileLevel, type TileRegion, type TileView } from '../heatmap/tile-plan';
import { useFinestRead } from '../heatmap/use-finest-read';

const WIDTH = 720;
/** Axes changes closer together than this (a pan's steps) ask for one read. */
const SETTLE_MS = 60;

interface Props {
  readonly dataset: OpenedDataset;
  readonly variable: Variable;
  readonly levels: readonly TileLevel[];
  readonly geo: GeoTiles;
  readonly options: ViewOptions;
  /** The shown axes' titles and labels, for the export's rows and columns (none: no export). */
  readonly x?: TiledAxis | undefined;
  readonly y?: TiledAxis | undefined;
}

interface Read {
  /** The region asked for. */
  readonly region: TileRegion;
  /** The last grid read (of this region, or of the one before while this one loads) and its region. */
  readonly grid: MapGrid | null;
  readonly gridRegion: TileRegion | null;
  readonly pending: boolean;
  readonly progress: Progress | null;
  readonly error: unknown;
}

interface Done {
  readonly key: string;
  readonly region: TileRegion;
  readonly grid: MapGrid | null;
  readonly error: unknown;
}

/** Reads `region` as a map grid (null: nothing to read); the last grid read stays until the next one is in. */
function useRegionGrid(dataset: OpenedDataset, region: TileRegion | null, geo: GeoTiles): Read | null {
  const [done, setDone] = useState<Done | null>(null);
  const [progress, setProgress] = useState<{ key: string; p: Progress } | null>(null);
  const key = region?.key ?? null;
  useEffect(() => {
    if (!region) return;
    const ctl = new AbortController();
    const k = region.key;
    readRegionGrid(dataset, region, geo, ctl.signal, (p) => setProgress({ key: k, p })).then(
      (grid) => !ctl.signal.aborted && setDone({ key: k, region, grid, error: null }),
      (e: unknown) =>
        !ctl.signal.aborted &&
        !isAbort(e) &&
        setDone((d) => ({ key: k, region: d?.region ?? region, grid: d?.grid ?? null, error: e })),
    );
    return () => ctl.abort();
    // The key names the region (level, selection).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataset, key]);
  if (!region) return null;
  const pending = done?.key !== region.key;
  return {
    region,
    grid: done?.grid ?? null,
    gridRegion: done?.grid ? done.region : null,
    pending,
    progress: pending && progress?.key === region.key ? progress.p : null,
    error: pending ? null : (done?.error ?? null),
  };
}

const levelText = (r: TileRegion, n: number) => `level ${r.level.index + 1} of ${n} (${r.level.path})`;

export function TiledMap({ dataset, variable, levels, geo: geoProp, options, x, y }: Props) {
  const title = variable.name;
  // By value: the caller makes a new object at every render.
  const geoKey = JSON.stringify(geoProp);
  const geo = useMemo(() => JSON.parse(geoKey) as GeoTiles, [geoKey]);
  const setOptions = useView((s) => s.setOptions);
  const { core, error: coreError } = useMapCore();
  const [zoom, setZoom] = useState<MapZoom | null>(null);
  const [plot] = useState<PlotTarget>(() => ({ current: null }));
  const [hover, setHover] = useState<{ readonly text: string; readonly cell: string | null } | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const baseCanvas = useRef<HTMLCanvasElement>(null);
  const zoomCanvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => () => void (settle.current && clearTimeout(settle.current)), []);
  const height = frameHeight(options.projection, WIDTH);
  const spec: ProjectionSpec = useMemo(
    () => ({ name: options.projection, center: options.center, width: WIDTH, height }),
    [options.projection, options.center, height],
  );
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const whole = useMemo(() => wholeRegion(levels, geo, WIDTH * dpr, height * dpr), [levels, geo, height, dpr]);
  const baseRegion = whole.bytes <= VIEWPORT_BUDGET_BYTES ? whole : null;
  const zoomInvert = useMemo(
    () => (core && zoom?.extent ? core.extentInvert(spec, zoom.extent, zoom.size) : null),
    [core, zoom, spec],
  );
  const wanted = useMemo(
    () => (zoomInvert && zoom ? zoomRegion(levels, geo, zoomInvert, zoom.size) : null),
    [zoomInvert, zoom, levels, geo],
  );
  // The part in view, in finest indices along the shown axes, for the export: the whole field until a zoom.
  const exportView = useMemo((): TileView | null => {
    const px = { widthPx: WIDTH, heightPx: height };
    if (!zoomInvert || !zoom) return { x: [0, geo.x.length - 1], y: [0, geo.y.length - 1], ...px };
    const box = zoomBox(geo, zoomInvert, zoom.size);
    if (!box) return null;
    return geo.latIsY ? { x: box.lon, y: box.lat, ...px } : { x: box.lat, y: box.lon, ...px };
  }, [zoomInvert, zoom, geo, height]);
  // A zoom reads a finer level than the whole picture's, within the budget.
  const finer = wanted && baseRegion && wanted.level.index < baseRegion.level.index ? wanted : null;
  const zoomRegionRead = finer && finer.bytes <= VIEWPORT_BUDGET_BYTES ? finer : null;
  const base = useRegionGrid(dataset, baseRegion, geo);
  const detail = useRegionGrid(dataset, zoomRegionRead, geo);

  const baseView = useMemo(() => ({ spec }), [spec]);
  const zoomView = useMemo(() => (zoom?.extent ? { spec, extent: zoom.extent, size: zoom.size } : null), [spec, zoom]);
  const baseGrid = base?.grid ?? null;
  const zoomGrid = zoomView ? (detail?.grid ?? null) : null;
  const { shown } = useReprojection(dataset, baseGrid, baseView);
  const { shown: shownZoom } = useReprojection(dataset, zoomGrid, zoomView ?? baseView);
  const scaled = useMemo(
    () => (baseGrid ? scaleValues(baseGrid.values, null, options.scale, options.range) : null),
    [baseGrid, options.scale, options.range],
  );
  const colours = useMemo(() => {
    if (!scaled) return null;
    const { zmin, zmax, threshold } = scaled;
    return { colormap: options.colormap, invert: options.invert, scale: options.scale, zmin, zmax, threshold };
  }, [scaled, options.scale, options.colormap, options.invert]);
  const colorbar = useMemo(
    () => (scaled ? { ...colourBarOf(options, scaled), title: axisTitle(variable) } : null),
    [scaled, options, variable],
  );
  // The ordinary Map's graticule (drawn with the coastlines, labelled beside the plot area) and layout.
  const chrome = useMapChrome(core, spec, baseGrid, zoom);
  const lines = chrome.graticule?.lines ?? null;
  const painted = useMapPaint(core, baseCanvas, shown, baseGrid, colours, options.coastlines, lines);
  const zoomShown = zoomGrid && shownZoom?.task.extent ? shownZoom : null;
  const zoomPainted = useMapPaint(core, zoomCanvas, zoomShown, zoomGrid, colours, options.coastlines, lines);
  const top = zoomView && zoomGrid && zoomPainted.image ? zoomPainted.image : null;

  const onAxes = (ax: AxisFrame, ay: AxisFrame) => {
    const z = mapZoom(ax, ay, WIDTH, height, dpr);
    if (settle.current) clearTimeout(settle.current);
    settle.current = setTimeout(
      () => setZoom((old) => (JSON.stringify(old) === JSON.stringify(z) ? old : z)),
      SETTLE_MS,
    );
  };
  // The projection's inverse for the hover, made once per projection (not at every pointer move).
  const invert = useMemo(() => (core ? core.checkedInvert(core.makeProjection(spec)) : null), [core, spec]);
  // The value shown is the drawn level's at once, then the finest level's once the pointer rests (one chunk).
  const finestRead = useFinestRead(dataset, levels[0]!, geo.axes);
  const onHover = (p: RasterPointer | null) => {
    finestRead.stop();
    if (!p || !core) return setHover(null);
    const [fx, fy] = [p.x, -p.y];
    const ll = invert?.(fx, fy);
    if (!ll) return setHover(null);
    const zc = top ? cellAt([zoomShown], fx, fy) : -1;
    const [grid, cell] = zc >= 0 ? [zoomGrid, zc] : [baseGrid, cellAt([shown], fx, fy)];
    const level = (zc >= 0 ? detail : base)?.gridRegion?.level.index;
    const v = cell >= 0 ? grid?.values[cell] : undefined;
    const value = v === undefined || Number.isNaN(v) ? 'no data' : formatNumber(v);
    const at = finestCell(geo, ll[0], ll[1]);
    const cellKey = at && finestRead.indicesAt(...at).join(',');
    const show = (text: string) =>
      setHover({ text: `lat ${ll[1].toFixed(2)}°, lon ${ll[0].toFixed(2)}°: ${text} — ${title}`, cell: cellKey });
    if (!at || cell < 0 || level === undefined || level === 0) return show(value);
    show(`≈ ${value} (level ${level}); reading…`);
    finestRead.readAt(at[0], at[1], show);
  };
  // A click opens the series at the finest cell there (as on the tiled heatmap).
  const setPoint = useSeries((st) => st.setPoint);
  const onClick = (p: RasterPointer) => {
    const ll = invert?.(p.x, -p.y);
    const at = ll && finestCell(geo, ll[0], ll[1]);
    if (!ll || !at) return;
    const label = `(lat ${ll[1].toFixed(2)}°, lon ${ll[0].toFixed(2)}°)`;
    setPoint({ variable: levels[0]!.path, indices: finestRead.indicesAt(...at), label });
  };
  const placement = useMemo(() => framePlacement(WIDTH, height), [height]);
  const inUse = top && detail ? detail.gridRegion : (base?.gridRegion ?? null);
  const loading = [detail, base].find((r) => r?.pending && r.progress) ?? null;
  const error = base?.error ?? detail?.error ?? coreError;
  return (
    <figure
      className="map-view tiled-map"
      data-testid="tiled-map"
      data-pyramid-level={inUse?.level.index ?? ''}
      data-region={inUse?.key ?? ''}
      data-zoomed={zoomView ? 'true' : 'false'}
      data-view={zoom?.view.map((v) => v.toFixed(3)).join(',')}
    >
      <MapControls options={options} setOptions={setOptions} />
      <p className="muted" data-testid="pyramid-level">
        {inUse
          ? `Showing ${levelText(inUse, levels.length)}${top ? ' over the whole field' : ''}`
          : `Pyramid of ${levels.length} levels`}
      </p>
      {!baseRegion && (
        <p role="status" data-testid="map-too-big">
          Even the coarsest level is too big to draw whole on the map; use the heatmap, which reads by viewport.
        </p>
      )}
      {finer && !zoomRegionRead && (
        <p role="status" data-testid="map-zoom-in">
          The finer level in view is over the viewport budget: zoom in further to read it.
        </p>
      )}
      {loading?.progress && (
        <ProgressBar
          progress={loading.progress}
          label={`Reading ${loading.region.level.path}`}
          // Cancel a zoom's read (the whole picture stays), or the whole picture's (back to the heatmap).
          onCancel={() => (loading === detail ? setZoom(null) : setOptions({ view: 'heatmap' }))}
        />
      )}
      {error !== null && <ErrorMessage error={error} title="This part of the map could not be read" />}
      <div className="map-plot">
        <PlotTargetContext.Provider value={plot}>
          <RasterPlot
            image={top ?? painted.image}
            underlay={top ? painted.image : null}
            placement={placement}
            layout={chrome.layout}
            colorbar={colorbar}
            axisLabels={chrome.labels}
            label={`Map of ${title}`}
            testId="map-plot"
            onAxes={onAxes}
            onHover={onHover}
            onClick={onClick}
          />
        </PlotTargetContext.Provider>
      </div>
      <canvas
        ref={baseCanvas}
        className="map-canvas"
        aria-hidden="true"
        data-testid="map-canvas"
        data-rendered={painted.count || undefined}
      />
      <canvas
        ref={zoomCanvas}
        className="map-canvas"
        aria-hidden="true"
        data-testid="map-zoom"
        data-rendered={zoomPainted.count || undefined}
      />
      {x && y && (
        <TileExport
          dataset={dataset}
          finest={levels[0]!}
          axes={geo.axes}
          view={exportView}
          x={x}
          y={y}
          name={title}
          plot={plot}
        />
      )}
      <output data-testid="map-hover" className="muted" data-cell={hover?.cell ?? undefined}>
        {hover?.text ?? ''}
      </output>
    </figure>
  );
}
