/**
 * Units against UDUNITS-2 itself: every pair of fixtures/compare/expected/udunits2-conversions.json (written by
 * scripts/fixtures/make-compare-units.py from Debian's `udunits2` command and libudunits2) converts as the library
 * converts (at 0 and 1, to double rounding), or is refused for the reason the command gives.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MetadataError } from '../errors';
import { convertValues, parseUnits, unitsConversion, unitsForDifference, UnitsError } from './units';

const here = path.dirname(new URL(import.meta.url).pathname);
interface Case {
  readonly have: string;
  readonly want: string;
  readonly udunits2: {
    readonly status: 'convertible' | 'not-convertible' | 'not-recognised';
    readonly slope?: number;
    readonly offset?: number;
  };
  readonly library?: { readonly at0: number; readonly at1: number } | null;
}
const { cases } = JSON.parse(
  readFileSync(path.resolve(here, '../../fixtures/compare/expected/udunits2-conversions.json'), 'utf8'),
) as { cases: readonly Case[] };

const close = (got: number, want: number, rel = 1e-12) =>
  Math.abs(got - want) <= rel * Math.max(1, Math.abs(want), Math.abs(got));

describe('unitsConversion against udunits2', () => {
  it('has cases of each verdict', () => {
    const statuses = new Set(cases.map((c) => c.udunits2.status));
    expect([...statuses].sort()).toEqual(['convertible', 'not-convertible', 'not-recognised']);
    expect(cases.length).toBeGreaterThan(100);
  });

  for (const c of cases) {
    it(`${c.have} -> ${c.want}: ${c.udunits2.status}`, () => {
      if (c.udunits2.status === 'convertible') {
        const conv = unitsConversion(c.have, c.want);
        if (c.library) {
          expect(close(conv.convert(0), c.library.at0), `at 0: ${conv.convert(0)} vs ${c.library.at0}`).toBe(true);
          expect(close(conv.convert(1), c.library.at1), `at 1: ${conv.convert(1)} vs ${c.library.at1}`).toBe(true);
        }
        // The command reads a leading number as the value to convert, not a factor of the unit.
        if (!/^\s*[\d.]/.test(c.have)) {
          expect(close(conv.scale, c.udunits2.slope!, 1e-5)).toBe(true);
          expect(close(conv.offset, c.udunits2.offset!, 1e-5)).toBe(true);
        }
      } else {
        let error: unknown;
        try {
          unitsConversion(c.have, c.want);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(UnitsError);
        expect(error).toBeInstanceOf(MetadataError);
        const problem = (error as UnitsError).problem;
        if (c.udunits2.status === 'not-convertible') expect(problem).toBe('incompatible');
        else expect(problem).not.toBe('incompatible');
      }
    });
  }
});

describe('unit messages and the difference policy', () => {
  it('explains an incompatible pair in words and base units', () => {
    expect(() => unitsConversion('kg m-2 s-1', 'mm/day')).toThrow(
      /"kg m-2 s-1" \(m-2 kg s-1\) cannot be converted to "mm\/day" \(m s-1\): they measure different quantities/,
    );
  });

  it('names the unknown word', () => {
    expect(() => parseUnits('kg PSU')).toThrow(
      /The units "kg PSU" cannot be read: "PSU" is not a unit UDUNITS-2 knows/,
    );
    expect(() => parseUnits('dBm')).toThrow(UnitsError);
    expect(() => parseUnits('days since 2000-01-01')).toThrow(/time unit/);
  });

  it('converts B into A and describes it', () => {
    const { conversion, note } = unitsForDifference('K', 'degC');
    expect(note).toBeNull();
    expect(conversion.text).toBe('degC → K: x + 273.15');
    const out = convertValues(new Float32Array([0, NaN, -273.15]), conversion);
    expect(Array.from(out)).toEqual([273.15, NaN, Math.fround(-273.15) + 273.15]);
    expect(unitsForDifference('hPa', 'Pa').conversion.text).toBe('Pa → hPa: 0.01 × x');
    const same = unitsForDifference('K', 'kelvin').conversion;
    expect(same.identity).toBe(true);
    const values = new Float32Array([1]);
    expect(convertValues(values, same)).toBe(values);
  });

  it('takes missing units on one side as the other side’s, and says so', () => {
    expect(unitsForDifference(undefined, undefined)).toMatchObject({ note: null, conversion: { identity: true } });
    expect(unitsForDifference('K', undefined).note).toBe('B has no units: its values are taken to be in K.');
  });
});
