/**
 * A geostationary view given by WKT alone (no `grid_mapping_name`), which proj4's WKT reader does not know: read
 * into a proj4 `geos` definition from GDAL's WKT1 (its `EXTENSION["PROJ4", …]` when there, else
 * `PROJECTION["Geostationary_Satellite"]`, whose sweep axis GDAL takes as y) or from WKT2 (`METHOD["Geostationary
 * Satellite (Sweep X)"]`). Lengths are taken in metres, as both write them.
 *
 * @example
 * geosFromWkt('PROJCRS[…METHOD["Geostationary Satellite (Sweep X)"],PARAMETER["Satellite height",35786023,…]…]')
 * // { proj4: '+proj=geos +h=35786023 +lon_0=-75 +sweep=x +x_0=0 +y_0=0 +a=6378137 +rf=298.25… +no_defs', height: 35786023 }
 */

/** The numbers of the WKT node `NAME["label", n, …]` whose label matches `label` (case-insensitive), or null. */
function parameter(wkt: string, label: RegExp): number | null {
  const re = /PARAMETER\s*\[\s*"([^"]*)"\s*,\s*([-+0-9.eE]+)/gi;
  for (let m = re.exec(wkt); m; m = re.exec(wkt)) if (label.test(m[1] ?? '')) return Number(m[2]);
  return null;
}

/** The ellipsoid (`ELLIPSOID`/`SPHEROID["name", a, rf]`) as proj4 parameters; WGS 84 when there is none. */
function ellipsoid(wkt: string): string {
  const m = /(?:ELLIPSOID|SPHEROID)\s*\[\s*"[^"]*"\s*,\s*([-+0-9.eE]+)\s*,\s*([-+0-9.eE]+)/i.exec(wkt);
  const a = Number(m?.[1]);
  const rf = Number(m?.[2]);
  if (!(a > 0)) return '+ellps=WGS84';
  return rf > 0 ? `+a=${a} +rf=${rf}` : `+R=${a}`;
}

export interface GeosDefinition {
  readonly proj4: string;
  /** The satellite's height above the ellipsoid (metres): scan angles × height = the projection's metres. */
  readonly height: number;
}

/** The proj4 definition of a geostationary WKT, or null when the WKT is not one (or lacks the satellite height). */
export function geosFromWkt(wkt: string): GeosDefinition | null {
  const ext = /EXTENSION\s*\[\s*"PROJ4"\s*,\s*"([^"]*)"/i.exec(wkt)?.[1];
  if (ext && /\+proj=geos\b/.test(ext)) {
    const height = Number(/\+h=(\S+)/.exec(ext)?.[1]);
    if (!(height > 0)) return null;
    const def = ext.replace(/\s*\+type=crs\b/, '').replace(/\s*\+no_defs\b/, '');
    return { proj4: `${def} +no_defs`.replace(/\s+/g, ' ').trim(), height };
  }
  const method = /METHOD\s*\[\s*"([^"]*)"/i.exec(wkt)?.[1] ?? /PROJECTION\s*\[\s*"([^"]*)"/i.exec(wkt)?.[1] ?? '';
  if (!/geostationary/i.test(method)) return null;
  // WKT2 names the sweep axis in the method; GDAL's WKT1 Geostationary_Satellite is PROJ's default, sweep y.
  const sweep = /sweep\s*x/i.test(method) ? 'x' : 'y';
  const height = parameter(wkt, /^satellite[ _]height$/i);
  if (height === null || !(height > 0)) return null;
  const lon0 = parameter(wkt, /^(longitude of natural origin|central_meridian|longitude of origin)$/i) ?? 0;
  const x0 = parameter(wkt, /^false[ _]easting$/i) ?? 0;
  const y0 = parameter(wkt, /^false[ _]northing$/i) ?? 0;
  return {
    proj4: `+proj=geos +h=${height} +lon_0=${lon0} +sweep=${sweep} +x_0=${x0} +y_0=${y0} ${ellipsoid(wkt)} +no_defs`,
    height,
  };
}
