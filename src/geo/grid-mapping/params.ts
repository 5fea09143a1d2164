/**
 * CF Appendix F grid mappings → proj4 definitions, parameter by parameter as pyproj's `CRS.from_cf` reads them
 * (the same defaults: 0 for an absent origin or false easting/northing; the parameters it cannot do without are
 * required here too). Each function returns the projection part; the earth's shape is added by the caller.
 */
import type { Attribute } from '../../model/types';
import { textAttribute } from '../../cf/attributes';
import { num, nums } from './values';

/** A parameter the mapping cannot do without is absent (or not a number): its name. */
export class MissingParameter extends Error {
  constructor(readonly parameter: string) {
    super(parameter);
  }
}

/** A parameter present but out of range. */
export class BadParameter extends Error {}

type Params = (attrs: readonly Attribute[]) => string;

function req(attrs: readonly Attribute[], name: string): number {
  const v = num(attrs, name);
  if (v === undefined) throw new MissingParameter(name);
  return v;
}

const opt = (attrs: readonly Attribute[], name: string, dflt = 0): number => num(attrs, name) ?? dflt;
const fe = (attrs: readonly Attribute[]) => `+x_0=${opt(attrs, 'false_easting')} +y_0=${opt(attrs, 'false_northing')}`;

/** One or two standard parallels (CF allows a pair as one attribute); the first is required. */
function parallels(attrs: readonly Attribute[]): [number, number | undefined] {
  const sp = nums(attrs, 'standard_parallel');
  if (sp.length === 0) throw new MissingParameter('standard_parallel');
  return [sp[0] ?? 0, sp[1]];
}

function origin(attrs: readonly Attribute[], lonName = 'longitude_of_projection_origin'): string {
  return `+lat_0=${opt(attrs, 'latitude_of_projection_origin')} +lon_0=${opt(attrs, lonName)}`;
}

function sweep(attrs: readonly Attribute[]): string {
  const s = textAttribute(attrs, 'sweep_angle_axis')?.trim().toLowerCase();
  if (s === 'x' || s === 'y') return s;
  const f = textAttribute(attrs, 'fixed_angle_axis')?.trim().toLowerCase();
  if (f === 'x') return 'y';
  if (f === 'y') return 'x';
  if (s !== undefined || f !== undefined) throw new BadParameter('sweep_angle_axis must be "x" or "y"');
  throw new MissingParameter('sweep_angle_axis');
}

/** `+lat_ts=` from standard_parallel, else `+k_0=` from scale_factor_at_projection_origin (Mercator, cylindrical). */
function tsOrK(attrs: readonly Attribute[]): string {
  const k = num(attrs, 'scale_factor_at_projection_origin');
  if (k !== undefined && num(attrs, 'standard_parallel') === undefined) return `+k_0=${k}`;
  return `+lat_ts=${opt(attrs, 'standard_parallel')}`;
}

export const MAPPINGS: Readonly<Record<string, Params>> = {
  albers_conical_equal_area: (a) => {
    const [p1, p2] = parallels(a);
    return `+proj=aea +lat_1=${p1} +lat_2=${p2 ?? p1} ${origin(a, 'longitude_of_central_meridian')} ${fe(a)}`;
  },
  azimuthal_equidistant: (a) => `+proj=aeqd ${origin(a)} ${fe(a)}`,
  geostationary: (a) => {
    const h = req(a, 'perspective_point_height');
    if (!(h > 0)) throw new BadParameter('perspective_point_height must be positive');
    if (opt(a, 'latitude_of_projection_origin') !== 0)
      throw new BadParameter('latitude_of_projection_origin must be 0 for a geostationary view');
    return `+proj=geos +h=${h} +lon_0=${opt(a, 'longitude_of_projection_origin')} +sweep=${sweep(a)} ${fe(a)}`;
  },
  lambert_azimuthal_equal_area: (a) => `+proj=laea ${origin(a)} ${fe(a)}`,
  lambert_conformal_conic: (a) => {
    const [p1, p2] = parallels(a);
    const lon0 = opt(a, 'longitude_of_central_meridian');
    // One standard parallel: the latitude of natural origin is that parallel (EPSG 9801), as pyproj reads it.
    if (p2 === undefined) return `+proj=lcc +lat_1=${p1} +lat_0=${p1} +lon_0=${lon0} +k_0=1 ${fe(a)}`;
    const lat0 = opt(a, 'latitude_of_projection_origin');
    return `+proj=lcc +lat_1=${p1} +lat_2=${p2} +lat_0=${lat0} +lon_0=${lon0} ${fe(a)}`;
  },
  lambert_cylindrical_equal_area: (a) =>
    `+proj=cea ${tsOrK(a)} +lon_0=${opt(a, 'longitude_of_central_meridian')} ${fe(a)}`,
  latitude_longitude: () => '+proj=longlat',
  mercator: (a) => `+proj=merc ${tsOrK(a)} +lon_0=${opt(a, 'longitude_of_projection_origin')} ${fe(a)}`,
  oblique_mercator: (a) => {
    const alpha = req(a, 'azimuth_of_central_line');
    const lat0 = req(a, 'latitude_of_projection_origin');
    const lonc = req(a, 'longitude_of_projection_origin');
    const k = opt(a, 'scale_factor_at_projection_origin', 1);
    return `+proj=omerc +lat_0=${lat0} +lonc=${lonc} +alpha=${alpha} +gamma=${alpha} +k_0=${k} ${fe(a)}`;
  },
  orthographic: (a) => `+proj=ortho ${origin(a)} ${fe(a)}`,
  polar_stereographic: (a) => {
    const lon0 = num(a, 'straight_vertical_longitude_from_pole');
    if (lon0 === undefined) throw new MissingParameter('straight_vertical_longitude_from_pole');
    const sp = num(a, 'standard_parallel');
    if (sp !== undefined) {
      const lat0 = num(a, 'latitude_of_projection_origin') ?? (sp < 0 ? -90 : 90);
      return `+proj=stere +lat_0=${lat0 < 0 ? -90 : 90} +lat_ts=${sp} +lon_0=${lon0} ${fe(a)}`;
    }
    const lat0 = req(a, 'latitude_of_projection_origin');
    if (Math.abs(lat0) !== 90) throw new BadParameter('latitude_of_projection_origin must be +90 or −90');
    return `+proj=stere +lat_0=${lat0} +lon_0=${lon0} +k_0=${opt(a, 'scale_factor_at_projection_origin', 1)} ${fe(a)}`;
  },
  rotated_latitude_longitude: (a) => {
    const plat = req(a, 'grid_north_pole_latitude');
    const plon = req(a, 'grid_north_pole_longitude');
    const o = opt(a, 'north_pole_grid_longitude');
    return `+proj=ob_tran +o_proj=longlat +o_lat_p=${plat} +o_lon_p=${o} +lon_0=${180 + plon}`;
  },
  sinusoidal: (a) => {
    // CF names the centre longitude_of_central_meridian; pyproj reads longitude_of_projection_origin.
    const lon0 = num(a, 'longitude_of_central_meridian') ?? opt(a, 'longitude_of_projection_origin');
    return `+proj=sinu +lon_0=${lon0} ${fe(a)}`;
  },
  stereographic: (a) => `+proj=stere ${origin(a)} +k_0=${opt(a, 'scale_factor_at_projection_origin', 1)} ${fe(a)}`,
  transverse_mercator: (a) =>
    `+proj=tmerc ${origin(a, 'longitude_of_central_meridian')} +k_0=${opt(a, 'scale_factor_at_central_meridian', 1)} ${fe(a)}`,
  vertical_perspective: (a) =>
    `+proj=tpers +h=${req(a, 'perspective_point_height')} ${origin(a)} +tilt=0 +azi=0 ${fe(a)}`,
};
