/**
 * CF time coordinates: numeric values ↔ dates in any CF calendar, with exact integer-microsecond arithmetic.
 * Results match cftime's `num2date(..., only_use_cftime_datetimes=True).isoformat()` (see fixtures/cf).
 *
 * @example
 * const coder = timeCoder('days since 2000-01-01', '360_day');
 * coder.format(59) // '2000-02-30T00:00:00'
 * coder.encode('2000-03-01') // 60
 */
import { MetadataError } from '../errors';
import {
  fromMicros,
  invalidDateReason,
  normalizeCalendar,
  toMicros,
  type CalendarDate,
  type CalendarName,
} from './calendar';
import { formatDate } from './date-format';
import { dyadicCeil, dyadicFloor, dyadicRint, multiplyExact, roundHalfEvenDiv, roundToBits } from './exact';
import { absoluteCoder } from './time-absolute-coder';
import { absoluteTimeUnit, parseReferenceDate, parseTimeUnits, type TimeUnits } from './time-units';

/** Turns a time value into a count of microseconds from the reference (null for NaN / ±Infinity). */
export function valueToMicros(value: number | bigint, units: TimeUnits): bigint | null {
  const { num, den } = units.factor;
  if (typeof value === 'bigint') return den === 1n ? value * num : roundHalfEvenDiv(value * num, den);
  if (!Number.isFinite(value)) return null;
  if (den !== 1n) {
    const p = multiplyExact(value, num);
    return roundHalfEvenDiv(p.numerator, den << p.shift);
  }
  if (Number.isInteger(value)) return BigInt(value) * num;
  // cftime multiplies in numpy's longdouble (x87 80-bit: 64-bit significand), rounds half to even, then snaps
  // results 1 µs off a whole second (units of seconds and longer) to the second (cftime issue #187).
  const p = roundToBits(multiplyExact(value, num), 64);
  let micros = dyadicRint(p);
  if (units.unit !== 'microseconds' && units.unit !== 'milliseconds') {
    const rem = ((micros % 1_000_000n) + 1_000_000n) % 1_000_000n;
    if (rem === 1n) micros = dyadicFloor(p);
    else if (rem === 999_999n) micros = dyadicCeil(p);
  }
  return micros;
}

/** Decodes and encodes the values of one time coordinate. */
export interface TimeCoder {
  readonly units: TimeUnits;
  readonly calendar: CalendarName;
  /** The date of a value, in UTC, in the coder's calendar (null for NaN, or for calendar `none`). */
  toDate(value: number | bigint): CalendarDate | null;
  /**
   * The value as ISO-like text in the calendar (`2000-02-30T00:00:00`); `''` for NaN. With calendar `none`,
   * the offset from the reference (`3.5 days since 2000-01-01T00:00:00`).
   */
  format(value: number | bigint, separator?: string): string;
  /** The value of a date (`CalendarDate` or text such as `2000-02-30 12:00`); inverse of {@link toDate}. */
  encode(date: CalendarDate | string): number;
}

/**
 * A coder for a time coordinate from its `units` and `calendar` attributes (missing calendar: `standard`).
 * @throws MetadataError when the units are not CF time units or the calendar is unknown.
 */
export function timeCoder(unitsAttr: string, calendarAttr?: string | null): TimeCoder {
  const calendar = normalizeCalendar(calendarAttr);
  if (absoluteTimeUnit(unitsAttr)) return absoluteCoder(unitsAttr, calendar);
  const units = parseTimeUnits(unitsAttr, calendar);
  const toDate = (value: number | bigint): CalendarDate | null => {
    if (calendar === 'none') return null;
    const delta = valueToMicros(value, units);
    return delta === null ? null : fromMicros(units.referenceMicros + delta, calendar);
  };
  return {
    units,
    calendar,
    toDate,
    format(value, separator = 'T') {
      if (typeof value === 'number' && !Number.isFinite(value)) return '';
      if (calendar === 'none')
        return `${String(value)} ${units.unitText} since ${formatDate(units.reference, separator)}`;
      const date = toDate(value);
      return date === null ? '' : formatDate(date, separator);
    },
    encode(date) {
      const d = typeof date === 'string' ? parseDate(date, calendar) : date;
      const diff = toMicros(d, calendar) - units.referenceMicros;
      const { num, den } = units.factor;
      const scaled = diff * den;
      if (scaled % num === 0n) return Number(scaled / num);
      return Number(scaled) / Number(num);
    },
  };
}

/**
 * Parses a date-time typed by a user or found in metadata (`2000-02-30`, `1-1-1 12:00`, `2000-01-01T00:00Z`)
 * and checks that it exists in the calendar. A time zone is applied (the result is UTC).
 */
export function parseDate(text: string, calendar: CalendarName): CalendarDate {
  const { date, utcOffsetMinutes } = parseReferenceDate(text);
  const reason = invalidDateReason(date, calendar);
  if (reason !== null) throw new MetadataError(`"${text}" is not a date of the ${calendar} calendar: ${reason}.`);
  if (utcOffsetMinutes === 0) return date;
  return fromMicros(toMicros(date, calendar) - BigInt(utcOffsetMinutes) * 60_000_000n, calendar);
}

/**
 * Decodes many time values to ISO-like strings (null for NaN/masked values).
 * @example decodeTimes([0, 1.5], 'hours since 1970-01-01', 'noleap') // ['1970-01-01T00:00:00', '1970-01-01T01:30:00']
 */
export function decodeTimes(
  values: ArrayLike<number | bigint>,
  unitsAttr: string,
  calendarAttr?: string | null,
  mask?: ArrayLike<number> | null,
): (string | null)[] {
  const coder = timeCoder(unitsAttr, calendarAttr);
  const out: (string | null)[] = new Array<string | null>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    out[i] = v === undefined || mask?.[i] ? null : coder.format(v) || null;
  }
  return out;
}

/**
 * Index of the value nearest to `target` (ties: the first). Binary search when `values` is monotonic.
 * Returns -1 for an empty array or when every value is NaN.
 */
export function nearestIndex(values: ArrayLike<number>, target: number): number {
  const n = values.length;
  if (n === 0) return -1;
  const first = values[0] ?? NaN;
  const last = values[n - 1] ?? NaN;
  let monotonic = Number.isFinite(first) && Number.isFinite(last);
  for (let i = 1; monotonic && i < n; i++) {
    const a = values[i - 1] ?? NaN;
    const b = values[i] ?? NaN;
    if (!(first <= last ? a <= b : a >= b)) monotonic = false;
  }
  if (monotonic) {
    const asc = first <= last;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const v = values[mid] ?? NaN;
      if (asc ? v < target : v > target) lo = mid + 1;
      else hi = mid;
    }
    const prev = lo - 1;
    if (prev >= 0 && Math.abs((values[prev] ?? NaN) - target) <= Math.abs((values[lo] ?? NaN) - target)) return prev;
    return lo;
  }
  let best = -1;
  let bestDist = Infinity;
  for (let i = 0; i < n; i++) {
    const d = Math.abs((values[i] ?? NaN) - target);
    if (d < bestDist) {
      best = i;
      bestDist = d;
    }
  }
  return best;
}
