/**
 * The network policy every remote store gets, composed from the one-concern wrappers:
 * retry( limit( telemetry( timeout( inner ) ) ) ) — each started attempt is counted (not those aborted while
 * queued), waits in the queue do not count against the timeout, and backoff sleeps do not hold a slot.
 */
import { Limiter, withConcurrencyLimit } from './limit';
import { withRetry, type RetryOptions } from './retry';
import { withTelemetry } from './telemetry';
import { withTimeout } from './timeout';
import type { Store, Telemetry } from './types';

export interface NetworkOptions {
  readonly telemetry: Telemetry;
  /** Concurrent requests (default 8), or a Limiter shared between stores (e.g. a `ProtocolLimit`'s, protocol.ts). */
  readonly concurrency?: number | Limiter | undefined;
  /** Per-request timeout in ms without progress (default 30 000; see timeout.ts). */
  readonly timeoutMs?: number | undefined;
  readonly retry?: RetryOptions | undefined;
}

/** Wraps a remote store with timeout, concurrency limit, telemetry and retries. */
export function withNetworkPolicy(inner: Store, options: NetworkOptions): Store {
  const { telemetry } = options;
  const timed = withTimeout(inner, options.timeoutMs ?? 30_000);
  const counted = withTelemetry(timed, telemetry);
  const limited = withConcurrencyLimit(counted, options.concurrency ?? 8);
  return withRetry(limited, {
    ...options.retry,
    onRetry: (info) => {
      telemetry.retries++;
      options.retry?.onRetry?.(info);
    },
  });
}
