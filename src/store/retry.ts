/**
 * Retries failed requests with exponential backoff and jitter: on 5xx, 429, network errors and timeouts, a
 * bounded number of attempts. An aborted request is never retried, and no attempt starts after an abort.
 *
 * @example const store = withRetry(inner, { attempts: 4, onRetry: () => telemetry.retries++ });
 */
import { HttpError } from '../errors';
import { isRetryable, HttpStatusError } from './http-errors';
import type { Store } from './types';
import { sleep, wrapStore } from './wrap';

export interface RetryOptions {
  /** Total attempts including the first (default 6: under 30 % failures one request in ~1,400 gives up, not one in 120). */
  readonly attempts?: number;
  /** Delay before the first retry in ms (default 200); doubles each time. */
  readonly baseDelayMs?: number;
  /** Upper bound of one delay in ms (default 5000). */
  readonly maxDelayMs?: number;
  /** Random source in [0, 1) for the jitter (injectable for tests). */
  readonly random?: () => number;
  readonly onRetry?: (info: { attempt: number; delayMs: number; error: unknown; key: string }) => void;
}

/** The delay before retry number `attempt` (1-based): "equal jitter" between half and all of the backoff. */
export function backoffDelay(attempt: number, options: RetryOptions = {}, retryAfterMs?: number): number {
  const base = options.baseDelayMs ?? 200;
  const max = options.maxDelayMs ?? 5000;
  const exp = Math.min(max, base * 2 ** (attempt - 1));
  const jittered = exp / 2 + (options.random ?? Math.random)() * (exp / 2);
  return retryAfterMs !== undefined ? Math.min(max, Math.max(jittered, retryAfterMs)) : jittered;
}

/** Wraps `inner` with retries. */
export function withRetry(inner: Store, options: RetryOptions = {}): Store {
  const attempts = Math.max(1, options.attempts ?? 6);
  return wrapStore(inner, async (call, opts, op) => {
    const signal = opts?.signal;
    for (let attempt = 1; ; attempt++) {
      try {
        return await call(opts);
      } catch (e) {
        if (signal?.aborted || attempt >= attempts || !isRetryable(e)) throw e;
        // A browser CORS block looks like a network error; one retry tells a blip from a block.
        if (e instanceof HttpError && e.code === 'cors' && attempt >= 2) throw e;
        const delayMs = backoffDelay(attempt, options, e instanceof HttpStatusError ? e.retryAfterMs : undefined);
        options.onRetry?.({ attempt, delayMs, error: e, key: op.key });
        await sleep(delayMs, signal, op.key);
      }
    }
  });
}
