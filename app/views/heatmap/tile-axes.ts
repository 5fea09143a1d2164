/**
 * Between plotly's axes (data coordinates) and the finest level's index space, pure: the part of the grid on
 * screen, and where the image of a region of any level lies.
 */
import type { AxisFrame, RasterExtent, RasterPlacement } from '../../plot/RasterPlot';
import { uniformAxis } from './slice-image';
import type { TileAxes, TileRegion, TileView } from './tile-plan';

/** An evenly spaced axis: data value of finest index i is `start + i · step`. */
export interface IndexAxis {
  readonly start: number;
  readonly step: number;
  readonly length: number;
}

/** The axis of `n` coordinate values when they are evenly spaced (`uniformAxis`), else null; indices without values. */
export function indexAxis(values: ArrayLike<number> | undefined, n: number): IndexAxis | null {
  if (!values || values.length !== n) return { start: 0, step: 1, length: n };
  const even = uniformAxis(values);
  return even && { ...even, length: n };
}

const toIndex = (a: IndexAxis, v: number) => (v - a.start) / a.step;

/** The finest-index range an axis shows, ascending. */
function shown(a: IndexAxis, f: AxisFrame): [number, number] {
  const i0 = toIndex(a, f.range[0]);
  const i1 = toIndex(a, f.range[1]);
  return i0 <= i1 ? [i0, i1] : [i1, i0];
}

/** The view on screen in finest index space, with the plot area's size in device pixels. */
export function viewOf(xa: IndexAxis, ya: IndexAxis, ax: AxisFrame, ay: AxisFrame, dpr: number): TileView {
  return {
    x: shown(xa, ax),
    y: shown(ya, ay),
    widthPx: Math.max(1, Math.round(ax.length * dpr)),
    heightPx: Math.max(1, Math.round(ay.length * dpr)),
  };
}

/** The whole finest grid: the plot's placement (its pointer's col/row are finest indices). */
export function gridPlacement(xa: IndexAxis, ya: IndexAxis): RasterPlacement {
  return { x0: xa.start, dx: xa.step, y0: ya.start, dy: ya.step, width: xa.length, height: ya.length };
}

/**
 * Where the image of `region` lies: pixel (0, 0) is the region's first cell, pixels run along its x and y cells,
 * every `step`-th cell when the image is thinned.
 */
export function regionExtent(
  region: TileRegion,
  axes: TileAxes,
  xa: IndexAxis,
  ya: IndexAxis,
  step: number,
): RasterExtent {
  const { level, start } = region;
  const at = (d: number, j: number) => (level.offset[d] ?? 0) + j * (level.factor[d] ?? 1);
  return {
    x0: xa.start + at(axes.xDim, start[1]) * xa.step,
    dx: (level.factor[axes.xDim] ?? 1) * step * xa.step,
    y0: ya.start + at(axes.yDim, start[0]) * ya.step,
    dy: (level.factor[axes.yDim] ?? 1) * step * ya.step,
  };
}

/** The region's cell holding finest indices (yi, xi), as an offset in its values (C order), or null outside. */
export function regionCell(region: TileRegion, axes: TileAxes, yi: number, xi: number): number | null {
  const { level, start, count } = region;
  const cell = (d: number, i: number) => Math.round((i - (level.offset[d] ?? 0)) / (level.factor[d] ?? 1));
  const r = cell(axes.yDim, yi) - start[0];
  const c = cell(axes.xDim, xi) - start[1];
  if (r < 0 || c < 0 || r >= count[0] || c >= count[1]) return null;
  // The slice keeps the variable's dimension order: x first when it comes first.
  return axes.xDim < axes.yDim ? c * count[0] + r : r * count[1] + c;
}
