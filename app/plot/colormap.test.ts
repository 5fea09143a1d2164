import { describe, expect, it } from 'vitest';
import { colorbarTicks, colorscale, forward, inverse, scaleValues } from './colormap';

describe('colour scaling', () => {
  it('inverts colour scales', () => {
    const a = colorscale('viridis');
    const b = colorscale('viridis', true);
    expect(a[0]).toEqual([0, '#440154']);
    expect(b[0]).toEqual([0, '#fde725']);
    expect(b.at(-1)).toEqual([1, '#440154']);
  });

  it('linear auto range skips masked and non-finite values', () => {
    const s = scaleValues([5, -1, NaN, 100, 3], [0, 0, 0, 1, 0], 'linear', null);
    expect([s.zmin, s.zmax]).toEqual([-1, 5]);
    expect(Number.isNaN(s.z[3])).toBe(true);
    expect(s.z[0]).toBe(5);
  });

  it('log maps non-positive values to gaps and ranges over positive ones', () => {
    const s = scaleValues([0, 1, 10, 1000, -5], null, 'log', null);
    expect(Number.isNaN(s.z[0])).toBe(true);
    expect(Number.isNaN(s.z[4])).toBe(true);
    expect([s.zmin, s.zmax]).toEqual([0, 3]);
    expect(s.z[2]).toBeCloseTo(1);
  });

  it('symlog is odd, monotonic and invertible', () => {
    const c = 0.01;
    for (const v of [-1e6, -3, -0.001, 0, 0.001, 2, 1e9]) {
      expect(inverse('symlog', forward('symlog', v, c), c)).toBeCloseTo(v, 6 - Math.log10(Math.abs(v) + 1));
      expect(forward('symlog', -v, c)).toBeCloseTo(-forward('symlog', v, c));
    }
    expect(forward('symlog', 2, c)).toBeGreaterThan(forward('symlog', 1, c));
  });

  it('fixed range wins, and degenerate ranges widen', () => {
    expect(scaleValues([1, 2, 3], null, 'linear', [0, 10])).toMatchObject({ zmin: 0, zmax: 10 });
    expect(scaleValues([4, 4], null, 'linear', null)).toMatchObject({ zmin: 3.5, zmax: 4.5 });
    expect(scaleValues([], null, 'linear', null)).toMatchObject({ zmin: 0, zmax: 1 });
  });

  it('colour-bar tick labels are in data units', () => {
    expect(colorbarTicks('log', 0, 3, 1, 4).text).toEqual(['1', '10', '100', '1000']);
  });
});
