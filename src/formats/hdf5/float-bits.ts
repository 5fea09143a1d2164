/**
 * Floating-point numbers of any HDF5 float layout (x87 80-bit extended in 10, 12 or 16 bytes, IEEE binary128, …)
 * from their bit fields, as the nearest double: what HDF5 gives when such a number is converted to `double`
 * (beyond its range, ±Infinity).
 */
import { UnsupportedError } from '../../errors.ts';
import type { Datatype } from './message-datatype.ts';

type FloatType = Datatype & { class: 'float' };

/** The bits `[at, at + size)` of a little-endian number. */
function bits(n: bigint, at: number, size: number): bigint {
  return (n >> BigInt(at)) & ((1n << BigInt(size)) - 1n);
}

/** The number stored in `raw` (its bytes, in the type's byte order) as the nearest double. */
export function wideFloat(t: FloatType, raw: Uint8Array): number {
  if (t.order === 'vax') throw new UnsupportedError('VAX floating-point numbers are not read.');
  const { exponent: e, mantissa: m } = t;
  if (raw.length < t.size || e.size < 1 || e.size > 30 || m.size < 1 || m.size > 1024)
    throw new UnsupportedError(`Floating-point numbers of ${t.size} bytes with this layout are not read.`);
  let n = 0n;
  for (let i = 0; i < t.size; i++) {
    const byte = raw[t.order === 'le' ? i : t.size - 1 - i] ?? 0;
    n |= BigInt(byte) << BigInt(8 * i);
  }
  const sign = bits(n, t.signLocation, 1) === 1n ? -1 : 1;
  const exp = Number(bits(n, e.location, e.size));
  let mant = bits(n, m.location, m.size);
  const implied = (t.normalization ?? 'implied') === 'implied';
  const maxExp = 2 ** e.size - 1;
  // An explicit leading bit (x87) is not part of the fraction that tells Infinity from NaN.
  const fraction = implied ? mant : bits(mant, 0, m.size - 1);
  if (exp === maxExp) return fraction === 0n ? sign * Infinity : NaN;
  if (mant === 0n && (exp === 0 || !implied)) return sign * 0;
  // value = mant / 2^scale × 2^(exp − bias), scale = the fraction's bits.
  let scale = implied ? m.size : m.size - 1;
  let power = (exp === 0 ? 1 : exp) - e.bias;
  if (implied && exp !== 0) mant |= 1n << BigInt(m.size);
  // Keep 64 significant bits at most: Number() then rounds to nearest once.
  const extra = mant.toString(2).length - 64;
  if (extra > 0) {
    const sticky = bits(mant, 0, extra) !== 0n ? 1n : 0n;
    mant = (mant >> BigInt(extra)) | sticky;
    scale -= extra;
  }
  power -= scale;
  // Scale in steps so that no intermediate power of two overflows or underflows early.
  let v = Number(mant);
  while (power > 1000) {
    v *= 2 ** 1000;
    power -= 1000;
  }
  while (power < -1000) {
    v *= 2 ** -1000;
    power += 1000;
    if (v === 0) break;
  }
  return sign * v * 2 ** power;
}
