import { describe, expect, it } from 'vitest';
import { planSeries, seriesDimension } from './plan';

const v = { shape: [24, 36, 72], chunks: [12, 36, 72], itemSize: 4 } as never;

describe('series plan', () => {
  it('runs along the time axis, reads one chunk per chunk along it, and says the bytes', () => {
    const axes = [
      { time: {}, kind: 'T' },
      { time: null, kind: 'Y' },
      { time: null, kind: 'X' },
    ] as never;
    expect(seriesDimension(axes, [24, 36, 72], 2, 1)).toBe(0);
    const p = planSeries(v, 0, [5, 26, 51]);
    expect(p.selection).toEqual([null, 26, 51]);
    expect(p.chunks).toBe(2);
    expect(p.bytes).toBe(2 * 12 * 36 * 72 * 4);
    expect(p.source).toBe(v);
  });

  it('without a time axis, takes the first other dimension longer than 1; none for a 2-D slice', () => {
    const axes = [{ time: null }, { time: null }, { time: null }, { time: null }] as never;
    expect(seriesDimension(axes, [1, 3, 91, 180], 3, 2)).toBe(1);
    expect(seriesDimension(axes, [91, 180], 1, 0)).toBeNull();
  });
});
