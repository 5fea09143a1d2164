/**
 * Which dimensions of a variable are CF latitude and longitude: 1-D coordinate variables (by standard_name, units
 * or axis), or, on a curvilinear grid, 2-D latitude and longitude variables named by the `coordinates` attribute.
 */
import { textAttribute } from '../cf/attributes';
import type { AuxiliaryCoordinate, AxisDescription } from '../cf/coordinates';
import type { Variable } from '../model/types';

const LAT_UNITS = /^degrees?_?(north|n)$/i;
const LON_UNITS = /^degrees?_?(east|e)$/i;

function is(axis: AxisDescription, which: 'latitude' | 'longitude'): boolean {
  const c = axis.coordinate;
  if (!c || c.dimensions.length !== 1) return false;
  // grid_latitude/grid_longitude are rotated-pole coordinates, not geographic ones.
  const sn = textAttribute(c.attributes, 'standard_name')?.trim();
  if (sn === which) return true;
  if (sn === `grid_${which}`) return false;
  const units = (axis.units ?? textAttribute(c.attributes, 'units') ?? '').trim();
  if ((which === 'latitude' ? LAT_UNITS : LON_UNITS).test(units)) return true;
  return axis.kind === (which === 'latitude' ? 'Y' : 'X') && /^degrees?$/i.test(units);
}

export interface LatLonDims {
  readonly lat: number;
  readonly lon: number;
}

/** The latitude and longitude dimensions (1-D coordinate variables), or null when the variable has not both. */
export function latLonDims(axes: readonly AxisDescription[]): LatLonDims | null {
  const lat = axes.find((a) => is(a, 'latitude'));
  const lon = axes.find((a) => is(a, 'longitude'));
  return lat && lon && lat.index !== lon.index ? { lat: lat.index, lon: lon.index } : null;
}

/** A curvilinear grid: 2-D latitude and longitude variables over the two dimensions shown. */
export interface CurvilinearCoords {
  readonly lat: Variable;
  readonly lon: Variable;
  /** Positions, among the data variable's dimensions, of each coordinate variable's two dimensions. */
  readonly latDims: readonly [number, number];
  readonly lonDims: readonly [number, number];
}

function isAux(a: AuxiliaryCoordinate, which: 'latitude' | 'longitude'): boolean {
  if (a.dimensionIndices.length !== 2) return false;
  const attrs = a.variable.attributes;
  const sn = textAttribute(attrs, 'standard_name')?.trim();
  if (sn === which) return true;
  if (sn) return false;
  return (which === 'latitude' ? LAT_UNITS : LON_UNITS).test(textAttribute(attrs, 'units')?.trim() ?? '');
}

/**
 * The 2-D latitude and longitude (named by the variable's `coordinates`, CF §5.2) that span exactly dimensions
 * `a` and `b`, or null.
 */
export function curvilinearCoords(axes: readonly AxisDescription[], a: number, b: number): CurvilinearCoords | null {
  const aux = axes.flatMap((x) => x.auxiliary);
  const spans = (c: AuxiliaryCoordinate) => {
    const [p, q] = c.dimensionIndices;
    return (p === a && q === b) || (p === b && q === a);
  };
  const lat = aux.find((c) => spans(c) && isAux(c, 'latitude'));
  const lon = aux.find((c) => spans(c) && isAux(c, 'longitude'));
  if (!lat || !lon || lat.variable.path === lon.variable.path) return null;
  const dims = (c: AuxiliaryCoordinate) => [c.dimensionIndices[0] ?? 0, c.dimensionIndices[1] ?? 0] as const;
  return { lat: lat.variable, lon: lon.variable, latDims: dims(lat), lonDims: dims(lon) };
}
