import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { axisTitle, BudgetError, cellDimension, type OpenedDataset, type PendingNode, type Variable } from '../core';
import { ErrorMessage } from '../common/ErrorMessage';
import { ProgressBar } from '../common/ProgressBar';
import { createPlotHost, disposePlotHost, PlotHostContext, type PlotHost } from '../plot/plot-host';
import { keyPath, useSlice } from '../state/slice-store';
import { imagePlan, type ImagePlan } from '../views/heatmap/image-prep';
import { useImagePrepare } from '../views/heatmap/use-image-prepare';
import { selectionOf, useView } from '../state/view-store';
import { CodeToggle } from './CodeToggle';
import { ComparePanel, CompareToggle } from '../compare/CompareToggle';
import { MetadataToggle } from '../inspect/MetadataPanel';
import { DatasetNotices } from './DatasetNotices';
import { DimMapper } from './DimMapper';
import { useSeries } from '../state/series-store';
import { ProgressiveHeatmap } from '../views/heatmap/ProgressiveHeatmap';
import { SliceView } from './SliceView';
import { plotStride } from '../views/shared/stride';
import { readCount, useAxes } from '../views/shared/use-axes';
import { FieldSelect } from './FieldSelect';
import { readsAsText, unavailableViews, userContext, userView } from './user-frame';
import { applicableViews, chooseView, isNumeric, viewContext, type ViewRegistry } from '../views/shared/view-kind';
import { usePrefetch } from '../views/heatmap/use-prefetch';
import { TiledHeatmap } from '../views/heatmap/TiledHeatmap';
import { tiledAxis, tiledPlan } from '../views/heatmap/tiled-view';
import { ViewToolbar } from './ViewToolbar';
import { useLateCellAxes } from './use-late-cell-axes';
import { CodePanel, SeriesPanel, TiledMap } from './on-demand';
import { loadingText, slicedShape } from '../views/shared/slice-labels';
import { LevelMap, useLevelMap } from './LevelMap';

interface Props {
  readonly dataset: OpenedDataset;
  readonly variable: Variable;
  readonly siblings: readonly Variable[];
  /** Children of the variable's group whose metadata is not read yet (lazy open): comparable ones may be there. */
  readonly unreadSiblings: readonly PendingNode[];
  /** Reads the metadata of pending variables (batched; the dataset's next model holds them). */
  readonly onNeed: (paths: readonly string[]) => void;
  /** The view kinds to offer (`app/views/registry.ts`). */
  readonly views: ViewRegistry;
}

/** Siblings read per "read more to compare" (each is one or two small requests). */
const READ_MORE = 500;

/** Progress of the slice being read: the only part that re-renders on every progress tick. */
function SliceProgress({ onCancel }: { readonly onCancel: () => void }) {
  const progress = useSlice((s) => s.progress);
  return <ProgressBar label="Loading slice" progress={progress} onCancel={onCancel} />;
}

/** The display of a variable: dimension mapper, view toolbar, the slice view, progress and errors. */
export function DisplayPanel({ dataset, variable, siblings, unreadSiblings, onNeed, views }: Props) {
  const viewVariable = useView((s) => s.variable);
  const viewX = useView((s) => s.x);
  const viewY = useView((s) => s.y);
  const indices = useView((s) => s.indices);
  const options = useView((s) => s.options);
  const wantedCompare = useView((s) => s.compare);
  const stride = useView((s) => s.stride);
  const playing = useView((s) => s.playing);
  const shown = useSlice((s) => s.shown);
  const partial = useSlice((s) => s.partial);
  const pendingKey = useSlice((s) => s.pendingKey);
  const error = useSlice((s) => s.error);
  const load = useSlice((s) => s.load);
  const cancel = useSlice((s) => s.cancel);
  const axes = useAxes(dataset, variable);
  const seriesPoint = useSeries((s) => s.point);
  const ready = viewVariable === variable.path;
  const [codeOpen, setCodeOpen] = useState(false);
  const section = useRef<HTMLElement>(null);
  // Where the display is not at the top of the window (a phone's stacked layout: the tree above it), it is brought
  // there once its variable is selected, so that the plot is on screen.
  useEffect(() => {
    // After the frame: the click that selected the variable is over, its layout done.
    const id = requestAnimationFrame(() => {
      const el = section.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top;
      const header = document.querySelector('.app-header')?.getBoundingClientRect().bottom ?? 0;
      if (top < 0 || top > header + 16) window.scrollTo({ top: window.scrollY + top });
    });
    return () => cancelAnimationFrame(id);
  }, []);

  useEffect(() => {
    if (useView.getState().variable !== variable.path)
      useView.getState().reset(variable, true, cellDimension(dataset.model, variable));
    // Only a new variable resets the view (a new model of the same dataset keeps it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [variable]);
  useLateCellAxes(dataset, variable);

  const rank = variable.shape.length;
  const x = rank ? viewX : null;
  const y = rank > 1 ? viewY : null;
  const selection = useMemo(() => selectionOf(variable.shape, x, y, indices), [variable.shape, x, y, indices]);
  const compare = wantedCompare && siblings.some((s) => s.path === wantedCompare) ? wantedCompare : null;

  // A slice the heatmap draws as an image is CF-decoded and coloured in a worker before it is shown (the plan is
  // read when the slice arrives: the coordinates may come in meanwhile).
  const plan = useRef<ImagePlan | null>(null);
  /** The plot host a read's early picture goes to. */
  const earlyHost = useRef<PlotHost | null>(null);
  const prepare = useImagePrepare(dataset, plan, earlyHost);
  // Over the memory budget: offer every k-th element along the shown dimensions instead (the error's stride
  // already includes the one this read used).
  const offer =
    error instanceof BudgetError
      ? plotStride(
          selection.flatMap((s, d) => (s === null ? [variable.shape[d] ?? 1] : [])),
          error.suggestedStride ?? stride + 1,
        )
      : null;

  const uv = useMemo(() => userView(variable, options.field), [variable, options.field]);
  const ctx = userContext(
    viewContext(variable, x, y, axes.axes, axes.projected, axes.cells, axes.dsg, axes.geometry),
    uv,
  );
  const kinds = applicableViews(views, ctx);
  const active = chooseView(views, options.view, ctx);
  // Compound, vlen and opaque slices are JSON texts: never coloured in the workers as they are read.
  const imageKind = readsAsText(uv) ? 'none' : active.kind;
  const numeric = isNumeric(variable);
  const comparable = useMemo(
    () =>
      numeric
        ? siblings.filter((s) => s.path !== variable.path && isNumeric(s) && s.shape.join() === variable.shape.join())
        : [],
    [numeric, siblings, variable],
  );
  // A heatmap of a field too big to read whole (or a pyramid's) is read by viewport, level by level: no whole read.
  const tiledKey = stride === 1 && !compare ? `${imageKind}|${indices.join(',')}` : null;
  const tiled = useMemo(() => {
    if (tiledKey === null) return null;
    const [kind = '', idx = ''] = tiledKey.split('|');
    return tiledPlan(dataset, variable, x, y, idx.split(',').map(Number), kind);
  }, [dataset, variable, x, y, tiledKey]);
  const tiledAxes = useMemo(() => {
    if (!tiled || x === null || y === null) return null;
    const ax = tiledAxis(axes, x, variable.shape[x] ?? 1);
    const ay = tiledAxis(axes, y, variable.shape[y] ?? 1);
    return ax && ay ? { x: ax, y: ay } : null;
  }, [tiled, axes, x, y, variable.shape]);
  // On the Map, a pyramid over latitude and longitude (evenly spaced) is reprojected level by level.
  const geoLat = active.kind === 'map' ? (ctx.geo?.lat ?? null) : null;
  const geoTiles =
    geoLat !== null && tiled && tiledAxes?.x.even && tiledAxes.y.even
      ? { axes: tiled.axes, latIsY: geoLat === y, x: tiledAxes.x.axis, y: tiledAxes.y.axis }
      : null;
  // The Map of a HEALPix zoom pyramid reads the level the screen needs itself: no whole read of the selected level.
  const level = useLevelMap(variable, active.kind === 'map' && !tiled && stride === 1 && !compare, ctx.cells);
  const ownLevel = level.frame !== null;
  const current = !tiled && !ownLevel && shown && shown.slice.variable.path === variable.path ? shown : null;
  const sliceShape = useMemo(() => slicedShape(variable.shape, selection, stride), [variable.shape, selection, stride]);
  useLayoutEffect(() => {
    plan.current = imagePlan(sliceShape, axes, x, y, imageKind, stride);
  });
  // A layout effect, after the plan's: the chunk requests go out before the children's effects draw (plotly's axes
  // take tens of ms of this thread).
  useLayoutEffect(() => {
    if (ready && !tiled && !ownLevel) void load(dataset, variable.path, selection, compare, stride, prepare);
  }, [ready, tiled, ownLevel, dataset, variable.path, selection, compare, stride, load, prepare]);
  // While this variable's first slice loads, its heatmap's axes are drawn once the coordinates are read.
  const loadingHere = pendingKey !== null && keyPath(pendingKey) === variable.path;
  const axesRead = readCount(axes) === axes.axes.length;
  const host = useMemo(() => createPlotHost(), [variable.path]); // eslint-disable-line react-hooks/exhaustive-deps -- one per variable
  useEffect(() => () => disposePlotHost(host), [host]);
  useLayoutEffect(() => {
    earlyHost.current = host;
  }, [host]);
  usePrefetch({
    dataset,
    variable,
    shown: current,
    pending: pendingKey !== null,
    selection,
    stride,
    axes,
    x,
    y,
    playing,
    kind: tiled ? 'none' : imageKind,
    options,
  });

  const onCancel = () => {
    cancel();
    // Leave the previous view: put the indices back to those of the slice on screen.
    if (current) {
      const idx = current.selection.map((s, d) => (typeof s === 'number' ? s : (indices[d] ?? 0)));
      useView.getState().setIndices(idx);
      useView.getState().setPlaying(null);
    }
  };

  return (
    <PlotHostContext.Provider value={host}>
      <section className="display" aria-label="Display" data-testid="display" ref={section}>
        <div className="display-head">
          <h2 className="display-title" title={`${axisTitle(variable)} ${variable.path}`}>
            {axisTitle(variable)} <code className="muted">{variable.path}</code>
          </h2>
          <MetadataToggle />
        </div>
        <ViewToolbar
          kinds={kinds}
          active={active}
          comparable={comparable}
          unread={numeric ? unreadSiblings.length : 0}
          onReadMore={() => onNeed(unreadSiblings.slice(0, READ_MORE).map((p) => p.path))}
          unavailable={unavailableViews(views, ctx, uv)}
          more={
            <>
              <CodeToggle open={codeOpen} onToggle={() => setCodeOpen(!codeOpen)} />
              {numeric && <CompareToggle />}
            </>
          }
        />
        <DimMapper variable={variable} axes={axes} />
        <FieldSelect view={uv} />
        {codeOpen && (
          <CodePanel
            dataset={dataset}
            variable={variable}
            selection={selection}
            stride={stride}
            raw={options.raw}
            mapProjection={active.kind === 'map' ? options.projection : undefined}
          />
        )}
        {numeric && (
          <ComparePanel dataset={dataset} variable={variable} selection={selection} x={x} y={y} options={options} />
        )}
        {pendingKey && <SliceProgress onCancel={onCancel} />}
        <DatasetNotices dataset={dataset} slice={current?.slice} />
        {error !== null && (
          <ErrorMessage
            error={error}
            title="This slice could not be read"
            onRetry={() => void load(dataset, variable.path, selection, compare, stride)}
          >
            {offer !== null && (
              <button type="button" onClick={() => useView.getState().setStride(offer)} data-testid="read-strided">
                Plot every {offer}-th element (stride {offer})
              </button>
            )}
          </ErrorMessage>
        )}
        {tiled && tiledAxes && geoTiles && (
          <TiledMap
            dataset={dataset}
            variable={variable}
            levels={tiled.levels}
            geo={geoTiles}
            options={options}
            x={tiledAxes.x}
            y={tiledAxes.y}
          />
        )}
        {tiled && tiledAxes && !geoTiles && (
          <TiledHeatmap
            dataset={dataset}
            variable={variable}
            levels={tiled.levels}
            axes={tiled.axes}
            x={tiledAxes.x}
            y={tiledAxes.y}
            options={options}
          />
        )}
        {tiled && !tiledAxes && <p className="muted">Reading the coordinates…</p>}
        {!tiled && !current && loadingHere && axesRead && imageKind === 'heatmap' && x !== null && y !== null && (
          <ProgressiveHeatmap
            dataset={dataset}
            variable={variable}
            shape={sliceShape}
            partial={partial?.path === variable.path ? partial : null}
            readKey={pendingKey}
            stride={stride}
            axes={axes}
            x={x}
            y={y}
            options={options}
          />
        )}
        {/* While a step loads, the picture of the last complete one stays: said here, not drawn half. */}
        <p className="visually-hidden" role="status" aria-live="polite" data-testid="frame-status">
          {current && loadingHere ? loadingText(variable, selection, current.selection) : ''}
        </p>
        {ready && level.frame && (
          <LevelMap
            Component={active.Component}
            frame={level.frame}
            options={options}
            context={userContext(ctx, uv)}
            cells={sliceShape.reduce((a, b) => a * b, 1)}
            onReadWhole={level.readWhole}
          />
        )}
        {current && (
          <SliceView
            shown={current}
            variable={variable}
            axes={axes}
            x={x}
            y={y}
            view={active}
            registry={views}
            options={options}
            stale={pendingKey !== null}
          />
        )}
        {seriesPoint && seriesPoint.variable === variable.path && !readsAsText(uv) && (
          <SeriesPanel dataset={dataset} variable={variable} axes={axes} x={x} y={y} point={seriesPoint} />
        )}
      </section>
    </PlotHostContext.Provider>
  );
}
