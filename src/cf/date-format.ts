/** Text forms of calendar dates: cftime's ISO-like form and `ncdump -t`'s compact form. */
import type { CalendarDate } from './calendar';

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * ISO-like text of a calendar date, as cftime's `isoformat` writes it: `YYYY-MM-DDTHH:MM:SS[.ffffff]`, the year
 * zero-padded to 4 digits with a leading `-` when negative. A 360_day `2000-02-30` is printed as such.
 * @example formatDate({ year: 2000, month: 2, day: 30, hour: 0, minute: 0, second: 0, microsecond: 0 })
 * // '2000-02-30T00:00:00'
 */
export function formatDate(date: CalendarDate, separator = 'T'): string {
  const year = (date.year < 0 ? '-' : '') + pad(Math.abs(date.year), 4);
  let text = `${year}-${pad(date.month, 2)}-${pad(date.day, 2)}${separator}${pad(date.hour, 2)}:${pad(date.minute, 2)}`;
  text += `:${pad(date.second, 2)}`;
  if (date.microsecond !== 0) text += `.${pad(date.microsecond, 6)}`;
  return text;
}

/**
 * A date as `ncdump -t` prints it: trailing zero time fields dropped (`2000-02-28`, `2000-02-28 06`,
 * `2000-02-29 00:30`, `2000-03-01 00:00:01`), fractional seconds unpadded with 6 decimals (`00:00:1.000001`).
 */
export function formatDateNcdump(date: CalendarDate): string {
  const year = (date.year < 0 ? '-' : '') + pad(Math.abs(date.year), 4);
  const day = `${year}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
  const hm = `${pad(date.hour, 2)}:${pad(date.minute, 2)}`;
  if (date.microsecond !== 0) return `${day} ${hm}:${date.second}.${pad(date.microsecond, 6)}`;
  if (date.second !== 0) return `${day} ${hm}:${pad(date.second, 2)}`;
  if (date.minute !== 0) return `${day} ${hm}`;
  if (date.hour !== 0) return `${day} ${pad(date.hour, 2)}`;
  return day;
}
