/**
 * C printf `%g` / `%#g` in TypeScript, byte for byte as glibc prints them, and the number forms ncdump prints:
 * attributes use `%#.7g` (float, then `f`) and `%#.15g` (double) with trailing zeros trimmed but the point kept
 * (`1.`, `1.e+30f`); data use `%.7g` / `%.15g`; `-p F,D` changes the 7 and the 15 (`withPrecision`). Integer
 * suffixes in attributes: `b s UB US U LL ULL`.
 *
 * glibc rounds the exact binary value half to even; JavaScript's toExponential rounds an exact tie away from
 * zero (286.28125 at 7 digits: printf `286.2812`, toExponential `2.862813e+2`). Only a value whose exact decimal
 * expansion ends with a 5 just after the last printed digit is a tie; those few take the exact BigInt path.
 */

/** `|x| = m·2^q`, m an integer (odd or not), for a finite non-zero x. */
const view = new DataView(new ArrayBuffer(8));
function binary(x: number): { m: bigint; q: number } {
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const be = (hi >>> 20) & 0x7ff;
  const frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  return be === 0 ? { m: frac, q: -1074 } : { m: frac | (1n << 52n), q: be - 1075 };
}

/** The first `p` significant digits of |x| rounded half to even from its exact value, and the decimal exponent. */
export function exactDigits(x: number, p: number): { digits: string; e: number } {
  const { m, q } = binary(x);
  const s = (q >= 0 ? m << BigInt(q) : m * 5n ** BigInt(-q)).toString();
  let e = s.length - 1 + Math.min(q, 0);
  if (s.length <= p) return { digits: s.padEnd(p, '0'), e };
  let keep = s.slice(0, p);
  const next = s.charCodeAt(p) - 48;
  const restZero = /^0*$/.test(s.slice(p + 1));
  const up = next > 5 || (next === 5 && (!restZero || (keep.charCodeAt(p - 1) - 48) % 2 === 1));
  if (up) {
    keep = (BigInt(keep) + 1n).toString();
    if (keep.length > p) {
      keep = keep.slice(0, p);
      e++;
    }
  }
  return { digits: keep, e };
}

/** 2^k for k in [-340, 360], the range a tie test needs (k = p + 1 - e, p ≤ 20, -324 ≤ e ≤ 308). */
const POW2 = Float64Array.from({ length: 701 }, (_, i) => 2 ** (i - 340));

/** Drops trailing '0's of `s` (and a then final '.'), as %g without `#` does to its fraction. */
function dropZeros(s: string): string {
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48) end--;
  if (s.charCodeAt(end - 1) === 46) end--;
  return s.slice(0, end);
}

/** C `%.<prec>g` (alt: `%#.<prec>g`); non-finite values as ncdump names them (`NaN`, `Infinity`). */
export function formatG(x: number, prec: number, alt = false): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  const p = prec === 0 ? 1 : prec;
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  if (x === 0) return alt ? `${sign}0.${'0'.repeat(p - 1)}` : `${sign}0`;
  const exp = x.toExponential(p - 1); // [-]d.ddde±x: correct but for exact ties
  const at = exp.indexOf('e');
  let e = +exp.slice(at + 1);
  let mant = exp.slice(sign.length, at); // d.ddd, or d when p is 1
  // A tie at the cut means |x| = odd·2^(e-p) (or odd·2^(e-1-p) when rounding carried into a new digit).
  const t = Math.abs(x) * (POW2[p + 341 - e] ?? 2 ** (p + 1 - e));
  if (Number.isInteger(t) && t % 4 !== 0) {
    const exact = exactDigits(x, p);
    e = exact.e;
    mant = p === 1 ? exact.digits : `${exact.digits.charAt(0)}.${exact.digits.slice(1)}`;
  }
  if (e < -4 || e >= p) {
    if (!alt) mant = dropZeros(mant);
    else if (p === 1) mant += '.';
    const ae = e < 0 ? -e : e;
    return `${sign}${mant}e${e < 0 ? '-' : '+'}${ae < 10 ? '0' : ''}${ae}`;
  }
  const digits = p === 1 ? mant : mant.charAt(0) + mant.slice(2);
  const out = e < 0 ? `0.${'0'.repeat(-e - 1)}${digits}` : `${digits.slice(0, e + 1)}.${digits.slice(e + 1)}`;
  return sign + (alt ? out : dropZeros(out));
}

/** Significant digits of float and double values (`ncdump -p F,D`); ncdump's defaults are 7 and 15. */
export interface Precision {
  readonly float: number;
  readonly double: number;
  /** Whether `-p` named each (ncdump's float_/double_precision_specified: they override `C_format`). */
  readonly floatGiven?: boolean;
  readonly doubleGiven?: boolean;
}

export const DEFAULT_PRECISION: Precision = { float: 7, double: 15 };
let current: Precision = DEFAULT_PRECISION;

/** Runs `f` (synchronous) with float and double values printed at precision `p` (`-p F,D`), then restores it. */
export function withPrecision<T>(p: Precision | undefined, f: () => T): T {
  const before = current;
  current = p ?? before;
  try {
    return f();
  } finally {
    current = before;
  }
}

/** ncdump's tztrim: drop trailing zeros after the point (before any exponent), keep the point. */
export function trimZeros(s: string): string {
  const m = /^(-?\d*\.\d*?)0+((?:e[-+]\d+)?)$/.exec(s);
  return m ? `${m[1]}${m[2]}` : s;
}

/** A float attribute value: `1.5f`, `1.e+30f`, `NaNf`. */
export function floatAttr(x: number): string {
  if (!Number.isFinite(x)) return `${formatG(x, 7)}f`;
  return `${trimZeros(formatG(Math.fround(x), current.float, true))}f`;
}

/** A double attribute value: `0.1`, `1.`, `1.e+300`. */
export function doubleAttr(x: number): string {
  if (!Number.isFinite(x)) return formatG(x, 15);
  return trimZeros(formatG(x, current.double, true));
}

/** Float data; ncdump appends `f` to non-finite floats (`Infinityf`, `NaNf`). */
export const floatData = (x: number): string =>
  Number.isFinite(x) ? formatG(Math.fround(x), current.float) : `${formatG(x, 7)}f`;
export const doubleData = (x: number): string => formatG(x, current.double);

/** Whether `-p` gave the precision of `type` (float or double): it overrides a variable's `C_format` then. */
export const precisionGiven = (type: string): boolean =>
  type === 'float' ? current.floatGiven === true : type === 'double' && current.doubleGiven === true;

const SUFFIX: Record<string, string> = {
  byte: 'b',
  short: 's',
  int: '',
  ubyte: 'UB',
  ushort: 'US',
  uint: 'U',
  int64: 'LL',
  uint64: 'ULL',
};

/** An integer attribute value with its CDL type suffix. */
export function intAttr(x: number | bigint, type: string): string {
  return `${x.toString()}${SUFFIX[type] ?? ''}`;
}
