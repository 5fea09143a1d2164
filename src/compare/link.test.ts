/**
 * Linking by coordinate value: era5-like.zarr's times, latitudes and longitudes against cmip-like.zarr's (another
 * calendar, other time units, a shifted 0–360 grid), expected from fixtures/compare/expected/link.json (cftime
 * dates and numpy, scripts/fixtures/make-compare-expected.py); then the rules on small coordinates written here.
 */
import { describe, expect, it } from 'vitest';
import { timeCoder } from '../cf';
import { linkAxis, type LinkAxis } from './link';
import { linkSelection, readLinkAxes } from './pair';
import { expected, openFixture } from './testing/fixtures';

interface Expected {
  readonly time: {
    readonly dates_b: readonly string[];
    readonly links: readonly { a: number; date_a: string; kind: string; index: number; distance_s: number | null }[];
  };
  readonly latitude: readonly { a: number; kind: string; index: number }[];
  readonly longitude: readonly { a: number; kind: string; index: number }[];
}

describe('linking era5-like.zarr to cmip-like.zarr', async () => {
  const want = expected<Expected>('link.json');
  const [a, b] = await Promise.all([openFixture('era5-like.zarr'), openFixture('cmip-like.zarr')]);
  const axesA = await readLinkAxes(a, (await a.loadVariable('/t2m'))!);
  const axesB = await readLinkAxes(b, (await b.loadVariable('/tas'))!);

  it('finds the axes by CF metadata', () => {
    expect(axesA.map((x) => [x.dimension, x.axis?.kind])).toEqual([
      ['time', 'time'],
      ['latitude', 'latitude'],
      ['longitude', 'longitude'],
    ]);
    expect(axesB.map((x) => [x.dimension, x.axis?.kind])).toEqual([
      ['time', 'time'],
      ['lat', 'latitude'],
      ['lon', 'longitude'],
    ]);
  });

  it('links times as calendar dates across calendars and units: exact, nearest, none (cftime)', () => {
    const kinds = new Set(want.time.links.map((l) => l.kind));
    expect([...kinds].sort()).toEqual(['exact', 'nearest', 'none']);
    for (const w of want.time.links) {
      const got = linkAxis(axesA[0]!.axis!, w.a, axesB[0]!.axis!);
      expect([got.kind, got.index], w.date_a).toEqual([w.kind, w.index]);
      expect(got.valueA.replace(' ', 'T')).toBe(w.date_a);
      if (w.kind !== 'none') {
        expect(got.distance).toBe(w.distance_s);
        expect(got.valueB.replace(' ', 'T')).toBe(want.time.dates_b[w.index]);
      }
    }
    // What a view shows.
    expect(linkAxis(axesA[0]!.axis!, 0, axesB[0]!.axis!).text).toBe('2020-01-16 12:00:00');
    expect(linkAxis(axesA[0]!.axis!, 1, axesB[0]!.axis!).text).toBe('2020-02-15 00:00:00 (nearest: 14 days earlier)');
    expect(linkAxis(axesA[0]!.axis!, 3, axesB[0]!.axis!).text).toBe(
      "none: 2020-06-20 00:00:00 is outside B's time range",
    );
  });

  it('links latitudes by value and longitudes modulo 360 (numpy)', () => {
    for (const [k, list] of [
      [1, want.latitude],
      [2, want.longitude],
    ] as const)
      for (const w of list) {
        const got = linkAxis(axesA[k]!.axis!, w.a, axesB[k]!.axis!);
        expect([got.kind, got.index], `${axesA[k]!.dimension} ${w.a}`).toEqual([w.kind, w.index]);
      }
    // −180 is 180: B's 171 and 189 are as near; the one west of it is taken.
    expect(linkAxis(axesA[2]!.axis!, 0, axesB[2]!.axis!)).toMatchObject({ index: 9, distance: -9 });
  });

  it('links a whole selection: B reads the linked time, the plotted dimensions whole', () => {
    expect(linkSelection(axesA, [1, null, null], axesB)).toMatchObject({
      selection: [1, null, null],
      linked: true,
      links: [{ dimensionB: 'time', dimensionA: 'time', link: { kind: 'nearest' } }, { link: null }, { link: null }],
    });
    expect(linkSelection(axesA, [3, null, null], axesB)).toMatchObject({ selection: [-1, null, null], linked: false });
  });
});

const num = (kind: 'vertical' | 'latitude' | 'longitude' | 'other', values: number[], units?: string): LinkAxis => ({
  kind,
  values,
  units,
});
const time = (values: number[], units: string, calendar: string): LinkAxis => ({
  kind: 'time',
  values,
  coder: timeCoder(units, calendar),
});

describe('linkAxis rules', () => {
  it('converts vertical levels into A’s units (hPa against Pa)', () => {
    const a = num('vertical', [1000, 850, 450], 'hPa');
    const b = num('vertical', [100000, 92500, 85000, 70000, 50000], 'Pa');
    expect(linkAxis(a, 1, b)).toMatchObject({ kind: 'exact', index: 2, valueB: '85000 Pa' });
    const c = num('vertical', [1000, 900, 700], 'mbar');
    expect(linkAxis(a, 1, c)).toMatchObject({ kind: 'nearest', index: 1, distance: 50 });
    expect(linkAxis(a, 1, c).text).toBe('900 mbar (nearest: 50 hPa more)');
    // 450 hPa is below 700 by more than the step there (200): none; 500 would be nearest.
    expect(linkAxis(num('vertical', [500], 'hPa'), 0, c)).toMatchObject({ kind: 'nearest', index: 2 });
    expect(linkAxis(a, 2, c).kind).toBe('none');
    expect(linkAxis(a, 0, num('vertical', [0, 10], 'm')).text).toMatch(/^none: "m" \(m\) cannot be converted to "hPa"/);
  });

  it('matches float32 coordinates against float64 ones', () => {
    const a = num('latitude', [Math.fround(0.1), Math.fround(-33.3)]);
    const b = num('latitude', [-33.3, 0, 0.1]);
    expect(linkAxis(a, 0, b)).toMatchObject({ kind: 'exact', index: 2 });
    expect(linkAxis(a, 1, b)).toMatchObject({ kind: 'exact', index: 0 });
  });

  it('wraps longitude both ways and says none outside a regional grid', () => {
    const global = num('longitude', [0, 90, 180, 270]);
    expect(linkAxis(num('longitude', [-90]), 0, global)).toMatchObject({ kind: 'exact', index: 3 });
    expect(linkAxis(num('longitude', [-170]), 0, global)).toMatchObject({ kind: 'nearest', index: 2 });
    const regional = num('longitude', [350, 355, 0, 5, 10]); // 350°E .. 10°E across the meridian
    expect(linkAxis(num('longitude', [-7]), 0, regional)).toMatchObject({ kind: 'nearest', index: 1 });
    expect(linkAxis(num('longitude', [-14]), 0, regional)).toMatchObject({ kind: 'nearest', index: 0 });
    expect(linkAxis(num('longitude', [14]), 0, regional)).toMatchObject({ kind: 'nearest', index: 4 });
    expect(linkAxis(num('longitude', [16]), 0, regional).kind).toBe('none');
    expect(linkAxis(num('longitude', [180]), 0, regional).kind).toBe('none');
    // A wrong wrap (no modulo) would call −7 outside [0, 355] and 359 nearest to 355.
    expect(linkAxis(num('longitude', [359]), 0, regional)).toMatchObject({ kind: 'nearest', index: 2 });
  });

  it('compares dates, not instants, across calendars; a 360_day 02-30 sits on the month’s last day', () => {
    const a = time([0, 59, 60], 'days since 2001-01-01', 'standard'); // 2001-01-01, 03-01, 03-02
    const b = time([0, 59, 60], 'days since 2001-01-01', '360_day'); // 2001-01-01, 02-30, 03-01
    expect(linkAxis(a, 0, b)).toMatchObject({ kind: 'exact', index: 0 });
    expect(linkAxis(a, 1, b)).toMatchObject({ kind: 'exact', index: 2, valueB: '2001-03-01 00:00:00' });
    // 2001-03-02: nearest is 03-01 (1 day), not 02-30 (placed on 02-28: 2 days).
    expect(linkAxis(a, 2, b)).toMatchObject({ kind: 'nearest', index: 2, distance: -86400 });
    // 360_day 2001-02-29 12:00 placed on standard 2001-02-28 12:00: no distance, yet another date.
    const c = time([58.5], 'days since 2001-01-01', '360_day');
    const link = linkAxis(time([58.5], 'days since 2001-01-01', 'standard'), 0, c);
    expect(link).toMatchObject({ kind: 'nearest', index: 0, distance: 0, valueA: '2001-02-28 12:00:00' });
    expect(link.text).toBe('2001-02-29 12:00:00 (nearest: the same time)');
  });

  it('links a single value only when it matches', () => {
    expect(linkAxis(num('other', [1, 2]), 0, num('other', [1])).kind).toBe('exact');
    expect(linkAxis(num('other', [1, 2]), 1, num('other', [1])).kind).toBe('none');
  });
});
