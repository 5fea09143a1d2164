import { describe, expect, it } from 'vitest';
import { axisLookup } from './lookup';
import { fillImage, gridLookup, reprojectCells } from './reproject';

describe('axisLookup', () => {
  it('finds the nearest cell on ascending and descending axes, −1 outside', () => {
    const up = axisLookup([-60, -30, 0, 30, 60], false);
    expect([up(-61), up(-44), up(-46), up(29), up(74), up(76)]).toEqual([0, 1, 0, 3, 4, -1]);
    const down = axisLookup([90, 45, 0, -45, -90], false);
    expect([down(80), down(-50), down(-120)]).toEqual([0, 3, -1]);
  });

  it('answers any longitude on 0–360 and −180–180 global grids, wrapping the edge cells', () => {
    const g360 = axisLookup([0, 90, 180, 270], true);
    expect([g360(-10), g360(-50), g360(100), g360(-90), g360(360), g360(539)]).toEqual([0, 3, 1, 3, 0, 2]);
    const g180 = axisLookup([-180, -90, 0, 90], true);
    expect([g180(170), g180(179), g180(190), g180(-100), g180(300)]).toEqual([0, 0, 0, 1, 1]);
  });

  it('unwraps a regional grid that crosses the antimeridian', () => {
    const lon = axisLookup([170, 175, 180, -175, -170], true);
    expect([lon(171), lon(179), lon(-176), lon(-171), lon(-160), lon(160)]).toEqual([0, 2, 3, 4, -1, -1]);
  });
});

describe('reprojectCells', () => {
  // 2 × 4 grid, rows = lat [45, -45], cols = lon [0, 90, 180, 270]; value = 10·row + col.
  const grid = { kind: 'regular', rows: 2, cols: 4, rowsAreLat: true, lat: [45, -45], lon: [0, 90, 180, 270] } as const;
  const values = [0, 1, 2, 3, 10, 11, 12, 13];
  // Plate carrée on a 8 × 2 image: x → lon −180…180, y → lat 90…−90; the last column is "off the globe".
  const invert = (x: number, y: number) => (x > 7 ? null : ([-180 + x * 45, 90 - y * 90] as const));

  it('takes the nearest cell per pixel and −1 off the globe; values fill in NaN there', () => {
    const cells = reprojectCells(gridLookup(grid), invert, 8, 2);
    expect(Array.from(cells)).toEqual([2, 3, 3, 0, 0, 1, 1, -1, 6, 7, 7, 4, 4, 5, 5, -1]);
    const img = fillImage(cells, values);
    expect(Array.from(img.slice(0, 7))).toEqual([2, 3, 3, 0, 0, 1, 1]);
    expect(Number.isNaN(img[7])).toBe(true);
  });

  it('rows along longitude index the transposed values', () => {
    const t = { ...grid, rowsAreLat: false, rows: 4, cols: 2 };
    const cells = reprojectCells(gridLookup(t), invert, 8, 2);
    // Cell (lon j, lat i) is j·2 + i.
    expect(Array.from(cells.slice(0, 7))).toEqual([4, 6, 6, 0, 0, 2, 2]);
  });
});

describe('a zoomed reprojection', () => {
  it('the pixels of a zoomed extent are those of the whole frame at the same places, at a finer resolution', async () => {
    const { runReproject } = await import('./reproject-task');
    const grid = {
      kind: 'regular',
      rows: 18,
      cols: 36,
      rowsAreLat: true,
      lat: Array.from({ length: 18 }, (_, i) => 85 - 10 * i),
      lon: Array.from({ length: 36 }, (_, j) => 5 + 10 * j),
    } as const;
    const spec = { name: 'equal-earth', center: [0, 0], width: 360, height: 180 } as const;
    const whole = runReproject({ grid, spec });
    // The quarter [90, 45]–[180, 90] of the frame at 4× the resolution.
    const zoom = runReproject({ grid, spec, extent: [90, 45, 180, 90], size: [360, 180] });
    let same = 0;
    for (let y = 0; y < 45; y++)
      for (let x = 0; x < 90; x++) if (zoom[(y * 4 + 2) * 360 + x * 4 + 2] === whole[(45 + y) * 360 + 90 + x]) same++;
    // Equal up to pixels on cell edges (the zoomed pixel centres are not the whole frame's).
    expect(same / (45 * 90)).toBeGreaterThan(0.9);
    expect(new Set(zoom).size).toBeGreaterThan(20);
  });
});
