/**
 * d3 projections for the map view, fitted to an image of `width` × `height` pixels, and a checked inverse: a pixel
 * whose inverse does not project back onto itself is off the globe.
 */
import { geoEqualEarth, geoEquirectangular, geoOrthographic, geoStereographic, type GeoProjection } from 'd3-geo';
import { geoRobinson } from 'd3-geo-projection';
import type { ProjectionName } from './projection-names';
import type { Invert } from './reproject';

export interface ProjectionSpec {
  readonly name: ProjectionName;
  /** Centre longitude and latitude (latitude used by the orthographic projection). */
  readonly center: readonly [number, number];
  readonly width: number;
  readonly height: number;
}

export function makeProjection(spec: ProjectionSpec): GeoProjection {
  const [lon0, lat0] = spec.center;
  let p: GeoProjection;
  switch (spec.name) {
    case 'equal-earth':
      p = geoEqualEarth().rotate([-lon0, 0]);
      break;
    case 'robinson':
      p = geoRobinson().rotate([-lon0, 0]);
      break;
    case 'orthographic':
      p = geoOrthographic().rotate([-lon0, -lat0]).clipAngle(90);
      break;
    case 'north-polar':
      p = geoStereographic().rotate([-lon0, -90]).clipAngle(90);
      break;
    case 'south-polar':
      p = geoStereographic().rotate([-lon0, 90]).clipAngle(90);
      break;
    default:
      p = geoEquirectangular().rotate([-lon0, 0]);
  }
  return p.fitExtent(
    [
      [2, 2],
      [spec.width - 2, spec.height - 2],
    ],
    { type: 'Sphere' },
  );
}

/**
 * The projection of `spec` showing only `extent` (`[x0, y0, x1, y1]` of its `spec.width` × `spec.height` frame)
 * on an image of `size` pixels: a zoom. Without an extent, the projection of the whole frame.
 */
export function zoomedProjection(
  spec: ProjectionSpec,
  extent?: readonly [number, number, number, number],
  size?: readonly [number, number],
): GeoProjection {
  const p = makeProjection(spec);
  if (!extent) return p;
  const [x0, y0, x1] = extent;
  const k = (size ? size[0] : spec.width) / (x1 - x0);
  const [tx, ty] = p.translate();
  return p.scale(p.scale() * k).translate([(tx - x0) * k, (ty - y0) * k]);
}

/** The inverse of a projection, null off the globe (checked by projecting back to within half a pixel). */
export function checkedInvert(p: GeoProjection): Invert {
  return (x, y) => {
    const ll = p.invert?.([x, y]);
    if (!ll || !Number.isFinite(ll[0]) || !Number.isFinite(ll[1]) || Math.abs(ll[1]) > 90) return null;
    const back = p(ll);
    if (!back || Math.abs(back[0] - x) > 0.5 || Math.abs(back[1] - y) > 0.5) return null;
    return [ll[0], ll[1]];
  };
}
