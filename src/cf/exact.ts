/**
 * Exact arithmetic helpers (BigInt) used to turn time values into integer microseconds the way cftime does,
 * without floating-point drift.
 */

/** A finite double as an exact `mantissa * 2^exponent`. */
export function decomposeDouble(v: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const sign = hi >>> 31 ? -1n : 1n;
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exponent: number;
  if (biased === 0) {
    exponent = -1074;
  } else {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  return { mantissa: sign * mantissa, exponent };
}

/** floor(n / d) for d > 0. */
export function floorDivBig(n: bigint, d: bigint): bigint {
  const q = n / d;
  return q * d > n ? q - 1n : q;
}

/** n / d rounded to the nearest integer, ties to even, for d > 0. */
export function roundHalfEvenDiv(n: bigint, d: bigint): bigint {
  const q = floorDivBig(n, d);
  const r2 = (n - q * d) * 2n;
  if (r2 > d) return q + 1n;
  if (r2 === d) return q % 2n === 0n ? q : q + 1n;
  return q;
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** A value `numerator / 2^shift` (shift ≥ 0). */
export interface Dyadic {
  readonly numerator: bigint;
  readonly shift: bigint;
}

/** Rounds a dyadic rational to `bits` significant bits, ties to even (what an x87 80-bit multiply does). */
export function roundToBits(x: Dyadic, bits: number): Dyadic {
  const neg = x.numerator < 0n;
  const a = neg ? -x.numerator : x.numerator;
  const extra = bitLength(a) - bits;
  if (extra <= 0) return x;
  const unit = 1n << BigInt(extra);
  const r = roundHalfEvenDiv(a, unit) * unit;
  return { numerator: neg ? -r : r, shift: x.shift };
}

/** The exact product of a finite double and an integer, as a dyadic rational. */
export function multiplyExact(v: number, factor: bigint): Dyadic {
  const { mantissa, exponent } = decomposeDouble(v);
  if (exponent >= 0) return { numerator: mantissa * factor * (1n << BigInt(exponent)), shift: 0n };
  return { numerator: mantissa * factor, shift: BigInt(-exponent) };
}

export function dyadicRint(x: Dyadic): bigint {
  return roundHalfEvenDiv(x.numerator, 1n << x.shift);
}

export function dyadicFloor(x: Dyadic): bigint {
  return floorDivBig(x.numerator, 1n << x.shift);
}

export function dyadicCeil(x: Dyadic): bigint {
  return -floorDivBig(-x.numerator, 1n << x.shift);
}
