/**
 * CDO's absolute time axes decoded as CDO reads them: every value of the fixtures (fixtures/cdo-time, written by
 * netCDF4-python through scripts/fixtures/make-cdo-time.py) formats as Debian CDO's `showtimestamp` prints it, and
 * encoding the date gives back a value CDO reads as that date. `hour as …`, which CDO refuses, is not a time axis.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTimeUnits } from './time-units';
import { timeCoder } from './time';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'cdo-time');
const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as {
  files: Record<string, { units: string; calendar: string; values: number[]; cdo: string[]; cdo_warnings: string[] }>;
};

describe('CDO absolute time (day as %Y%m%d.%f, month as %Y%m.%f, year as %Y.%f)', () => {
  for (const [name, f] of Object.entries(expected.files)) {
    if (name === 'hour-refused') continue;
    it(`${name}: as CDO's showtimestamp prints it`, () => {
      expect(isTimeUnits(f.units)).toBe(true);
      const coder = timeCoder(f.units, f.calendar);
      expect(f.values.map((v) => coder.format(v))).toEqual(f.cdo);
      // A date of the calendar encodes to a value that decodes to it again.
      for (const v of f.values) {
        const d = coder.toDate(v);
        if (d) expect(coder.format(coder.encode(d))).toBe(coder.format(v));
      }
    });
  }
  it('a date the calendar does not have is no date (its digits are still printed as CDO prints them)', () => {
    const coder = timeCoder('day as %Y%m%d.%f', 'proleptic_gregorian');
    expect(coder.toDate(20001301)).toBeNull();
    expect(coder.format(20001301)).toBe('2000-13-01T00:00:00');
    expect(coder.toDate(20981118.25)).toMatchObject({ year: 2098, month: 11, day: 18, hour: 6 });
  });
  it("hour as %Y%m%d.%f, which CDO refuses ('Unsupported format'), is not read as a time axis", () => {
    const f = expected.files['hour-refused']!;
    expect(f.cdo_warnings.join(' ')).toMatch(/Unsupported format/);
    expect(isTimeUnits(f.units)).toBe(false);
  });
});

describe('the CLI -t on a CDO absolute axis', () => {
  it('prints the dates CDO reads, in ncdump -t form', async () => {
    const { dump } = await import('../cli/dump');
    const { parseDumpArgs } = await import('../cli/args');
    const { formatDateNcdump } = await import('./date-format');
    const { parseDate } = await import('./time');
    const f = expected.files['day']!;
    const out = await dump(parseDumpArgs(['-t', '-v', 'time', join(DIR, 'day.nc')]));
    const text = out.text.replace(/\s+/g, ' ');
    const want = f.cdo.map((d) => `"${formatDateNcdump(parseDate(d, 'proleptic_gregorian'))}"`).join(', ');
    expect(text).toContain(`time = ${want} ;`);
  });
});
