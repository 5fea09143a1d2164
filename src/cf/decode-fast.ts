/**
 * `decodeData`'s loops for plain numbers (the common case): at most two fill values, NaN or not, and a numeric
 * valid range, tested inline instead of by a predicate per element; floating-point values that decoding leaves as
 * they are are not copied at all. `decode-fast.test.ts` checks them against the general rule.
 */
import type { Decoded, DecodePlan } from './decode';
import type { MaskPlan } from './masking';
import { takeBuffer } from '../memory/spare-buffers';

export type NumberArray = Exclude<ArrayBufferView, BigInt64Array | BigUint64Array | DataView> & ArrayLike<number>;

/** A mask plan as at most two fill values, NaN or not, and a numeric valid range (the common case), or null. */
export interface FastMask {
  readonly f0: number;
  readonly f1: number;
  readonly nan: boolean;
  readonly lo: number;
  readonly hi: number;
}

export function fastMask(data: ArrayBufferView, plan: MaskPlan | null): FastMask | null {
  if (data instanceof BigInt64Array || data instanceof BigUint64Array || data instanceof DataView) return null;
  if (!plan) return { f0: NaN, f1: NaN, nan: false, lo: -Infinity, hi: Infinity };
  if (plan.domain !== 'view' || plan.values.some((v) => typeof v !== 'number')) return null;
  if ((plan.min !== null && typeof plan.min !== 'number') || (plan.max !== null && typeof plan.max !== 'number'))
    return null;
  const fills = plan.values as number[];
  const finite = fills.filter((v) => !Number.isNaN(v));
  if (finite.length > 2) return null;
  return {
    f0: finite[0] ?? NaN,
    f1: finite[1] ?? NaN,
    // A NaN among the fill values matches NaN data, as the Set of `maskTest` does.
    nan: plan.nan || finite.length < fills.length,
    lo: (plan.min as number | null) ?? -Infinity,
    hi: (plan.max as number | null) ?? Infinity,
  };
}

/** `decodeData`'s loop for plain numbers under a `FastMask`: the same results without a predicate per element. */
export function decodeNumbers(
  src: NumberArray,
  m: FastMask,
  packing: DecodePlan['packing'],
  values: Float64Array,
  mask: Uint8Array,
): Decoded {
  const { f0, f1, nan, lo, hi } = m;
  const { scale, offset, compute } = packing;
  const f32 = compute === 'float32';
  const s = compute === null ? null : scale;
  const o = compute === null ? null : offset;
  let masked = 0;
  let least = Infinity;
  let greatest = -Infinity;
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    if (v === f0 || v === f1 || (v !== v ? nan : v < lo || v > hi)) {
      values[i] = NaN;
      mask[i] = 1;
      masked++;
      continue;
    }
    let x = v;
    if (f32) {
      x = Math.fround(x);
      if (s !== null) x = Math.fround(x * s);
      if (o !== null) x = Math.fround(x + o);
    } else {
      if (s !== null) x *= s;
      if (o !== null) x += o;
    }
    values[i] = x;
    if (x - x === 0) {
      // Finite (x − x is NaN for NaN and ±Infinity), as a colour range takes them.
      if (x < least) least = x;
      if (x > greatest) greatest = x;
    }
  }
  return { values, mask, maskedCount: masked, extent: [least, greatest] };
}

/**
 * `decodeNumbers` for floating-point values that decoding leaves as they are (no unpacking): one pass that finds the
 * masked elements and the extent, no new array of values unless a masked element is not NaN already (a numeric
 * fill value, or outside the valid range) — a float32 field costs a read of its values, not a float64 copy.
 */
export function decodeFloats(src: Float32Array | Float64Array, m: FastMask): Decoded {
  const { f0, f1, nan, lo, hi } = m;
  const n = src.length;
  // Only masked elements are written; the memory is touched ahead where a new array's would fault page by page.
  const mask = new Uint8Array(takeBuffer(n));
  // Only NaN masked (a NaN fill value, no valid range): one comparison a value, nothing to copy.
  if (nan && f0 !== f0 && f1 !== f1 && lo === -Infinity && hi === Infinity) return nanOnly(src, mask);
  let masked = 0;
  let numeric = 0;
  let least = Infinity;
  let greatest = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = src[i]!;
    if (v === f0 || v === f1 || (v !== v ? nan : v < lo || v > hi)) {
      mask[i] = 1;
      masked++;
      if (v === v) numeric++;
      continue;
    }
    if (v - v === 0) {
      if (v < least) least = v;
      if (v > greatest) greatest = v;
    }
  }
  let values = src;
  if (numeric > 0) {
    values = src.slice();
    for (let i = 0; i < n; i++) if (mask[i]) values[i] = NaN;
  }
  return { values, mask, maskedCount: masked, extent: [least, greatest] };
}

/** `decodeFloats` where only NaN is masked: the extent of the finite values, NaN masked, the values as they are. */
function nanOnly(src: Float32Array | Float64Array, mask: Uint8Array): Decoded {
  let masked = 0;
  let least = Infinity;
  let greatest = -Infinity;
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    if (v !== v) {
      mask[i] = 1;
      masked++;
    } else if (v - v === 0) {
      if (v < least) least = v;
      if (v > greatest) greatest = v;
    }
  }
  return { values: src, mask, maskedCount: masked, extent: [least, greatest] };
}
