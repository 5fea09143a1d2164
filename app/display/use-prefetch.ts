/**
 * Scrubbing without waiting: while a big heatmap (one drawn as an image) is on screen, the neighbours along the
 * dimension being scrubbed (t ± 1, then t + 2; when playing, the next three in the play direction) are read at low
 * priority and coloured ahead. A change of view aborts it. Bounded by a quarter of the
 * cache budget so that prefetching never evicts the slice on screen.
 */
import { useEffect, useRef } from 'react';
import { decodeOnce } from '../state/decode-cache';
import { decodeSlice, type DimSelection, type OpenedDataset, type Variable } from '../core';
import type { ViewKind, ViewOptions } from '../state/view-options';
import type { Shown } from '../state/slice-store';
import { imagePlan, prepareSliceImage } from './image-prep';
import { imageRequest, sliceImage } from './slice-image';
import type { Axes } from './use-axes';

/** Cache budget assumed for the bound (the data context's default). */
const CACHE_BYTES = 256 * 1024 * 1024;

interface Args {
  readonly dataset: OpenedDataset;
  readonly variable: Variable;
  readonly shown: Shown | null;
  readonly pending: boolean;
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
  const last = useRef<readonly DimSelection[] | null>(null);
  // The slice a prefetch last started from: after a Cancel the same slice is shown again, and its neighbours
  // (the slice the user just cancelled among them) are not read again until the view changes.
  const from = useRef<{ shown: Shown; view: string } | null>(null);
  const { dataset, variable, shown, pending, axes, x, y, playing, kind, options } = a;
  useEffect(() => {
    if (!shown || pending || shown.other || shown.slice.variable.path !== variable.path) return;
    const view = JSON.stringify([x, y, playing, kind, options, axes.values.length]);
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
        const slice = await dataset.read(variable.path, s, {
          signal: ac.signal,
          stride: shown.stride,
          priority: 'low',
        });
        if (!image || ac.signal.aborted) continue;
        // Decoded and coloured in a worker, off the main thread (stored values: decoded here).
        await prepareSliceImage(dataset, slice, image, options, 'low', ac.signal).catch(() => undefined);
        const decoded = options.raw ? decodeSlice(slice, { mask: false, scale: false }) : decodeOnce(dataset, slice);
        if (!decoded) continue;
        await sliceImage(
          dataset,
          imageRequest(
            { values: decoded.values, mask: decoded.mask, shape: slice.shape },
            image.transposed,
            options,
            image.flip,
          ),
          'low',
        );
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
