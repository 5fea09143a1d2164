/**
 * A UI preference kept in localStorage (the sidebar's width, the metadata panel open or closed): read once, written
 * on each change, shared by every component that uses the same key. Storage that throws (private mode, a quota)
 * keeps the value for this page only.
 */
import { useCallback, useSyncExternalStore } from 'react';

const listeners = new Map<string, Set<() => void>>();
const values = new Map<string, string | null>();

function read(key: string): string | null {
  if (!values.has(key)) {
    let v: string | null;
    try {
      v = localStorage.getItem(key);
    } catch {
      v = null;
    }
    values.set(key, v);
  }
  return values.get(key) ?? null;
}

function write(key: string, v: string): void {
  values.set(key, v);
  try {
    localStorage.setItem(key, v);
  } catch {
    // Kept for this page only.
  }
  listeners.get(key)?.forEach((l) => l());
}

/** `[value, set]` of the preference `key`, `parse` turning the stored text (null: none) into a value. */
export function useStored<T>(key: string, parse: (text: string | null) => T, format: (v: T) => string = String) {
  const subscribe = useCallback(
    (cb: () => void) => {
      const set = listeners.get(key) ?? new Set();
      listeners.set(key, set);
      set.add(cb);
      return () => set.delete(cb);
    },
    [key],
  );
  const text = useSyncExternalStore(subscribe, () => read(key));
  const set = useCallback((v: T) => write(key, format(v)), [key, format]);
  return [parse(text), set] as const;
}
