/** The series of A and B at a clicked cell, drawn together, with a CSV of both. */
import { useEffect, useMemo, useState } from 'react';
import { ErrorMessage } from '../common/ErrorMessage';
import { download } from '../common/format';
import { isAbort, type OpenDataset, type Variable } from '../core';
import { PlotlyView } from '../plot/PlotlyView';
import type { LinkMode } from '../state/compare-settings';
import { useCompare } from '../state/compare-store';
import { baseName } from './compare-math';
import { pairSeriesCsv, readPairSeries, type PairSeries } from './compare-series';

/** A's cell: row (y) and column (x) indices. */
export interface SeriesPoint {
  readonly yi: number;
  readonly xi: number;
}

interface Props {
  readonly dsA: OpenDataset;
  readonly varA: Variable;
  readonly selA: readonly (number | null)[];
  readonly x: number | null;
  readonly y: number | null;
  readonly dsB: OpenDataset;
  readonly varB: Variable;
  readonly link: LinkMode;
  readonly point: SeriesPoint;
  readonly onClose: () => void;
}

export function CompareSeries({ dsA, varA, selA, x, y, dsB, varB, link, point, onClose }: Props) {
  const [series, setSeries] = useState<PairSeries | null>(null);
  const [error, setError] = useState<unknown>(null);
  const selKey = selA.join(',');
  // B's own steps (B's sliders): B's series is read there, and its selected step is B's.
  const steps = useCompare((s) => s.steps);
  useEffect(() => {
    if (x === null || y === null) return;
    const controller = new AbortController();
    const sel = selKey.split(',').map((s) => (s === '' ? null : Number(s)));
    const cell = { x, y, xi: point.xi, yi: point.yi };
    readPairSeries(dsA, varA, sel, cell, dsB, varB, link, controller.signal, steps)
      .then((s) => !controller.signal.aborted && setSeries(s))
      .catch((e: unknown) => !controller.signal.aborted && !isAbort(e) && setError(e));
    return () => controller.abort();
  }, [dsA, varA, selKey, x, y, dsB, varB, link, point, steps]);
  const plot = useMemo(() => {
    if (!series) return null;
    const trace = (name: string, xs: readonly string[], ys: readonly (number | null)[]) => ({
      type: 'scatter',
      mode: 'lines+markers',
      name,
      x: xs,
      y: ys,
    });
    // Each side's selected step, marked on its own series.
    const mark = (name: string, xs: readonly string[], ys: readonly (number | null)[], i: number | null) =>
      i === null || i < 0 || i >= xs.length
        ? []
        : [{ ...trace(name, [xs[i]!], [ys[i] ?? null]), mode: 'markers', marker: { size: 12, symbol: 'circle-open' } }];
    return {
      data: [
        trace(`A ${varA.path}`, series.labelsA, series.valuesA),
        trace(`B ${varB.path}`, series.labelsB, series.valuesB),
        ...mark('A’s step', series.labelsA, series.valuesA, series.stepA),
        ...mark('B’s step', series.labelsB, series.valuesB, series.stepB),
      ],
      layout: {
        xaxis: { title: { text: series.dimension } },
        yaxis: { title: { text: series.units ?? '' } },
        height: 300,
        showlegend: true,
      },
    };
  }, [series, varA.path, varB.path]);
  const title = `Series at row ${point.yi}, column ${point.xi} of A`;
  return (
    <section
      className="compare-series"
      aria-label="Series of A and B"
      data-testid="compare-series"
      data-state={series ? 'done' : error ? 'error' : 'reading'}
      data-step-b={series ? series.stepB : undefined}
    >
      <h3>{title}</h3>
      {error !== null && <ErrorMessage error={error} title="The series could not be read" />}
      {series && (
        <>
          <p className="muted" data-testid="compare-series-where">
            B at: {series.where.join('; ') || 'the same cell'}
            {series.valuesB.length === 0 && ' — B has no series here.'}
          </p>
          {plot && <PlotlyView {...plot} label="Series of A and B" testId="compare-series-plot" />}
          <button
            type="button"
            data-testid="compare-series-csv"
            onClick={() =>
              download(
                `${baseName(varA.path)}-vs-${baseName(varB.path)}-series.csv`,
                pairSeriesCsv(series, varA.path, varB.path),
                'text/csv',
              )
            }
          >
            Download CSV (A and B)
          </button>
        </>
      )}
      <button type="button" onClick={onClose}>
        Close series
      </button>
    </section>
  );
}
