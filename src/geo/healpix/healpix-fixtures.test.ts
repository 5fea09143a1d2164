/**
 * HEALPix against healpy (fixtures/global-grids, scripts/fixtures/make-global-grids.py): the grid is found in the
 * files as xarray and netCDF4-python wrote them (the older healpix_nside/healpix_order and CF 1.13's
 * refinement_level/indexing_scheme; part of the sphere named by a healpix_index coordinate), ang2pix at ≥ 100 sampled points gives healpy's cell (nested and
 * ring, nside 1 … 16 and 12), pix2ang gives healpy's centres, the value there is the file's, and nested ordering
 * with nside 12 is a named problem. The pyramid's zoom groups are its levels, and the screen picks the level.
 */
import { describe, expect, it } from 'vitest';
import { projectedGrid } from '../grid-mapping/find';
import { expected, openCase } from '../testing/global-grid-fixtures';
import {
  ang2pix,
  chooseHealpixLevel,
  healpixCellAt,
  healpixGrid,
  healpixLevels,
  healpixLookup,
  pix2ang,
} from './index';
import { loadHealpix } from './load';

const dLon = (a: number, b: number) => ((((a - b) % 360) + 540) % 360) - 180;

describe('HEALPix fixtures against healpy', () => {
  for (const [key, c] of Object.entries(expected.healpix)) {
    it(`${key}: ${c.order} nside ${c.nside}, cells and centres`, async () => {
      const { ds, variable, read } = await openCase(key);
      const found = healpixGrid(ds.model, variable);
      expect(found.kind).toBe('grid');
      if (found.kind !== 'grid') return;
      expect(found.grid).toMatchObject({ nside: c.nside, order: c.order, cellDim: variable.shape.length - 1 });
      expect(c.lon.length).toBeGreaterThanOrEqual(100);
      // Part of the sphere: the cells held are read from the cell index coordinate.
      expect(found.grid.indexPath).toBe(key.includes('partial') ? '/cell' : undefined);
      const lookup = healpixLookup((await loadHealpix(found.grid, read)).geometry);
      const got = c.lon.map((lon, i) => lookup(lon, c.lat[i]!));
      expect(got).toEqual(c.cell);
      expect(got.filter((k) => k >= 0).length).toBeGreaterThanOrEqual(100);
      const values = await read(variable.path);
      expect(got.map((k) => (k >= 0 ? values[k] : null))).toEqual(c.value);
      c.centres.cell.forEach((p, i) => {
        const [lon, lat] = pix2ang(found.grid, p);
        expect(lat).toBeCloseTo(c.centres.lat[i]!, 9);
        expect(dLon(lon, c.centres.lon[i]!)).toBeCloseTo(0, 9);
        expect(ang2pix(found.grid, lon, lat)).toBe(p);
      });
    });
  }

  for (const [key, kind] of Object.entries(expected.healpix_problems)) {
    it(`${key}: the problem ${kind}`, async () => {
      const { ds, variable } = await openCase(key);
      const found = healpixGrid(ds.model, variable);
      expect(found).toMatchObject({ kind: 'problem', problem: { kind } });
      if (found.kind === 'problem') expect(found.problem.message).toMatch(/nside 12 is not a power of two/);
    });
  }

  it('the zoom groups are one pyramid, finest first; the screen picks the coarsest level that fills its pixels', async () => {
    const { ds, variable } = await openCase('healpix-pyramid.zarr/zoom_2/tas');
    const levels = healpixLevels(ds.model, variable);
    expect(levels.map((l) => [l.path, l.grid.nside])).toEqual([
      ['/zoom_4/tas', 16],
      ['/zoom_3/tas', 8],
      ['/zoom_2/tas', 4],
      ['/zoom_1/tas', 2],
      ['/zoom_0/tas', 1],
    ]);
    // nside 16: cells 3.66° apart; nside 4: 14.7°.
    expect(chooseHealpixLevel(levels, 0.5)?.grid.nside).toBe(16);
    expect(chooseHealpixLevel(levels, 4)?.grid.nside).toBe(16);
    expect(chooseHealpixLevel(levels, 7.5)?.grid.nside).toBe(8);
    expect(chooseHealpixLevel(levels, 15)?.grid.nside).toBe(4);
    expect(chooseHealpixLevel(levels, 100)?.grid.nside).toBe(1);
  });

  it('a click on a finer level drawn gives the selected level’s cell healpy gives at that point', async () => {
    const { ds, variable } = await openCase('healpix-pyramid.zarr/zoom_2/tas');
    const levels = healpixLevels(ds.model, variable);
    const [fine, selected] = [levels[0]!.grid, levels[2]!.grid];
    const f = expected.healpix['healpix-pyramid.zarr/zoom_4/tas']!;
    const s = expected.healpix['healpix-pyramid.zarr/zoom_2/tas']!;
    // The centre of the nside 16 cell under each sampled point lies in the nside 4 cell healpy gives the point.
    const got = f.cell.map((k) => healpixCellAt(selected, ...pix2ang(fine, k))?.cell);
    expect(got).toEqual(s.cell);
    expect(healpixCellAt(selected, f.lon[0]!, f.lat[0]!)?.cell).toBe(s.cell[0]);
    expect(healpixCellAt(selected, NaN, 0)).toBeNull();
  });
});

describe('HEALPix pixel arithmetic', () => {
  it('round trips every cell of nside 1 … 8 and 5, 12 (ring) through its centre', () => {
    for (const [nside, orders] of [
      [1, ['nested', 'ring']],
      [2, ['nested', 'ring']],
      [8, ['nested', 'ring']],
      [5, ['ring']],
      [12, ['ring']],
    ] as const)
      for (const order of orders)
        for (let p = 0; p < 12 * nside * nside; p++) {
          const [lon, lat] = pix2ang({ nside, order }, p);
          expect(ang2pix({ nside, order }, lon, lat)).toBe(p);
        }
  });
  it('answers −1 for a point that is not finite, NaN for a cell off the grid', () => {
    expect(ang2pix({ nside: 4, order: 'nested' }, NaN, 0)).toBe(-1);
    expect(pix2ang({ nside: 4, order: 'ring' }, 192)).toEqual([NaN, NaN]);
  });
});

describe('HEALPix is not a projected grid', () => {
  it('projectedGrid finds nothing (no unknown grid mapping) on a HEALPix field', async () => {
    const { ds, variable } = await openCase('healpix-ring.nc/pattern');
    expect(projectedGrid(ds.model, variable)).toEqual({ kind: 'none' });
  });
});
