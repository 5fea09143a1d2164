import { describe, expect, it } from 'vitest';
import { decodeSlice, type Attribute, type Dimension, type Slice, type SliceData, type Variable } from '../../core';
import { makeVariable } from '../../../src/cf/testing/variable';
import { axisInfo, sliceFrame, type FrameInput } from './slice-frame';
import type { Axes } from './use-axes';

const dim = (name: string, length: number): Dimension => ({
  name,
  path: `/${name}`,
  length,
  unlimited: false,
  anonymous: false,
});

function variable(
  name: string,
  dimensions: readonly Dimension[],
  type: Variable['type'] = 'double',
  attributes: readonly Attribute[] = [],
): Variable {
  return makeVariable({ name, type, dimensions, attributes });
}

const NO_AXES: Axes = { axes: [], values: [] };

function input(
  v: Variable,
  data: SliceData,
  x: number | null,
  y: number | null,
  extra: Partial<FrameInput> = {},
  complex = false,
): FrameInput {
  const slice: Slice = { variable: v, shape: v.shape, data, complex };
  const decoded = complex || Array.isArray(data) ? null : decodeSlice(slice);
  return { shown: { slice, decoded, other: null, stride: 1 }, variable: v, axes: NO_AXES, x, y, raw: false, ...extra };
}

// The value of element (i, j) of a 2 × 3 variable encodes its indices: 10·i + j.
const grid23 = Float64Array.from({ length: 6 }, (_, k) => 10 * Math.floor(k / 3) + (k % 3));
const v23 = variable('t', [dim('lat', 2), dim('lon', 3)]);

describe('slice frame', () => {
  it('puts y on rows and x on columns when y comes first', () => {
    const f = sliceFrame(input(v23, grid23, 1, 0));
    expect([f.rows, f.cols, f.transposed]).toEqual([2, 3, false]);
    for (let r = 0; r < 2; r++) for (let c = 0; c < 3; c++) expect(f.at(r, c)).toBe(10 * r + c);
    const csv = f.csv();
    expect(csv.shape).toEqual([2, 3]);
    expect(Array.from(csv.values)).toEqual(Array.from(grid23));
  });

  it('transposes when x comes before y in the variable', () => {
    const f = sliceFrame(input(v23, grid23, 0, 1));
    expect([f.rows, f.cols, f.transposed]).toEqual([3, 2, true]);
    // Row r is lon = r, column c is lat = c.
    for (let r = 0; r < 3; r++) for (let c = 0; c < 2; c++) expect(f.at(r, c)).toBe(10 * c + r);
    const csv = f.csv();
    expect(csv.shape).toEqual([3, 2]);
    expect(Array.from(csv.values)).toEqual([0, 10, 1, 11, 2, 12]);
  });

  it('shows a 1-D slice as one column named after the variable', () => {
    const v = variable('s', [dim('n', 4)]);
    const f = sliceFrame(input(v, Float64Array.of(5, 6, 7, 8), 0, null));
    expect([f.rows, f.cols, f.rank]).toEqual([4, 1, 1]);
    expect(f.at(2, 0)).toBe(7);
    expect(f.colLabels).toEqual([f.title]);
  });

  it('masks fill values and keeps them out of the CSV', () => {
    const v = variable('m', [dim('n', 3)], 'double', [{ name: '_FillValue', type: 'double', value: [-9] }]);
    const f = sliceFrame(input(v, Float64Array.of(1, -9, 3), 0, null));
    expect([f.masked(0, 0), f.masked(1, 0), f.masked(2, 0)]).toEqual([false, true, false]);
    expect(Array.from(f.csv().mask ?? [])).toEqual([0, 1, 0]);
  });

  it('shows stored values when raw, decoded ones otherwise', () => {
    const v = variable('p', [dim('n', 2)], 'short', [{ name: 'scale_factor', type: 'double', value: [0.5] }]);
    const data = Int16Array.of(4, 6);
    expect(sliceFrame(input(v, data, 0, null)).at(1, 0)).toBe(3);
    const raw = sliceFrame(input(v, data, 0, null, { raw: true }));
    expect(raw.at(1, 0)).toBe(6);
    expect(raw.title).toContain('stored values');
  });

  it('keeps 64-bit integers exact', () => {
    const v = variable('i', [dim('n', 1)], 'int64');
    const big = 2n ** 60n + 1n;
    expect(sliceFrame(input(v, BigInt64Array.of(big), 0, null)).at(0, 0)).toBe(big);
  });

  it('writes complex values as numpy does', () => {
    const v = variable('c', [dim('n', 2)], 'double');
    const f = sliceFrame(input(v, Float64Array.of(1, 2, 0.5, -1), 0, null, {}, true));
    expect([f.at(0, 0), f.at(1, 0)]).toEqual(['1+2j', '0.5-1j']);
    expect(f.values).toBeNull();
  });

  it('shows A − B and exports its float64 values', () => {
    const a = input(v23, grid23, 1, 0);
    const bSlice: Slice = {
      variable: { ...v23, name: 'u', path: '/u' },
      shape: [2, 3],
      data: new Float64Array(6).fill(1),
    };
    const f = sliceFrame({ ...a, shown: { ...a.shown, other: { slice: bSlice, decoded: decodeSlice(bSlice) } } });
    expect(f.at(1, 2)).toBe(11);
    expect(f.title).toBe('t − u');
    expect(Array.from(f.npyOverride ?? [])).toEqual(Array.from(grid23, (x) => x - 1));
  });

  it('labels strided indices by the index they stand for', () => {
    expect(axisInfo(NO_AXES, 0, 3, 2)).toEqual({ title: 'index', values: [0, 2, 4], labels: ['0', '2', '4'] });
    expect(axisInfo(NO_AXES, 0, 2, 1).labels).toBeUndefined();
  });
});
