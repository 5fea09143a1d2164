/**
 * The shape every store wrapper shares: one `around` function that runs each `get`, `getRange` and `list` call
 * of the inner store (with the caller's options), so each wrapper is one concern in a few lines.
 */
import { AbortedError } from '../errors';
import type { AbsolutePath, DirectRequest, Listing, RangeQuery, RequestOptions, Store } from './types';

export interface Operation {
  readonly kind: 'get' | 'getRange' | 'list';
  readonly key: string;
}

export type Around = <T>(
  call: (options: RequestOptions | undefined) => Promise<T>,
  options: RequestOptions | undefined,
  op: Operation,
) => Promise<T>;

/**
 * What a wrapper adds to a request another thread makes (`Store.direct`): its own policy for it, if it has one
 * (a limit's place, a time limit, telemetry); without one the request passes through as the inner store gives it.
 */
export type AroundDirect = (request: DirectRequest) => DirectRequest;

/** Wraps `inner` so that every request goes through `around`; methods the inner store lacks stay absent. */
export function wrapStore(
  inner: Store,
  around: Around,
  description = inner.description,
  aroundDirect?: AroundDirect,
): Store {
  const store: Store = {
    description,
    get: (key: AbsolutePath, options?: RequestOptions) =>
      around((o) => inner.get(key, o), options, { kind: 'get', key }),
  };
  if (inner.getRange) {
    const getRange = inner.getRange.bind(inner);
    store.getRange = (key: AbsolutePath, range: RangeQuery, options?: RequestOptions) =>
      around((o) => getRange(key, range, o), options, { kind: 'getRange', key });
  }
  if (inner.direct) {
    // Made by another thread: the wrapper's policy for it, if any (the caller falls back to `get` on failure).
    const direct = inner.direct.bind(inner);
    store.direct = aroundDirect ? (key) => mapDefined(direct(key), aroundDirect) : direct;
  }
  if (inner.list) {
    const list = inner.list.bind(inner);
    store.list = (prefix: AbsolutePath, options?: RequestOptions): Promise<Listing> =>
      around((o) => list(prefix, o), options, { kind: 'list', key: prefix });
  }
  return store;
}

function mapDefined<T>(value: T | undefined, f: (v: T) => T): T | undefined {
  return value === undefined ? undefined : f(value);
}

export function abortedFor(key: string | undefined, cause?: unknown): AbortedError {
  return new AbortedError({ key, cause });
}

/** Sleeps `ms`, rejecting with `AbortedError` as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal, key?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedFor(key, signal.reason));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedFor(key, signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
