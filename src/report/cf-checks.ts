/** CF conformance checks of one variable: units, standard_name, time units and calendar, references, fill value. */
import { findAttribute, numericAttribute, textAttribute } from '../cf/attributes';
import { normalizeCalendar, type CalendarName } from '../cf/calendar';
import { resolveVariable } from '../cf/coordinates';
import { defaultFillFor } from '../cf/decode';
import { absoluteTimeUnit, parseTimeUnits } from '../cf/time-units';
import { gridMappingFindings } from './grid-mapping-checks';
import { featureFindings } from './feature-checks';
import { meshFindings } from './mesh-checks';
import type { Dataset, Variable } from '../model/types';
import { MODIFIERS, closestStandardName } from './standard-names';
import type { Finding, ReportTables } from './types';
import { unitsParse } from './units';

const parentPath = (p: string) => p.slice(0, Math.max(1, p.lastIndexOf('/')));
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Variable references of an attribute: `coordinates`/`ancillary_variables` (names), `grid_mapping` (both forms). */
function references(v: Variable, attr: string): string[] {
  const text = textAttribute(v.attributes, attr);
  if (text === undefined) return [];
  if (attr === 'grid_mapping' && text.includes(':')) {
    // `crs: lat lon crs2: x y` — the names before the colons are the grid mapping variables.
    return [...text.matchAll(/([^\s:]+):/g)].map((m) => m[1] ?? '');
  }
  return text.split(/\s+/).filter(Boolean);
}

const REFERENCE_CHECKS: readonly { attr: string; code: string; severity: Finding['severity'] }[] = [
  { attr: 'coordinates', code: 'coordinates-missing', severity: 'error' },
  { attr: 'bounds', code: 'bounds-missing', severity: 'error' },
  { attr: 'grid_mapping', code: 'grid-mapping-missing', severity: 'error' },
  { attr: 'ancillary_variables', code: 'ancillary-missing', severity: 'warning' },
];

function toNumber(x: unknown): number | undefined {
  if (typeof x === 'number') return x;
  if (typeof x === 'bigint') return Number(x);
  return undefined;
}

/** The fill value readers mask: `_FillValue`, else the Zarr fill value where the dialect treats it as one. */
function fillOf(ds: Dataset, v: Variable): number | undefined {
  const attr = numericAttribute(v.attributes, '_FillValue');
  if (attr) return toNumber(attr.values[0]);
  return defaultFillFor(ds.dialect) === 'zarr' ? toNumber(v.fillValue) : undefined;
}

function validRange(v: Variable): [number, number] | undefined {
  const range = numericAttribute(v.attributes, 'valid_range');
  if (range && range.values.length === 2)
    return [toNumber(range.values[0]) ?? -Infinity, toNumber(range.values[1]) ?? Infinity];
  const lo = numericAttribute(v.attributes, 'valid_min');
  const hi = numericAttribute(v.attributes, 'valid_max');
  if (!lo && !hi) return undefined;
  return [toNumber(lo?.values[0]) ?? -Infinity, toNumber(hi?.values[0]) ?? Infinity];
}

export function cfFindings(ds: Dataset, v: Variable, tables: ReportTables): Finding[] {
  const out: Finding[] = [];
  const f = (code: string, severity: Finding['severity'], msg: string, advice: string) =>
    out.push({ code, severity, path: v.path, message: msg, advice });

  let calendar: CalendarName | undefined;
  const calText = textAttribute(v.attributes, 'calendar');
  try {
    calendar = normalizeCalendar(calText);
  } catch {
    f(
      'calendar-unknown',
      'error',
      `calendar "${calText ?? ''}" is not a CF calendar.`,
      'Use one of standard, proleptic_gregorian, julian, noleap, all_leap, 360_day or none.',
    );
  }

  const units = textAttribute(v.attributes, 'units');
  if (units !== undefined && absoluteTimeUnit(units)) {
    f(
      'time-absolute',
      'info',
      `units "${units}": CDO's absolute time axis, the values are dates.`,
      'Read as CDO reads it.',
    );
  } else if (units !== undefined && /^\s*\S+\s+as\s+%/i.test(units)) {
    f(
      'time-absolute-unsupported',
      'warning',
      `units "${units}": an absolute time form CDO does not read (it reads day as %Y%m%d.%f, month as %Y%m.%f, year as %Y.%f).`,
      'Write "day as %Y%m%d.%f", or CF units "<unit> since <date>".',
    );
  } else if (units !== undefined && /\bsince\b/.test(units)) {
    try {
      parseTimeUnits(units, calendar ?? 'standard');
    } catch (e) {
      f(
        'time-units-invalid',
        'error',
        `units "${units}" are not valid CF time units: ${message(e)}`,
        'Write time units as "<unit> since <date>", e.g. "days since 2000-01-01 00:00:00".',
      );
    }
  } else if (
    units !== undefined &&
    units.trim() !== '' &&
    v.type !== 'char' &&
    v.type !== 'string' &&
    !unitsParse(units)
  ) {
    f(
      'units-unknown',
      'warning',
      `units "${units}" do not parse as UDUNITS-2 units.`,
      'Use UDUNITS-2 units (e.g. "K", "m s-1", "kg m-2", "1" for dimensionless).',
    );
  }

  const sn = textAttribute(v.attributes, 'standard_name');
  const table = tables.standardNames;
  if (sn !== undefined && table) {
    const [name = '', modifier, ...extra] = sn.trim().split(/\s+/);
    const alias = table.aliases.get(name);
    if (alias !== undefined) {
      f('standard-name-alias', 'info', `standard_name "${name}" is an alias of "${alias}".`, `Use "${alias}".`);
    } else if (!table.units.has(name)) {
      const near = closestStandardName(name, table);
      f(
        'standard-name-unknown',
        'warning',
        `standard_name "${name}" is not in the CF standard name table (version ${table.version}).`,
        near
          ? `Did you mean "${near}"? Otherwise drop standard_name and describe the variable with long_name.`
          : 'Use a name from the CF standard name table, or long_name instead.',
      );
    }
    if ((modifier !== undefined && !MODIFIERS.has(modifier)) || extra.length > 0) {
      f(
        'standard-name-modifier',
        'warning',
        `standard_name "${sn}" has an unknown modifier.`,
        'Modifiers are detection_minimum, number_of_observations, standard_error and status_flag.',
      );
    }
  }

  const group = parentPath(v.path);
  for (const { attr, code, severity } of REFERENCE_CHECKS) {
    for (const ref of references(v, attr)) {
      if (!resolveVariable(ds, group, ref)) {
        f(
          code,
          severity,
          `${attr} names "${ref}", which is not a variable of this dataset.`,
          `Add the variable ${ref} or remove it from ${attr}.`,
        );
      }
    }
  }

  out.push(...gridMappingFindings(ds, v));
  out.push(...meshFindings(ds, v));
  out.push(...featureFindings(ds, v));

  const fill = fillOf(ds, v);
  const range = validRange(v);
  if (fill !== undefined && range && !Number.isNaN(fill) && fill >= range[0] && fill <= range[1]) {
    f(
      'fill-in-valid-range',
      'warning',
      `The fill value ${fill} lies inside the valid range [${range[0]}, ${range[1]}]: valid data equal to it are masked.`,
      'Choose a _FillValue outside valid_range (CF §2.5.1).',
    );
  }
  if (
    findAttribute(v.attributes, 'missing_value') &&
    !findAttribute(v.attributes, '_FillValue') &&
    defaultFillFor(ds.dialect) === 'none'
  ) {
    f(
      'missing-value-only',
      'info',
      'missing_value is set but no _FillValue: some readers mask only _FillValue.',
      'Set _FillValue as well.',
    );
  }
  return out;
}
