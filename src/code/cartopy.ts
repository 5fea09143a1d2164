/**
 * A CF grid mapping as cartopy code: the `ccrs` class a user would write for the common mappings (geostationary,
 * rotated pole, Lambert conformal, polar and oblique stereographic, plate carrée), each with the mapping's earth
 * as a `ccrs.Globe`, and pyproj's own reading of the mapping variable (`CRS.from_cf`, or the `crs_wkt`/`spatial_ref`
 * text) wrapped in `ccrs.Projection` for every other one — pyproj is what cartopy itself stands on.
 *
 * @example
 * cartopyCrs({ name: 'geostationary', attributes, mappingName: 'goes_imager_projection', source: 'cf' })
 * // ['globe = ccrs.Globe(…)', 'crs = ccrs.Geostationary(central_longitude=-75.0, …, globe=globe)']
 */
import { textAttribute } from '../cf/attributes';
import { num, nums } from '../geo/grid-mapping/values';
import type { Attribute } from '../model/types';
import { pyStr } from './python';

export interface MappingForCode {
  /** CF's grid_mapping_name (as `GridMapping.name`), or `crs_wkt` when only the WKT names it. */
  readonly name: string;
  /** The grid mapping variable's attributes. */
  readonly attributes: readonly Attribute[];
  /** The grid mapping variable's name in the dataset (`ds[name].attrs`). */
  readonly mappingName: string;
  /** Where the viewer's definition came from (`GridMapping.source`). */
  readonly source: 'cf' | 'crs_wkt';
}

/** A Python float literal (`-75.0`, `35786023.0`). */
const f = (x: number): string => (Number.isInteger(x) ? `${x}.0` : String(x));

/** `ccrs.Globe(…)` of the mapping's earth (CF §5.6), or null for cartopy's default (WGS 84, as pyproj takes too). */
function globe(attrs: readonly Attribute[]): string | null {
  const r = num(attrs, 'earth_radius');
  const a = num(attrs, 'semi_major_axis');
  const b = num(attrs, 'semi_minor_axis');
  const rf = num(attrs, 'inverse_flattening');
  if (r !== undefined && r > 0) return `ccrs.Globe(ellipse=None, semimajor_axis=${f(r)}, semiminor_axis=${f(r)})`;
  if (a === undefined || !(a > 0)) return null;
  if (rf !== undefined && rf > 0)
    return `ccrs.Globe(ellipse=None, semimajor_axis=${f(a)}, inverse_flattening=${f(rf)})`;
  const minor = b !== undefined && b > 0 ? b : a;
  return `ccrs.Globe(ellipse=None, semimajor_axis=${f(a)}, semiminor_axis=${f(minor)})`;
}

const opt = (attrs: readonly Attribute[], name: string, dflt = 0): number => num(attrs, name) ?? dflt;

/** Keyword arguments of a cartopy class for the mappings written as such; null for the others. */
function classCall(name: string, a: readonly Attribute[]): { cls: string; args: string[] } | null {
  const easting = [`false_easting=${f(opt(a, 'false_easting'))}`, `false_northing=${f(opt(a, 'false_northing'))}`];
  switch (name) {
    case 'latitude_longitude':
      return { cls: 'PlateCarree', args: [] };
    case 'geostationary': {
      const h = num(a, 'perspective_point_height');
      const s = textAttribute(a, 'sweep_angle_axis')?.trim().toLowerCase();
      const fixed = textAttribute(a, 'fixed_angle_axis')?.trim().toLowerCase();
      const sweep = s === 'x' || s === 'y' ? s : fixed === 'x' ? 'y' : fixed === 'y' ? 'x' : undefined;
      if (h === undefined || sweep === undefined) return null;
      return {
        cls: 'Geostationary',
        args: [
          `central_longitude=${f(opt(a, 'longitude_of_projection_origin'))}`,
          `satellite_height=${f(h)}`,
          `sweep_axis=${pyStr(sweep)}`,
          ...easting,
        ],
      };
    }
    case 'rotated_latitude_longitude': {
      const plat = num(a, 'grid_north_pole_latitude');
      const plon = num(a, 'grid_north_pole_longitude');
      if (plat === undefined || plon === undefined) return null;
      return {
        cls: 'RotatedPole',
        args: [
          `pole_longitude=${f(plon)}`,
          `pole_latitude=${f(plat)}`,
          `central_rotated_longitude=${f(opt(a, 'north_pole_grid_longitude'))}`,
        ],
      };
    }
    case 'lambert_conformal_conic': {
      const sp = nums(a, 'standard_parallel');
      if (sp.length === 0) return null;
      // One standard parallel: the latitude of natural origin is that parallel (EPSG 9801), as pyproj reads it.
      const lat0 = sp.length === 1 ? sp[0]! : opt(a, 'latitude_of_projection_origin');
      return {
        cls: 'LambertConformal',
        args: [
          `central_longitude=${f(opt(a, 'longitude_of_central_meridian'))}`,
          `central_latitude=${f(lat0)}`,
          `standard_parallels=(${sp.slice(0, 2).map(f).join(', ')}${sp.length === 1 ? ',' : ''})`,
          ...easting,
        ],
      };
    }
    case 'polar_stereographic': {
      const lon0 = num(a, 'straight_vertical_longitude_from_pole');
      const ts = num(a, 'standard_parallel');
      const lat0 = num(a, 'latitude_of_projection_origin') ?? (ts !== undefined && ts < 0 ? -90 : 90);
      if (lon0 === undefined) return null;
      const scale =
        ts !== undefined
          ? [`true_scale_latitude=${f(ts)}`]
          : [`scale_factor=${f(opt(a, 'scale_factor_at_projection_origin', 1))}`];
      return {
        cls: 'Stereographic',
        args: [`central_latitude=${f(lat0 < 0 ? -90 : 90)}`, `central_longitude=${f(lon0)}`, ...scale, ...easting],
      };
    }
    case 'stereographic':
      return {
        cls: 'Stereographic',
        args: [
          `central_latitude=${f(opt(a, 'latitude_of_projection_origin'))}`,
          `central_longitude=${f(opt(a, 'longitude_of_projection_origin'))}`,
          `scale_factor=${f(opt(a, 'scale_factor_at_projection_origin', 1))}`,
          ...easting,
        ],
      };
    default:
      return null;
  }
}

/**
 * Python lines that define `crs`, the cartopy CRS of the mapping (with `import pyproj` first where pyproj reads
 * it). The lines use `ds` (the opened dataset) only for the pyproj route.
 */
export function cartopyCrs(m: MappingForCode): { imports: string[]; lines: string[] } {
  const call = m.source === 'cf' ? classCall(m.name, m.attributes) : null;
  if (call) {
    const g = call.cls === 'PlateCarree' ? null : globe(m.attributes);
    const args = [...call.args, ...(g ? ['globe=globe'] : [])];
    return {
      imports: [],
      lines: [
        `# The grid mapping ${pyStr(m.mappingName)} (${m.name}) as a cartopy CRS.`,
        ...(g ? [`globe = ${g}`] : []),
        `crs = ccrs.${call.cls}(${args.join(', ')})`,
      ],
    };
  }
  // pyproj's CRS.from_cf reads crs_wkt (or spatial_ref) first, then the CF parameters.
  return {
    imports: ['import pyproj'],
    lines: [
      `# The grid mapping ${pyStr(m.mappingName)} (${m.name}) read by pyproj, as a cartopy CRS.`,
      `crs = ccrs.Projection(pyproj.CRS.from_cf(ds[${pyStr(m.mappingName)}].attrs))`,
    ],
  };
}

/** The cartopy projection of the viewer's Map projections (`ProjectionName`). */
export const MAP_PROJECTIONS: Readonly<Record<string, string>> = {
  equirectangular: 'ccrs.PlateCarree()',
  'equal-earth': 'ccrs.EqualEarth()',
  robinson: 'ccrs.Robinson()',
  orthographic: 'ccrs.Orthographic()',
  'north-polar': 'ccrs.NorthPolarStereo()',
  'south-polar': 'ccrs.SouthPolarStereo()',
};
