import { describe, expect, it } from 'vitest';
import { extentRanges, pointAt, pxToX, pxToY, rasterTransform, xToPx, yToPx, type AxisFrame } from './raster-geometry';

// A 4 × 3 image: x from 10 by 2 (centres 10, 12, 14, 16), y from 5 by −1 (rows 5, 4, 3: descending).
const ext = { x0: 10, dx: 2, y0: 5, dy: -1 };
const ax: AxisFrame = { offset: 70, length: 400, range: [9, 17] };
const ay: AxisFrame = { offset: 30, length: 300, range: [2.5, 5.5] };

describe('raster geometry', () => {
  it('gives the ranges to the pixels’ outer edges, ascending, whatever the sign of the step', () => {
    expect(extentRanges(ext, 4, 3)).toEqual({ x: [9, 17], y: [2.5, 5.5] });
    expect(extentRanges({ x0: 0, dx: 1, y0: 0, dy: 1 }, 1, 1)).toEqual({ x: [-0.5, 0.5], y: [-0.5, 0.5] });
  });

  it('maps the whole image onto the plot area when the ranges are its extent', () => {
    const t = rasterTransform(ext, ax, ay);
    // Left edge of column 0 at 0, right edge of column 3 at 400.
    expect(t.e).toBeCloseTo(0);
    expect(t.a * 4 + t.e).toBeCloseTo(400);
    // Row 0 (y = 5, the highest) at the top; rows go down the screen; row 2's bottom edge at 300.
    expect(t.f).toBeCloseTo(0);
    expect(t.d).toBeCloseTo(100);
    expect(t.d * 3 + t.f).toBeCloseTo(300);
  });

  it('draws an ascending y axis bottom-up (negative row scale)', () => {
    const up = { x0: 10, dx: 2, y0: 3, dy: 1 };
    const t = rasterTransform(up, ax, ay);
    expect(t.f).toBeCloseTo(300); // row 0's lower edge (y = 2.5) at the bottom
    expect(t.d).toBeCloseTo(-100);
  });

  it('follows a zoom: pixels scale and shift with the axis range', () => {
    const zoomed: AxisFrame = { ...ax, range: [12, 14] }; // 2 data units over 400 px
    const t = rasterTransform(ext, zoomed, ay);
    expect(t.a).toBeCloseTo(400);
    expect(t.e).toBeCloseTo(-600); // column 0's left edge (x = 9) is 3 units (200 px each) left of 12
  });

  it('handles a reversed x axis', () => {
    const rev: AxisFrame = { ...ax, range: [17, 9] };
    const t = rasterTransform(ext, rev, ay);
    expect(t.e).toBeCloseTo(400);
    expect(t.a).toBeCloseTo(-100);
  });

  it('inverts: pixel ↔ data round trip', () => {
    for (const x of [9, 11.3, 17]) expect(pxToX(ax, xToPx(ax, x))).toBeCloseTo(x);
    for (const y of [2.5, 4.2, 5.5]) expect(pxToY(ay, yToPx(ay, y))).toBeCloseTo(y);
  });

  it('finds the image pixel under a point, and none off the image or outside the plot area', () => {
    // Centre of column 1 (x = 12) is at 150 px; row 1 (y = 4) at 150 px.
    expect(pointAt(ext, 4, 3, ax, ay, 150, 150)).toEqual({ x: 12, y: 4, col: 1, row: 1 });
    expect(pointAt(ext, 4, 3, ax, ay, 399, 299)).toMatchObject({ col: 3, row: 2 });
    expect(pointAt(ext, 4, 3, ax, ay, -1, 10)).toBeNull();
    expect(pointAt(ext, 4, 3, ax, ay, 10, 301)).toBeNull();
    const wide: AxisFrame = { ...ax, range: [0, 40] };
    expect(pointAt(ext, 4, 3, wide, ay, 390, 10)).toMatchObject({ col: null, row: null });
  });
});
