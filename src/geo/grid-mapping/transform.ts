/**
 * Positions on a grid mapping: projected x/y (in the coordinates' own units) ↔ longitude/latitude in degrees on the
 * mapping's earth, through proj4. A point with no earth behind it (a geostationary disk's corners, the far side of
 * an orthographic view) is NaN.
 */
import proj4 from 'proj4';
import type { GridMapping } from './types';

export interface MappingTransform {
  /** x/y in the coordinates' units → [lon, lat] in degrees (NaN, NaN off the earth). */
  inverse(x: number, y: number): [number, number];
  /** lon/lat in degrees → [x, y] in the coordinates' units (NaN, NaN where the mapping cannot show it). */
  forward(lon: number, lat: number): [number, number];
}

interface ProjLike {
  projName?: string;
  axis?: string;
  a?: number;
  b?: number;
}

/**
 * The two ends of a mapping's transform: its projection (a WKT read by proj4's WKT reader, with its axes forced
 * to east, north — what CF's x and y are — whatever order the WKT declares) and its geodetic CRS.
 */
function ends(mapping: GridMapping): [string, string] {
  // A WKT proj4 cannot read (geostationary) is given as the proj4 string it was read into (wkt-geos.ts).
  if (mapping.source !== 'crs_wkt' || mapping.proj4.startsWith('+')) return [mapping.proj4, mapping.geodetic];
  const p = proj4.Proj(mapping.proj4) as unknown as ProjLike;
  if (!p.projName) throw new Error('proj4 cannot read this crs_wkt');
  p.axis = 'enu';
  const geodetic = p.a && p.b ? `+proj=longlat +a=${p.a} +b=${p.b} +no_defs` : '+proj=longlat +ellps=WGS84 +no_defs';
  return [p as unknown as string, geodetic];
}

/** Why proj4 cannot make this mapping's transform, or null when it can. */
export function mappingError(mapping: GridMapping): string | null {
  try {
    const [from, to] = ends(mapping);
    proj4(from, to);
    return null;
  } catch (e) {
    return e instanceof Error && e.message ? e.message : 'proj4 rejects it';
  }
}

/** Whether proj4 reads a crs_wkt (the Report names one it cannot read). */
export function wktReadable(wkt: string): boolean {
  try {
    return Boolean((proj4.Proj(wkt) as unknown as ProjLike).projName);
  } catch {
    return false;
  }
}

const finite = (p: readonly number[]): [number, number] => {
  const [a = NaN, b = NaN] = p;
  return Number.isFinite(a) && Number.isFinite(b) && Math.abs(a) < 1e30 && Math.abs(b) < 1e30 ? [a, b] : [NaN, NaN];
};

/** The false easting and northing of a proj4 definition (its centre's x/y). */
function centreOf(def: string): [number, number] {
  const v = (n: string) => Number(new RegExp(`\\+${n}=(\\S+)`).exec(def)?.[1] ?? 0);
  return [v('x_0'), v('y_0')];
}

/** The transform of a mapping whose x/y are in units `scale` times the mapping's own (metres or degrees). */
export function mappingTransform(mapping: GridMapping, scale = 1): MappingTransform {
  const [from, to] = ends(mapping);
  const conv = proj4(from, to);
  // Geostationary x/y are scan angles: proj4's geos works in metres, angle × satellite height.
  const k = scale * (mapping.angular ? mapping.height : 1);
  // proj4's tpers answers latitude 0 within 0.6 mm of its centre: a point 1 mm off it is right to 1e-8°.
  const centre = /\+proj=tpers\b/.test(mapping.proj4) ? centreOf(mapping.proj4) : null;
  return {
    inverse(x, y) {
      if (!Number.isFinite(x) || !Number.isFinite(y)) return [NaN, NaN];
      try {
        let px = x * k;
        const py = y * k;
        if (centre && Math.hypot(px - centre[0], py - centre[1]) < 1e-3) px = centre[0] + 1e-3;
        const ll = finite(conv.forward([px, py]));
        // A latitude beyond the poles, or a point that does not project back onto itself (beyond an
        // orthographic or perspective disk, where proj4 clamps), is no point of the earth.
        if (!(Math.abs(ll[1]) <= 90 + 1e-9)) return [NaN, NaN];
        const back = conv.inverse([ll[0], ll[1]]);
        // A millimetre besides the relative error: at a projection's centre the round trip is off by micrometres.
        const tol = 1e-3 + 1e-6 * (Math.abs(px) + Math.abs(py));
        if (!(Math.abs((back[0] ?? NaN) - px) <= tol && Math.abs((back[1] ?? NaN) - py) <= tol)) return [NaN, NaN];
        return ll;
      } catch {
        return [NaN, NaN];
      }
    },
    forward(lon, lat) {
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) return [NaN, NaN];
      try {
        const xy = finite(conv.inverse([lon, lat]));
        return [xy[0] / k, xy[1] / k];
      } catch {
        return [NaN, NaN];
      }
    },
  };
}

/**
 * Longitude and latitude of every cell of a grid with 1-D `x` (columns) and `y` (rows): row-major
 * `y.length` × `x.length`, NaN where there is no earth.
 */
export function cellLonLat(
  t: MappingTransform,
  x: ArrayLike<number>,
  y: ArrayLike<number>,
): { lon: Float64Array; lat: Float64Array } {
  const nx = x.length;
  const ny = y.length;
  const lon = new Float64Array(nx * ny);
  const lat = new Float64Array(nx * ny);
  for (let i = 0; i < ny; i++) {
    const yi = Number(y[i]);
    for (let j = 0; j < nx; j++) {
      const [a, b] = t.inverse(Number(x[j]), yi);
      lon[i * nx + j] = a;
      lat[i * nx + j] = b;
    }
  }
  return { lon, lat };
}

/**
 * The corners of each cell from the x and y bounds (`[n, 2]` each, row-major pairs): for cell (i, j), four
 * [lon, lat] pairs in the order (x0, y0), (x1, y0), (x1, y1), (x0, y1) — the row-major `ny` × `nx` × 4 × 2 array.
 */
export function cellCorners(t: MappingTransform, xBounds: ArrayLike<number>, yBounds: ArrayLike<number>): Float64Array {
  const nx = xBounds.length / 2;
  const ny = yBounds.length / 2;
  const out = new Float64Array(nx * ny * 8);
  for (let i = 0; i < ny; i++)
    for (let j = 0; j < nx; j++) {
      const x0 = Number(xBounds[2 * j]);
      const x1 = Number(xBounds[2 * j + 1]);
      const y0 = Number(yBounds[2 * i]);
      const y1 = Number(yBounds[2 * i + 1]);
      const o = (i * nx + j) * 8;
      const corners = [t.inverse(x0, y0), t.inverse(x1, y0), t.inverse(x1, y1), t.inverse(x0, y1)];
      corners.forEach(([lo, la], c) => {
        out[o + 2 * c] = lo;
        out[o + 2 * c + 1] = la;
      });
    }
  return out;
}
