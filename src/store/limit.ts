/**
 * Limits how many requests run at once; the others wait in order. A waiting request whose signal aborts
 * leaves the queue at once and never starts.
 */
import type { Store } from './types';
import { abortedFor, wrapStore } from './wrap';

/** A counting semaphore with abortable waiting. */
export class Limiter {
  private active = 0;
  private readonly queue: { resolve: () => void }[] = [];
  constructor(readonly max: number) {}

  /** Waits for a slot; call the returned function to release it. */
  acquire(signal?: AbortSignal, key?: string): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(abortedFor(key, signal.reason));
    const release = () => {
      this.active--;
      this.queue.shift()?.resolve();
    };
    if (this.active < this.max) {
      this.active++;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const entry = {
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          this.active++;
          resolve(release);
        },
      };
      const onAbort = () => {
        const i = this.queue.indexOf(entry);
        if (i >= 0) this.queue.splice(i, 1);
        reject(abortedFor(key, signal?.reason));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(entry);
    });
  }

  get running(): number {
    return this.active;
  }
  get waiting(): number {
    return this.queue.length;
  }
}

/** Wraps `inner` so that at most `max` requests (or those of a shared `Limiter`) run at once. */
export function withConcurrencyLimit(inner: Store, max: number | Limiter): Store {
  const limiter = typeof max === 'number' ? new Limiter(Math.max(1, max)) : max;
  return wrapStore(inner, async (call, opts, op) => {
    const release = await limiter.acquire(opts?.signal, op.key);
    try {
      return await call(opts);
    } finally {
      release();
    }
  });
}
