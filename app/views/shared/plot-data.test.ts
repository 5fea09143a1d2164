import { describe, expect, it } from 'vitest';
import { axisType, difference, displayStep, every, grid, histogram, stats } from './plot-data';

describe('plot data', () => {
  const v = { values: [1, 2, 3, 4, NaN, 6], mask: [0, 0, 0, 1, 0, 0], shape: [2, 3] };
  it('grids y-major with masked cells as gaps', () => {
    expect(grid(v, false)).toEqual([
      [1, 2, 3],
      [null, null, 6],
    ]);
    expect(grid(v, true)).toEqual([
      [1, null],
      [2, null],
      [3, 6],
    ]);
  });
  it('thins large grids for display', () => {
    expect(grid(v, false, 2)).toEqual([[1, 3]]);
    expect(displayStep(1000, 1000)).toBe(1);
    expect(displayStep(3600, 7200)).toBe(6);
    expect(every([0, 1, 2, 3, 4], 2)).toEqual([0, 2, 4]);
  });
  it('computes stats like numpy over finite unmasked values', () => {
    const s = stats({
      values: [2, 4, 4, 4, 5, 5, 7, 9, 100, Infinity],
      mask: [0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
      shape: [10],
    });
    expect(s).toMatchObject({ count: 8, masked: 1, nonFinite: 1, min: 2, max: 9, mean: 5, std: 2 });
    expect(stats({ values: [], mask: null, shape: [0] }).count).toBe(0);
  });
  it('differences mask where either side is masked', () => {
    const d = difference(v, { values: [1, 1, 1, 1, 1, 1], mask: [1, 0, 0, 0, 0, 0], shape: [2, 3] });
    expect(Array.from(d.mask ?? [])).toEqual([1, 0, 0, 1, 0, 0]);
    expect(d.values[1]).toBe(1);
    expect(() => difference(v, { values: [1], mask: null, shape: [1] })).toThrow(/same shape/);
  });
  it('bins values with the maximum in the last bin', () => {
    const h = histogram({ values: [0, 1, 2, 3, 4], mask: null, shape: [5] }, 4);
    expect(h.counts).toEqual([1, 1, 1, 2]);
    expect(h.edges).toEqual([0, 1, 2, 3, 4]);
  });
  it('keeps dates plotly can place on a date axis, other calendars as categories', () => {
    expect(axisType([1, 2])).toBe('linear');
    expect(axisType(['2000-01-01 00:00:00', '2000-02-29 12:00:00'])).toBe('date');
    expect(axisType(['2001-02-29 00:00:00'])).toBe('category');
    expect(axisType(['2000-02-30 00:00:00'])).toBe('category');
    expect(axisType(['-0001-01-01', '—'])).toBe('category');
  });
});
