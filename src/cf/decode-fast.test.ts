/**
 * `decodeData` takes a shortcut for plain numbers (at most two fill values, NaN, a valid range): its results must
 * equal the general rule, element by element — the predicate `maskTest` and the packing arithmetic.
 */
import { describe, expect, it } from 'vitest';
import { decodeData, type DecodePlan } from './decode';
import { maskTest, type MaskPlan } from './masking';
import { fastMask, FloatScan } from './decode-fast';
import type { Packing } from './packing';

function reference(data: ArrayLike<number>, plan: DecodePlan): { values: number[]; mask: number[] } {
  const missing = plan.mask ? maskTest(plan.mask) : () => false;
  const { scale, offset, compute } = plan.packing;
  const values: number[] = [];
  const mask: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    if (missing(v)) {
      values.push(NaN);
      mask.push(1);
      continue;
    }
    let x = v;
    if (compute === 'float32') {
      x = Math.fround(x);
      if (scale !== null) x = Math.fround(x * scale);
      if (offset !== null) x = Math.fround(x + offset);
    } else if (compute === 'float64') {
      if (scale !== null) x *= scale;
      if (offset !== null) x += offset;
    }
    values.push(x);
    mask.push(0);
  }
  return { values, mask };
}

const masks: (MaskPlan | null)[] = [
  null,
  { values: [NaN], nan: false, min: null, max: null, domain: 'view' },
  { values: [-999], nan: true, min: null, max: null, domain: 'view' },
  { values: [-999, 0], nan: false, min: -50, max: 50, domain: 'view' },
  { values: [], nan: true, min: null, max: 40, domain: 'view' },
  { values: [1, 2, 3], nan: false, min: null, max: null, domain: 'view' }, // three fills: the general loop
];
const packings: Packing[] = [
  { scale: null, offset: null, compute: null, resultType: 'float32' },
  { scale: 0.5, offset: 10, compute: 'float64', resultType: 'float64' },
  { scale: Math.fround(0.1), offset: null, compute: 'float32', resultType: 'float32' },
];

describe('decodeData on plain numbers', () => {
  it('equals the general rule for every mask and packing, float and integer data', () => {
    const pool = [NaN, -999, 0, 1, 2, 3, -50, 50, 50.5, -0, 12.25, 40, 41, Infinity, -Infinity];
    const floats = Float32Array.from({ length: 400 }, (_, i) => pool[(i * 7) % pool.length]! + (i % 3) * 0.25);
    const ints = Int16Array.from({ length: 400 }, (_, i) => [-999, 0, 1, 2, 3, -50, 50, 7][i % 8]!);
    for (const data of [floats, Float64Array.from(floats), ints])
      for (const mask of masks)
        for (const packing of packings) {
          const type = data instanceof Int16Array ? 'int16' : data instanceof Float32Array ? 'float32' : 'float64';
          const plan = { stored: type, view: type, mask, packing, resultType: type, warnings: [] } as DecodePlan;
          const got = decodeData(data, plan);
          const want = reference(data, plan);
          expect(Array.from(got.mask)).toEqual(want.mask);
          expect(Array.from(got.values)).toEqual(want.values);
          expect(got.maskedCount).toBe(want.mask.filter((m) => m).length);
          if (got.extent) {
            const finite = want.values.filter((v, i) => !want.mask[i] && Number.isFinite(v));
            expect(got.extent).toEqual(
              finite.length ? [Math.min(...finite), Math.max(...finite)] : [Infinity, -Infinity],
            );
          }
        }
  });

  it('shares a float array that decoding leaves as it is, copies it where a masked value is a number', () => {
    const type = 'float32';
    const packing = packings[0]!;
    const plan = (mask: MaskPlan | null) =>
      ({ stored: type, view: type, mask, packing, resultType: type, warnings: [] }) as DecodePlan;
    const data = Float32Array.from([1, NaN, 3, -999, 5]);
    const before = Array.from(data);
    // Only NaN masked: every value stays; the values are the raw array (nothing copied).
    const nanOnly = decodeData(data, plan(masks[1]!));
    expect(nanOnly.values).toBe(data);
    expect(Array.from(nanOnly.mask)).toEqual([0, 1, 0, 0, 0]);
    // A numeric fill value becomes NaN: a copy, the raw array untouched.
    const numeric = decodeData(data, plan(masks[2]!));
    expect(numeric.values).not.toBe(data);
    expect(numeric.values).toBeInstanceOf(Float32Array);
    expect(Array.from(numeric.values)).toEqual([1, NaN, 3, NaN, 5]);
    expect(Array.from(data)).toEqual(before);
    // Unpacked values are new float64 arrays, as before.
    const packed = decodeData(data, plan(null) && ({ ...plan(null), packing: packings[1]! } as DecodePlan));
    expect(packed.values).toBeInstanceOf(Float64Array);
  });
});

describe('decodeData with the values scanned as they arrived (FloatScan)', () => {
  it('gives what one pass gives, for every float mask, whatever the parts', () => {
    const pool = [NaN, -999, 0, 1, 2, 3, -50, 50, 50.5, -0, 12.25, 40, 41, Infinity, -Infinity];
    const floats = Float32Array.from({ length: 400 }, (_, i) => pool[(i * 7) % pool.length]! + (i % 3) * 0.25);
    for (const data of [floats, Float64Array.from(floats)])
      for (const mask of masks) {
        const type = data instanceof Float32Array ? 'float32' : 'float64';
        const plan = { stored: type, view: type, mask, packing: packings[0]!, resultType: type, warnings: [] };
        const fast = fastMask(data, mask);
        if (!fast) continue; // decoded by the general loop, never scanned ahead
        const whole = decodeData(data, plan as DecodePlan);
        for (const parts of [[400], [1, 399], [37, 100, 263], [0, 0, 200, 200]]) {
          const scan = new FloatScan(fast, data.length);
          let at = 0;
          for (const n of parts) {
            at += n;
            // A view of the first values, in the memory of the whole (as a chunk's blocks are decompressed).
            scan.scan(data.subarray(0, at));
          }
          const got = decodeData(data, plan as DecodePlan, scan);
          expect(got.mask).toBe(scan.mask);
          expect(Array.from(got.mask)).toEqual(Array.from(whole.mask));
          expect(Array.from(got.values)).toEqual(Array.from(whole.values));
          expect(got.maskedCount).toBe(whole.maskedCount);
          expect(got.extent).toEqual(whole.extent);
        }
      }
  });

  it('is not used for other values (other memory, length or mask)', () => {
    const data = Float32Array.from([1, NaN, 3, -999, 5]);
    const plan = (mask: MaskPlan | null) =>
      ({
        stored: 'float32',
        view: 'float32',
        mask,
        packing: packings[0]!,
        resultType: 'float32',
        warnings: [],
      }) as DecodePlan;
    const scan = new FloatScan(fastMask(data, masks[1]!)!, data.length);
    scan.scan(Float32Array.from([100, 200]));
    const got = decodeData(data, plan(masks[1]!), scan);
    expect(got.mask).not.toBe(scan.mask);
    expect(got.extent).toEqual([-999, 5]);
    const other = new FloatScan(fastMask(data, masks[2]!)!, data.length);
    expect(decodeData(data, plan(masks[1]!), other).mask).not.toBe(other.mask);
  });
});
