/** Which dimensions of a variable are CF latitude and longitude (by standard_name, units or axis). */
import { textAttribute } from '../cf/attributes';
import type { AxisDescription } from '../cf/coordinates';

const LAT_UNITS = /^degrees?_?(north|n)$/i;
const LON_UNITS = /^degrees?_?(east|e)$/i;

function is(axis: AxisDescription, which: 'latitude' | 'longitude'): boolean {
  const c = axis.coordinate;
  if (!c || c.dimensions.length !== 1) return false;
  const sn = textAttribute(c.attributes, 'standard_name')?.trim();
  if (sn === which || sn === `grid_${which}`) return true;
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
