/**
 * Panels whose code loads on first use, so that the page's first script stays small: the code panel (src/code's
 * generators) when Code is first opened, the series pane with the first click on a cell, the tiled Map
 * (reprojection, coastlines) when a pyramid is first shown on the Map.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const Code = lazy(() => import('./CodeButton').then((m) => ({ default: m.CodePanel })));
const Series = lazy(() => import('../views/series/SeriesPanel').then((m) => ({ default: m.SeriesPanel })));
const Tiled = lazy(() => import('../views/map/TiledMap').then((m) => ({ default: m.TiledMap })));

export function CodePanel(props: ComponentProps<typeof Code>) {
  return (
    <Suspense fallback={null}>
      <Code {...props} />
    </Suspense>
  );
}

export function SeriesPanel(props: ComponentProps<typeof Series>) {
  return (
    <Suspense fallback={<p className="muted">Loading the series…</p>}>
      <Series {...props} />
    </Suspense>
  );
}

export function TiledMap(props: ComponentProps<typeof Tiled>) {
  return (
    <Suspense fallback={<p className="muted">Loading the map…</p>}>
      <Tiled {...props} />
    </Suspense>
  );
}
