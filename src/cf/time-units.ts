/**
 * Parsing of CF time units, `<unit> since <reference date-time> [time zone]`, following cftime's grammar (the
 * reference for CF times here): unit names and abbreviations, a lenient ISO 8601 reference (`1-1-1`, `T` or space
 * separator, fractional seconds, `Z` / `±hh[:mm]` zones, trailing text such as `UTC` ignored).
 */
import { MetadataError } from '../errors';
import { hasYearZero, invalidDateReason, toMicros, type CalendarDate, type CalendarName } from './calendar';

/** Canonical time units. `months`/`years` follow UDUNITS except where cftime defines them (see {@link unitFactor}). */
export type TimeUnit =
  | 'nanoseconds'
  | 'microseconds'
  | 'milliseconds'
  | 'seconds'
  | 'minutes'
  | 'hours'
  | 'days'
  | 'months'
  | 'years'
  | 'common_years';

const UNIT_NAMES: Readonly<Record<string, TimeUnit>> = {};
function names(unit: TimeUnit, list: string[]): void {
  for (const n of list) (UNIT_NAMES as Record<string, TimeUnit>)[n] = unit;
}
names('nanoseconds', ['nanoseconds', 'nanosecond', 'nanosec', 'nanosecs', 'ns']);
names('microseconds', ['microseconds', 'microsecond', 'microsec', 'microsecs', 'us']);
names('milliseconds', ['milliseconds', 'millisecond', 'millisec', 'millisecs', 'msec', 'msecs', 'ms']);
names('seconds', ['seconds', 'second', 'sec', 'secs', 's']);
names('minutes', ['minutes', 'minute', 'min', 'mins']);
names('hours', ['hours', 'hour', 'hr', 'hrs', 'h']);
names('days', ['days', 'day', 'd']);
names('months', ['months', 'month']);
names('years', ['years', 'year', 'yr', 'yrs', 'a']);
names('common_years', ['common_years', 'common_year']);

/** A unit's length in microseconds as an exact fraction `num / den`. */
export interface UnitFactor {
  readonly num: bigint;
  readonly den: bigint;
}

const US = 1_000_000n;
const DAY = 86_400n * US;
// UDUNITS: year = 365.242198781 days (CF §4.4), month = year / 12.
const UDUNITS_YEAR: UnitFactor = { num: 365_242_198_781n * DAY, den: 1_000_000_000n };

/**
 * Length of a unit in a calendar. As in cftime, `months` in the 360_day calendar are 30 days and `common_years`
 * 365 days; elsewhere `years`/`months` are UDUNITS' (365.242198781 days and a twelfth of it).
 */
export function unitFactor(unit: TimeUnit, calendar: CalendarName): UnitFactor {
  switch (unit) {
    case 'nanoseconds':
      return { num: 1n, den: 1000n };
    case 'microseconds':
      return { num: 1n, den: 1n };
    case 'milliseconds':
      return { num: 1000n, den: 1n };
    case 'seconds':
      return { num: US, den: 1n };
    case 'minutes':
      return { num: 60n * US, den: 1n };
    case 'hours':
      return { num: 3600n * US, den: 1n };
    case 'days':
      return { num: DAY, den: 1n };
    case 'common_years':
      return { num: 365n * DAY, den: 1n };
    case 'months':
      return calendar === '360_day'
        ? { num: 30n * DAY, den: 1n }
        : { num: UDUNITS_YEAR.num, den: UDUNITS_YEAR.den * 12n };
    case 'years':
      return UDUNITS_YEAR;
  }
}

/** Parsed `<unit> since <reference>`. */
export interface TimeUnits {
  readonly unit: TimeUnit;
  /** The unit as written in the attribute (for labels). */
  readonly unitText: string;
  readonly calendar: CalendarName;
  /** The reference date-time as written, in local time of its zone. */
  readonly reference: CalendarDate;
  /** Offset of the reference's time zone from UTC, in minutes (e.g. 330 for `+05:30`). */
  readonly utcOffsetMinutes: number;
  /** Microseconds since the calendar's epoch of the reference, converted to UTC. */
  readonly referenceMicros: bigint;
  readonly factor: UnitFactor;
  /** CDO's absolute axis (`day as %Y%m%d.%f`): the value is the date itself, no reference (time-absolute.ts). */
  readonly absolute?: AbsoluteUnit;
}

/** The unit of CDO's absolute time axes (`day as %Y%m%d.%f`, `month as %Y%m.%f`, `year as %Y.%f`). */
export type AbsoluteUnit = 'day' | 'month' | 'year';

const ABSOLUTE_FORMS: readonly [RegExp, AbsoluteUnit][] = [
  [/^days?\s+as\s+%Y%m%d\.%f$/i, 'day'],
  [/^months?\s+as\s+%Y%m\.%f$/i, 'month'],
  [/^years?\s+as\s+%Y\.%f$/i, 'year'],
];

/** The unit of a CDO absolute time axis, or null when the units are not one CDO reads (CDO: `hour as` is not). */
export function absoluteTimeUnit(units: string | undefined | null): AbsoluteUnit | null {
  if (typeof units !== 'string') return null;
  const u = units.trim();
  for (const [re, unit] of ABSOLUTE_FORMS) if (re.test(u)) return unit;
  return null;
}

// cftime's reference-date grammar (adapted from pyiso8601); `match` at the start, trailing text ignored.
const ISO8601 =
  /^(?<year>[+-]?[0-9]+)(-(?<month>[0-9]{1,2})(-(?<day>[0-9]{1,2})(((?<sep1>.)(?<hour>[0-9]{1,2}):(?<minute>[0-9]{1,2})(:(?<second>[0-9]{1,2})(\.(?<fraction>[0-9]+))?)?)?((?<sep2>.?)(?<timezone>Z|(([-+])([0-9]{2})((:([0-9]{2}))|([0-9]{2}))?)))?)?)?)?/;
const TIMEZONE = /^(?<sign>[+-])(?<hours>[0-9]{2})(?::(?<m1>[0-9]{2})|(?<m2>[0-9]{2}))?/;

/** Whether a `units` attribute has the `<unit> since <date>` form of a CF time coordinate, or CDO's absolute form. */
export function isTimeUnits(units: string | undefined | null): boolean {
  return typeof units === 'string' && (/^\s*\S+\s+since\s+\S/i.test(units) || absoluteTimeUnit(units) !== null);
}

/**
 * Parses a reference date-time as cftime does. Returns the date in its own zone and the zone's UTC offset.
 * A year alone (`1970`) or year-month is accepted as UDUNITS does (first day, midnight).
 */
export function parseReferenceDate(text: string): { date: CalendarDate; utcOffsetMinutes: number } {
  const m = ISO8601.exec(text.trim());
  const g = m?.groups;
  if (!g || g.year === undefined) throw new MetadataError(`Cannot read the reference date "${text}".`);
  let utcOffsetMinutes = 0;
  if (g.timezone !== undefined && g.timezone !== 'Z') {
    const z = TIMEZONE.exec(g.timezone)?.groups;
    if (z) {
      const minutes = Number(z.m1 ?? z.m2 ?? 0);
      const total = Number(z.hours) * 60 + minutes;
      utcOffsetMinutes = z.sign === '-' ? -total : total;
    }
  }
  const fraction = g.fraction === undefined ? 0 : Math.trunc(Number(`0.${g.fraction}`) * 1e6);
  const date: CalendarDate = {
    year: Number(g.year),
    month: Number(g.month ?? 1),
    day: Number(g.day ?? 1),
    hour: Number(g.hour ?? 0),
    minute: Number(g.minute ?? 0),
    second: Number(g.second ?? 0),
    microsecond: fraction,
  };
  return { date, utcOffsetMinutes };
}

/**
 * Parses a CF time `units` attribute for a calendar.
 * @throws MetadataError when the text is not `<unit> since <date>`, the unit is not a time unit, or the reference
 *   date does not exist in the calendar (a leap day in noleap, 1582-10-10 in standard, year 0 without one…).
 * @example parseTimeUnits('days since 1970-01-01 00:00:00 +05:30', 'standard').utcOffsetMinutes // 330
 */
export function parseTimeUnits(units: string, calendar: CalendarName): TimeUnits {
  const parts = units.trim().match(/^(\S+)\s+(\S+)\s+([\s\S]*)$/);
  if (!parts || parts[2]?.toLowerCase() !== 'since') {
    throw new MetadataError(`"${units}" is not a CF time unit ("<unit> since <date>").`);
  }
  const unitText = parts[1] ?? '';
  const unit = UNIT_NAMES[unitText.toLowerCase()];
  if (unit === undefined) {
    throw new MetadataError(
      `Unknown time unit "${unitText}" in "${units}": use microseconds, milliseconds, seconds, minutes, hours, days, ` +
        'months or years.',
    );
  }
  const { date, utcOffsetMinutes } = parseReferenceDate(parts[3] ?? '');
  if (date.year === 0 && !hasYearZero(calendar)) {
    throw new MetadataError(`Year 0 does not exist in the ${calendar} calendar ("${units}").`);
  }
  const reason = invalidDateReason(date, calendar);
  if (reason !== null) throw new MetadataError(`Invalid reference date in "${units}": ${reason}.`);
  const referenceMicros = toMicros(date, calendar) - BigInt(utcOffsetMinutes) * 60_000_000n;
  return {
    unit,
    unitText,
    calendar,
    reference: date,
    utcOffsetMinutes,
    referenceMicros,
    factor: unitFactor(unit, calendar),
  };
}
