/**
 * `C_format` printing (printf.ts) against C's printf: float, double and integer values printed by
 * testdata/printf-cformat.c, compiled here, with the formats files carry in `C_format` (`%8.1f`, `%.3e`, `%5d`, …)
 * and the flags, widths and precisions around them, compared byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { formatC, parseCFormat } from './printf';
import {
  DOUBLE,
  FLOAT,
  type Kind,
  around,
  landmarks,
  ordinary,
  randomBits,
  rng,
  subnormals,
  ties,
} from './testdata/printf-values';
import { compileCReference } from './testdata/c-reference';

const reference = compileCReference('printf-cformat');
const noCompiler = reference.unavailable;

function printf(mode: 'f' | 'd' | 'i' | 'l', format: string, bytes: Uint8Array): string[] {
  return reference.run([mode, format], bytes);
}

function floats(kind: Kind, seed: number): number[] {
  const next = rng(seed);
  const xs = [
    ...landmarks(kind),
    ...randomBits(kind, 3000, next),
    ...ordinary(kind, 3000, next),
    ...subnormals(kind, 20, 200, next),
    ...[1, 2, 3, 6, 10].flatMap((p) => ties(kind, p, 40, next)),
    ...around(kind, [0.5, 1.5, 2.5, 0.125, 0.05, 9.5, 99.95, 1e15, 1e16, 1e21, 1e22, 123456.5]),
  ];
  return xs.filter((x) => Number.isFinite(x));
}

const FLOAT_FORMATS = [
  '%f',
  '%8.1f',
  '%.2f',
  '%.0f',
  '%#.0f',
  '%-10.3f|',
  '%+09.2f',
  '% .4f',
  '%.3e',
  '%12.4E',
  '%#.0e',
  '%e',
  '%g',
  '%.3g',
  '%#.5g',
  '%10.6G',
  '%-+12.8g|',
  '%.17g',
  '%lf',
  'v=%6.2f m',
  '%5.1f%%',
];

const INT_FORMATS = [
  '%d',
  '%5d',
  '%-5d|',
  '%05d',
  '%+d',
  '% d',
  '%.3d',
  '%8.4d',
  '%u',
  '%x',
  '%#X',
  '%o',
  '%#o',
  '%hd',
  '%hhd',
  '%hu',
  'n=%3i',
];
const INT64_FORMATS = ['%lld', '%20lld', '%llu', '%llx', '%ld', '%-22ld|', '%+lld', '%#llo'];

describe.skipIf(noCompiler !== undefined)('C_format values against C printf', () => {
  for (const [kind, type, mode] of [
    [FLOAT, 'float', 'f'],
    [DOUBLE, 'double', 'd'],
  ] as const) {
    const xs = floats(kind, type === 'float' ? 11 : 12);
    const bytes = new Uint8Array((type === 'float' ? new Float32Array(xs) : new Float64Array(xs)).buffer);
    it.each(FLOAT_FORMATS)(`${type} %s`, (format) => {
      const f = parseCFormat(format, type);
      expect(f, format).toBeDefined();
      const want = printf(mode, format, bytes);
      const bad: string[] = [];
      xs.forEach((x, i) => {
        const got = formatC(x, type, f!);
        if (got !== want[i] && bad.length < 5) bad.push(`${x}: C ${want[i]} ours ${got}`);
      });
      expect(bad).toEqual([]);
    });
  }

  const next = rng(5);
  const small = [0, 1, -1, 127, -128, 255, 32767, -32768, 40000, -40000, 65535, 2147483647, -2147483648];
  for (let i = 0; i < 2000; i++) small.push((next() | 0) >> (next() % 31));
  const big = small.map(BigInt).concat([2n ** 63n - 1n, -(2n ** 63n), 2n ** 40n + 7n, -(2n ** 52n) - 3n]);
  for (let i = 0; i < 2000; i++) big.push(BigInt.asIntN(64, (BigInt(next()) << 32n) | BigInt(next())));
  const asBytes = (xs: readonly bigint[]) => new Uint8Array(new BigInt64Array(xs).buffer);

  it.each(INT_FORMATS)('int %s', (format) => {
    const f = parseCFormat(format, 'int');
    expect(f, format).toBeDefined();
    const want = printf('i', format, asBytes(small.map(BigInt)));
    expect(small.map((x) => formatC(x, 'int', f!))).toEqual(want);
  });
  it.each(INT64_FORMATS)('int64 %s', (format) => {
    const f = parseCFormat(format, 'int64');
    expect(f, format).toBeDefined();
    const want = printf('l', format, asBytes(big));
    expect(big.map((x) => formatC(x, 'int64', f!))).toEqual(want);
  });
});

describe('C_format: formats not used', () => {
  it.each([
    ['%d', 'float'],
    ['%f', 'int'],
    ['%s', 'double'],
    ['%f %f', 'double'],
    ['%*d', 'int'],
    ['%lld', 'int'],
    ['%d', 'int64'],
    ['%Lf', 'double'],
    ['', 'double'],
    ['%f', 'char'],
    ['100%', 'int'],
  ])('%s for %s', (format, type) => {
    expect(parseCFormat(format, type)).toBeUndefined();
  });
});
