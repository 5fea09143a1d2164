/**
 * Opening's first round trip: the root's candidate documents requested together (see read-dataset.ts, "Probing").
 */
import type { AbsolutePath, Store } from '../store/types';
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
  const get: Store['get'] = (key, options) => {
    const p = ahead.get(key);
    if (!p) return store.get(key, options);
    ahead.delete(key);
    return p;
  };
  return { ...pick(store), get };
}

/** A store's methods, bound (a class instance's spread would lose them). */
function pick(store: Store): Store {
  return {
    description: store.description,
    get: store.get.bind(store),
    ...(store.getRange ? { getRange: store.getRange.bind(store) } : {}),
    ...(store.list ? { list: store.list.bind(store) } : {}),
    ...(store.direct ? { direct: store.direct.bind(store) } : {}),
  };
}
