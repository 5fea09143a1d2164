import { describe, expect, it } from 'vitest';
import { CHAR_PX, GAP_PX, dateAxis, dateMs, dateSpan, fitting, indexTicks } from './date-ticks';
import { labelledAxis, placeableDates, shortLabels } from './axis-layout';

const H = 3_600_000;
const D = 24 * H;
const Y = 365.25 * D;

/** Ticks a step makes over a span (months: average length). */
function count(span: number, dtick: number | string): number {
  const ms = typeof dtick === 'number' ? dtick : Number(dtick.slice(1)) * 30.44 * D;
  return Math.floor(span / ms) + 1;
}

describe('dateAxis', () => {
  const t0 = Date.UTC(2023, 2, 1);
  it.each([
    ['hours', 47 * H, '%H:%M<br>%b %-d'],
    ['days', 89 * D, '%b %-d<br>%Y'],
    ['years', 30 * Y, '%Y'],
    ['centuries', 300 * Y, '%Y'],
  ])('a span of %s gets a format for it and no more labels than fit', (_, span, format) => {
    for (const width of [300, 600, 1200]) {
      const a = dateAxis(t0, t0 + span, width);
      if (width >= 600) expect(a.tickformat).toBe(format);
      const chars = a.tickformat === '%Y' || a.tickformat === '%b<br>%Y' ? 4 : 6;
      expect(count(span, a.dtick) * (chars * CHAR_PX + GAP_PX)).toBeLessThanOrEqual(width);
    }
  });

  it('takes the finest step that fits: a wider axis never has fewer ticks', () => {
    const narrow = dateAxis(t0, t0 + 10 * Y, 300);
    const wide = dateAxis(t0, t0 + 10 * Y, 1200);
    expect(count(10 * Y, wide.dtick)).toBeGreaterThan(count(10 * Y, narrow.dtick));
  });

  it('starts on a round date: a year that is a multiple of the step, a month, midnight', () => {
    const c = dateAxis(Date.UTC(1853, 6, 1), Date.UTC(2149, 6, 1), 700);
    const years = Number(String(c.dtick).slice(1)) / 12;
    expect(c.tick0).toMatch(/^\d{4}-01-01 00:00:00$/);
    expect(Number(c.tick0.slice(0, 4)) % years).toBe(0);
    expect(Number(c.tick0.slice(0, 4))).toBeLessThanOrEqual(1853);
    expect(dateAxis(Date.UTC(2023, 2, 1, 5), Date.UTC(2023, 2, 2, 23), 700).tick0).toBe('2023-03-01 00:00:00');
  });
});

describe('date texts', () => {
  it('reads the forms the axes label times with', () => {
    expect(dateMs('2023-01-01')).toBe(Date.UTC(2023, 0, 1));
    expect(dateMs('2023-01-01 06')).toBe(Date.UTC(2023, 0, 1, 6));
    expect(dateMs('2023-01-01 06:30')).toBe(Date.UTC(2023, 0, 1, 6, 30));
    expect(dateMs('0050-01-01')).toBe(new Date('0050-01-01T00:00:00Z').getTime());
    expect(dateMs('x')).toBeNaN();
    expect(dateSpan(['2023-01-02', '2023-01-01', 'no'])).toEqual([Date.UTC(2023, 0, 1), Date.UTC(2023, 0, 2)]);
  });

  it('plotly places standard dates only: a 360_day 30 February is drawn by index', () => {
    expect(placeableDates(['2000-02-28', '2000-03-01'])).toBe(true);
    expect(placeableDates(['2000-02-29', '2000-02-30'])).toBe(false);
    const a = labelledAxis(['2000-02-29', '2000-02-30', '2000-03-01'], 600);
    expect(a.x).toEqual([0, 1, 2]);
    expect(a.text).toEqual(['2000-02-29', '2000-02-30', '2000-03-01']);
    expect(a.axis.ticktext).toEqual(['2000-02-29', '2000-02-30', '2000-03-01']);
  });
});

describe('indexTicks', () => {
  it('labels every k-th index, k of 1, 2, 5 × 10ⁿ, as many as fit', () => {
    const labels = Array.from({ length: 300 }, (_, i) => `${1850 + i}-07-01`);
    const t = indexTicks(labels, 700);
    expect(t.tickvals.length).toBeLessThanOrEqual(fitting(700, 10));
    expect(t.tickvals[1]! - t.tickvals[0]!).toBe(50);
    expect(t.ticktext[1]).toBe('1900-07-01');
    expect(indexTicks(['Bergen', 'Oslo', 'Tromso'], 700)).toEqual({
      tickvals: [0, 1, 2],
      ticktext: ['Bergen', 'Oslo', 'Tromso'],
    });
  });
});

describe('shortLabels', () => {
  it('drops a time of day that every label has at midnight, and zero seconds', () => {
    expect(shortLabels(['1850-02-30 00:00:00', '1851-02-30 00:00:00'])).toEqual(['1850-02-30', '1851-02-30']);
    expect(shortLabels(['1850-02-30 06:30:00', '1851-02-30 00:00:00'])).toEqual([
      '1850-02-30 06:30',
      '1851-02-30 00:00',
    ]);
    expect(shortLabels(['1850-02-30 06:30:01', '1851-02-30'])).toEqual(['1850-02-30 06:30:01', '1851-02-30']);
    expect(shortLabels(['Bergen', 'Oslo'])).toEqual(['Bergen', 'Oslo']);
  });
});
