/**
 * The maths that keeps a raster drawn on a canvas registered with plotly's axes, pure: where the image's pixels go
 * in the plot area for the axes' current ranges (zoom, pan, resize), the axis ranges that show the whole image,
 * and the data coordinates and image pixel under a pointer.
 *
 * Conventions: image pixel (col, row) has its centre at data `(x0 + col·dx, y0 + row·dy)`; `dx`, `dy` may be
 * negative (an axis whose coordinates descend). Plot-area pixels run right and down from the area's top-left
 * corner; a linear x axis maps `range[0]` to the left edge, a linear y axis maps `range[0]` to the bottom edge
 * (reversed axes have `range[0] > range[1]`, which the same formulas handle).
 */

/** Where an image lies in data coordinates: the centre of pixel (0, 0) and the signed size of one pixel. */
export interface RasterExtent {
  readonly x0: number;
  readonly dx: number;
  readonly y0: number;
  readonly dy: number;
}

/** One axis of the plot area as plotly lays it out: its offset and length in CSS pixels, and its range. */
export interface AxisFrame {
  readonly offset: number;
  readonly length: number;
  readonly range: readonly [number, number];
}

/** An affine map from image pixels (u right, v down, pixel edges at integers) to plot-area CSS pixels. */
export interface RasterTransform {
  /** X = a·u + e */
  readonly a: number;
  readonly e: number;
  /** Y = d·v + f */
  readonly d: number;
  readonly f: number;
}

/** Plot-area x pixel of data x. */
export function xToPx(ax: AxisFrame, x: number): number {
  const [r0, r1] = ax.range;
  return ((x - r0) / (r1 - r0)) * ax.length;
}

/** Plot-area y pixel of data y (y grows upwards). */
export function yToPx(ay: AxisFrame, y: number): number {
  const [r0, r1] = ay.range;
  return ((r1 - y) / (r1 - r0)) * ay.length;
}

/** Data x of a plot-area x pixel. */
export function pxToX(ax: AxisFrame, px: number): number {
  const [r0, r1] = ax.range;
  return r0 + (px / ax.length) * (r1 - r0);
}

/** Data y of a plot-area y pixel. */
export function pxToY(ay: AxisFrame, py: number): number {
  const [r0, r1] = ay.range;
  return r1 - (py / ay.length) * (r1 - r0);
}

/** The transform that draws an image of this extent on the plot area of these axes. */
export function rasterTransform(ext: RasterExtent, ax: AxisFrame, ay: AxisFrame): RasterTransform {
  // Pixel edge u = 0 is at data x0 − dx/2; each pixel spans dx.
  const e = xToPx(ax, ext.x0 - ext.dx / 2);
  const a = xToPx(ax, ext.x0 + ext.dx / 2) - e;
  const f = yToPx(ay, ext.y0 - ext.dy / 2);
  const d = yToPx(ay, ext.y0 + ext.dy / 2) - f;
  return { a, e, d, f };
}

/** Ascending data ranges `[lo, hi]` that show the whole image (to its pixels' outer edges). */
export function extentRanges(
  ext: RasterExtent,
  width: number,
  height: number,
): { x: [number, number]; y: [number, number] } {
  const edges = (v0: number, dv: number, n: number): [number, number] => {
    const a = v0 - dv / 2;
    const b = v0 + (Math.max(1, n) - 0.5) * dv;
    return a <= b ? [a, b] : [b, a];
  };
  return { x: edges(ext.x0, ext.dx, width), y: edges(ext.y0, ext.dy, height) };
}

/** What lies under a plot-area pixel: data coordinates and the image pixel (null outside the image). */
export interface RasterPoint {
  readonly x: number;
  readonly y: number;
  /** Image column and row under the point, or null when the point is off the image. */
  readonly col: number | null;
  readonly row: number | null;
}

/** The point under plot-area pixel (px, py), or null outside the plot area. */
export function pointAt(
  ext: RasterExtent,
  width: number,
  height: number,
  ax: AxisFrame,
  ay: AxisFrame,
  px: number,
  py: number,
): RasterPoint | null {
  if (!(px >= 0 && py >= 0 && px <= ax.length && py <= ay.length)) return null;
  const x = pxToX(ax, px);
  const y = pxToY(ay, py);
  const c = Math.round((x - ext.x0) / ext.dx);
  const r = Math.round((y - ext.y0) / ext.dy);
  const on = c >= 0 && c < width && r >= 0 && r < height;
  return { x, y, col: on ? c : null, row: on ? r : null };
}
