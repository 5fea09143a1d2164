import { useEffect, useMemo, useRef, useState } from 'react';
import {
  decodeSlice,
  defaultFillFor,
  isAbort,
  planSeries,
  seriesDimension,
  type OpenedDataset,
  type Progress,
  type Variable,
} from '../core';
import { ProgressBar } from '../common/ProgressBar';
import { download, fileStem, formatBytes } from '../common/format';
import { csvField } from '../export/csv';
import { PlotlyView } from '../plot/PlotlyView';
import { useSeries, type PinnedSeries, type SeriesPoint } from '../state/series-store';
import type { Axes } from './use-axes';

interface Props {
  readonly dataset: OpenedDataset;
  readonly variable: Variable;
  readonly axes: Axes;
  readonly x: number | null;
  readonly y: number | null;
  readonly point: SeriesPoint;
}

type Status =
  | { kind: 'planned' }
  | { kind: 'reading'; progress: Progress | null }
  | { kind: 'done'; series: PinnedSeries }
  | { kind: 'error'; message: string };

function toCsv(all: readonly PinnedSeries[], axisName: string): string {
  const x = all[0]?.x ?? [];
  const lines = [[axisName, ...all.map((s) => s.label)].map(csvField).join(',')];
  x.forEach((label, i) =>
    lines.push(
      [csvField(label), ...all.map((s) => (s.y[i] === null || s.y[i] === undefined ? '' : String(s.y[i])))].join(','),
    ),
  );
  return `${lines.join('\r\n')}\r\n`;
}

/** **Time series at (lat, lon)**: the cost before reading, the read with progress and Cancel, pins, CSV. */
export function SeriesPanel({ dataset, variable, axes, x, y, point }: Props) {
  const pinned = useSeries((s) => s.pinned);
  const pin = useSeries((s) => s.pin);
  const unpin = useSeries((s) => s.unpin);
  const setPoint = useSeries((s) => s.setPoint);
  const [state, setState] = useState<{ key: string; status: Status }>({ key: '', status: { kind: 'planned' } });
  const abort = useRef<AbortController | null>(null);
  const dim = seriesDimension(axes.axes, variable.shape, x, y);
  const plan = useMemo(() => (dim === null ? null : planSeries(variable, dim, point.indices)), [variable, dim, point]);
  const axis = dim === null ? undefined : axes.axes[dim];
  const title = `${axis?.time ? 'Time series' : `Series along ${axis?.dimension.name ?? ''}`} at ${point.label}`;
  const key = `${variable.path}|${plan?.selection.join(',')}`;
  // Another point: the previous status no longer applies (and its read is cancelled).
  const status: Status = state.key === key ? state.status : { kind: 'planned' };
  const setStatus = (s: Status) => setState({ key, status: s });
  useEffect(() => () => abort.current?.abort(), [key]);

  const read = () => {
    if (!plan || dim === null) return;
    const ctl = new AbortController();
    abort.current = ctl;
    setStatus({ kind: 'reading', progress: null });
    dataset
      .read(variable.path, plan.selection, {
        signal: ctl.signal,
        onProgress: (p) => setStatus({ kind: 'reading', progress: p }),
      })
      .then((slice) => {
        const d = decodeSlice(slice, { defaultFill: defaultFillFor(dataset.model.dialect) });
        const labels = axes.values[dim]?.labels ?? Array.from({ length: plan.length }, (_, i) => String(i));
        const ys = Array.from(d.values, (v, i) => (d.mask[i] || !Number.isFinite(v) ? null : v));
        setStatus({ kind: 'done', series: { key, label: `${variable.name} ${point.label}`, x: [...labels], y: ys } });
      })
      .catch((e: unknown) =>
        setStatus(
          isAbort(e) ? { kind: 'planned' } : { kind: 'error', message: e instanceof Error ? e.message : String(e) },
        ),
      );
  };

  const current = status.kind === 'done' ? status.series : null;
  const shown = [...pinned.filter((p) => p.key !== current?.key), ...(current ? [current] : [])];
  const traces = shown.map((s) => ({
    type: 'scatter',
    mode: 'lines+markers',
    name: s.label,
    x: s.x,
    y: s.y,
    connectgaps: false,
  }));
  return (
    <section className="series" role="region" aria-label={title} data-testid="series">
      <h3>{title}</h3>
      {plan === null ? (
        <p className="muted">This slice has no other dimension to run along.</p>
      ) : (
        <p data-testid="series-cost">
          Reading it touches {plan.chunks} chunk{plan.chunks === 1 ? '' : 's'} ({formatBytes(plan.bytes)} uncompressed)
          for {plan.length} values.{' '}
          {status.kind !== 'reading' && status.kind !== 'done' && (
            <button type="button" onClick={read} data-testid="series-read">
              Read series
            </button>
          )}
        </p>
      )}
      {status.kind === 'reading' && (
        <ProgressBar label="Reading the series" progress={status.progress} onCancel={() => abort.current?.abort()} />
      )}
      {status.kind === 'error' && <p role="alert">{status.message}</p>}
      {shown.length > 0 && (
        <>
          <PlotlyView
            data={traces}
            layout={{
              xaxis: { title: { text: axis?.title ?? '' }, type: 'category' },
              yaxis: { title: { text: variable.name } },
              showlegend: true,
            }}
            label={title}
            testId="series-plot"
          />
          <div className="toolbar">
            {current && (
              <button type="button" onClick={() => pin(current)} data-testid="series-pin">
                Pin
              </button>
            )}
            <button
              type="button"
              onClick={() =>
                download(
                  `${fileStem(variable.path)}-series.csv`,
                  toCsv(shown, axis?.dimension.name ?? 'index'),
                  'text/csv',
                )
              }
              data-testid="series-csv"
            >
              Export CSV
            </button>
            {pinned.map((p) => (
              <button key={p.key} type="button" onClick={() => unpin(p.key)} title="Remove this pinned series">
                Unpin {p.label}
              </button>
            ))}
            <button type="button" onClick={() => setPoint(null)}>
              Close
            </button>
          </div>
        </>
      )}
    </section>
  );
}
