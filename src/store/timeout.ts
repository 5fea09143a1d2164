/**
 * A per-request time limit: the inner request is aborted after `ms` and fails with a `timeout` HttpError;
 * the caller's own abort still fails with `AbortedError`.
 */
import { AbortedError } from '../errors';
import { timeoutError } from './http-errors';
import type { Store } from './types';
import { wrapStore } from './wrap';

/** Wraps `inner` so that each request takes at most `ms` milliseconds (including reading the body). */
export function withTimeout(inner: Store, ms: number): Store {
  return wrapStore(inner, async (call, opts, op) => {
    const outer = opts?.signal;
    if (outer?.aborted) throw new AbortedError({ key: op.key, cause: outer.reason });
    const controller = new AbortController();
    let timedOut = false;
    const onAbort = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('timeout', 'TimeoutError'));
    }, ms);
    try {
      return await call({ ...opts, signal: controller.signal });
    } catch (e) {
      if (timedOut && !outer?.aborted) throw timeoutError(inner.description, op.key, ms);
      throw e;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }
  });
}
