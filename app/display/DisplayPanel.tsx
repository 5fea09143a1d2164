import { useEffect, useMemo } from 'react';
import { axisTitle, BudgetError, type OpenedDataset, type Variable } from '../core';
import { ErrorMessage } from '../common/ErrorMessage';
import { ProgressBar } from '../common/ProgressBar';
import type { ViewKind } from '../share/share-link';
import { useSlice } from '../state/slice-store';
import { selectionOf, useView } from '../state/view-store';
import { CodeButton } from './CodeButton';
import { DimMapper } from './DimMapper';
import { SliceView } from './SliceView';
import { plotStride } from './stride';
import { useAxes } from './use-axes';
import { ViewToolbar } from './ViewToolbar';

interface Props {
  readonly dataset: OpenedDataset;
  readonly variable: Variable;
  readonly siblings: readonly Variable[];
}

const NUMERIC = new Set(['byte', 'ubyte', 'short', 'ushort', 'int', 'uint', 'int64', 'uint64', 'float', 'double', 'half', 'bool', 'datetime64', 'timedelta64']);

export function isNumeric(v: Variable): boolean {
  return NUMERIC.has(v.type);
}

/** The display of a variable: dimension mapper, view toolbar, the slice view, progress and errors. */
export function DisplayPanel({ dataset, variable, siblings }: Props) {
  const view = useView();
  const { shown, pendingKey, progress, error, load, cancel } = useSlice();
  const axes = useAxes(dataset, variable);
  const ready = view.variable === variable.path;

  useEffect(() => {
    if (useView.getState().variable !== variable.path) useView.getState().reset(variable);
  }, [variable]);

  const rank = variable.shape.length;
  const x = rank ? view.x : null;
  const y = rank > 1 ? view.y : null;
  const selection = useMemo(() => selectionOf(variable.shape, x, y, view.indices), [variable.shape, x, y, view.indices]);
  const compare = view.compare && siblings.some((s) => s.path === view.compare) ? view.compare : null;

  const stride = view.stride;
  useEffect(() => {
    if (ready) void load(dataset, variable.path, selection, compare, stride);
  }, [ready, dataset, variable.path, selection, compare, stride, load]);
  // Over the memory budget: offer every k-th element along the shown dimensions instead (the error's stride
  // already includes the one this read used).
  const offer =
    error instanceof BudgetError
      ? plotStride(
          selection.flatMap((s, d) => (s === null ? [variable.shape[d] ?? 1] : [])),
          error.suggestedStride ?? stride + 1,
        )
      : null;

  const numeric = isNumeric(variable);
  const shownRank = [x, y].filter((d) => d !== null).length;
  const kinds: ViewKind[] = !numeric ? ['matrix'] : shownRank === 2 ? ['heatmap', 'line', 'matrix', 'histogram'] : shownRank === 1 ? ['line', 'matrix', 'histogram'] : ['matrix'];
  const wanted = view.options.view;
  const active: ViewKind = wanted !== 'auto' && kinds.includes(wanted) && !(wanted === 'line' && shownRank === 2) ? wanted : (kinds[0] ?? 'matrix');
  const comparable = useMemo(
    () => (numeric ? siblings.filter((s) => s.path !== variable.path && isNumeric(s) && s.shape.join() === variable.shape.join()) : []),
    [numeric, siblings, variable],
  );
  const current = shown && shown.slice.variable.path === variable.path ? shown : null;

  const onCancel = () => {
    cancel();
    // Leave the previous view: put the indices back to those of the slice on screen.
    if (current) {
      const idx = current.selection.map((s, d) => (typeof s === 'number' ? s : (view.indices[d] ?? 0)));
      useView.getState().setIndices(idx);
      useView.getState().setPlaying(null);
    }
  };

  return (
    <section className="display" aria-label="Display" data-testid="display">
      <h2 className="display-title">
        {axisTitle(variable)} <code className="muted">{variable.path}</code>
      </h2>
      <DimMapper variable={variable} axes={axes} />
      <ViewToolbar kinds={kinds} active={active} comparable={comparable} />
      <CodeButton dataset={dataset} variable={variable} selection={selection} stride={stride} raw={view.options.raw} />
      {pendingKey && <ProgressBar label="Loading slice" progress={progress} onCancel={onCancel} />}
      {error !== null && (
        <ErrorMessage error={error} title="This slice could not be read" onRetry={() => void load(dataset, variable.path, selection, compare, stride)}>
          {offer !== null && (
            <button type="button" onClick={() => useView.getState().setStride(offer)} data-testid="read-strided">
              Plot every {offer}-th element (stride {offer})
            </button>
          )}
        </ErrorMessage>
      )}
      {current && (
        <SliceView
          shown={current}
          variable={variable}
          axes={axes}
          x={x}
          y={y}
          kind={active}
          options={view.options}
          stale={pendingKey !== null}
        />
      )}
    </section>
  );
}
