/**
 * Reads a CF grid mapping variable's attributes into a proj4 definition: `grid_mapping_name` and its parameters
 * (CF Appendix F), the earth's shape, and `crs_wkt` (or rioxarray's `spatial_ref`) when present. The CF parameters
 * win when there is a `grid_mapping_name`; the WKT is used alone when there is none (read by proj4 when the
 * transform is made: `transform.ts`). No proj4 here, so that finding a mapping costs the start-up nothing.
 * A mapping that cannot be used gives a problem naming its variable and the parameter at fault.
 */
import { textAttribute } from '../../cf/attributes';
import type { Attribute } from '../../model/types';
import { earthParameters } from './earth';
import { BadParameter, MAPPINGS, MissingParameter } from './params';
import type { GridMapping, GridMappingProblem, GridMappingResult } from './types';
import { geosFromWkt } from './wkt-geos';

/** The grid_mapping_name values of CF Appendix F that are read. */
export const MAPPING_NAMES: readonly string[] = Object.keys(MAPPINGS);

const problem = (kind: GridMappingProblem['kind'], variable: string, message: string): GridMappingResult => ({
  ok: false,
  problem: { kind, variable, message },
});

/** The geodetic (longitude/latitude) definition on the same earth as `def`. */
function geodeticOf(def: string): string {
  const keep = def.split(/\s+/).filter((p) => /^\+(R|a|b|rf|ellps|datum|towgs84|pm)=/.test(p));
  return ['+proj=longlat', ...keep, '+no_defs'].join(' ');
}

/** Whether a WKT describes longitude/latitude (geographic, or a rotated pole) rather than a projection. */
function wktIsGeographic(wkt: string): boolean {
  const head = /^\s*([A-Z_]+)\s*\[/i.exec(wkt)?.[1]?.toUpperCase() ?? '';
  return /^(GEOGCS|GEOGCRS|GEOGRAPHICCRS|GEODCRS|GEODETICCRS)$/.test(head);
}

/** A mapping named by its crs_wkt alone. */
function fromWkt(path: string, wkt: string): GridMappingResult {
  if (!/^\s*[A-Z_]+\s*\[/i.test(wkt))
    return problem('wkt', path, `${path}: no grid_mapping_name, and its crs_wkt is not WKT`);
  if (/geostationary/i.test(wkt)) {
    const geos = geosFromWkt(wkt);
    if (!geos)
      return problem(
        'wkt',
        path,
        `${path}: a geostationary crs_wkt without a satellite height cannot be read; add grid_mapping_name and its CF parameters`,
      );
    // proj4 has no WKT reader for geos: the definition is a proj4 string (see `ends` in transform.ts).
    const mapping: GridMapping = {
      name: 'geostationary',
      proj4: geos.proj4,
      geodetic: geodeticOf(geos.proj4),
      source: 'crs_wkt',
      angular: true,
      height: geos.height,
      degrees: false,
      warnings: [],
    };
    return { ok: true, mapping };
  }
  const mapping: GridMapping = {
    name: 'crs_wkt',
    proj4: wkt,
    geodetic: '',
    source: 'crs_wkt',
    angular: false,
    height: 0,
    degrees: wktIsGeographic(wkt),
    warnings: [],
  };
  return { ok: true, mapping };
}

/** Reads the grid mapping variable at `path` with these attributes. */
export function parseGridMapping(path: string, attrs: readonly Attribute[]): GridMappingResult {
  const name = textAttribute(attrs, 'grid_mapping_name')?.trim();
  const wkt = textAttribute(attrs, 'crs_wkt') ?? textAttribute(attrs, 'spatial_ref');
  if (!name) {
    if (wkt) return fromWkt(path, wkt);
    return problem('missing-parameter', path, `${path}: no grid_mapping_name (CF Appendix F) and no crs_wkt`);
  }
  const make = MAPPINGS[name];
  if (!make)
    return problem(
      'unknown-name',
      path,
      `${path}: grid_mapping_name "${name}" is not a CF grid mapping (CF Appendix F); the field is shown on its own axes`,
    );
  let def: string;
  try {
    def = `${make(attrs)} ${earthParameters(attrs)} +no_defs`.replace(/\s+/g, ' ');
  } catch (e) {
    if (e instanceof MissingParameter)
      return problem(
        'missing-parameter',
        path,
        `${path}: grid mapping ${name} needs ${e.parameter}; the field is shown on its own axes`,
      );
    const why = e instanceof BadParameter ? e.message : String(e);
    return problem('bad-parameter', path, `${path}: grid mapping ${name}: ${why}; the field is shown on its own axes`);
  }
  const height = name === 'geostationary' ? Number(/\+h=(\S+)/.exec(def)?.[1] ?? 0) : 0;
  const mapping: GridMapping = {
    name,
    proj4: def,
    geodetic: geodeticOf(def),
    source: 'cf',
    angular: name === 'geostationary',
    height,
    degrees: name === 'latitude_longitude' || name === 'rotated_latitude_longitude',
    warnings: [],
  };
  return { ok: true, mapping };
}
