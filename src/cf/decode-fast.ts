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
 * The masking and extent of floating-point values that decoding leaves as they are (no unpacking), found in order,
 * part by part: `scan` takes the values from where it stopped, e.g. as a chunk's blocks are decompressed, and
 * `decodeFloats` finishes it. Only masked elements are written to the mask, whose memory is touched ahead of need
 * (memory/spare-buffers.ts) where a new array's would fault page by page.
 */
export class FloatScan {
  readonly mask: Uint8Array;
  /** Where the values scanned lie (the memory later parts must continue). */
  #memory: { readonly buffer: ArrayBufferLike; readonly byteOffset: number } | null = null;
  #scanned = 0;
  /** The least and greatest finite values, the masked elements, and those masked that are not NaN already (`LEAST`…). */
  readonly #acc = new Float64Array([Infinity, -Infinity, 0, 0]);

  constructor(
    readonly m: FastMask,
    readonly n: number,
  ) {
    this.mask = new Uint8Array(takeBuffer(n));
  }

  /** Whether `src` is the values this scan has been reading (the same memory, as many in all). */
  continues(src: Float32Array | Float64Array, m: FastMask): boolean {
    const same = (a: FastMask, b: FastMask) =>
      Object.is(a.f0, b.f0) && Object.is(a.f1, b.f1) && a.nan === b.nan && a.lo === b.lo && a.hi === b.hi;
    const at = this.#memory;
    return (
      src.length === this.n &&
      same(m, this.m) &&
      (!at || (at.buffer === src.buffer && at.byteOffset === src.byteOffset))
    );
  }

  /** Scans `src` from where the last call stopped to its end (`src` starts where the first one did). */
  scan(src: Float32Array | Float64Array): void {
    this.#memory ??= { buffer: src.buffer, byteOffset: src.byteOffset };
    const to = Math.min(src.length, this.n);
    if (to <= this.#scanned) return;
    const { f0, f1, nan, lo, hi } = this.m;
    if (nan && f0 !== f0 && f1 !== f1 && lo === -Infinity && hi === Infinity)
      scanNaNOnly(src, this.#scanned, to, this.mask, this.#acc);
    else scanMasked(src, this.#scanned, to, this.mask, this.m, this.#acc);
    this.#scanned = to;
  }

  /** The decoded values of `src` (scanned whole): itself, or a copy with NaN where a masked element was a number. */
  result(src: Float32Array | Float64Array): Decoded {
    let values = src;
    const acc = this.#acc;
    if (acc[NUMERIC]! > 0) {
      values = src.slice();
      for (let i = 0; i < this.n; i++) if (this.mask[i]) values[i] = NaN;
    }
    return {
      values,
      mask: this.mask,
      maskedCount: acc[MASKED]!,
      extent: [acc[LEAST]!, acc[GREATEST]!],
    };
  }
}

/** Places in a scan's running results (a Float64Array, so that the loops below end with stores to one typed array). */
const LEAST = 0;
const GREATEST = 1;
const MASKED = 2;
const NUMERIC = 3;

/*
 * The scan's loops are functions of their own, run a few dozen times on four values as the module loads (below). The
 * engine compiles a long loop while it runs (on-stack replacement), and keeps no type feedback for a function until
 * it has run a while: a loop first met on a million values was compiled before the code after it had ever run, and
 * left into the interpreter at its end on every later call with the same compiled code (Chromium's --trace-deopt:
 * "insufficient type feedback"; 89 times in one heatmap run as a method storing to private fields, 25 in a pyramid's
 * reads as these functions unprimed). Scanning a million float32 values took 5 ms; 1.8 ms now, in Node.
 */

/** Only NaN masked (a NaN fill value, no valid range): one comparison a value. */
function scanNaNOnly(src: Float32Array | Float64Array, from: number, to: number, mask: Uint8Array, acc: Float64Array) {
  let masked = 0;
  let least = acc[LEAST]!;
  let greatest = acc[GREATEST]!;
  for (let i = from; i < to; i++) {
    const v = src[i]!;
    if (v !== v) {
      mask[i] = 1;
      masked++;
    } else if (v - v === 0) {
      if (v < least) least = v;
      if (v > greatest) greatest = v;
    }
  }
  acc[LEAST] = least;
  acc[GREATEST] = greatest;
  acc[MASKED] = acc[MASKED]! + masked;
}

/** Fill values, NaN and a valid range: masked elements are marked, and counted apart when not NaN already. */
function scanMasked(
  src: Float32Array | Float64Array,
  from: number,
  to: number,
  mask: Uint8Array,
  m: FastMask,
  acc: Float64Array,
) {
  const { f0, f1, nan, lo, hi } = m;
  let masked = 0;
  let numeric = 0;
  let least = acc[LEAST]!;
  let greatest = acc[GREATEST]!;
  for (let i = from; i < to; i++) {
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
  acc[LEAST] = least;
  acc[GREATEST] = greatest;
  acc[MASKED] = acc[MASKED]! + masked;
  acc[NUMERIC] = acc[NUMERIC]! + numeric;
}

// The loops' first runs (see above), so that their code after the loop has run before a long first call.
for (let k = 0; k < 64; k++) {
  const values = new Float32Array([1, NaN, 2, 3]);
  scanNaNOnly(values, 0, 4, new Uint8Array(4), new Float64Array(4));
  scanMasked(values, 0, 4, new Uint8Array(4), { f0: 3, f1: NaN, nan: true, lo: 0, hi: 10 }, new Float64Array(4));
}

/**
 * `decodeNumbers` for floating-point values that decoding leaves as they are (no unpacking): one pass that finds the
 * masked elements and the extent, no new array of values unless a masked element is not NaN already (a numeric
 * fill value, or outside the valid range) — a float32 field costs a read of its values, not a float64 copy. `scanned`:
 * the part of that pass already done as the values arrived (used when it is over these values and this mask).
 */
export function decodeFloats(src: Float32Array | Float64Array, m: FastMask, scanned?: FloatScan | null): Decoded {
  const scan = scanned?.continues(src, m) ? scanned : new FloatScan(m, src.length);
  scan.scan(src);
  return scan.result(src);
}
