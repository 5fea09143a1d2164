/**
 * Scrubbing at any pace: which way the user travels along a dimension (a slider key held, Play), how far ahead to
 * read, and which reads ahead are no longer wanted. Pure functions; `use-prefetch.ts` runs the reads.
 */

/** One change of the index of a dimension (the slider, the number field, Play). */
export interface IndexChange {
  readonly dim: number;
  /** New index minus the old one. */
  readonly delta: number;
  /** When it happened (ms, `performance.now()`). */
  readonly at: number;
}

/** Travel along `dim`: `dir` × `step` per change; `wrap` (Play) goes on from the first index after the last. */
export interface Travel {
  readonly dim: number;
  readonly dir: -1 | 1;
  readonly step: number;
  readonly wrap: boolean;
}

/**
 * Changes closer than this belong to one run (a held key repeats every 30–200 ms; a user who looks at each slice
 * before the next step, as the single-step benchmark does, waits longer).
 */
export const TRAVEL_GAP_MS = 1000;

/** Changes kept for the direction. */
export const HISTORY = 3;

/** The history with `change` added (the last `HISTORY`). */
export function remember(history: readonly IndexChange[], change: IndexChange): IndexChange[] {
  return [...history, change].slice(-HISTORY);
}

/**
 * The travel under way at `now`: Play's (forward, wrapping) when a dimension plays; else the last two changes,
 * both of one dimension and one sign, each within `TRAVEL_GAP_MS` of the one before (and the last of `now`).
 * The step is theirs when they agree (PageUp/PageDown move by a tenth of the range), else 1. One step after a
 * pause is no travel: its neighbours are read after a dwell as before.
 */
export function travelOf(history: readonly IndexChange[], now: number, playing: number | null): Travel | null {
  if (playing !== null) return { dim: playing, dir: 1, step: 1, wrap: true };
  const [a, b] = history.slice(-2);
  if (!a || !b || a.dim !== b.dim || a.delta === 0 || Math.sign(a.delta) !== Math.sign(b.delta)) return null;
  if (b.at - a.at > TRAVEL_GAP_MS || now - b.at > TRAVEL_GAP_MS) return null;
  const step = Math.abs(a.delta) === Math.abs(b.delta) ? Math.abs(b.delta) : 1;
  return { dim: b.dim, dir: b.delta > 0 ? 1 : -1, step, wrap: false };
}

/** The indices ahead of `t` (along a dimension of length `n`), nearest first, `depth` of them at most. */
export function aheadOf(t: number, n: number, travel: Travel, depth: number): number[] {
  const out: number[] = [];
  for (let k = 1; k <= depth; k++) {
    let i = t + travel.dir * travel.step * k;
    if (travel.wrap) i = ((i % n) + n) % n;
    if (i < 0 || i >= n || i === t || out.includes(i)) break;
    out.push(i);
  }
  return out;
}

export interface DepthLimits {
  /** Share of the cache budget the slices ahead may take (default a quarter: never the slice on screen). */
  readonly fraction?: number;
  readonly min?: number;
  readonly max?: number;
}

/**
 * How many slices of `sliceBytes` to read ahead: as many as fit in `fraction` of `budgetBytes`, between `min` and
 * `max` (never more than fit in the whole budget).
 */
export function depthFor(sliceBytes: number, budgetBytes: number, limits: DepthLimits = {}): number {
  const { fraction = 1 / 4, min = 2, max = 8 } = limits;
  const bytes = Math.max(1, sliceBytes);
  const fit = Math.floor((budgetBytes * fraction) / bytes);
  const whole = Math.floor(budgetBytes / bytes) - 1;
  return Math.max(0, Math.min(max, whole, Math.max(min, fit)));
}

/**
 * Slices read ahead at once: each reads `chunksPerSlice` chunks, and no more chunk requests than one read's
 * `fetchConcurrency` are in flight; at least 1, at most `max` (the browser's six connections per host over HTTP/1.1
 * are shared with the slice the user waits for).
 */
export function parallelFor(chunksPerSlice: number, fetchConcurrency = 16, max = 4): number {
  return Math.max(1, Math.min(max, Math.floor(fetchConcurrency / Math.max(1, chunksPerSlice))));
}

/** Chunks a slice of `shape` touches with `selection` (one per chunk along an indexed dimension). */
export function chunksPerSlice(
  shape: readonly number[],
  chunks: readonly number[],
  selection: readonly (number | null | object)[],
): number {
  return shape.reduce(
    (p, n, d) => (typeof selection[d] === 'number' ? p : p * Math.ceil(n / Math.max(1, chunks[d] ?? n))),
    1,
  );
}

/** Reads in flight (by index) that are not in `window`: behind the current index, or beyond the new window. */
export function stale(inFlight: Iterable<number>, window: readonly number[]): number[] {
  return [...inFlight].filter((i) => !window.includes(i));
}
