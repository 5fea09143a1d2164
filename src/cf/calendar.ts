/**
 * CF calendars: conversion between calendar dates and a day count, per calendar, with the year-numbering
 * conventions of CF 1.9+ and cftime (year zero exists in proleptic_gregorian and the idealized calendars, not in
 * standard/julian, where year -1 precedes year 1).
 */
import { MetadataError } from '../errors';

/** The CF calendar names after aliasing (`gregorian` → `standard`, `365_day` → `noleap`, `366_day` → `all_leap`). */
export type CalendarName = 'standard' | 'proleptic_gregorian' | 'julian' | 'noleap' | 'all_leap' | '360_day' | 'none';

/** A date-time in some calendar. `year` uses the calendar's numbering (no year 0 where it does not exist). */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly microsecond: number;
}

const ALIASES: Readonly<Record<string, CalendarName>> = {
  standard: 'standard',
  gregorian: 'standard',
  proleptic_gregorian: 'proleptic_gregorian',
  // CF 1.11 `tai` and `utc` are Gregorian; leap seconds of `utc` are not modelled.
  tai: 'proleptic_gregorian',
  utc: 'proleptic_gregorian',
  julian: 'julian',
  noleap: 'noleap',
  '365_day': 'noleap',
  all_leap: 'all_leap',
  '366_day': 'all_leap',
  '360_day': '360_day',
  none: 'none',
};

/**
 * Normalises a `calendar` attribute (case-insensitive, aliases resolved). A missing attribute means `standard`.
 * @example normalizeCalendar('Gregorian') // 'standard'
 */
export function normalizeCalendar(calendar: string | undefined | null): CalendarName {
  if (calendar === undefined || calendar === null || calendar.trim() === '') return 'standard';
  const name = ALIASES[calendar.trim().toLowerCase()];
  if (name === undefined) {
    throw new MetadataError(
      `Unknown calendar "${calendar}". CF calendars are standard, gregorian, proleptic_gregorian, julian, ` +
        'noleap/365_day, all_leap/366_day, 360_day and none.',
    );
  }
  return name;
}

/** Whether the calendar has a year 0 (cftime / CF 1.9 defaults). */
export function hasYearZero(calendar: CalendarName): boolean {
  // `none` has no dates; its reference date is read as proleptic Gregorian.
  return calendar !== 'standard' && calendar !== 'julian';
}

const CUM_DAYS = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];
const CUM_DAYS_LEAP = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366];

function floorDiv(a: number, b: number): number {
  return Math.floor(a / b);
}

/** Astronomical year (with a year 0) from the calendar's numbering. */
function astronomical(year: number, calendar: CalendarName): number {
  return !hasYearZero(calendar) && year < 0 ? year + 1 : year;
}

function fromAstronomical(year: number, calendar: CalendarName): number {
  return !hasYearZero(calendar) && year <= 0 ? year - 1 : year;
}

/** Days since 1970-01-01 (proleptic Gregorian) of an astronomical-year Gregorian date. */
function gregorianDays(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = floorDiv(yy, 400);
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = floorDiv(153 * mp + 2, 5) + d - 1;
  const doe = yoe * 365 + floorDiv(yoe, 4) - floorDiv(yoe, 100) + doy;
  return era * 146097 + doe - 719468;
}

function gregorianFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = floorDiv(z, 146097);
  const doe = z - era * 146097;
  const yoe = floorDiv(doe - floorDiv(doe, 1460) + floorDiv(doe, 36524) - floorDiv(doe, 146096), 365);
  const doy = doe - (365 * yoe + floorDiv(yoe, 4) - floorDiv(yoe, 100));
  const mp = floorDiv(5 * doy + 2, 153);
  const d = doy - floorDiv(153 * mp + 2, 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

function julianDaysRaw(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = floorDiv(yy, 4);
  const yoe = yy - era * 4;
  const mp = (m + 9) % 12;
  const doy = floorDiv(153 * mp + 2, 5) + d - 1;
  return era * 1461 + yoe * 365 + doy;
}

// Julian 1582-10-05 is Gregorian 1582-10-15: both counts share the 1970 epoch.
const JULIAN_SHIFT = gregorianDays(1582, 10, 15) - julianDaysRaw(1582, 10, 5);
const GREGORIAN_START = gregorianDays(1582, 10, 15);

function julianDays(y: number, m: number, d: number): number {
  return julianDaysRaw(y, m, d) + JULIAN_SHIFT;
}

function julianFromDays(days: number): [number, number, number] {
  const z = days - JULIAN_SHIFT;
  const era = floorDiv(z, 1461);
  const doe = z - era * 1461;
  const yoe = Math.min(floorDiv(doe, 365), 3);
  const doy = doe - 365 * yoe;
  const mp = floorDiv(5 * doy + 2, 153);
  const d = doy - floorDiv(153 * mp + 2, 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 4 + (m <= 2 ? 1 : 0), m, d];
}

/** Whether `year` (calendar numbering) is a leap year in the calendar. */
export function isLeapYear(year: number, calendar: CalendarName): boolean {
  const y = astronomical(year, calendar);
  switch (calendar) {
    case 'noleap':
    case '360_day':
      return false;
    case 'all_leap':
      return true;
    case 'julian':
      return y % 4 === 0;
    case 'proleptic_gregorian':
    case 'none':
      return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    case 'standard':
      return y < 1583 ? y % 4 === 0 : (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  }
}

/** Number of days in a month of the calendar. */
export function daysInMonth(year: number, month: number, calendar: CalendarName): number {
  if (calendar === '360_day') return 30;
  const cum = isLeapYear(year, calendar) ? CUM_DAYS_LEAP : CUM_DAYS;
  return (cum[month] ?? 0) - (cum[month - 1] ?? 0);
}

/** Why a date does not exist in a calendar, or null when it does. */
export function invalidDateReason(date: CalendarDate, calendar: CalendarName): string | null {
  const { year, month, day, hour, minute, second, microsecond } = date;
  const ints = [year, month, day, hour, minute, second, microsecond];
  if (!ints.every(Number.isSafeInteger)) return 'date fields must be integers';
  if (year === 0 && !hasYearZero(calendar)) return `year 0 does not exist in the ${calendar} calendar`;
  if (month < 1 || month > 12) return `month ${month} is out of range`;
  const dim = daysInMonth(year, month, calendar);
  if (day < 1 || day > dim) return `day ${day} is out of range for ${year}-${month} in the ${calendar} calendar`;
  if (calendar === 'standard' && year === 1582 && month === 10 && day > 4 && day < 15) {
    return '1582-10-05 to 1582-10-14 do not exist in the mixed Julian/Gregorian calendar';
  }
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return 'time out of range';
  if (microsecond < 0 || microsecond > 999999) return 'microsecond out of range';
  return null;
}

/** Day number (days since the calendar's 1970-01-01 where it exists; a fixed epoch otherwise) of a valid date. */
export function dayNumber(year: number, month: number, day: number, calendar: CalendarName): number {
  const y = astronomical(year, calendar);
  switch (calendar) {
    case 'proleptic_gregorian':
    case 'none':
      return gregorianDays(y, month, day);
    case 'julian':
      return julianDays(y, month, day);
    case 'standard': {
      const g = gregorianDays(y, month, day);
      return g >= GREGORIAN_START ? g : julianDays(y, month, day);
    }
    case 'noleap':
      return (y - 1970) * 365 + (CUM_DAYS[month - 1] ?? 0) + day - 1;
    case 'all_leap':
      return (y - 1970) * 366 + (CUM_DAYS_LEAP[month - 1] ?? 0) + day - 1;
    case '360_day':
      return (y - 1970) * 360 + (month - 1) * 30 + day - 1;
  }
}

/** The date (year, month, day) of a day number; inverse of {@link dayNumber}. */
export function dateOfDayNumber(days: number, calendar: CalendarName): [number, number, number] {
  let ymd: [number, number, number];
  switch (calendar) {
    case 'proleptic_gregorian':
    case 'none':
      ymd = gregorianFromDays(days);
      break;
    case 'julian':
      ymd = julianFromDays(days);
      break;
    case 'standard':
      ymd = days >= GREGORIAN_START ? gregorianFromDays(days) : julianFromDays(days);
      break;
    case 'noleap':
    case 'all_leap': {
      const len = calendar === 'noleap' ? 365 : 366;
      const cum = calendar === 'noleap' ? CUM_DAYS : CUM_DAYS_LEAP;
      const yi = floorDiv(days, len);
      const doy = days - yi * len;
      let m = 1;
      while ((cum[m] ?? Infinity) <= doy) m++;
      ymd = [yi + 1970, m, doy - (cum[m - 1] ?? 0) + 1];
      break;
    }
    case '360_day': {
      const yi = floorDiv(days, 360);
      const doy = days - yi * 360;
      ymd = [yi + 1970, floorDiv(doy, 30) + 1, (doy % 30) + 1];
      break;
    }
  }
  return [fromAstronomical(ymd[0], calendar), ymd[1], ymd[2]];
}

export const MICROS_PER_DAY = 86_400_000_000n;

/** Microseconds since the calendar's epoch of a date (throws for a date the calendar does not have). */
export function toMicros(date: CalendarDate, calendar: CalendarName): bigint {
  const reason = invalidDateReason(date, calendar);
  if (reason !== null) throw new MetadataError(`Invalid date: ${reason}.`);
  const days = BigInt(dayNumber(date.year, date.month, date.day, calendar));
  const tod = ((date.hour * 60 + date.minute) * 60 + date.second) * 1_000_000 + date.microsecond;
  return days * MICROS_PER_DAY + BigInt(tod);
}

/** The date of a microsecond count since the calendar's epoch; inverse of {@link toMicros}. */
export function fromMicros(micros: bigint, calendar: CalendarName): CalendarDate {
  let days = micros / MICROS_PER_DAY;
  let rest = micros - days * MICROS_PER_DAY;
  if (rest < 0n) {
    days -= 1n;
    rest += MICROS_PER_DAY;
  }
  const [year, month, day] = dateOfDayNumber(Number(days), calendar);
  const tod = Number(rest);
  const microsecond = tod % 1_000_000;
  const secs = (tod - microsecond) / 1_000_000;
  return {
    year,
    month,
    day,
    hour: Math.floor(secs / 3600),
    minute: Math.floor(secs / 60) % 60,
    second: secs % 60,
    microsecond,
  };
}
