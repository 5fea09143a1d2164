import { describe, expect, it } from 'vitest';
import { defaultAxes, selectionOf } from './view-store';

describe('view selection', () => {
  it('maps the last two dimensions to x and y by default', () => {
    expect(defaultAxes(0)).toEqual({ x: null, y: null });
    expect(defaultAxes(1)).toEqual({ x: 0, y: null });
    expect(defaultAxes(4)).toEqual({ x: 3, y: 2 });
  });
  it('reads x and y whole and clamps the other indices', () => {
    expect(selectionOf([3, 4, 5], 2, 1, [7, 0, 0])).toEqual([2, null, null]);
    expect(selectionOf([3, 4, 5], 0, null, [0, -3, 9])).toEqual([null, 0, 4]);
    expect(selectionOf([], null, null, [])).toEqual([]);
    expect(selectionOf([0, 2], 1, null, [5])).toEqual([0, null]);
  });
});
