/**
 * Ticks of a time axis chosen by its span and its length on screen, pure: never more labels than fit side by side
 * (each label's widest line is estimated from its format), the format saying what the span needs (time of day for
 * hours, day and month for days, month and year for years, the year alone for decades and centuries).
 *
 * @example
 * dateAxis(Date.UTC(2023, 0, 1), Date.UTC(2023, 0, 3), 600);
 * // { dtick: 21600000, tick0: '2023-01-01', tickformat: '%H:%M<br>%b %-d' } (every 6 hours)
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** An average month, to compare month steps with the span. */
const MONTH = 30.44 * DAY;

interface Step {
  /** Plotly's `dtick`: milliseconds, or `M<n>` for n months. */
  readonly dtick: number | string;
  /** Length in milliseconds (months: average). */
  readonly ms: number;
  readonly tickformat: string;
  /** Characters of the widest line of a label. */
  readonly chars: number;
}

const minutes = (n: number): Step => ({ dtick: n * MINUTE, ms: n * MINUTE, tickformat: '%H:%M<br>%b %-d', chars: 6 });
const hours = (n: number): Step => ({ dtick: n * HOUR, ms: n * HOUR, tickformat: '%H:%M<br>%b %-d', chars: 6 });
const days = (n: number): Step => ({ dtick: n * DAY, ms: n * DAY, tickformat: '%b %-d<br>%Y', chars: 6 });
const months = (n: number): Step => ({ dtick: `M${n}`, ms: n * MONTH, tickformat: '%b<br>%Y', chars: 4 });
const years = (n: number): Step => ({ dtick: `M${12 * n}`, ms: 12 * n * MONTH, tickformat: '%Y', chars: 4 });

/** Steps from the finest to the coarsest. */
const STEPS: readonly Step[] = [
  ...[1, 2, 5, 10, 15, 30].map(minutes),
  ...[1, 2, 3, 6, 12].map(hours),
  ...[1, 2, 7, 14].map(days),
  ...[1, 2, 3, 6].map(months),
  ...[1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].map(years),
];

/** Pixels per character of the plots' 12 px font (digits and month names), and the least gap between labels. */
export const CHAR_PX = 7.2;
export const GAP_PX = 14;

export interface DateAxis {
  readonly dtick: number | string;
  /** The first tick: a round date at or before the start. */
  readonly tick0: string;
  readonly tickformat: string;
}

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The first tick for `step` at or before `t0`: midnight, the first of a month or of a year that is a multiple. */
function firstTick(t0: number, step: Step): string {
  const d = new Date(t0);
  if (typeof step.dtick === 'number') {
    if (step.ms >= DAY) return iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    return iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  }
  const n = Number(step.dtick.slice(1));
  if (n < 12) return iso(Date.UTC(d.getUTCFullYear(), 0, 1));
  const y = n / 12;
  return iso(Date.UTC(Math.floor(d.getUTCFullYear() / y) * y, 0, 1));
}

/** The number of labels that fit on `widthPx` pixels with labels of `chars` characters. */
export function fitting(widthPx: number, chars: number): number {
  return Math.max(1, Math.floor(widthPx / (chars * CHAR_PX + GAP_PX)));
}

/**
 * Ticks for a date axis from `t0` to `t1` (milliseconds since 1970, UTC) drawn on `widthPx` pixels: the finest
 * step whose labels fit. A span of zero gets one tick a day.
 */
export function dateAxis(t0: number, t1: number, widthPx: number): DateAxis {
  const span = Math.abs(t1 - t0);
  const lo = Math.min(t0, t1);
  const step = STEPS.find((s) => Math.floor(span / s.ms) + 1 <= fitting(widthPx, s.chars)) ?? STEPS[STEPS.length - 1]!;
  return { dtick: step.dtick, tick0: firstTick(lo, span === 0 ? days(1) : step), tickformat: step.tickformat };
}

/** Milliseconds since 1970 of a date text plotly places (`2023-01-01`, `2023-01-01 06`, `…T06:30:00`), or NaN. */
export function dateMs(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2})(?::(\d{2})(?::(\d{2}(?:\.\d+)?))?)?)?/.exec(text);
  if (!m) return NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), 0) + Number(s) * 1000;
  // Date.UTC maps years 0-99 to 1900-1999.
  const date = new Date(t);
  if (Number(y) < 100) date.setUTCFullYear(Number(y));
  return date.getTime();
}

/** The span of date texts (their first and last finite times) in milliseconds, or null. */
export function dateSpan(labels: readonly (string | number)[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const l of labels) {
    const t = typeof l === 'string' ? dateMs(l) : NaN;
    if (!Number.isFinite(t)) continue;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  return hi >= lo ? [lo, hi] : null;
}

/**
 * Ticks of an axis of `n` labels drawn by index (a calendar plotly cannot place, or a station's names): every k-th
 * index, k the smallest of 1, 2, 5 × 10ⁿ for which the longest label fits.
 */
export function indexTicks(labels: readonly string[], widthPx: number): { tickvals: number[]; ticktext: string[] } {
  const chars = labels.reduce((m, l) => Math.max(m, l.length), 1);
  const fit = fitting(widthPx, chars);
  let step = 1;
  for (let mag = 1; Math.ceil(labels.length / step) > fit; mag *= 10) {
    step = [1, 2, 5].map((k) => k * mag).find((s) => Math.ceil(labels.length / s) <= fit) ?? 10 * mag;
  }
  const tickvals: number[] = [];
  for (let i = 0; i < labels.length; i += step) tickvals.push(i);
  return { tickvals, ticktext: tickvals.map((i) => labels[i] ?? String(i)) };
}
