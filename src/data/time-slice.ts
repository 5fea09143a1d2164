/**
 * Cooperative time slicing for work on the calling thread (the page's main thread in a browser): a read calls
 * `yieldIfBusy()` before each unit of its own work (starting a chunk load, which runs the store's synchronous
 * part; assembling a decoded chunk), and it yields to the event loop once the current stretch has run longer than
 * `SLICE_MS`. Input, rendering and other tasks then run between the units, so a big read makes no long task
 * (> 50 ms) of its own.
 *
 * @example
 * for (const chunk of chunks) {
 *   await yieldIfBusy();
 *   assemble(out, chunk);
 * }
 */

/** Longest stretch of read work on this thread between two yields, in ms. */
export const SLICE_MS = 8;

let last = now();

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

interface Scheduler {
  yield?: () => Promise<void>;
}

/** Resolves in a new task: `scheduler.yield()` where there is one (keeps the read's priority), else a message. */
export function yieldToEventLoop(): Promise<void> {
  const s = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve)); // Node
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        ch.port1.close();
        resolve();
      };
      ch.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Yields when this thread has done more than `budgetMs` of read work since the last yield. */
export async function yieldIfBusy(budgetMs = SLICE_MS): Promise<void> {
  if (now() - last < budgetMs) return;
  await yieldToEventLoop();
  last = now();
}
