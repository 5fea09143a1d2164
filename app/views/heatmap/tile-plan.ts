/**
 * What a big 2-D heatmap reads for the part on screen, pure: the levels it can read (a multiscale pyramid's, or the
 * variable alone), the level that fills the screen's pixels, and the chunk-aligned region of that level that covers
 * the viewport, with its cost. Positions are in the finest level's index space along each dimension: cell i of the
 * finest level has its centre at i; cell j of a coarser level at `offset + j · factor`.
 */
import type { DimSelection, Variable } from '../../core';

/** A 2-D slice whose chunks hold more than this is read by viewport (never whole) when it has no pyramid. */
export const VIEWPORT_BUDGET_BYTES = 64 * 1024 * 1024;
/** A pyramid's finest slice with more cells than this (about a screen) is shown level by level. */
export const PYRAMID_MIN_CELLS = 1_000_000;

export interface TileLevel {
  /** 0 for the finest level. */
  readonly index: number;
  readonly path: string;
  readonly shape: readonly number[];
  readonly chunks: readonly number[];
  readonly itemSize: number;
  /** Finest cells per cell of this level, per dimension. */
  readonly factor: readonly number[];
  /** The finest index of this level's cell 0 centre, per dimension. */
  readonly offset: readonly number[];
}

/** The levels of `variable`, finest first: its pyramid's levels whose metadata is known, or the variable alone. */
export function tileLevels(variable: Variable, lookup: (path: string) => Variable | undefined): TileLevel[] {
  const own = levelOf(
    variable,
    0,
    variable.shape.map(() => 1),
    variable.shape.map(() => 0),
  );
  const p = variable.pyramid;
  if (!p) return [own];
  const first = p.levels[0];
  const out = [own];
  p.levels.forEach((l, k) => {
    if (k === 0) return;
    const v = lookup(l.path);
    if (!v || v.shape.length !== variable.shape.length) return;
    const factor = variable.shape.map((n, d) => {
      const s0 = first?.scale?.[d];
      const sk = l.scale?.[d];
      return s0 && sk && s0 > 0 ? sk / s0 : n / Math.max(1, v.shape[d] ?? 1);
    });
    const offset = factor.map((f, d) => {
      const s0 = first?.scale?.[d];
      if (s0 && l.scale?.[d]) return ((l.translation?.[d] ?? 0) - (first?.translation?.[d] ?? 0)) / s0;
      return (f - 1) / 2;
    });
    out.push(levelOf(v, k, factor, offset));
  });
  return out;
}

function levelOf(v: Variable, index: number, factor: readonly number[], offset: readonly number[]): TileLevel {
  return { index, path: v.path, shape: v.shape, chunks: v.chunks, itemSize: v.itemSize, factor, offset };
}

/** The part of the finest grid on screen (index space, ascending) and the plot area's size in device pixels. */
export interface TileView {
  readonly x: readonly [number, number];
  readonly y: readonly [number, number];
  readonly widthPx: number;
  readonly heightPx: number;
}

/** Which dimensions are shown (x and y) and the indices of the others (finest level). */
export interface TileAxes {
  readonly xDim: number;
  readonly yDim: number;
  readonly indices: readonly number[];
}

/**
 * The coarsest level that still has a cell for (nearly) every screen pixel across the view along both axes; the
 * finest when none coarser does. The 10 % slack keeps a plot a few pixels larger than a level from taking the level
 * twice as fine.
 */
export function chooseLevel(levels: readonly TileLevel[], axes: TileAxes, view: TileView): TileLevel {
  const spanX = Math.max(1, view.x[1] - view.x[0]);
  const spanY = Math.max(1, view.y[1] - view.y[0]);
  let best = levels[0]!;
  for (const l of levels) {
    const cellsX = spanX / (l.factor[axes.xDim] ?? 1);
    const cellsY = spanY / (l.factor[axes.yDim] ?? 1);
    const fills = cellsX >= 0.9 * view.widthPx && cellsY >= 0.9 * view.heightPx;
    if (fills && cellCount(l) < cellCount(best)) best = l;
  }
  return best;
}

const cellCount = (l: TileLevel) => l.shape.reduce((a, n) => a * n, 1);

/** A region of one level to read: its selection, first cell and size along y and x, and what it costs. */
export interface TileRegion {
  readonly level: TileLevel;
  readonly selection: readonly DimSelection[];
  /** First cell along [y, x] (level indices). */
  readonly start: readonly [number, number];
  /** Cells along [y, x]. */
  readonly count: readonly [number, number];
  readonly chunks: number;
  /** Uncompressed bytes of the chunks it crosses. */
  readonly bytes: number;
  /** A key: the same region of the same level read with the same indices. */
  readonly key: string;
}

/** The level index range along `d` covering finest indices [lo, hi], widened to whole chunks and clamped. */
function span(l: TileLevel, d: number, lo: number, hi: number): [number, number] {
  const n = l.shape[d] ?? 1;
  const f = l.factor[d] ?? 1;
  const o = l.offset[d] ?? 0;
  const c = Math.max(1, l.chunks[d] ?? n);
  const a = Math.min(n - 1, Math.max(0, Math.floor((lo - o) / f)));
  const b = Math.min(n - 1, Math.max(0, Math.ceil((hi - o) / f)));
  return [Math.floor(a / c) * c, Math.min(n, (Math.floor(b / c) + 1) * c)];
}

/** The level's index along a dimension not shown: the cell holding the finest index. */
function fixedIndex(l: TileLevel, d: number, i: number): number {
  const n = l.shape[d] ?? 1;
  return Math.min(n - 1, Math.max(0, Math.round((i - (l.offset[d] ?? 0)) / (l.factor[d] ?? 1))));
}

/** The chunk-aligned region of `level` covering the view (the whole level when `view` is null). */
export function regionOf(level: TileLevel, axes: TileAxes, view: Pick<TileView, 'x' | 'y'> | null): TileRegion {
  const { xDim, yDim } = axes;
  const whole = (d: number): [number, number] => [0, level.shape[d] ?? 1];
  const [x0, x1] = view ? span(level, xDim, view.x[0], view.x[1]) : whole(xDim);
  const [y0, y1] = view ? span(level, yDim, view.y[0], view.y[1]) : whole(yDim);
  const selection = level.shape.map((_, d): DimSelection => {
    if (d === xDim) return { start: x0, stop: x1 };
    if (d === yDim) return { start: y0, stop: y1 };
    return fixedIndex(level, d, axes.indices[d] ?? 0);
  });
  const chunksAlong = (d: number, a: number, b: number) => {
    const c = Math.max(1, level.chunks[d] ?? 1);
    return Math.ceil(b / c) - Math.floor(a / c);
  };
  const chunks = chunksAlong(xDim, x0, x1) * chunksAlong(yDim, y0, y1);
  const chunkBytes = level.chunks.reduce((a, n) => a * n, 1) * level.itemSize;
  const key = `${level.path}|${JSON.stringify(selection)}`;
  return { level, selection, start: [y0, x0], count: [y1 - y0, x1 - x0], chunks, bytes: chunks * chunkBytes, key };
}

/** Whether `inner` lies inside `outer` (same level and indices): reading `outer` shows all of `inner`. */
export function contains(outer: TileRegion, inner: TileRegion): boolean {
  if (outer.level.path !== inner.level.path) return false;
  return outer.selection.every((s, d) => {
    const t = inner.selection[d];
    if (typeof s === 'number' || s === null || typeof t === 'number' || t === null || t === undefined) return s === t;
    return s.start <= t.start && t.stop <= s.stop;
  });
}

/** Whether the heatmap of a slice of `variable` over (x, y) is read by viewport rather than whole. */
export function readsByViewport(levels: readonly TileLevel[], axes: TileAxes): boolean {
  const finest = levels[0];
  if (!finest) return false;
  const whole = regionOf(finest, axes, null);
  const cells = whole.count[0] * whole.count[1];
  const pyramid = levels.some((l) => l.index > 0 && ((l.factor[axes.xDim] ?? 1) > 1 || (l.factor[axes.yDim] ?? 1) > 1));
  return (pyramid && cells > PYRAMID_MIN_CELLS) || whole.bytes > VIEWPORT_BUDGET_BYTES;
}
