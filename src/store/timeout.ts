/**
 * A per-request time limit on idleness: the inner request is aborted when `ms` pass with no progress — from its
 * start (after any queue of ours: the concurrency limit is outside this wrapper) to the response headers, or between
 * two parts of the body — and fails with a `timeout` HttpError; the caller's own abort still fails with
 * `AbortedError`. A big body that keeps arriving never times out; a stalled one does. Stores that report no
 * progress (`onActivity`) get a limit on the whole request.
 */
import { AbortedError } from '../errors';
import { timeoutError } from './http-errors';
import type { Store } from './types';
import { wrapStore } from './wrap';

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Wraps `inner` so that each request fails after `ms` milliseconds without progress. */
export function withTimeout(inner: Store, ms: number): Store {
  return wrapStore(
    inner,
    async (call, opts, op) => {
      const outer = opts?.signal;
      if (outer?.aborted) throw new AbortedError({ key: op.key, cause: outer.reason });
      const controller = new AbortController();
      let timedOut = false;
      const onAbort = () => controller.abort(outer?.reason);
      outer?.addEventListener('abort', onAbort, { once: true });
      let last = now();
      // One timer, re-armed only when it fires early: progress itself just records the time.
      const check = () => {
        const idle = now() - last;
        if (idle < ms) {
          timer = setTimeout(check, ms - idle);
          return;
        }
        timedOut = true;
        controller.abort(new DOMException('timeout', 'TimeoutError'));
      };
      let timer = setTimeout(check, ms);
      const onActivity = () => {
        last = now();
        opts?.onActivity?.();
      };
      try {
        return await call({ ...opts, signal: controller.signal, onActivity });
      } catch (e) {
        if (timedOut && !outer?.aborted) throw timeoutError(inner.description, op.key, ms);
        throw e;
      } finally {
        clearTimeout(timer);
        outer?.removeEventListener('abort', onAbort);
      }
    },
    inner.description,
    // Another thread's request gives up after the same time without progress.
    (d) => ({ ...d, idleMs: d.idleMs === undefined ? ms : Math.min(ms, d.idleMs) }),
  );
}
