/** The TimeCoder of a CDO absolute time axis (`day as %Y%m%d.%f`, …): see time-absolute.ts. */
import type { CalendarName } from './calendar';
import { formatDate } from './date-format';
import type { TimeCoder } from './time';
import { absoluteDate, absoluteFields, absoluteTimeUnits, absoluteValue } from './time-absolute';
import { parseDate } from './time';

export function absoluteCoder(unitsAttr: string, calendar: CalendarName): TimeCoder {
  const units = absoluteTimeUnits(unitsAttr, calendar);
  const unit = units.absolute ?? 'day';
  return {
    units,
    calendar,
    toDate: (v) => (calendar === 'none' ? null : absoluteDate(Number(v), unit, calendar)),
    // As CDO prints it: the date's digits even where the calendar has no such day (2000-13-01).
    format(v, separator = 'T') {
      const d = absoluteFields(Number(v), unit);
      return d ? formatDate(d, separator) : '';
    },
    encode(date) {
      return absoluteValue(typeof date === 'string' ? parseDate(date, calendar) : date, unit);
    },
  };
}
