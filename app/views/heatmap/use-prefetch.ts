/**
 * Scrubbing without waiting, two ways:
 * - after a dwell: while a big heatmap (one drawn as an image) is on screen, the neighbours along the dimension
 *   being scrubbed (t ± 1, then t + 2; when playing, the next three in the play direction) are read at low priority
 *   and coloured ahead once the slice has been looked at (~400 ms). A change of view aborts it.
 * - while travelling (a slider key held, steps less than a second apart, or Play): at once, the slices ahead in the
 *   direction of travel (see travel.ts), as many as fit in a quarter of the cache budget and the slice memo, a few at
 *   a time; reads that fall behind the index the user asked for, or out of the new window, are aborted.
 * Bounded by a quarter of the cache budget so that prefetching never evicts the slice on screen.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { DimSelection, OpenedDataset, Variable } from '../../core';
import type { ViewKind, ViewOptions } from '../../state/view-options';
import type { Shown } from '../../state/slice-store';
import { imagePlan, type ImagePlan } from './image-prep';
import { readAhead } from './read-ahead';
import {
  aheadOf,
  chunksPerSlice,
  depthFor,
  parallelFor,
  remember,
  stale,
  travelOf,
  type IndexChange,
  type Travel,
} from './travel';
import { readCount, type Axes } from '../shared/use-axes';

/** Cache budget assumed for the bound (the data context's default). */
const CACHE_BYTES = 256 * 1024 * 1024;

interface Args {
  readonly dataset: OpenedDataset;
  readonly variable: Variable;
  readonly shown: Shown | null;
  readonly pending: boolean;
  /** The selection the view asks for (the slice loading, or the one on screen). */
  readonly selection: readonly DimSelection[];
  readonly stride: number;
  readonly axes: Axes;
  readonly x: number | null;
  readonly y: number | null;
  readonly playing: number | null;
  readonly kind: ViewKind;
  readonly options: ViewOptions;
}

/** Indices to prefetch along a dimension of length `n` from `t`. */
export function neighbours(t: number, n: number, playing: boolean): number[] {
  const want = playing ? [1, 2, 3].map((k) => (t + k) % n) : [t + 1, t - 1, t + 2];
  return [...new Set(want.filter((i) => i >= 0 && i < n && i !== t))];
}

export function usePrefetch(a: Args): void {
  useDwellPrefetch(a);
  useTravelPrefetch(a);
}

/** After a dwell: the neighbours of the slice on screen (one step after a pause; Play's next three). */
function useDwellPrefetch(a: Args): void {
  const last = useRef<readonly DimSelection[] | null>(null);
  // The slice a prefetch last started from: after a Cancel the same slice is shown again, and its neighbours
  // (the slice the user just cancelled among them) are not read again until the view changes.
  const from = useRef<{ shown: Shown; view: string } | null>(null);
  const { dataset, variable, shown, pending, axes, x, y, playing, kind, options } = a;
  useEffect(() => {
    if (!shown || pending || shown.other || shown.slice.variable.path !== variable.path) return;
    const view = JSON.stringify([x, y, playing, kind, options, readCount(axes)]);
    if (from.current?.shown === shown && from.current.view === view) return;
    from.current = { shown, view };
    const sel = shown.selection;
    const free = sel.flatMap((s, d) => (typeof s === 'number' && (variable.shape[d] ?? 1) > 1 ? [d] : []));
    // The dimension being scrubbed: the one playing, else the last one that changed, else the first free one.
    const prev = last.current;
    last.current = sel;
    const moved = prev && prev.length === sel.length ? free.find((d) => prev[d] !== sel[d]) : undefined;
    const dim = playing ?? moved ?? free[0];
    if (dim === undefined || typeof sel[dim] !== 'number') return;
    const data = shown.slice.data as { byteLength?: number };
    const bytes = Math.max(1, data.byteLength ?? shown.slice.shape.reduce((p, n) => p * n, 8));
    const targets = neighbours(sel[dim], variable.shape[dim] ?? 1, playing === dim).slice(
      0,
      Math.max(0, Math.floor(CACHE_BYTES / 4 / bytes)),
    );
    if (!targets.length) return;
    const image = imagePlan(shown.slice.shape, axes, x, y, kind, shown.stride);
    // Only where stepping costs most: slices the heatmap draws as images (big, numeric axes).
    if (!image) return;
    const ac = new AbortController();
    void (async () => {
      // Once the user dwells on the slice and the main thread is idle again (the slice is drawn).
      await idle();
      for (const t of targets) {
        if (ac.signal.aborted) return;
        const s = [...sel];
        s[dim] = t;
        await readAhead(dataset, variable.path, s, shown.stride, image, options, ac.signal);
      }
    })().catch(() => undefined);
    // Aborted a task later: a read the new view starts in this same commit joins the chunk loads in flight
    // first, so those it needs go on (a chunk load stops only when no read waits for it).
    return () => void setTimeout(() => ac.abort(), 0);
  }, [dataset, variable, shown, pending, axes, x, y, playing, kind, options]);
}

/** The slice has been on screen this long (the user looks at it, not scrubbing past it) before its neighbours are read. */
const DWELL_MS = 400;

function idle(): Promise<void> {
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number })
    .requestIdleCallback;
  return new Promise((resolve) => setTimeout(() => (ric ? ric(resolve, { timeout: 1000 }) : resolve()), DWELL_MS));
}

/**
 * Slices the core keeps whole (src/data/slice-memo.ts, eight, least recently used out first): the one on screen, the
 * two before it (still the most recently used while the key is held), the one loading and four ahead. Read further
 * ahead, the nearest slices ahead would be dropped from it before the user gets there (their chunks stay cached, but
 * they are put together, decoded and coloured again: a held key then waits ~150 ms at every step).
 */
const MEMO_AHEAD = 4;

/** The reads ahead of one travel: along `travel.dim`, of one variable, other indices, stride and view. */
interface Run {
  readonly key: string;
  readonly dataset: OpenedDataset;
  /** The selection with the travelled dimension's index to fill in. */
  readonly base: readonly DimSelection[];
  readonly plan: (shape: readonly number[]) => ImagePlan | null;
  /** The shape of the slices read (the plan's, before they arrive). */
  readonly shape: readonly number[];
  travel: Travel;
  depth: number;
  limit: number;
  window: number[];
  readonly flights: Map<number, AbortController>;
  /** Indices of the window read ahead already. */
  readonly done: Set<number>;
}

/** Aborted a task later, as the dwell's reads are: the read the same commit started joins their chunk loads first. */
function drop(run: Run, i: number): void {
  const ac = run.flights.get(i);
  run.flights.delete(i);
  if (ac) setTimeout(() => ac.abort(), 0);
}

function dropAll(run: Run | null): void {
  if (run) for (const i of [...run.flights.keys()]) drop(run, i);
}

/**
 * While travelling (see travel.ts): the slices ahead in the direction of travel, at once (no dwell), nearest first,
 * `limit` at a time; on each step the window moves on and reads that fell out of it are aborted. A step onto a slice
 * being read ahead joins that read (the slice memo shares it).
 */
function useTravelPrefetch(a: Args): void {
  const history = useRef<IndexChange[]>([]);
  const prevSel = useRef<readonly DimSelection[] | null>(null);
  const run = useRef<Run | null>(null);
  const live = useRef(a);
  useLayoutEffect(() => {
    live.current = a;
  });
  const { dataset, variable, selection, stride, axes, x, y, playing, kind, options } = a;
  const axesRead = readCount(axes);

  useEffect(() => {
    const now = performance.now();
    const prev = prevSel.current;
    prevSel.current = selection;
    if (prev && prev !== selection && prev.length === selection.length) {
      const moved = selection.flatMap((s, d) => {
        const p = prev[d];
        return typeof s === 'number' && typeof p === 'number' && s !== p ? [{ dim: d, delta: s - p, at: now }] : [];
      });
      history.current = moved.length === 1 ? remember(history.current, moved[0]!) : moved.length ? [] : history.current;
    }
    const travel = travelOf(history.current, now, playing);
    const r0 = run.current;
    const dim = travel?.dim ?? r0?.travel.dim;
    const t = dim === undefined ? undefined : selection[dim];
    if (dim === undefined || typeof t !== 'number') {
      dropAll(r0);
      run.current = null;
      return;
    }
    const n = variable.shape[dim] ?? 1;
    const base = selection.map((s, d) => (d === dim ? null : s));
    const key = JSON.stringify([variable.path, base, stride, x, y, kind, options, axesRead]);
    let r = r0 && r0.key === key && r0.dataset === dataset ? r0 : null;
    if (r !== r0) {
      dropAll(r0);
      run.current = null;
    }
    if (!travel) {
      // Stopped (or one step after a pause): no new reads; those now behind the index go.
      if (r) {
        r.window = aheadOf(t, n, r.travel, r.depth);
        for (const i of stale(r.flights.keys(), r.window)) drop(r, i);
      }
      return;
    }
    if (!r) {
      const shown = live.current.shown;
      const data = shown?.slice.data as { byteLength?: number } | undefined;
      const cells = (shown?.slice.shape ?? base.map((s, d) => (s === null ? (variable.shape[d] ?? 1) : 1))).reduce(
        (p, m) => p * m,
        1,
      );
      const bytes = data?.byteLength ?? cells * 8;
      const depth = Math.min(depthFor(bytes, CACHE_BYTES), MEMO_AHEAD);
      r = run.current = {
        key,
        dataset,
        base,
        plan: (shape) => {
          const l = live.current;
          return imagePlan(shape, l.axes, l.x, l.y, l.kind, stride);
        },
        shape: selection.flatMap((s, d) => (s === null ? [variable.shape[d] ?? 1] : [])),
        travel,
        depth,
        limit: Math.min(depth, 2, parallelFor(chunksPerSlice(variable.shape, variable.chunks, selection))),
        window: [],
        flights: new Map(),
        done: new Set(),
      };
    }
    r.travel = travel;
    r.window = aheadOf(t, n, travel, r.depth);
    for (const i of stale(r.flights.keys(), r.window)) drop(r, i);
    for (const i of [...r.done]) if (!r.window.includes(i)) r.done.delete(i);
    pump(r, run, variable.path, stride, options);
  }, [dataset, variable, selection, stride, axesRead, x, y, playing, kind, options]);

  useEffect(
    () => () => {
      dropAll(run.current);
      run.current = null;
    },
    [],
  );
}

/** Starts reads of the window's indices not read or in flight, nearest first, up to the run's limit. */
function pump(
  r: Run,
  current: { readonly current: Run | null },
  path: string,
  stride: number,
  options: ViewOptions,
): void {
  for (const i of r.window) {
    if (r.flights.size >= r.limit) return;
    if (r.flights.has(i) || r.done.has(i)) continue;
    const ac = new AbortController();
    r.flights.set(i, ac);
    const s = [...r.base];
    s[r.travel.dim] = i;
    void readAhead(r.dataset, path, s, stride, r.plan, options, ac.signal, r.shape)
      .catch(() => undefined)
      .finally(() => {
        // Read, or failed (not tried again while it stays in the window): the slice the user steps to says why.
        if (!ac.signal.aborted) r.done.add(i);
        if (r.flights.get(i) === ac) r.flights.delete(i);
        if (current.current === r) pump(r, current, path, stride, options);
      });
  }
}
