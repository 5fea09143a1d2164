import { memo, useMemo, useState } from 'react';
import { PlotTargetContext, type PlotTarget } from '../plot/PlotlyView';
import type { ViewOptions } from '../state/view-options';
import type { Shown } from '../state/slice-store';
import { ExportBar } from '../views/shared/ExportBar';
import { frameIndex, tagFrame } from '../views/shared/frame-tag';
import { userContext, userFrame, userView } from './user-frame';
import type { Axes } from '../views/shared/use-axes';
import { viewContext, type ViewDef, type ViewRegistry } from '../views/shared/view-kind';
import type { Variable } from '../core';

interface Props {
  readonly shown: Shown;
  readonly variable: Variable;
  readonly axes: Axes;
  readonly x: number | null;
  readonly y: number | null;
  readonly view: ViewDef;
  readonly registry: ViewRegistry;
  readonly options: ViewOptions;
  /** A newer slice is loading. */
  readonly stale: boolean;
}

/** One loaded slice in the chosen view, with export (re-renders only when what it shows changes). */
export const SliceView = memo(function SliceView({
  shown,
  variable,
  axes,
  x,
  y,
  view,
  registry,
  options,
  stale,
}: Props) {
  const { slice, stride } = shown;
  // Decoding never touches the slice (nor the cached chunks): switching to raw values re-reads nothing.
  const uv = useMemo(() => userView(variable, options.field), [variable, options.field]);
  const frame = useMemo(() => {
    const f = userFrame({ shown, variable, axes, x, y, raw: options.raw }, uv);
    // The heatmap says which step its picture shows once that picture is drawn (data-frame-index).
    if (f.values) tagFrame(f.values, frameIndex(shown.selection));
    return f;
  }, [shown, variable, axes, x, y, options.raw, uv]);
  const [plot] = useState<PlotTarget>(() => ({ current: null }));
  const def = view.needsValues && !frame.values ? registry.fallback : view;
  const Body = def.Component;
  const failed = slice.failedChunks?.length ?? 0;
  return (
    <div
      className={`slice-view${stale ? ' stale' : ''}`}
      data-testid="slice-view"
      data-key={shown.key}
      aria-busy={stale}
    >
      {failed > 0 && (
        <p role="status" className="warning">
          {failed} chunk{failed > 1 ? 's' : ''} could not be read and {failed > 1 ? 'are' : 'is'} shown masked:{' '}
          {slice.failedChunks?.[0]?.message}
        </p>
      )}
      {stride > 1 && (
        <p role="status" className="muted" data-testid="stride-note">
          A thinned preview: every {stride}-th element along each axis (stride {stride}); the whole selection is too big
          to read.
        </p>
      )}
      {frame.warnings.length > 0 && <p className="muted">{frame.warnings.join(' ')}</p>}
      {axes.projected?.kind === 'problem' && (
        <p className="muted" data-testid="grid-mapping-problem">
          {axes.projected.problem.message}
        </p>
      )}
      <PlotTargetContext.Provider value={plot}>
        <Body
          frame={frame}
          options={options}
          context={userContext(
            viewContext(variable, x, y, axes.axes, axes.projected, axes.cells, axes.dsg, axes.geometry),
            uv,
          )}
        />
      </PlotTargetContext.Provider>
      {frame.rank <= 2 && (
        <ExportBar
          slice={slice}
          frame={frame}
          // User-typed values as text have no numpy type: CSV only; a single value has no plot.
          formats={def.exports.filter(
            (f) => !(f === 'npy' && uv.kind === 'text') && !(f === 'png' && frame.rank === 0),
          )}
          plot={plot}
        />
      )}
    </div>
  );
});
