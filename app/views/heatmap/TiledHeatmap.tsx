import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { isAbort, type OpenedDataset, type Progress, type Variable } from '../../core';
import { ErrorMessage } from '../../common/ErrorMessage';
import { formatBytes } from '../../common/format';
import { ProgressBar } from '../../common/ProgressBar';
import { PlotHostContext } from '../../plot/plot-host';
import { PlotTargetContext, type PlotTarget } from '../../plot/PlotlyView';
import { RasterPlot, type AxisFrame, type RasterImage } from '../../plot/RasterPlot';
import type { ViewOptions } from '../../state/view-options';
import { colourBarOf, heatmapLayout } from './ImageHeatmap';
import { readRegion, type RegionPicture } from './read-region';
import { gridPlacement, regionExtent, viewOf, type IndexAxis } from './tile-axes';
import {
  chooseLevel,
  contains,
  regionOf,
  VIEWPORT_BUDGET_BYTES,
  type TileAxes,
  type TileLevel,
  type TileRegion,
  type TileView,
} from './tile-plan';
import { TileExport } from './TileExport';
import { HoverReadout } from './HoverReadout';
import { useTileHover } from './use-tile-hover';

export interface TiledAxis {
  readonly title: string;
  readonly axis: IndexAxis;
  /** The axis runs over evenly spaced coordinates (not indices). */
  readonly even?: boolean | undefined;
  /** The label of finest index i (a coordinate with units, or the index). */
  readonly label: (i: number) => string;
}

interface Props {
  readonly dataset: OpenedDataset;
  readonly variable: Variable;
  readonly levels: readonly TileLevel[];
  readonly axes: TileAxes;
  readonly x: TiledAxis;
  readonly y: TiledAxis;
  readonly options: ViewOptions;
}

/** Axes changes closer together than this (a pan's steps) ask for one read. */
const SETTLE_MS = 60;

/**
 * A 2-D field too big to read whole, drawn level by level: the coarsest level that fills the plot's pixels for the
 * whole field (kept under everything), then, as the user zooms and pans, the chunks in view of the level that fills
 * the pixels there. Without a pyramid a field over the budget shows what it costs and reads only the part in view.
 */
export function TiledHeatmap({ dataset, variable, levels, axes, x, y, options }: Props) {
  const host = useContext(PlotHostContext);
  const [view, setView] = useState<TileView | null>(null);
  const [overview, setOverview] = useState<RegionPicture | null>(null);
  const [detail, setDetail] = useState<RegionPicture | null>(null);
  const [loading, setLoading] = useState<{ region: TileRegion; progress: Progress | null } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [plot] = useState<PlotTarget>(() => ({ current: null }));
  const cancelled = useRef<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const generation = JSON.stringify([
    variable.path,
    axes,
    options.scale,
    options.colormap,
    options.invert,
    options.range,
  ]);
  const placement = useMemo(() => gridPlacement(x.axis, y.axis), [x.axis, y.axis]);
  const layout = useMemo(() => heatmapLayout(x.title, y.title, 1), [x.title, y.title]);

  const onAxes = (ax: AxisFrame, ay: AxisFrame) => {
    const next = viewOf(x.axis, y.axis, ax, ay, window.devicePixelRatio || 1);
    if (settle.current) clearTimeout(settle.current);
    settle.current = setTimeout(() => setView((v) => (sameView(v, next) ? v : next)), SETTLE_MS);
  };
  useEffect(() => () => void (settle.current && clearTimeout(settle.current)), []);

  const full = view && { x: [-0.5, x.axis.length - 0.5] as const, y: [-0.5, y.axis.length - 0.5] as const };
  const overviewRegion = useMemo(() => {
    if (!view || !full) return null;
    const level = chooseLevel(levels, axes, { ...view, ...full });
    const r = regionOf(level, axes, null);
    return r.bytes <= VIEWPORT_BUDGET_BYTES ? r : null;
    // `full` follows the axes' lengths and the view's size.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [levels, axes, view?.widthPx, view?.heightPx, x.axis.length, y.axis.length]);
  const wanted = useMemo(
    () => (view ? regionOf(chooseLevel(levels, axes, view), axes, view) : null),
    [levels, axes, view],
  );
  const current = (p: RegionPicture | null) => (p && p.generation === generation ? p : null);
  const haveOverview = current(overview);
  const covered = (r: TileRegion) =>
    [current(overview), current(detail)].some((p) => p !== null && contains(p.region, r));
  const next: TileRegion | null =
    overviewRegion && !haveOverview
      ? overviewRegion
      : wanted && !covered(wanted) && wanted.bytes <= VIEWPORT_BUDGET_BYTES
        ? wanted
        : null;
  const nextKey = next ? `${generation}|${next.key}` : null;

  useEffect(() => {
    if (!next || nextKey === null || cancelled.current === nextKey) return;
    const ctl = new AbortController();
    abort.current = ctl;
    setLoading({ region: next, progress: null });
    setError(null);
    const isOverview = next === overviewRegion;
    const range = current(overview)?.range ?? current(detail)?.range ?? null;
    readRegion(dataset, next, axes, options, range, generation, ctl.signal, (p) =>
      setLoading((l) => (l && l.region === next ? { region: next, progress: p } : l)),
    )
      .then((pic) => {
        if (ctl.signal.aborted) return;
        if (isOverview) setOverview(pic);
        else setDetail(pic);
        setLoading(null);
      })
      .catch((e: unknown) => {
        if (ctl.signal.aborted || isAbort(e)) return;
        setLoading(null);
        setError(e);
      });
    return () => ctl.abort();
    // The key names the region, the generation the options it is coloured with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nextKey, dataset]);

  // The last pictures stay until new ones replace them (no blank frame on a step); a finer picture is drawn over the
  // coarse one of the whole field, unless it belongs to an older step and the new coarse one is in.
  const base = overview;
  const top =
    detail &&
    (detail.generation === generation || !haveOverview) &&
    (!base || detail.region.level.index < base.region.level.index)
      ? detail
      : null;
  // The coarse picture alone is the image (a complete picture: counted as rendered); with a finer one over it, the
  // underlay.
  const underlay = useMemo(
    () => (top && base ? pictureImage(base, axes, x.axis, y.axis) : null),
    [top, base, axes, x.axis, y.axis],
  );
  const shownPicture = top ?? base;
  const image = useMemo(
    () => (shownPicture ? pictureImage(shownPicture, axes, x.axis, y.axis) : null),
    [shownPicture, axes, x.axis, y.axis],
  );
  const inUse = top ?? base;
  const colorbar = useMemo(
    () => (inUse ? { ...colourBarOf(options, inUse.image), title: variable.name } : null),
    [inUse, options, variable.name],
  );
  const hover = useTileHover(dataset, levels, axes, [top, base], x, y, variable.name);

  const factor = inUse ? Math.max(...[axes.xDim, axes.yDim].map((d) => inUse.region.level.factor[d] ?? 1)) : 1;
  const tooBig = wanted && wanted.bytes > VIEWPORT_BUDGET_BYTES && !covered(wanted) ? wanted : null;
  const whole = regionOf(levels[0]!, axes, null);
  return (
    <div
      className="tiled-heatmap"
      data-testid="tiled-heatmap"
      data-pyramid-level={inUse?.region.level.index ?? ''}
      data-region={inUse ? inUse.region.key : ''}
      onMouseDown={hover.onPress}
    >
      {levels.length > 1 && (
        <p className="muted" data-testid="pyramid-level">
          {inUse === null
            ? `Pyramid of ${levels.length} levels`
            : `Showing level ${inUse.region.level.index + 1} of ${levels.length} (${inUse.region.level.path}, ${inUse.region.level.index === 0 ? 'full resolution' : `1:${round(factor)} of full resolution`})`}
        </p>
      )}
      <p className="muted" data-testid="viewport-cost">
        {costText(whole, tooBig)}
      </p>
      {loading && (
        <ProgressBar
          label={`Reading ${loading.region.chunks} chunk${loading.region.chunks === 1 ? '' : 's'} of level ${loading.region.level.index}`}
          progress={loading.progress}
          onCancel={() => {
            cancelled.current = nextKey;
            abort.current?.abort();
            setLoading(null);
          }}
        />
      )}
      {error !== null && <ErrorMessage error={error} title="This part of the field could not be read" />}
      <PlotTargetContext.Provider value={plot}>
        <RasterPlot
          image={image}
          underlay={underlay}
          placement={placement}
          colorbar={colorbar}
          layout={layout}
          label={`Heatmap of ${variable.name}`}
          testId="heatmap"
          host={host}
          onAxes={onAxes}
          onHover={hover.onHover}
          onClick={hover.onClick}
        >
          <HoverReadout readout={hover.readout} />
        </RasterPlot>
      </PlotTargetContext.Provider>
      <TileExport
        dataset={dataset}
        finest={levels[0]!}
        axes={axes}
        view={view}
        x={x}
        y={y}
        name={variable.name}
        plot={plot}
      />
    </div>
  );
}

function pictureImage(p: RegionPicture, axes: TileAxes, xa: IndexAxis, ya: IndexAxis): RasterImage {
  const { width, height, source, step } = p.image;
  return { width, height, source, extent: regionExtent(p.region, axes, xa, ya, step), frame: p.region.key };
}

function sameView(a: TileView | null, b: TileView): boolean {
  return (
    a !== null &&
    a.widthPx === b.widthPx &&
    a.heightPx === b.heightPx &&
    [0, 1].every((i) => Math.abs(a.x[i]! - b.x[i]!) < 1e-6 && Math.abs(a.y[i]! - b.y[i]!) < 1e-6)
  );
}

const round = (f: number) => (Number.isInteger(f) ? f : Number(f.toFixed(2)));

function costText(whole: TileRegion, tooBig: TileRegion | null): string {
  const [ny, nx] = whole.count;
  const all = `The whole slice is ${nx.toLocaleString('en')} × ${ny.toLocaleString('en')} cells: ${formatBytes(whole.bytes)} in ${whole.chunks.toLocaleString('en')} chunks.`;
  if (!tooBig) return `${all} Only the chunks in view are read.`;
  return `${all} The part in view would read ${formatBytes(tooBig.bytes)} (${tooBig.chunks.toLocaleString('en')} chunks), over the ${formatBytes(VIEWPORT_BUDGET_BYTES)} budget: zoom in (drag a box on the plot) to read it.`;
}
