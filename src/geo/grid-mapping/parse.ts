/**
 * Reads a CF grid mapping variable's attributes into a proj4 definition: `grid_mapping_name` and its parameters
 * (CF Appendix F), the earth's shape, and `crs_wkt` (or rioxarray's `spatial_ref`) when present. The CF parameters
 * win when both are there and they disagree; the WKT is used alone when there is no `grid_mapping_name`.
 * A mapping that cannot be used gives a problem naming its variable and the parameter at fault.
 */
import proj4 from 'proj4';
import { textAttribute } from '../../cf/attributes';
import type { Attribute } from '../../model/types';
import { earthParameters } from './earth';
import { BadParameter, MAPPINGS, MissingParameter } from './params';
import type { GridMapping, GridMappingProblem, GridMappingResult } from './types';

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

/** Whether proj4 builds the definition (throws otherwise). */
function check(def: string): void {
  proj4(def, geodeticOf(def));
}

/**
 * A proj4 definition from WKT (proj4's own WKT reader, WKT1 and most WKT2), or null when it cannot read it. CF's x
 * and y are always easting and northing (longitude, latitude), whatever axis order the WKT declares.
 */
function fromWkt(wkt: string): { def: string; geodetic: string; projName: string; h: number } | null {
  try {
    const p = proj4.Proj(wkt) as unknown as { projName?: string; a?: number; b?: number; h?: number };
    if (!p.projName) return null;
    proj4(wkt, 'EPSG:4326');
    const geodetic = p.a && p.b ? `+proj=longlat +a=${p.a} +b=${p.b} +no_defs` : '+proj=longlat +ellps=WGS84 +no_defs';
    return { def: wkt, geodetic, projName: p.projName, h: Number(p.h ?? 0) };
  } catch {
    return null;
  }
}

/** Reads the grid mapping variable at `path` with these attributes. */
export function parseGridMapping(path: string, attrs: readonly Attribute[]): GridMappingResult {
  const name = textAttribute(attrs, 'grid_mapping_name')?.trim();
  const wkt = textAttribute(attrs, 'crs_wkt') ?? textAttribute(attrs, 'spatial_ref');
  const warnings: GridMappingProblem[] = [];
  if (!name) {
    const w = wkt ? fromWkt(wkt) : null;
    if (!w)
      return problem(
        'missing-parameter',
        path,
        wkt
          ? `${path}: no grid_mapping_name, and its crs_wkt could not be read`
          : `${path}: no grid_mapping_name (CF Appendix F) and no crs_wkt`,
      );
    const degrees = w.projName === 'longlat' || w.projName === 'ob_tran';
    const mapping: GridMapping = {
      name: 'crs_wkt',
      proj4: w.def,
      geodetic: w.geodetic,
      source: 'crs_wkt',
      angular: w.projName === 'geos',
      height: w.h,
      degrees,
      warnings,
    };
    return { ok: true, mapping };
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
    check(def);
  } catch (e) {
    if (e instanceof MissingParameter)
      return problem(
        'missing-parameter',
        path,
        `${path}: grid mapping ${name} needs ${e.parameter}; the field is shown on its own axes`,
      );
    const why = e instanceof BadParameter ? e.message : `proj4 rejects it (${String(e)})`;
    return problem('bad-parameter', path, `${path}: grid mapping ${name}: ${why}; the field is shown on its own axes`);
  }
  if (wkt && !fromWkt(wkt))
    warnings.push({
      kind: 'wkt',
      variable: path,
      message: `${path}: crs_wkt could not be read; the CF parameters are used`,
    });
  const height = name === 'geostationary' ? Number(/\+h=(\S+)/.exec(def)?.[1] ?? 0) : 0;
  const degrees = name === 'latitude_longitude' || name === 'rotated_latitude_longitude';
  const mapping: GridMapping = {
    name,
    proj4: def,
    geodetic: geodeticOf(def),
    source: 'cf',
    angular: name === 'geostationary',
    height,
    degrees,
    warnings,
  };
  return { ok: true, mapping };
}
