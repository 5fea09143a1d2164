import { describe, expect, it } from 'vitest';
import type { Variable } from '../../core';
import { finestCell, wholeRegion, zoomRegion, type GeoTiles } from './map-region';
import { tileLevels } from '../heatmap/tile-plan';

/** A 21,600 × 43,200 (lat, lon) field with 7 levels of factor 2, 512 × 512 chunks (only what is used). */
function variable(path: string, shape: number[], extra: Partial<Variable> = {}): Variable {
  return { path, name: path, shape, chunks: [512, 512], itemSize: 4, ...extra } as unknown as Variable;
}
const SHAPE0 = [21600, 43200];
const LEVELS = [0, 1, 2, 3, 4, 5, 6].map((k) =>
  variable(
    `/${k}/tas`,
    SHAPE0.map((n) => Math.ceil(n / 2 ** k)),
  ),
);
const finest = variable('/0/tas', SHAPE0, {
  pyramid: {
    convention: 'ndpyramid',
    group: '/',
    levels: LEVELS.map((v) => ({ path: v.path, shape: v.shape })),
  },
} as Partial<Variable>);
const levels = tileLevels(finest, (p) => LEVELS.find((v) => v.path === p));
// Latitude on y (90 → −90, descending), longitude on x (−180 → 180), 1/120° cells.
const GEO: GeoTiles = {
  axes: { xDim: 1, yDim: 0, indices: [0, 0] },
  latIsY: true,
  x: { start: -180 + 0.5 / 120, step: 1 / 120, length: 43200 },
  y: { start: 90 - 0.5 / 120, step: -1 / 120, length: 21600 },
};
/** An equirectangular inversion of a `size` output showing longitudes lon0..lon1 and latitudes lat1..lat0. */
const box =
  (lon0: number, lon1: number, lat0: number, lat1: number, size: [number, number]) =>
  (px: number, py: number): [number, number] => [
    lon0 + (px / size[0]) * (lon1 - lon0),
    lat1 - (py / size[1]) * (lat1 - lat0),
  ];

describe('the map of a pyramid', () => {
  it('reads the coarsest level that fills the frame, whole', () => {
    const r = wholeRegion(levels, GEO, 720, 360);
    expect(r.level.index).toBe(6);
    expect(r.count).toEqual([338, 675]);
    expect(wholeRegion(levels, GEO, 1440, 720).level.index).toBe(5);
    // Latitude on x: the frame's width goes to longitude all the same.
    const swapped = { ...GEO, axes: { xDim: 0, yDim: 1, indices: [0, 0] }, latIsY: false, x: GEO.y, y: GEO.x };
    expect(wholeRegion(levels, swapped, 1440, 720).level.index).toBe(5);
  });

  it('reads, for a zoom, the level that fills its pixels and only the chunks of its box', () => {
    const size: [number, number] = [700, 350];
    const r = zoomRegion(levels, GEO, box(-20, 25, -10, 12.5, size), size)!;
    // 45° of longitude over 700 pixels: 5,400 finest cells, level 3 (675 cells) is the coarsest with ≥ 630.
    expect(r.level.index).toBe(3);
    const deg = (512 * 8) / 120;
    const [y0, x0] = r.start;
    const [ny, nx] = r.count;
    // The chunk-aligned box covers the zoom's box and is at most a chunk (plus the margin) larger each way.
    expect(-180 + (x0 / 512) * deg).toBeLessThanOrEqual(-20);
    expect(-180 + ((x0 + nx) / 512) * deg).toBeGreaterThanOrEqual(25);
    expect(90 - (y0 / 512) * deg).toBeGreaterThanOrEqual(12.5);
    expect(90 - ((y0 + ny) / 512) * deg).toBeLessThanOrEqual(-10);
    expect(nx).toBeLessThanOrEqual(512 * 3);
    expect(r.chunks).toBeLessThanOrEqual(12);
  });

  it('wraps longitudes onto the axis and finds nothing off the globe', () => {
    const size: [number, number] = [100, 100];
    // Longitudes 190–200 are −170 to −160 on this axis.
    const r = zoomRegion(levels, GEO, box(190, 200, 0, 10, size), size)!;
    expect(-180 + ((r.start[1] + r.count[1]) * 8) / 120).toBeGreaterThanOrEqual(-160);
    expect(r.start[1]).toBe(0);
    expect(zoomRegion(levels, GEO, () => null, size)).toBeNull();
  });
});

describe('the finest cell under the pointer', () => {
  const lat = (i: number) => 90 - (i + 0.5) / 120;
  const lon = (j: number) => -180 + (j + 0.5) / 120;
  it('is the level-0 cell whose centre is nearest, along the shown x and y', () => {
    expect(finestCell(GEO, lon(0), lat(0))).toEqual([0, 0]);
    expect(finestCell(GEO, lon(43199), lat(21599))).toEqual([43199, 21599]);
    expect(finestCell(GEO, lon(1234) + 0.4 / 120, lat(567) - 0.4 / 120)).toEqual([1234, 567]);
    // Longitude on y, latitude on x: the same cell the other way round.
    const swapped: GeoTiles = {
      ...GEO,
      latIsY: false,
      x: GEO.y,
      y: GEO.x,
      axes: { xDim: 0, yDim: 1, indices: [0, 0] },
    };
    expect(finestCell(swapped, lon(1234), lat(567))).toEqual([567, 1234]);
  });
  it('wraps longitudes round the globe and is null off the field', () => {
    expect(finestCell(GEO, lon(5) + 360, lat(7))).toEqual([5, 7]);
    expect(finestCell(GEO, lon(5) - 360, lat(7))).toEqual([5, 7]);
    expect(finestCell(GEO, lon(5), 90.5)).toBeNull();
  });
});
