/**
 * Map: a latitude/longitude slice, one on projected x/y with a CF grid mapping, or a 1-D slice along a grid of cells
 * (an unstructured mesh) or along a CF discrete sampling geometry's stations or observations (drawn as marks),
 * reprojected (d3 projections, loaded on first use) with Natural Earth coastlines.
 */
import { lazy, Suspense } from 'react';
import type { ViewDef, ViewProps } from '../shared/view-kind';

const MapView = lazy(() => import('./MapView'));
const GeometryMap = lazy(() => import('./GeometryMap'));

function LazyMap(props: ViewProps) {
  return (
    <Suspense fallback={<p className="muted">Loading the map…</p>}>
      {props.context?.geometry ? <GeometryMap {...props} geometry={props.context.geometry} /> : <MapView {...props} />}
    </Suspense>
  );
}

export const mapView: ViewDef = {
  kind: 'map',
  label: 'Map',
  applies: (ctx) =>
    ctx.numeric &&
    ((ctx.shownRank === 2 && (ctx.geo !== null || ctx.curvilinear !== null || Boolean(ctx.projected))) ||
      (ctx.shownRank === 1 && Boolean(ctx.cells)) ||
      Boolean(ctx.dsg) ||
      Boolean(ctx.geometry)),
  needsValues: true,
  Component: LazyMap,
  exports: ['csv', 'npy', 'png'],
  controls: ['colormap', 'scale', 'range'],
};
