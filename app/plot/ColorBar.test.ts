import { describe, expect, it } from 'vitest';
import { barTicks, niceTicks } from './ColorBar';

describe('colour bar ticks', () => {
  it('are round values inside the range (steps of 1, 2 or 5 × 10ⁿ)', () => {
    expect(niceTicks(0, 10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(203.7, 306.2)).toEqual([220, 240, 260, 280, 300]);
    expect(niceTicks(-0.013, 0.021)).toEqual([-0.01, -0.005, 0, 0.005, 0.01, 0.015, 0.02]);
    expect(niceTicks(5, 5)).toEqual([5]);
    expect(niceTicks(NaN, 1)).toEqual([]);
  });
  it('sit at their place on the ramp; log scales keep their own labels', () => {
    const linear = barTicks({ colorscale: [], cmin: 0, cmax: 10, title: 'x' });
    expect(linear.map((t) => t.at)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    const log = barTicks({
      colorscale: [],
      cmin: 0,
      cmax: 2,
      title: 'x',
      tickvals: [0, 1, 2],
      ticktext: ['1', '10', '100'],
    });
    expect(log).toEqual([
      { at: 0, text: '1' },
      { at: 0.5, text: '10' },
      { at: 1, text: '100' },
    ]);
  });
});
