/**
 * The map's lookup on a HEALPix grid: a point → the position of its cell along the variable's cell dimension,
 * computed (no polygons, no index to build). A variable holding part of the sphere names its cells with a
 * `healpix_index` coordinate; then the pixel is looked up among those (−1 where the sphere has no value).
 */
import { ang2pix, type HealpixOrder } from './pixel';

/** What the decode workers receive: a plain object. */
export interface HealpixGeometry {
  readonly kind: 'healpix';
  readonly nside: number;
  readonly order: HealpixOrder;
  /** Cells held, by pixel index, when the variable holds part of the sphere. */
  readonly index?: ArrayLike<number> | undefined;
}

export function healpixLookup(g: HealpixGeometry): (lon: number, lat: number) => number {
  const scheme = { nside: g.nside, order: g.order };
  if (!g.index) return (lon, lat) => ang2pix(scheme, lon, lat);
  const at = new Map<number, number>();
  for (let i = 0; i < g.index.length; i++) at.set(Number(g.index[i]), i);
  return (lon, lat) => at.get(ang2pix(scheme, lon, lat)) ?? -1;
}
