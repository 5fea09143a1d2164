/** The worker's one-task slice image equals decoding on its own and colouring the decoded values. */
import { describe, expect, it } from 'vitest';
import { decodeSlice } from '../cf/decode';
import type { Slice } from '../api';
import { colourImage } from './image';
import { mergeBands, runSliceImage, sliceBands, sliceImageTransfers } from './slice-image-task';

const variable = {
  path: '/t',
  name: 't',
  type: 'short',
  shape: [30, 40],
  dimensions: [],
  attributes: [
    { name: '_FillValue', type: 'short', value: [-999] },
    { name: 'scale_factor', type: 'float', value: [0.5] },
    { name: 'add_offset', type: 'float', value: [100] },
  ],
} as unknown as Slice['variable'];

describe('runSliceImage', () => {
  it('CF-decodes (fill masked, scale and offset) and colours as colourImage does', () => {
    const data = Int16Array.from({ length: 1200 }, (_, i) => (i % 17 === 0 ? -999 : (i * 37) % 500));
    const slice = { variable, shape: [30, 40], data } as unknown as Slice;
    const spec = {
      shape: [30, 40] as const,
      transposed: false,
      step: 1,
      scale: 'linear' as const,
      range: null,
      colormap: 'viridis' as const,
      invert: false,
      flipY: true,
      flipX: false,
    };
    const r = runSliceImage({ slice, defaultFill: 'netcdf', image: spec });
    const d = decodeSlice(slice, { defaultFill: 'netcdf' });
    if (!r.decoded) throw new Error('no values');
    expect(Array.from(r.decoded.values)).toEqual(Array.from(d.values));
    expect(r.decoded.maskedCount).toBeGreaterThan(0);
    expect(r.decoded.values[1]).toBe(((1 * 37) % 500) * 0.5 + 100);
    const want = colourImage({ ...spec, values: d.values, mask: d.mask });
    expect(Array.from(r.image.rgba)).toEqual(Array.from(want.rgba));
    expect([r.image.zmin, r.image.zmax]).toEqual([want.zmin, want.zmax]);
    expect(sliceImageTransfers(r)).toHaveLength(3);
  });

  it('colours float values that decoding leaves as they are (NaN, fill, valid range masked) as the decoded ones', () => {
    const floats = {
      ...variable,
      type: 'float',
      attributes: [
        { name: '_FillValue', type: 'float', value: [9.96921e36] },
        { name: 'valid_max', type: 'float', value: [400] },
      ],
    } as unknown as Slice['variable'];
    const data = Float32Array.from({ length: 1200 }, (_, i) =>
      i % 13 === 0 ? Math.fround(9.96921e36) : i % 29 === 0 ? NaN : i % 31 === 0 ? 450 : Math.sin(i) * 100 + 250,
    );
    const slice = { variable: floats, shape: [30, 40], data } as unknown as Slice;
    for (const [scale, range] of [
      ['linear', null],
      ['linear', [200, 300]],
      ['log', null],
    ] as const) {
      const spec = {
        shape: [30, 40] as const,
        transposed: true,
        step: 1,
        scale,
        range,
        colormap: 'magma' as const,
        invert: false,
        flipY: false,
        flipX: true,
      };
      const r = runSliceImage({ slice, defaultFill: 'netcdf', image: spec });
      const d = decodeSlice(slice, { defaultFill: 'netcdf' });
      expect(d.maskedCount).toBeGreaterThan(0);
      const want = colourImage({ ...spec, values: d.values, mask: d.mask });
      expect(Array.from(r.image.rgba), scale).toEqual(Array.from(want.rgba));
    }
  });

  it('in bands of rows (any split, flips, transposed, a cell step) merges into the whole image', () => {
    const data = Int16Array.from({ length: 1200 }, (_, i) => (i % 13 === 0 ? -999 : (i * 53) % 700));
    const slice = { variable, shape: [30, 40], data } as unknown as Slice;
    for (const transposed of [false, true])
      for (const [flipX, flipY] of [
        [false, false],
        [true, true],
        [false, true],
      ] as const)
        for (const step of [1, 3])
          for (const parts of [2, 3, 7]) {
            const image = {
              shape: [30, 40] as const,
              transposed,
              step,
              scale: 'symlog' as const,
              range: null,
              colormap: 'magma' as const,
              invert: true,
              flipX,
              flipY,
            };
            const whole = runSliceImage({ slice, defaultFill: 'netcdf', image });
            const bands = sliceBands(image, parts).map((band, i) =>
              runSliceImage({ slice, defaultFill: 'netcdf', image, band, values: i === 0 }),
            );
            expect(bands.slice(1).every((b) => b.decoded === null)).toBe(true);
            const merged = mergeBands(bands);
            expect(Array.from(merged.image.rgba), `${transposed} ${flipX} ${flipY} ${step} ${parts}`).toEqual(
              Array.from(whole.image.rgba),
            );
            expect(merged.decoded?.values).toEqual(whole.decoded?.values);
          }
  });
});
