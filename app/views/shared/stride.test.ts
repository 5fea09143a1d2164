import { describe, expect, it } from 'vitest';
import { PLOT_MAX_VALUES, plotStride, stridedSize, thin } from './stride';

describe('strided reads for plotting', () => {
  it('offers the smallest stride that fits both the budget stride and the plot size', () => {
    // 20000 x 16000: stride 18 gives 1112 x 889 = 988,568 values; 17 gives 1177 x 942 = 1,108,734.
    expect(plotStride([20000, 16000], 2)).toBe(18);
    expect(stridedSize([20000, 16000], 18)).toBeLessThanOrEqual(PLOT_MAX_VALUES);
    expect(stridedSize([20000, 16000], 17)).toBeGreaterThan(PLOT_MAX_VALUES);
    // The budget's stride wins when it is the larger one.
    expect(plotStride([20000, 16000], 40)).toBe(40);
    // A small selection needs no thinning beyond the budget's stride.
    expect(plotStride([100, 100], 1)).toBe(1);
    expect(plotStride([5_000_000], 3, 1000)).toBe(5000);
  });

  it('thins axis values as a strided read does (start 0, step k)', () => {
    expect(thin([0, 1, 2, 3, 4, 5, 6], 3)).toEqual([0, 3, 6]);
    expect(thin(['a', 'b'], 1)).toEqual(['a', 'b']);
    expect(thin([1, 2, 3], 5)).toEqual([1]);
  });
});
