/** The map's core (projections, coastlines; loaded on first use) and its coastlines, loaded once per detail. */
import { useEffect, useState } from 'react';
import { loadMapCore, type Land } from '../../core';

export type MapCore = Awaited<ReturnType<typeof loadMapCore>>;

let corePromise: Promise<MapCore> | undefined;
const landCache = new Map<string, Promise<Land>>();

/** The map core, loaded once. */
export function mapCore(): Promise<MapCore> {
  corePromise ??= loadMapCore();
  return corePromise;
}

/** Natural Earth land outlines at `detail`, loaded once. */
export function land(core: MapCore, detail: '50m' | '110m'): Promise<Land> {
  let p = landCache.get(detail);
  if (!p) landCache.set(detail, (p = core.loadLand(detail)));
  return p;
}

/** The map core once loaded (null before), and why it could not be, for a component's render. */
export function useMapCore(): { readonly core: MapCore | null; readonly error: string | null } {
  const [state, setState] = useState<{ core: MapCore | null; error: string | null }>({ core: null, error: null });
  useEffect(() => {
    let live = true;
    mapCore().then(
      (core) => live && setState({ core, error: null }),
      (e: unknown) => live && setState({ core: null, error: String(e) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
