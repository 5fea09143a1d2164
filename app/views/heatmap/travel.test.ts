import { describe, expect, it } from 'vitest';
import {
  aheadOf,
  chunksPerSlice,
  depthFor,
  parallelFor,
  remember,
  stale,
  travelOf,
  TRAVEL_GAP_MS,
  type IndexChange,
} from './travel';

const steps = (dim: number, deltas: readonly number[], every: number, from = 0): IndexChange[] =>
  deltas.reduce<IndexChange[]>((h, delta, k) => remember(h, { dim, delta, at: from + k * every }), []);

describe('travelOf', () => {
  it('a held ArrowRight (steps 200 ms apart) travels forward by 1; ArrowLeft backward', () => {
    expect(travelOf(steps(0, [1, 1, 1], 200), 450, null)).toEqual({ dim: 0, dir: 1, step: 1, wrap: false });
    expect(travelOf(steps(2, [-1, -1], 200), 250, null)).toEqual({ dim: 2, dir: -1, step: 1, wrap: false });
  });

  it('PageDown steps travel by their size; steps of different sizes by 1', () => {
    expect(travelOf(steps(0, [3, 3], 150), 200, null)?.step).toBe(3);
    expect(travelOf(steps(0, [2, 5], 150), 200, null)?.step).toBe(1);
  });

  it('one step after a pause is no travel (its neighbours wait for the dwell, as before)', () => {
    expect(travelOf(steps(0, [1], 0), 10, null)).toBeNull();
    expect(travelOf(steps(0, [1, 1], 1500 + TRAVEL_GAP_MS), 1500 + TRAVEL_GAP_MS + 10, null)).toBeNull();
    // A run that stopped: the last step is long ago.
    expect(travelOf(steps(0, [1, 1], 200), 200 + TRAVEL_GAP_MS + 1, null)).toBeNull();
  });

  it('a turn, or steps of two dimensions, is no travel', () => {
    expect(travelOf(steps(0, [1, -1], 200), 250, null)).toBeNull();
    const h = remember(steps(0, [1], 200), { dim: 1, delta: 1, at: 200 });
    expect(travelOf(h, 250, null)).toBeNull();
  });

  it('Play travels forward and wraps, from its first step', () => {
    expect(travelOf([], 0, 1)).toEqual({ dim: 1, dir: 1, step: 1, wrap: true });
  });

  it('keeps the last three changes', () => {
    expect(steps(0, [1, 1, 1, 1, 1], 10)).toHaveLength(3);
  });
});

describe('aheadOf', () => {
  const fwd = { dim: 0, dir: 1, step: 1, wrap: false } as const;
  it('the next indices in the direction of travel, nearest first, stopping at the end', () => {
    expect(aheadOf(5, 30, fwd, 4)).toEqual([6, 7, 8, 9]);
    expect(aheadOf(27, 30, fwd, 4)).toEqual([28, 29]);
    expect(aheadOf(2, 30, { ...fwd, dir: -1 }, 4)).toEqual([1, 0]);
    expect(aheadOf(0, 30, { ...fwd, step: 3 }, 3)).toEqual([3, 6, 9]);
  });
  it('Play wraps round, never to the index on screen', () => {
    expect(aheadOf(28, 30, { ...fwd, wrap: true }, 4)).toEqual([29, 0, 1, 2]);
    expect(aheadOf(1, 3, { ...fwd, wrap: true }, 4)).toEqual([2, 0]);
  });
});

describe('depthFor', () => {
  const MB = 1024 * 1024;
  it('as many slices as fit in a quarter of the budget, at least 2 and at most 8', () => {
    expect(depthFor(4 * MB, 256 * MB)).toBe(8);
    expect(depthFor(20 * MB, 256 * MB)).toBe(3);
    expect(depthFor(60 * MB, 256 * MB)).toBe(2);
    expect(depthFor(80, 256 * MB, { max: 4 })).toBe(4);
  });
  it('never more than the whole budget holds beside the slice on screen', () => {
    expect(depthFor(100 * MB, 256 * MB)).toBe(1);
    expect(depthFor(300 * MB, 256 * MB)).toBe(0);
  });
});

describe('parallelFor and chunksPerSlice', () => {
  it('no more chunk requests at once than one read fetches, 1 to 4 slices', () => {
    expect(parallelFor(1)).toBe(4);
    expect(parallelFor(8)).toBe(2);
    expect(parallelFor(64)).toBe(1);
  });
  it('counts the chunks of the kept dimensions only', () => {
    expect(chunksPerSlice([30, 100, 200], [1, 50, 200], [7, null, null])).toBe(2);
    expect(chunksPerSlice([6, 2, 721, 1440], [1, 1, 721, 1440], [0, 1, null, null])).toBe(1);
  });
});

describe('stale', () => {
  it('reads behind the index or beyond the new window go', () => {
    expect(stale([4, 5, 6, 7], [6, 7, 8, 9])).toEqual([4, 5]);
    expect(
      stale(
        new Map([
          [3, 0],
          [9, 0],
        ]).keys(),
        [2, 1],
      ),
    ).toEqual([3, 9]);
  });
});
