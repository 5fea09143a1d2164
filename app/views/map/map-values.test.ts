import { describe, expect, it } from 'vitest';
import { mapValues } from './map-values';

describe('mapValues', () => {
  it('copies typed and plain arrays as float64, masked cells NaN', () => {
    const f32 = new Float32Array([1.5, 2, 3, -4]);
    expect(Array.from(mapValues(f32, null))).toEqual([1.5, 2, 3, -4]);
    expect(Array.from(mapValues(f32, new Uint8Array([0, 1, 0, 1])))).toEqual([1.5, NaN, 3, NaN]);
    expect(Array.from(mapValues([7, 8], [true, false]))).toEqual([NaN, 8]);
    const out = mapValues(f32, null);
    out[0] = 9;
    expect(f32[0]).toBe(1.5); // a copy, not the slice's own values
  });
});
