import { describe, expect, it } from 'vitest';
import { PATH_KEY, PathChooser, pathSetting } from './colour-path';

const store = (v: string | null) => ({ getItem: (k: string) => (k === PATH_KEY ? v : null) });

describe('the colour path', () => {
  it('reads a forced path from localStorage, auto otherwise', () => {
    expect(pathSetting(store('webgl2'))).toBe('webgl2');
    expect(pathSetting(store('canvas'))).toBe('canvas');
    expect(pathSetting(store(null))).toBe('auto');
    expect(pathSetting(store('gpu'))).toBe('auto');
    expect(pathSetting(null)).toBe('auto');
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(pathSetting(throwing)).toBe('auto');
  });

  it('follows a forced path; without WebGL2 always the workers', () => {
    const c = new PathChooser();
    expect(c.choose('webgl2', true, 100, 100, false)).toBe('webgl2');
    expect(c.choose('canvas', true, 100, 100, true)).toBe('canvas');
    expect(c.choose('webgl2', false, 100, 100, true)).toBe('canvas');
    expect(c.choose('auto', false, 100, 100, true)).toBe('canvas');
  });

  it('in auto, the workers until both paths are measured, then the cheaper for each image', () => {
    const c = new PathChooser();
    expect(c.choose('auto', true, 1e6, 1e6, false)).toBe('canvas');
    c.record('canvas', 100, 1e6); // 1e-4 ms per pixel
    // The GPU is not timed on the user's picture (a probe of its own does it).
    expect(c.choose('auto', true, 1e6, 1e6, false)).toBe('canvas');
    c.record('upload', 80, 1e6); // 8e-5 ms per cell
    c.record('draw', 50, 1e6); // 5e-5 ms per pixel
    // Values on the GPU already: a draw (50 ms) against a worker (100 ms).
    expect(c.choose('auto', true, 1e6, 1e6, true)).toBe('webgl2');
    // New values: upload and draw (130 ms) against a worker (100 ms).
    expect(c.choose('auto', true, 1e6, 1e6, false)).toBe('canvas');
    // The GPU slows down (software rendering of a big image): the workers win a redraw too.
    c.record('draw', 400, 1e6);
    expect(c.costs.draw).toBeCloseTo(2.25e-4, 12);
    expect(c.choose('auto', true, 1e6, 1e6, true)).toBe('canvas');
  });

  it('ignores measurements of nothing', () => {
    const c = new PathChooser();
    c.record('canvas', 5, 0);
    c.record('draw', NaN, 10);
    expect(c.costs).toEqual({ canvas: null, draw: null, upload: null });
  });
});
