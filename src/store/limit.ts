/**
 * Limits how many requests run at once; the others wait in order. A waiting request whose signal aborts
 * leaves the queue at once and never starts. The limit can change while requests run (`setMax`: e.g. raised once
 * the server turns out to speak HTTP/2, see protocol.ts).
 */
import type { Store } from './types';
import { abortedFor, wrapStore } from './wrap';

/** A counting semaphore with abortable waiting. */
export class Limiter {
  private active = 0;
  private readonly queue: { resolve: () => void }[] = [];
  #max: number;
  constructor(max: number) {
    this.#max = Math.max(1, max);
  }

  get max(): number {
    return this.#max;
  }

  /** Changes the limit: a higher one starts waiters at once; a lower one lets running requests finish. */
  setMax(max: number): void {
    this.#max = Math.max(1, max);
    this.#startWaiters();
  }

  #startWaiters(): void {
    while (this.active < this.#max && this.queue.length > 0) this.queue.shift()?.resolve();
  }

  /** Waits for a slot; call the returned function to release it. */
  acquire(signal?: AbortSignal, key?: string): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(abortedFor(key, signal.reason));
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.active--;
      this.#startWaiters();
    };
    if (this.active < this.#max) {
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
  return wrapStore(
    inner,
    async (call, opts, op) => {
      const release = await limiter.acquire(opts?.signal, op.key);
      try {
        return await call(opts);
      } finally {
        release();
      }
    },
    inner.description,
    // Another thread's request takes a place among these too, for as long as it runs.
    (d) => ({ ...d, acquire: (signal) => limiter.acquire(signal, d.url), crowded: () => limiter.waiting > 0 }),
  );
}
