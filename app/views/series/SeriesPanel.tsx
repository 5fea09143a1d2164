import { useEffect, useMemo, useRef } from 'react';
import {
  axisTitle,
  nearbyPending,
  planSeriesSource,
  seriesDimension,
  type OpenedDataset,
  type SeriesPlan,
  type Variable,
} from '../../core';
import { ProgressBar } from '../../common/ProgressBar';
import { download, fileStem, formatBytes } from '../../common/format';
import { csvField } from '../../export/csv';
import { labelledAxis } from '../../plot/axis-layout';
import { PlotlyView } from '../../plot/PlotlyView';
import { useWidth } from '../../plot/use-width';
import { useDataset } from '../../state/dataset-store';
import { useSeries, type PinnedSeries, type SeriesPoint } from '../../state/series-store';
import type { Axes } from '../shared/use-axes';
import { useSeriesRead, type SeriesStatus } from './use-series-read';

interface Props {
  readonly dataset: OpenedDataset;
  readonly variable: Variable;
  readonly axes: Axes;
  readonly x: number | null;
  readonly y: number | null;
  readonly point: SeriesPoint;
}

/** Up to this many points a series is drawn with markers; a longer one as a line (10⁴ markers redraw slowly). */
const SHORT = 500;

/** Room beside the plot area: the margins, the y labels and the legend. */
const SIDE_MARGINS = 260;

/**
 * A series whose chunks hold less than this (uncompressed), in at most AUTO_READ_CHUNKS requests, is read at once;
 * a costlier one says its cost and waits for **Read series**.
 */
export const AUTO_READ_BYTES = 4 * 1024 * 1024;
export const AUTO_READ_CHUNKS = 256;

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

function plural(n: number, what: string): string {
  return `${n.toLocaleString('en')} ${what}${n === 1 ? '' : 's'}`;
}

/** What reading costs, said before reading; from a time-chunked copy, which one and what it saves. */
function Cost({ plan, dimName }: { plan: SeriesPlan; dimName: string }) {
  const cost = `${plural(plan.chunks, 'chunk')} (${formatBytes(plan.bytes)} uncompressed) for ${plural(plan.length, 'value')}`;
  if (!plan.instead) return <>Reading it touches {cost}.</>;
  return (
    <>
      <span data-testid="series-source">
        Read from {plan.source.path} (chunked along {dimName})
      </span>
      : it touches {cost}, instead of {plural(plan.instead.chunks, 'chunk')} of {plan.instead.path}.
    </>
  );
}

/** `data-state` of the panel: what the read is doing (e2e tests and the benchmark watch it). */
function stateOf(status: SeriesStatus): string {
  if (status.kind === 'reading') return status.values && status.values.count > 0 ? 'partial' : 'reading';
  return status.kind;
}

/** **Time series at (lat, lon)**: the cost before reading, the read with progress and Cancel, pins, CSV. */
export function SeriesPanel({ dataset, variable, axes, x, y, point }: Props) {
  const pinned = useSeries((s) => s.pinned);
  const pin = useSeries((s) => s.pin);
  const unpin = useSeries((s) => s.unpin);
  const setPoint = useSeries((s) => s.setPoint);
  const model = useDataset((s) => s.model) ?? dataset.model;
  const need = useDataset((s) => s.need);
  const dim = seriesDimension(axes.axes, variable.shape, x, y);
  // Arrays next to the variable not read yet (lazy open) may be time-chunked copies of it.
  const pending = useMemo(() => nearbyPending(model.root, variable.path), [model, variable.path]);
  useEffect(() => {
    if (pending.length) need(pending);
  }, [pending, need]);
  const plan = useMemo(
    () => (dim === null ? null : planSeriesSource(model.root, variable, dim, point.indices)),
    [model, variable, dim, point],
  );
  const axis = dim === null ? undefined : axes.axes[dim];
  const title = `${axis?.time ? 'Time series' : `Series along ${axis?.dimension.name ?? ''}`} at ${point.label}`;
  const key = `${variable.path}|${plan?.source.path}|${plan?.selection.join(',')}`;
  const { status, read, cancel } = useSeriesRead(dataset, plan, key);
  const cheap = plan !== null && plan.bytes < AUTO_READ_BYTES && plan.chunks <= AUTO_READ_CHUNKS;
  const planned = status.kind === 'planned';
  useEffect(() => {
    if (cheap && planned) read();
    // Once per point: a read cancelled or failed is not started again on its own.
  }, [key, cheap]); // eslint-disable-line react-hooks/exhaustive-deps
  const region = useRef<HTMLElement>(null);
  const width = useWidth(region);

  const labels = useMemo(
    () =>
      dim === null
        ? []
        : [...(axes.values[dim]?.labels ?? Array.from({ length: plan?.length ?? 0 }, (_, i) => String(i)))],
    [axes, dim, plan?.length],
  );
  const values = status.kind === 'planned' || status.kind === 'error' ? null : status.values;
  const label = `${variable.name} ${point.label}`;
  const current: PinnedSeries | null = values ? { key, label, x: labels, y: values.y } : null;
  const shown = [...pinned.filter((p) => p.key !== current?.key), ...(current ? [current] : [])];
  const long = labels.length > SHORT;
  // Dates by span on a date axis, other labels by index with as many of them as fit.
  const ax = useMemo(() => labelledAxis(labels, width - SIDE_MARGINS), [labels, width]);
  const drawn = shown.length > 0;
  // The pane is brought into view when it appears, and again once its plot is there.
  useEffect(() => {
    region.current?.scrollIntoView({ block: 'nearest' });
  }, [key, drawn]);
  const traces = shown.map((s) => ({
    type: 'scatter',
    mode: long ? 'lines' : 'lines+markers',
    name: s === current && status.kind !== 'done' ? `${s.label} (${values?.count ?? 0} of ${s.y.length})` : s.label,
    x: ax.x,
    ...(ax.text ? { text: s.x, hovertemplate: '%{text}: %{y}<extra>%{fullData.name}</extra>' } : {}),
    y: s.y,
    connectgaps: false,
  }));
  return (
    <section
      ref={region}
      className="series"
      role="region"
      aria-label={title}
      data-testid="series"
      data-state={stateOf(status)}
      data-values={values?.count ?? 0}
    >
      <h3>{title}</h3>
      {plan === null ? (
        <p className="muted">This slice has no other dimension to run along.</p>
      ) : (
        <p data-testid="series-cost">
          <Cost plan={plan} dimName={axis?.dimension.name ?? 'the series dimension'} />{' '}
          {(status.kind === 'planned' || status.kind === 'error') && (
            <button type="button" onClick={() => read()} data-testid="series-read">
              Read series
            </button>
          )}
          {status.kind === 'cancelled' && (
            <button type="button" onClick={() => read(status.kept)} data-testid="series-resume">
              Read the rest
            </button>
          )}
        </p>
      )}
      {status.kind === 'reading' && (
        <ProgressBar label="Reading the series" progress={status.progress} onCancel={cancel} />
      )}
      {status.kind === 'cancelled' && (
        <p role="status" data-testid="series-cancelled">
          Cancelled: {plural(status.values.count, 'value')} of {plan?.length.toLocaleString('en')} read are shown; the
          others are gaps.
        </p>
      )}
      {status.kind === 'error' && <p role="alert">{status.message}</p>}
      {shown.length > 0 && (
        <>
          <PlotlyView
            data={traces}
            layout={{
              xaxis: { ...ax.axis, title: { ...(ax.axis.title as object), text: axis?.title ?? '' } },
              yaxis: { title: { text: axisTitle(variable), standoff: 8 }, automargin: true },
              showlegend: true,
            }}
            label={title}
            testId="series-plot"
          />
          <div className="toolbar">
            {current && status.kind === 'done' && (
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
