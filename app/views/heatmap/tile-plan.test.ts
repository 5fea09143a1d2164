import { describe, expect, it } from 'vitest';
import type { Variable } from '../../core';
import { regionCell, regionExtent, viewOf } from './tile-axes';
import { chooseLevel, contains, readsByViewport, regionOf, tileLevels, type TileAxes } from './tile-plan';

/** A 2-D float32 variable of `shape` with 512 × 512 chunks, as the model describes one (only what is used). */
function variable(path: string, shape: number[], extra: Partial<Variable> = {}): Variable {
  return { path, name: path, shape, chunks: [512, 512], itemSize: 4, ...extra } as unknown as Variable;
}

const SHAPE0 = [21600, 43200];
const LEVELS = [0, 1, 2, 3, 4, 5, 6].map((k) =>
  variable(
    `/${k}`,
    SHAPE0.map((n) => Math.ceil(n / 2 ** k)),
  ),
);
const finest = variable('/0', SHAPE0, {
  pyramid: {
    convention: 'ome-ngff',
    group: '/',
    levels: LEVELS.map((v, k) => ({ path: v.path, shape: v.shape, scale: [2 ** k, 2 ** k] })),
  },
} as Partial<Variable>);
const lookup = (p: string) => LEVELS.find((v) => v.path === p);
const AXES: TileAxes = { xDim: 1, yDim: 0, indices: [0, 0] };

describe('tile levels', () => {
  it('reads the factors from the declared scales, finest first', () => {
    const levels = tileLevels(finest, lookup);
    expect(levels.map((l) => l.factor)).toEqual([0, 1, 2, 3, 4, 5, 6].map((k) => [2 ** k, 2 ** k]));
    expect(levels.map((l) => l.offset)).toEqual(levels.map(() => [0, 0]));
  });

  it('takes the factor from the shapes and the centre of the block when no scale is declared', () => {
    const v = variable('/a', [100, 200], {
      pyramid: {
        convention: 'ndpyramid',
        group: '/',
        levels: [
          { path: '/a', shape: [100, 200] },
          { path: '/b', shape: [25, 50] },
        ],
      },
    } as Partial<Variable>);
    const levels = tileLevels(v, (p) => (p === '/b' ? variable('/b', [25, 50]) : undefined));
    expect(levels[1]!.factor).toEqual([4, 4]);
    expect(levels[1]!.offset).toEqual([1.5, 1.5]);
  });

  it('leaves out levels whose metadata is not known', () => {
    expect(tileLevels(finest, (p) => (p === '/3' ? undefined : lookup(p))).map((l) => l.index)).toEqual([
      0, 1, 2, 4, 5, 6,
    ]);
  });
});

describe('level choice', () => {
  const levels = tileLevels(finest, lookup);
  const whole = { x: [-0.5, 43199.5] as const, y: [-0.5, 21599.5] as const, widthPx: 900, heightPx: 450 };

  it('is the coarsest level with a cell for every screen pixel', () => {
    // 43,200 / 2^5 = 1,350 ≥ 900 and 21,600 / 32 = 675 ≥ 450; level 6 has 675 × 338.
    expect(chooseLevel(levels, AXES, whole).index).toBe(5);
  });

  it('moves 3 levels finer on a zoom ×8', () => {
    const c = [21600, 10800];
    const zoom = { ...whole, x: [c[0]! - 2700, c[0]! + 2700] as const, y: [c[1]! - 1350, c[1]! + 1350] as const };
    expect(chooseLevel(levels, AXES, zoom).index).toBe(2);
  });

  it('is the finest level when zoomed past it', () => {
    expect(chooseLevel(levels, AXES, { ...whole, x: [0, 100], y: [0, 50] }).index).toBe(0);
  });
});

describe('regions', () => {
  const levels = tileLevels(finest, lookup);

  it('covers the view with whole chunks of the level', () => {
    const r = regionOf(levels[2]!, AXES, { x: [18900, 24300], y: [9450, 12150] });
    // level 2 cells 4725..6075 → chunks 9..11 (x), 2362..3037 → chunks 4..5 (y)
    expect(r.start).toEqual([2048, 4608]);
    expect(r.count).toEqual([1024, 1536]);
    expect(r.chunks).toBe(6);
    expect(r.bytes).toBe(6 * 512 * 512 * 4);
    expect(r.selection).toEqual([
      { start: 2048, stop: 3072 },
      { start: 4608, stop: 6144 },
    ]);
  });

  it('is clamped to the level (a last chunk shorter than the others)', () => {
    const r = regionOf(levels[6]!, AXES, null);
    expect(r.count).toEqual([338, 675]);
    expect(r.chunks).toBe(2);
  });

  it('contains a smaller region of the same level only', () => {
    const big = regionOf(levels[2]!, AXES, { x: [0, 20000], y: [0, 20000] });
    const small = regionOf(levels[2]!, AXES, { x: [100, 200], y: [100, 200] });
    expect(contains(big, small)).toBe(true);
    expect(contains(small, big)).toBe(false);
    expect(contains(regionOf(levels[3]!, AXES, null), small)).toBe(false);
  });

  it('places the picture of a region on the finest grid and finds a cell in it', () => {
    const r = regionOf(levels[2]!, AXES, { x: [18900, 24300], y: [9450, 12150] });
    const xa = { start: -180, step: 360 / 43200, length: 43200 };
    const ya = { start: 90, step: -180 / 21600, length: 21600 };
    const e = regionExtent(r, AXES, xa, ya, 1);
    expect(e.x0).toBeCloseTo(-180 + 4608 * 4 * xa.step, 9);
    expect(e.dx).toBeCloseTo(4 * xa.step, 12);
    expect(e.dy).toBeCloseTo(4 * ya.step, 12);
    // finest (y 9000, x 20000) is level-2 cell (2250, 5000): row 202, column 392 of the region
    expect(regionCell(r, AXES, 9000, 20000)).toBe(202 * 1536 + 392);
    expect(regionCell(r, AXES, 0, 0)).toBeNull();
  });

  it('maps plotly ranges to finest indices either way up', () => {
    const xa = { start: 0, step: 0.5, length: 720 };
    const ya = { start: 90, step: -0.5, length: 361 };
    const v = viewOf(
      xa,
      ya,
      { offset: 0, length: 600, range: [10, 20] },
      { offset: 0, length: 300, range: [40, 50] },
      2,
    );
    expect(v).toEqual({ x: [20, 40], y: [80, 100], widthPx: 1200, heightPx: 600 });
  });
});

describe('viewport reads', () => {
  it('apply to a pyramid bigger than a screen and to a field over the budget', () => {
    expect(readsByViewport(tileLevels(finest, lookup), AXES)).toBe(true);
    expect(readsByViewport([tileLevels(variable('/f', SHAPE0), lookup)[0]!], AXES)).toBe(true);
    expect(readsByViewport(tileLevels(variable('/s', [721, 1440]), lookup), AXES)).toBe(false);
  });
});
