/**
 * The x axis of a line or series plot from its values, pure: numbers on a linear axis; dates plotly can place on a
 * date axis with ticks chosen by span and width (`date-ticks.ts`); other labels (dates of a calendar plotly cannot
 * place, station names) by index with their own labels as ticks, as many as fit. Tick labels push the axis title
 * down (`automargin`), never into it.
 */
import { dateAxis, dateSpan, indexTicks } from './date-ticks';

export interface LabelledAxis {
  /** The x of each point: the values, the date texts, or the indices. */
  readonly x: readonly (number | string)[];
  /** Plotly's axis, title not included. */
  readonly axis: Record<string, unknown>;
  /** The label of each point where x is an index (hover text), else null. */
  readonly text: readonly string[] | null;
}

/** Is every value a date text plotly places as such (a real day of the standard calendar)? */
export function placeableDates(values: readonly (number | string)[]): boolean {
  if (!values.length || !values.every((v) => typeof v === 'string')) return false;
  return values.every((v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v as string);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
  });
}

/** Date labels without the time of day when every one is at midnight, without seconds when all are zero. */
export function shortLabels(labels: readonly string[]): string[] {
  const dated = labels.every((l) => /^-?\d{4}-\d\d-\d\d/.test(l));
  if (!dated) return [...labels];
  if (labels.every((l) => / 00:00(:00)?$/.test(l) || l.length === 10)) return labels.map((l) => l.slice(0, 10));
  if (labels.every((l) => /\d\d:\d\d:00$/.test(l))) return labels.map((l) => l.slice(0, -3));
  return [...labels];
}

/** The axis for `values` (numbers or labels) drawn on `widthPx` pixels of plot area. */
export function labelledAxis(values: readonly (number | string)[], widthPx: number): LabelledAxis {
  const common = { automargin: true, title: { standoff: 8 } };
  if (values.every((v) => typeof v === 'number')) return { x: values, axis: { type: 'linear', ...common }, text: null };
  if (placeableDates(values)) {
    const span = dateSpan(values);
    const ticks = span ? dateAxis(span[0], span[1], widthPx) : null;
    return { x: values, axis: { type: 'date', ...(ticks ?? {}), ...common }, text: null };
  }
  const labels = values.map(String);
  return {
    x: labels.map((_, i) => i),
    axis: { type: 'linear', tickmode: 'array', ...indexTicks(shortLabels(labels), widthPx), ...common },
    text: labels,
  };
}
