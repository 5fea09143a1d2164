/**
 * What the map view loads on first use on the main thread (d3-geo, d3-geo-projection, world-atlas): projections
 * for hover and coastlines, and Natural Earth land outlines. Imported dynamically (app/core.ts `loadMapCore`),
 * never at start-up. The reprojection itself runs in the decode workers (`reproject-task.ts`).
 */
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';

export { checkedInvert, makeProjection, zoomedProjection, type ProjectionSpec } from './projection';
export { extentInvert } from './reproject-task';
export { fillImage } from './reproject';
export { nodeHover } from './mesh/node-image';
export { loadCellGrid, type LoadedCellGrid, type ReadArray } from './cell-grid-load';
export { loadDsg, type ReadText } from './dsg/load';
export { readStrings } from '../cf/axis-values';
export type { DsgPlacement } from './dsg/place';
export { coordinateTexts, unitsOf } from './dsg/labels';
export { featureSeries, shownMarks, sliderSteps, type FeatureSeries, type SliderValues } from './dsg/select';
export { loadGeometries } from './geometry/load';
export { geometryAt } from './geometry/contains';
export { mappingTransform } from './grid-mapping/transform';
export { geoPath } from 'd3-geo';

export type Land = GeoJSON.FeatureCollection | GeoJSON.Feature;

/** Land outlines from Natural Earth (world-atlas), 50m or 110m. */
export async function loadLand(detail: '50m' | '110m'): Promise<Land> {
  const mod = detail === '50m' ? await import('world-atlas/land-50m.json') : await import('world-atlas/land-110m.json');
  const topo = mod.default as unknown as Topology;
  const land = topo.objects.land;
  if (!land) throw new Error('world-atlas: no land object');
  return feature(topo, land) as Land;
}
