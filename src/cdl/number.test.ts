/**
 * formatG and ncdump's number forms against C's printf (glibc on CI): a few million deterministic values (random
 * bit patterns, subnormals, powers of two and ten, the types' edges, exact ties at each precision's cut, the
 * fixed/exponent switch) printed by testdata/printf-ref.c, compiled here, and compared byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { doubleAttr, doubleData, floatAttr, floatData, formatG, withPrecision } from './number';
import {
  DOUBLE,
  FLOAT,
  type Kind,
  around,
  carries,
  landmarks,
  ordinary,
  randomBits,
  rng,
  subnormals,
  ties,
} from './testdata/printf-values';
import { compileCReference } from './testdata/c-reference';

// CI has a C compiler: there the comparison must run (compileCReference throws without one).
const reference = compileCReference('printf-ref');
const noCompiler = reference.unavailable;

/** C's output for `values` (as float32 or float64) printed with `format`, one string per value. */
function printf(mode: 'f' | 'd' | 'fa' | 'da', format: string, values: readonly number[]): string[] {
  const bytes = mode.startsWith('f') ? new Float32Array(values) : new Float64Array(values);
  return reference.run([mode, format], new Uint8Array(bytes.buffer));
}

const bitsOf = (x: number) => {
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, x);
  return `0x${b.getBigUint64(0).toString(16).padStart(16, '0')}`;
};

/** Every value whose text differs from C's (at most 10, with its bits), empty when all match. */
function differences(
  mode: 'f' | 'd' | 'fa' | 'da',
  format: string,
  values: readonly number[],
  ours: (x: number) => string,
): string[] {
  const ref = printf(mode, format, values);
  expect(ref.length).toBe(values.length);
  const bad: string[] = [];
  for (let i = 0; i < values.length && bad.length < 10; i++) {
    const x = values[i] ?? 0;
    const got = ours(x);
    if (got !== ref[i]) bad.push(`${format} of ${x} (${bitsOf(x)}): printf ${ref[i]}, ours ${got}`);
  }
  return bad;
}

/** The values of one type: everything but the per-precision ties and carries. */
function common(kind: Kind, seed: number): number[] {
  const next = rng(seed);
  const f = kind === FLOAT;
  return [
    ...randomBits(kind, f ? 300_000 : 250_000, next),
    ...ordinary(kind, 100_000, next),
    ...subnormals(kind, 2000, f ? 60_000 : 30_000, next),
    ...around(kind, landmarks(kind)),
  ].map(kind.round);
}

/** Ties and carries at precision p, with neighbours. */
function atPrecision(kind: Kind, p: number, seed: number): number[] {
  const next = rng(seed + p);
  return around(kind, [...ties(kind, p, 40, next), ...carries(kind, p)]);
}

const PRECISIONS = Array.from({ length: 20 }, (_, i) => i + 1);

describe.skipIf(noCompiler !== undefined)(`formatG vs C printf${noCompiler ? ` (skipped: ${noCompiler})` : ''}`, () => {
  it('float data and attributes at ncdump default precision (%.7g, %#.7gf trimmed, %#.7g)', () => {
    const values = [...common(FLOAT, 1), ...atPrecision(FLOAT, 7, 100)];
    expect(values.length).toBeGreaterThan(400_000);
    expect(differences('f', '%.7g', values, floatData)).toEqual([]);
    expect(differences('fa', '%#.7gf', values, floatAttr)).toEqual([]);
    expect(differences('f', '%#.7g', values, (x) => formatG(x, 7, true))).toEqual([]);
  });

  it('double data and attributes at ncdump default precision (%.15g, %#.15g trimmed, %.17g)', () => {
    const values = [...common(DOUBLE, 2), ...atPrecision(DOUBLE, 15, 200), ...atPrecision(DOUBLE, 17, 200)];
    expect(values.length).toBeGreaterThan(400_000);
    expect(differences('d', '%.15g', values, doubleData)).toEqual([]);
    expect(differences('da', '%#.15g', values, doubleAttr)).toEqual([]);
    expect(differences('d', '%.17g', values, (x) => formatG(x, 17))).toEqual([]);
  });

  it('every precision -p F,D can ask for (1 to 20), data and attributes', () => {
    const floats = common(FLOAT, 3).filter((_, i) => i % 80 === 0);
    const doubles = common(DOUBLE, 4).filter((_, i) => i % 80 === 0);
    for (const p of PRECISIONS) {
      const fv = [...floats, ...atPrecision(FLOAT, p, 300)];
      const dv = [...doubles, ...atPrecision(DOUBLE, p, 400)];
      const prec = { float: p, double: p };
      expect(differences('f', `%.${p}g`, fv, (x) => withPrecision(prec, () => floatData(x)))).toEqual([]);
      expect(differences('fa', `%#.${p}gf`, fv, (x) => withPrecision(prec, () => floatAttr(x)))).toEqual([]);
      expect(differences('d', `%.${p}g`, dv, (x) => withPrecision(prec, () => doubleData(x)))).toEqual([]);
      expect(differences('da', `%#.${p}g`, dv, (x) => withPrecision(prec, () => doubleAttr(x)))).toEqual([]);
    }
  });
});

describe('formatG, cases printf decides', () => {
  it('rounds an exact tie half to even, as glibc does', () => {
    // 286.28125 = 9161/32 exactly: printf("%.7g") gives 286.2812; a half-away rounding would give 286.2813.
    expect(formatG(286.28125, 7)).toBe('286.2812');
  });
  it('non-finite values as ncdump names them', () => {
    expect([floatData(NaN), floatData(-Infinity), doubleData(Infinity), floatAttr(NaN)]).toEqual([
      'NaNf',
      '-Infinityf',
      'Infinity',
      'NaNf',
    ]);
  });
});
