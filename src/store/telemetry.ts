/**
 * Counts requests, bytes and failures into a shared `Telemetry` object (retries are counted by withRetry's
 * `onRetry`). Missing keys and aborts are not failures.
 */
import { AbortedError } from '../errors';
import type { Store, Telemetry } from './types';
import { wrapStore } from './wrap';

/** Wraps `inner` so that each request updates `telemetry`. */
export function withTelemetry(inner: Store, telemetry: Telemetry): Store {
  const store = wrapStore(
    inner,
    async (call, opts) => {
      telemetry.requests++;
      try {
        const result = await call(opts);
        if (result instanceof Uint8Array) telemetry.bytes += result.byteLength;
        return result;
      } catch (e) {
        if (!(e instanceof AbortedError)) telemetry.failures++;
        throw e;
      }
    },
    inner.description,
    (d) => ({
      ...d,
      done(bytes, failed) {
        telemetry.requests++;
        telemetry.bytes += bytes;
        if (failed) {
          telemetry.failures++;
          telemetry.retries++;
        }
        d.done(bytes, failed);
      },
    }),
  );
  return store;
}
