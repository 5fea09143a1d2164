/**
 * The read of the series panel: planned → reading (values painted as they arrive, about ten times a second) →
 * done; Cancel stops the requests and keeps the values that arrived (shown with gaps, "Read the rest" reads only
 * the chunks still missing); another point or variable cancels the read and starts from the plan.
 */
import { useEffect, useRef, useState } from 'react';
import {
  decodeSlice,
  defaultFillFor,
  isAbort,
  type OpenDataset,
  type OpenedDataset,
  type Progress,
  type SeriesPart,
  type SeriesPlan,
  type Slice,
} from '../../core';

/** A series as the plot shows it: one y per x label, null where masked or not read (yet). */
export interface SeriesValues {
  readonly y: readonly (number | null)[];
  /** Values in (read, or the fill value of a missing chunk). */
  readonly count: number;
}

export type SeriesStatus =
  | { readonly kind: 'planned' }
  | { readonly kind: 'reading'; readonly progress: Progress | null; readonly values: SeriesValues | null }
  | { readonly kind: 'done'; readonly values: SeriesValues }
  | { readonly kind: 'cancelled'; readonly values: SeriesValues; readonly kept: SeriesPart }
  | { readonly kind: 'error'; readonly message: string; readonly kept: SeriesPart | null };

function canReadSeries(ds: OpenedDataset): ds is OpenDataset {
  return typeof (ds as Partial<OpenDataset>).readSeries === 'function';
}

/** CF-decoded values of a (partial) series read from `plan.source`: null where masked or not in. */
function decoded(dataset: OpenedDataset, plan: SeriesPlan, part: SeriesPart | Slice, filled: Uint8Array): SeriesValues {
  const slice: Slice = 'variable' in part ? part : { variable: plan.source, shape: [plan.length], data: part.data };
  const d = decodeSlice(slice, { defaultFill: defaultFillFor(dataset.model.dialect) });
  let count = 0;
  const y = Array.from(d.values, (v, i) => {
    if (!filled[i]) return null;
    count++;
    return d.mask[i] || !Number.isFinite(v) ? null : v;
  });
  return { y, count };
}

/**
 * Least time between two redraws of a series of `length` values: ten a second up to 1,000 values, then fewer, down
 * to one a second from 10,000 (a redraw of a long series costs tens of milliseconds of the thread that also starts
 * the chunk requests; drawn ten times a second, it halves the read's pace).
 */
export function redrawInterval(length: number): number {
  return Math.min(1000, Math.max(100, length / 10));
}

/** The panel's read of `plan` (null: nothing to read); `key` names the point, a new key resets the status. */
export function useSeriesRead(dataset: OpenedDataset, plan: SeriesPlan | null, key: string) {
  const [state, setState] = useState<{ key: string; status: SeriesStatus }>({ key: '', status: { kind: 'planned' } });
  const abort = useRef<AbortController | null>(null);
  const status: SeriesStatus = state.key === key ? state.status : { kind: 'planned' };
  useEffect(() => () => abort.current?.abort(), [key]);

  const read = (resume?: SeriesPart) => {
    if (!plan) return;
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    const set = (s: SeriesStatus) => {
      if (abort.current === ctl) setState({ key, status: s });
    };
    let latest: SeriesPart | null = resume ?? null;
    let progress: Progress | null = null;
    let values: SeriesValues | null = resume ? decoded(dataset, plan, resume, resume.filled) : null;
    set({ kind: 'reading', progress, values });
    const options = {
      signal: ctl.signal,
      resume,
      intervalMs: redrawInterval(plan.length),
      onProgress: (p: Progress) => {
        progress = p;
      },
      onValues: (part: SeriesPart) => {
        latest = { ...part, data: part.data.slice(), filled: part.filled.slice() } as SeriesPart;
        values = decoded(dataset, plan, part, part.filled);
        set({ kind: 'reading', progress, values });
      },
    };
    const reading = canReadSeries(dataset)
      ? dataset.readSeries(plan.source.path, plan.selection, options)
      : dataset
          .read(plan.source.path, plan.selection, { signal: ctl.signal, onProgress: options.onProgress })
          .then((s) => ({ ...s, filled: new Uint8Array(plan.length).fill(1) }));
    reading
      .then((slice) => set({ kind: 'done', values: decoded(dataset, plan, slice, slice.filled) }))
      .catch((e: unknown) => {
        if (abort.current !== ctl) return;
        if (isAbort(e))
          setState({
            key,
            status:
              latest && values && values.count > 0 ? { kind: 'cancelled', values, kept: latest } : { kind: 'planned' },
          });
        else set({ kind: 'error', message: e instanceof Error ? e.message : String(e), kept: latest });
      });
  };

  return { status, read, cancel: () => abort.current?.abort() };
}
