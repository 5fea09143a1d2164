/**
 * Labels for the UI: numbers with units, axis titles from long_name / standard_name and units. Plain text —
 * attribute text is untrusted and must be rendered as text, never as HTML.
 */
import type { Variable } from '../model/types';
import { textAttribute } from './attributes';
import { isTimeUnits } from './time-units';

/**
 * A number in at most `digits` significant digits, without trailing zeros; exponent notation for very large or
 * small magnitudes. NaN → `NaN`.
 * @example formatNumber(273.149993896484) // '273.15'
 */
export function formatNumber(value: number | bigint, digits = 6): string {
  if (typeof value === 'bigint') return value.toString();
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return '0';
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1e-4 && abs < 10 ** digits) {
    return Number(value.toPrecision(digits)).toString();
  }
  const [mantissa, exponent] = value.toExponential(digits - 1).split('e');
  const m = (mantissa ?? '').replace(/\.?0+$/, '');
  return `${m}e${exponent ?? ''}`;
}

/** Units text fit for a label, or undefined when empty, dimensionless (`1`) or a time reference. */
export function displayUnits(units: string | undefined): string | undefined {
  const u = units?.trim();
  if (!u || u === '1' || isTimeUnits(u)) return undefined;
  return u;
}

/**
 * A value with its units (`273.15 K`); masked or NaN values give `—` (or `masked`).
 * @example formatValue(0.5, 'm s-1') // '0.5 m s-1'
 */
export function formatValue(
  value: number | bigint,
  units?: string,
  options: { masked?: boolean; digits?: number } = {},
): string {
  if (options.masked) return 'masked';
  if (typeof value === 'number' && Number.isNaN(value)) return '—';
  const u = displayUnits(units);
  const text = formatNumber(value, options.digits);
  return u ? `${text} ${u}` : text;
}

/** The name to show for a variable: long_name, else standard_name with spaces, else its name. */
export function displayName(variable: Variable): string {
  const long = textAttribute(variable.attributes, 'long_name')?.trim();
  if (long) return long;
  const standard = textAttribute(variable.attributes, 'standard_name')?.trim();
  if (standard) return standard.replace(/_/g, ' ');
  return variable.name;
}

/**
 * An axis or colour-bar title: display name and units in brackets (`Air temperature [K]`). Time axes carry
 * their calendar when it is not the standard one (`time (noleap)`).
 */
export function axisTitle(variable: Variable): string {
  const name = displayName(variable);
  const units = textAttribute(variable.attributes, 'units');
  if (isTimeUnits(units)) {
    const cal = textAttribute(variable.attributes, 'calendar')?.trim().toLowerCase();
    return cal && cal !== 'standard' && cal !== 'gregorian' ? `${name} (${cal})` : name;
  }
  const u = displayUnits(units);
  return u ? `${name} [${u}]` : name;
}

/** A value of a variable with the variable's units (`12.5 degrees_north`). */
export function valueLabel(variable: Variable, value: number | bigint, masked = false): string {
  return formatValue(value, textAttribute(variable.attributes, 'units'), { masked });
}
