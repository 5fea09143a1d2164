/**
 * The pool's workers and their places: each runs up to `PER_WORKER` jobs (decodes, images, …) and, beside them, up
 * to `FETCHES_PER_WORKER` chunks it fetches itself.
 */
import type { Job } from './worker-pool';

export interface Slot {
  worker: Worker;
  running: Map<number, Job>;
}

export const PER_WORKER = 2;
/** Fetches a worker makes at once (beside its decodes): with two workers, HTTP/2's 32 requests in flight. */
export const FETCHES_PER_WORKER = 16;

/** A slot's jobs of one kind (fetches or the rest) running now. */
export function load(slot: Slot, fetching: boolean): number {
  let n = 0;
  for (const j of slot.running.values()) if ((j.fetching === true) === fetching) n++;
  return n;
}

/** The slot with the fewest running jobs of a kind, if it has room for one more. */
export function freeSlot(slots: readonly Slot[], fetching: boolean): Slot | null {
  let best: Slot | null = null;
  let least = Infinity;
  for (const s of slots) {
    const n = load(s, fetching);
    if (n < least) [best, least] = [s, n];
  }
  return least < (fetching ? FETCHES_PER_WORKER : PER_WORKER) ? best : null;
}

/** Pool size for this machine: hardware threads, kept within 2..8. */
export function defaultPoolSize(): number {
  const n = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 2;
  return Math.min(8, Math.max(2, Number.isFinite(n) ? n : 2));
}
