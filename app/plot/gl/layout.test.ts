import { describe, expect, it } from 'vitest';
import { float32Enough, gpuGrid, textureSize, uploadParts } from './layout';

describe('values on the GPU', () => {
  it('uploads a float32 slice drawn whole as it is (no copy)', () => {
    const v = new Float32Array(12);
    const m = new Uint8Array(12);
    const g = gpuGrid(v, m, [3, 4], 1);
    expect(g.data).toBe(v);
    expect(g.mask).toBe(m);
    expect(g.ref).toBe(0);
  });

  it('keeps every step-th cell of both dimensions, with its mask', () => {
    const [n0, n1] = [7, 5];
    const v = Float32Array.from({ length: n0 * n1 }, (_, i) => 10 * Math.floor(i / n1) + (i % n1));
    const m = Uint8Array.from({ length: n0 * n1 }, (_, i) => (i % 3 === 0 ? 1 : 0));
    const g = gpuGrid(v, m, [n0, n1], 2);
    expect(g.shape).toEqual([4, 3]);
    for (let a = 0; a < 4; a++)
      for (let b = 0; b < 3; b++) {
        expect(g.data[a * 3 + b]).toBe(10 * 2 * a + 2 * b);
        expect(g.mask![a * 3 + b]).toBe((2 * a * n1 + 2 * b) % 3 === 0 ? 1 : 0);
      }
  });

  it('stores float64 values minus the first finite one, keeping differences float32 alone would lose', () => {
    const v = Float64Array.from([NaN, 1e9 + 3, 1e9 + 4, 1e9 + 10.5]);
    const g = gpuGrid(v, null, [2, 2], 1);
    expect(g.ref).toBe(1e9 + 3);
    expect(Array.from(g.data)).toEqual([NaN, 0, 1, 7.5]);
    // float32 of the values themselves: 1e9 + 3 and 1e9 + 4 are the same number.
    expect(Math.fround(1e9 + 3)).toBe(Math.fround(1e9 + 4));
  });

  it('lays any shape across texture rows, within the texture size', () => {
    expect(textureSize(10, 8192)).toEqual({ width: 10, height: 1 });
    expect(textureSize(4_000_000, 8192)).toEqual({ width: 4096, height: 977 });
    expect(textureSize(4_000_000, 2048)).toEqual({ width: 2048, height: 1954 });
    expect(textureSize(5_000_000, 2048)).toBeNull();
    expect(textureSize(4_000_000, 4096)).toEqual({ width: 4096, height: 977 });
  });

  it('uploads whole rows, then the rest as one partial row, covering every value once', () => {
    const parts = uploadParts(10, 4);
    expect(parts).toEqual([
      { y: 0, rows: 2, cols: 4, from: 0, to: 8 },
      { y: 2, rows: 1, cols: 2, from: 8, to: 10 },
    ]);
    expect(uploadParts(8, 4)).toEqual([{ y: 0, rows: 2, cols: 4, from: 0, to: 8 }]);
    expect(uploadParts(3, 4)).toEqual([{ y: 0, rows: 1, cols: 3, from: 0, to: 3 }]);
  });

  it('leaves log and symlog ranges narrower than float32 can colour to the CPU', () => {
    expect(float32Enough('linear', { zmin: 1e9, zmax: 1e9 + 1e-6 }, 8)).toBe(true);
    expect(float32Enough('log', { zmin: 0, zmax: 1e-3 }, 8)).toBe(true);
    expect(float32Enough('symlog', { zmin: 3, zmax: 3 + 1e-4 }, 8)).toBe(false);
    expect(float32Enough('log', { zmin: 8.69, zmax: 8.6901 }, 8)).toBe(false);
  });
});
