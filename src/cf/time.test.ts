import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromMicros, normalizeCalendar, toMicros } from './calendar';
import { formatDateNcdump } from './date-format';
import { decodeTimes, nearestIndex, parseDate, timeCoder } from './time';

interface DecodeCase {
  tag: string;
  units: string;
  calendar: string;
  value: number | string;
  valueType: 'int' | 'float';
  expected?: string;
  error?: string;
}
interface EncodeCase {
  units: string;
  calendar: string;
  date: string;
  expected: number;
}

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/cf/time-cases.json', import.meta.url), 'utf8')) as {
  decode: DecodeCase[];
  encode: EncodeCase[];
};

function valueOf(c: DecodeCase): number | bigint {
  if (typeof c.value === 'string') return c.valueType === 'int' ? BigInt(c.value) : Number(c.value);
  return c.value;
}

// Units cftime rejects that CF/UDUNITS define; we accept them on purpose.
const EXTENSIONS = /^(days after|fortnights)/;

describe('time decoding matches cftime', () => {
  it(`has at least 200 reference cases`, () => {
    expect(fixture.decode.length).toBeGreaterThanOrEqual(200);
  });

  it('decodes every case to the same ISO string, or rejects it', () => {
    const failures: string[] = [];
    for (const c of fixture.decode) {
      let got: string;
      try {
        got = timeCoder(c.units, c.calendar).format(valueOf(c));
      } catch (e) {
        got = `error: ${(e as Error).message}`;
      }
      if (c.expected !== undefined) {
        if (got !== c.expected)
          failures.push(`${c.tag} ${String(c.value)} ${c.units} [${c.calendar}]: ${got} ≠ ${c.expected}`);
      } else if (!got.startsWith('error:') && !EXTENSIONS.test(c.units)) {
        failures.push(`${c.units} [${c.calendar}] should fail (${c.error ?? ''}), got ${got}`);
      } else if (EXTENSIONS.test(c.units) && !got.startsWith('error:')) {
        failures.push(`${c.units} should fail`);
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
  });

  it('encodes dates back to the values cftime.date2num gives', () => {
    const failures: string[] = [];
    for (const c of fixture.encode) {
      const got = timeCoder(c.units, c.calendar).encode(c.date);
      if (got !== c.expected) failures.push(`${c.date} in ${c.units} [${c.calendar}]: ${got} ≠ ${c.expected}`);
    }
    expect(fixture.encode.length).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });
});

const ncdump = JSON.parse(
  readFileSync(new URL('../../fixtures/cf/ncdump-time-cases.json', import.meta.url), 'utf8'),
) as {
  cases: { units: string; calendar: string; value: number; expected: string }[];
};

describe('compact dates match ncdump -t', () => {
  it('formats every case as ncdump does', () => {
    const failures = ncdump.cases
      .map((c) => ({ c, got: formatDateNcdump(timeCoder(c.units, c.calendar).toDate(c.value)!) }))
      .filter(({ c, got }) => got !== c.expected)
      .map(({ c, got }) => `${c.value} ${c.units} [${c.calendar}]: ${got} ≠ ${c.expected}`);
    expect(ncdump.cases.length).toBeGreaterThan(500);
    expect(failures.slice(0, 20)).toEqual([]);
  });
});

describe('time helpers', () => {
  it('shows 360_day dates other calendars lack', () => {
    expect(timeCoder('days since 2000-01-01', '360_day').format(59)).toBe('2000-02-30T00:00:00');
    expect(timeCoder('days since 2000-01-01', '360_day').encode('2000-02-30')).toBe(59);
  });

  it('rejects dates a calendar does not have', () => {
    expect(() => parseDate('2001-02-29', 'noleap')).toThrow(/day 29/);
    expect(() => parseDate('1582-10-10', 'standard')).toThrow(/1582/);
    expect(parseDate('1582-10-10', 'proleptic_gregorian').day).toBe(10);
  });

  it('round-trips microseconds in every calendar', () => {
    for (const name of ['standard', 'proleptic_gregorian', 'julian', 'noleap', 'all_leap', '360_day'] as const) {
      const cal = normalizeCalendar(name);
      for (const us of [0n, -1n, 86_400_000_000n * -800_000n + 17n, 86_400_000_000n * 3_000_000n - 1n]) {
        expect(toMicros(fromMicros(us, cal), cal)).toBe(us);
      }
    }
  });

  it('uses UDUNITS years and months where cftime has none', () => {
    const c = timeCoder('years since 2000-01-01', 'standard');
    expect(c.format(1)).toBe('2000-12-31T05:48:45.974678');
    expect(timeCoder('months since 2000-01-01', 'noleap').encode(c.toDate(0)!)).toBe(0);
  });

  it('formats calendar none as offsets', () => {
    expect(timeCoder('days since 2000-01-01', 'none').format(3.5)).toBe('3.5 days since 2000-01-01T00:00:00');
  });

  it('decodes arrays with masks and NaN', () => {
    expect(decodeTimes([0, NaN, 2, 3], 'days since 2000-01-01', 'noleap', [0, 0, 1, 0])).toEqual([
      '2000-01-01T00:00:00',
      null,
      null,
      '2000-01-04T00:00:00',
    ]);
  });

  it('finds the nearest index', () => {
    expect(nearestIndex([0, 10, 20, 30], 14)).toBe(1);
    expect(nearestIndex([0, 10, 20, 30], 15)).toBe(1);
    expect(nearestIndex([30, 20, 10, 0], 16)).toBe(1);
    expect(nearestIndex([5, NaN, 1], 2)).toBe(2);
    expect(nearestIndex([], 2)).toBe(-1);
  });
});
