/**
 * Opening's first round trip: the root's candidate documents requested together (see probe.ts).
 */
import type { AbsolutePath, Store } from '../store/types';
import { wrapStore } from '../store/wrap';
import type { ReadDatasetOptions } from './read-dataset';

/**
 * The store with the root's candidate documents requested at once (`zarr.json`, `.zmetadata`, `.zgroup`,
 * `.zattrs`, as `#mode` allows): probing still reads them in its order and stops at the first that answers, but
 * the requests do not wait for each other — one round trip where a v2 store took up to three. Each answer is taken
 * once; the others are dropped (their errors unseen: probing never asked).
 */
export function probing(store: Store, o: ReadDatasetOptions): Store {
  const mode = o.mode ?? {};
  const keys = [
    ...(mode.zarrFormat !== 2 ? ['/zarr.json'] : []),
    ...(mode.zarrFormat !== 3 && mode.consolidated !== false ? ['/.zmetadata'] : []),
    ...(mode.zarrFormat !== 3 ? ['/.zgroup', '/.zattrs'] : []),
  ];
  if (keys.length < 2) return store;
  const signal = o.signal;
  const ahead = new Map<string, Promise<Uint8Array | undefined>>();
  for (const k of keys) {
    const p = store.get(k as AbsolutePath, signal ? { signal } : undefined);
    p.catch(() => undefined);
    ahead.set(k, p);
  }
  return wrapStore(store, (call, options, op) => {
    const p = op.kind === 'get' ? ahead.get(op.key) : undefined;
    if (!p) return call(options);
    ahead.delete(op.key);
    return p as Promise<never>; // what the store's `get` of that key gives
  });
}
