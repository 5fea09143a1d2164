/**
 * Texts of DSG element coordinates for the Map's sliders and series: a CF time as its date (ISO-like, the
 * variable's `units` and `calendar`), other coordinates as numbers with their units.
 *
 * @example
 * coordinateTexts(ds.model, '/time', [0, 6]) // ['2024-02-01T00:00:00', '2024-02-01T06:00:00']
 */
import { textAttribute } from '../../cf/attributes';
import { decodeTimes } from '../../cf/time';
import { isTimeUnits } from '../../cf/time-units';
import { findVariable } from '../../model/find';
import type { Dataset } from '../../model/types';

/** The texts of `values` of coordinate variable `path`, and whether they are dates. */
export function coordinateTexts(
  ds: Dataset,
  path: string,
  values: readonly number[],
): { readonly texts: readonly string[]; readonly dates: boolean } {
  const v = findVariable(ds.root, path);
  const units = v ? (textAttribute(v.attributes, 'units')?.trim() ?? '') : '';
  if (v && isTimeUnits(units)) {
    try {
      const t = decodeTimes(values, units, textAttribute(v.attributes, 'calendar'));
      return { texts: t.map((s, i) => s ?? String(values[i])), dates: true };
    } catch {
      // Units the coder refuses: the numbers below.
    }
  }
  return { texts: values.map(String), dates: false };
}

/** The `units` of variable `path` ('' without). */
export function unitsOf(ds: Dataset, path: string): string {
  const v = findVariable(ds.root, path);
  return v ? (textAttribute(v.attributes, 'units')?.trim() ?? '') : '';
}
