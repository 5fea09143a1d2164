/**
 * Linking B's slice to A's by coordinate value, not index: for A's selected index on a dimension, the index of B's
 * value that matches it, or the nearest one, or none. Pure functions on coordinate values (see `pair.ts` for the
 * reading of two datasets' axes).
 *
 * Rules (see README):
 * - Time: both decoded to dates in their own calendars and compared as calendar dates (2020-01-16 12:00 in
 *   `noleap` is 2020-01-16 12:00 in `standard`). `exact` = the same date and time of day. Distances are measured
 *   on A's calendar: B's date is placed there as it is, or, when A's calendar has no such day (02-29 in `noleap`,
 *   02-30 in `standard`), on the last day of that month at the same time of day.
 * - Numbers (latitude, vertical levels, other axes): B's values are converted into A's units first (hPa → Pa);
 *   `exact` = equal within 1e-6 of the larger of |A's value| and B's step (float32 against float64 coordinates).
 * - Longitude: compared modulo 360 (0–360 against −180–180): the distance is the shorter way round the circle.
 * - `nearest`: the least distance; ties go to B's lower value (for longitude, the one west of A's value).
 * - `none`: A's value lies beyond B's first or last value by more than B's step there (for longitude: inside
 *   the gap of a regional B grid by more than its step); B with a single value links only an exact match.
 */
import { invalidDateReason, daysInMonth, toMicros, type CalendarDate } from '../cf/calendar';
import { formatDate } from '../cf/date-format';
import type { TimeCoder } from '../cf/time';
import { formatNumber } from '../cf/format';
import { unitsConversion, UnitsError } from './units';

export type LinkKind = 'exact' | 'nearest' | 'none';

/** How A's selected value on one dimension is found in B. */
export interface AxisLink {
  readonly kind: LinkKind;
  /** B's index (−1 for `none`). */
  readonly index: number;
  /** A's value and B's linked value as text (dates, or numbers with units); `valueB` is '' for `none`. */
  readonly valueA: string;
  readonly valueB: string;
  /** B's value minus A's: seconds for time, A's units otherwise (0 for `exact`, NaN for `none`). */
  readonly distance: number;
  /** One line a view can show: `2020-02-15 00:00 (nearest: 14 days earlier)`, `none: outside B's time range`. */
  readonly text: string;
}

/** A dimension's coordinate as `linkAxis` needs it. */
export type LinkAxis =
  | { readonly kind: 'time'; readonly values: ArrayLike<number>; readonly coder: TimeCoder }
  | {
      readonly kind: 'longitude' | 'latitude' | 'vertical' | 'other';
      readonly values: ArrayLike<number>;
      readonly units?: string | undefined;
    };

/** Links A's index `indexA` on axis `a` to axis `b` (the same kind of axis in B). */
export function linkAxis(a: LinkAxis, indexA: number, b: LinkAxis): AxisLink {
  if (a.kind === 'time' && b.kind === 'time') return linkTime(a, indexA, b);
  if (a.kind === 'time' || b.kind === 'time') {
    const va = a.kind === 'time' ? labelTime(a.coder, a.values[indexA]!) : String(indexA);
    return none(va, 'one axis is time and the other is not');
  }
  return linkNumber(a, indexA, b);
}

function none(valueA: string, why: string): AxisLink {
  return { kind: 'none', index: -1, valueA, valueB: '', distance: NaN, text: `none: ${why}` };
}

const labelTime = (coder: TimeCoder, v: number) => coder.format(v, ' ') || '—';

/** A date of any calendar placed on `calendar`'s time line (a day it lacks: its month's last day). */
function positionOn(date: CalendarDate, calendar: TimeCoder['calendar']): number {
  let d = date;
  if (invalidDateReason(d, calendar) !== null)
    d = { ...d, day: Math.min(d.day, daysInMonth(d.year, d.month, calendar)) };
  return Number(toMicros(d, calendar)) / 1e6;
}

const sameDate = (x: CalendarDate, y: CalendarDate) =>
  x.year === y.year &&
  x.month === y.month &&
  x.day === y.day &&
  x.hour === y.hour &&
  x.minute === y.minute &&
  x.second === y.second &&
  x.microsecond === y.microsecond;

function durationText(seconds: number): string {
  const s = Math.abs(seconds);
  const [n, unit] =
    s >= 86400 ? [s / 86400, 'day'] : s >= 3600 ? [s / 3600, 'hour'] : s >= 60 ? [s / 60, 'minute'] : [s, 'second'];
  const num = Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, '');
  return `${num} ${unit}${n === 1 ? '' : 's'}`;
}

function linkTime(
  a: Extract<LinkAxis, { kind: 'time' }>,
  indexA: number,
  b: Extract<LinkAxis, { kind: 'time' }>,
): AxisLink {
  const ca = a.coder;
  const cb = b.coder;
  const va = a.values[indexA];
  const dateA = va === undefined ? null : ca.toDate(va);
  const valueA = va === undefined ? '—' : labelTime(ca, va);
  if (ca.calendar === 'none' || cb.calendar === 'none') return none(valueA, 'calendar "none" has no dates');
  if (dateA === null) return none(valueA, 'A has no date here');
  const posA = Number(toMicros(dateA, ca.calendar)) / 1e6;
  const datesB: (CalendarDate | null)[] = Array.from(b.values as ArrayLike<number>, (v) => cb.toDate(v));
  const posB = datesB.map((d) => (d === null ? NaN : positionOn(d, ca.calendar)));
  const exact = datesB.findIndex((d) => d !== null && sameDate(d, dateA));
  if (exact >= 0) {
    const valueB = formatDate(datesB[exact]!, ' ');
    return { kind: 'exact', index: exact, valueA, valueB, distance: 0, text: valueB };
  }
  const found = nearestOnLine(posA, posB);
  if (found.outside) return none(valueA, `${valueA} is outside B's time range`);
  const valueB = formatDate(datesB[found.index]!, ' ');
  const d = posB[found.index]! - posA;
  const when = d === 0 ? 'the same time' : `${durationText(d)} ${d < 0 ? 'earlier' : 'later'}`;
  return { kind: 'nearest', index: found.index, valueA, valueB, distance: d, text: `${valueB} (nearest: ${when})` };
}

/**
 * The nearest of `values` to `x` (ties: the lower value), and whether `x` lies beyond the first or last value by
 * more than the step there (`outside`). NaN values are skipped.
 */
function nearestOnLine(x: number, values: readonly number[]): { index: number; outside: boolean } {
  let best = -1;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    const d = Math.abs(v - x);
    const bd = best < 0 ? Infinity : Math.abs(values[best]! - x);
    if (d < bd || (d === bd && v < values[best]!)) best = i;
  }
  if (best < 0) return { index: -1, outside: true };
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((p, q) => p - q);
  const lo = sorted[0]!;
  const hi = sorted[sorted.length - 1]!;
  if (sorted.length < 2) return { index: best, outside: x !== lo };
  const stepLo = sorted[1]! - lo;
  const stepHi = hi - sorted[sorted.length - 2]!;
  return { index: best, outside: x < lo - stepLo || x > hi + stepHi };
}

const wrap180 = (d: number) => d - 360 * Math.floor((d + 180) / 360);

function linkNumber(
  a: Exclude<LinkAxis, { kind: 'time' }>,
  indexA: number,
  b: Exclude<LinkAxis, { kind: 'time' }>,
): AxisLink {
  const x = a.values[indexA] ?? NaN;
  const valueA = formatNumber(x) + (a.units ? ` ${a.units}` : '');
  if (Number.isNaN(x)) return none(valueA, 'A has no value here');
  let toA = (v: number) => v;
  if (a.units !== undefined && b.units !== undefined && a.kind !== 'longitude' && a.kind !== 'latitude') {
    try {
      const c = unitsConversion(b.units, a.units);
      toA = c.convert;
    } catch (e) {
      if (!(e instanceof UnitsError)) throw e;
      return none(valueA, e.message);
    }
  }
  const raw = Array.from(b.values as ArrayLike<number>);
  const labelB = (i: number) => formatNumber(raw[i]!) + (b.units ? ` ${b.units}` : '');
  let placed: number[];
  let outside: boolean;
  let index: number;
  if (a.kind === 'longitude') {
    // Each of B's longitudes as the same meridian nearest to A's value.
    placed = raw.map((v) => (Number.isNaN(v) ? NaN : x + wrap180(v - x)));
    const r = nearestOnLine(x, placed);
    index = r.index;
    outside = index < 0 || outsideCircle(x, raw, Math.abs(placed[index]! - x));
  } else {
    placed = raw.map(toA);
    const r = nearestOnLine(x, placed);
    index = r.index;
    outside = r.outside;
  }
  if (index < 0 || outside) return none(valueA, `${valueA} is outside B's range`);
  const d = placed[index]! - x;
  const step = stepAround(placed, index);
  const tol = 1e-6 * Math.max(Math.abs(x), step, 1e-6);
  const valueB = labelB(index);
  if (Math.abs(d) <= tol) return { kind: 'exact', index, valueA, valueB, distance: 0, text: valueB };
  const dist = `${formatNumber(Math.abs(d))}${a.units ? ` ${a.units}` : ''} ${d < 0 ? 'less' : 'more'}`;
  return { kind: 'nearest', index, valueA, valueB, distance: d, text: `${valueB} (nearest: ${dist})` };
}

/** The spacing of B's values next to `i` (0 for a single value). */
function stepAround(values: readonly number[], i: number): number {
  const v = values[i]!;
  const steps = [values[i - 1], values[i + 1]].filter((w): w is number => w !== undefined && !Number.isNaN(w));
  return steps.length ? Math.min(...steps.map((w) => Math.abs(w - v))) : 0;
}

/**
 * Whether longitude `x` is outside B's longitudes `lons`: inside the widest gap between them round the circle
 * (when that gap is wider than 1.5 times the typical one, i.e. B is regional) by more than the step at its edge.
 */
function outsideCircle(x: number, lons: readonly number[], distance: number): boolean {
  const s = lons
    .filter((v) => !Number.isNaN(v))
    .map((v) => ((v % 360) + 360) % 360)
    .sort((p, q) => p - q);
  if (s.length < 2) return distance !== 0;
  const gaps = s.map((v, i) => (i + 1 < s.length ? s[i + 1]! - v : s[0]! + 360 - v));
  const sortedGaps = [...gaps].sort((p, q) => p - q);
  const typical = sortedGaps[Math.floor((sortedGaps.length - 1) / 2)]!;
  const widest = gaps.indexOf(sortedGaps[sortedGaps.length - 1]!);
  if (gaps[widest]! <= 1.5 * typical) return false;
  const start = s[widest]!;
  const offset = (((x - start) % 360) + 360) % 360;
  if (offset <= 0 || offset >= gaps[widest]!) return false;
  // The step at the gap's west edge (s[widest]) is the gap before it; at its east edge, the gap after it.
  const stepWest = gaps[(widest - 1 + s.length) % s.length]!;
  const stepEast = gaps[(widest + 1) % s.length]!;
  return offset < gaps[widest]! / 2 ? distance > stepWest : distance > stepEast;
}
