/**
 * CDO's absolute time axis: `units = "day as %Y%m%d.%f"` (what CDO, ICON and MPI-M output use), `month as %Y%m.%f`
 * and `year as %Y.%f`. The value's digits are the date (20981118.25 is 2098-11-18, and its fraction a part of the
 * day, 06:00:00), decoded as CDO's library (CDI) does it: the date's digits taken as they are, the time of day
 * truncated to the second (after adding 0.01 s), a time of 24:00:00 reset to 00:00:00 of that day, a month's or
 * year's fraction ignored. CDO's `showtimestamp` is the reference (fixtures/cf/cdo-absolute-time.json).
 * CDO itself does not decode `hour as …` or `second as …` (it warns "Unsupported format"): neither is read here.
 */
import { MetadataError } from '../errors';
import { invalidDateReason, type CalendarDate, type CalendarName } from './calendar';
import { absoluteTimeUnit, unitFactor, type AbsoluteUnit, type TimeUnits } from './time-units';

export { absoluteTimeUnit, type AbsoluteUnit };

/** Whether `units` name an absolute time axis of any unit (`hour as %Y%m%d.%f` too: named, then refused). */
export function looksAbsolute(units: string | undefined | null): boolean {
  return typeof units === 'string' && /^\s*\S+\s+as\s+%Y/i.test(units);
}

/** The date and time of day a value stands for (fields as CDO reads them, not checked against the calendar). */
export function absoluteFields(value: number, unit: AbsoluteUnit): CalendarDate | null {
  if (!Number.isFinite(value)) return null;
  const v = Math.trunc(value);
  if (unit === 'year') return { year: v, month: 1, day: 1, hour: 0, minute: 0, second: 0, microsecond: 0 };
  const ymd = unit === 'month' ? v * 100 + (value < 0 ? -1 : 1) : v;
  const a = Math.abs(ymd);
  const year = Math.trunc(a / 10000) * Math.sign(ymd || 1);
  const month = Math.trunc(a / 100) % 100;
  const day = a % 100;
  let daysec = 0;
  if (unit === 'day') {
    const t = (value - v) * 86400;
    daysec = Math.trunc((v < 0 ? -t : t) + 0.01);
    if (daysec >= 86400 || daysec < 0) daysec = 0;
  }
  const hour = Math.trunc(daysec / 3600);
  const minute = Math.trunc((daysec - hour * 3600) / 60);
  const second = daysec - hour * 3600 - minute * 60;
  return { year, month, day, hour, minute, second, microsecond: 0 };
}

/** The value of a date on an absolute axis (the inverse of {@link absoluteFields} to the second). */
export function absoluteValue(d: CalendarDate, unit: AbsoluteUnit): number {
  if (unit === 'year') return d.year;
  if (unit === 'month') return d.year * 100 + d.month;
  const ymd = d.year * 10000 + d.month * 100 + d.day;
  return ymd + (d.hour * 3600 + d.minute * 60 + d.second) / 86400;
}

/** The TimeUnits record of an absolute axis: no reference date (the value is the date). */
export function absoluteTimeUnits(unitText: string, calendar: CalendarName): TimeUnits {
  const unit = absoluteTimeUnit(unitText);
  if (!unit) throw new MetadataError(`"${unitText}" is not an absolute time unit CDO reads (day as %Y%m%d.%f, …).`);
  const reference: CalendarDate = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, microsecond: 0 };
  return {
    unit: unit === 'day' ? 'days' : unit === 'month' ? 'months' : 'years',
    unitText: unitText.trim(),
    calendar,
    reference,
    utcOffsetMinutes: 0,
    referenceMicros: 0n,
    factor: unitFactor('days', calendar),
    absolute: unit,
  };
}

/** The date of a value when it exists in the calendar, else null (CDO prints the digits anyway: see `format`). */
export function absoluteDate(value: number, unit: AbsoluteUnit, calendar: CalendarName): CalendarDate | null {
  const d = absoluteFields(value, unit);
  return d && invalidDateReason(d, calendar) === null ? d : null;
}
