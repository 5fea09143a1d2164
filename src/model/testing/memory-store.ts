/** Test helper: an in-memory Store with `list()`, filled from `{ key: json | text }`. */
import type { AbsolutePath } from '@zarrita/storage';
import type { Listing, Store } from '../../store/types';

export function memoryStore(files: Record<string, unknown>, listable = true): Store & { requests: string[] } {
  const enc = new TextEncoder();
  const requests: string[] = [];
  const store: Store & { requests: string[] } = {
    description: 'memory',
    requests,
    async get(key: AbsolutePath) {
      requests.push(key);
      const v = files[key.slice(1)];
      if (v === undefined) return undefined;
      return enc.encode(typeof v === 'string' ? v : JSON.stringify(v));
    },
  };
  if (listable) {
    store.list = async (prefix: AbsolutePath): Promise<Listing> => {
      const base = prefix === '/' ? '' : prefix.slice(1);
      const fileSet = new Set<string>();
      const folders = new Set<string>();
      for (const k of Object.keys(files)) {
        if (!k.startsWith(base)) continue;
        const rest = k.slice(base.length);
        const slash = rest.indexOf('/');
        if (slash < 0) fileSet.add(rest);
        else folders.add(rest.slice(0, slash));
      }
      return { files: [...fileSet], folders: [...folders] };
    };
  }
  return store;
}
