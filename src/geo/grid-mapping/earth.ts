/**
 * The figure of the earth of a CF grid mapping (CF §5.6 and Appendix F): `earth_radius` (a sphere), else
 * `semi_major_axis` with `inverse_flattening` or `semi_minor_axis`, else WGS 84 — what pyproj's `CRS.from_cf` takes
 * when no shape is given. `longitude_of_prime_meridian` shifts the meridian.
 */
import type { Attribute } from '../../model/types';
import { num } from './values';

/** proj4 parameters of the earth's shape (`+R=…` or `+a=… +rf=…`/`+b=…`) and the prime meridian. */
export function earthParameters(attrs: readonly Attribute[]): string {
  const r = num(attrs, 'earth_radius');
  const a = num(attrs, 'semi_major_axis');
  const b = num(attrs, 'semi_minor_axis');
  const rf = num(attrs, 'inverse_flattening');
  const pm = num(attrs, 'longitude_of_prime_meridian');
  let shape: string;
  if (r !== undefined && r > 0) shape = `+R=${r}`;
  else if (a !== undefined && a > 0 && rf !== undefined && rf > 0) shape = `+a=${a} +rf=${rf}`;
  else if (a !== undefined && a > 0 && rf === 0) shape = `+R=${a}`;
  else if (a !== undefined && a > 0 && b !== undefined && b > 0) shape = a === b ? `+R=${a}` : `+a=${a} +b=${b}`;
  else if (a !== undefined && a > 0) shape = `+R=${a}`;
  else shape = '+ellps=WGS84';
  return pm !== undefined && pm !== 0 ? `${shape} +pm=${pm}` : shape;
}
