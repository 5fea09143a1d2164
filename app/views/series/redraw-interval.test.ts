import { describe, expect, it } from 'vitest';
import { redrawInterval } from './use-series-read';

describe('redrawInterval', () => {
  it('redraws a short series ten times a second and a long one less often, at least once a second', () => {
    expect(redrawInterval(10)).toBe(100);
    expect(redrawInterval(1000)).toBe(100);
    expect(redrawInterval(5000)).toBe(500);
    expect(redrawInterval(10_000)).toBe(1000);
    expect(redrawInterval(1_000_000)).toBe(1000);
  });
});
