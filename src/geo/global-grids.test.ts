/**
 * HEALPix and reduced Gaussian grids through the grid-of-cells seam (cell-grid.ts): found with their labels and
 * zoom levels, loaded as the Map loads them, and looked up per pixel by the workers' `gridLookup` (reproject.ts)
 * as healpy and the fixture script place the sampled points; the Report names the grid or its problem.
 */
import { describe, expect, it } from 'vitest';
import { findCellGrid } from './cell-grid';
import { loadCellGrid } from './cell-grid-load';
import { gridLookup } from './reproject';
import { expected, openCase } from './testing/global-grid-fixtures';
import { meshFindings } from '../report/mesh-checks';

describe('global grids through the grid-of-cells seam', () => {
  const cases = { ...expected.healpix, ...expected.gaussian };
  for (const [key, c] of Object.entries(cases))
    it(`${key}: found, loaded and looked up in the workers' way`, async () => {
      const { ds, variable, read } = await openCase(key);
      const r = findCellGrid(ds.model, variable);
      if (r.kind !== 'grid') throw new Error(`${key}: ${r.kind}`);
      expect(r.grid.family).toBe(key.includes('healpix') ? 'healpix' : 'gaussian');
      expect(r.grid.dim).toBe(variable.shape.length - 1);
      const loaded = await loadCellGrid(r.grid, read);
      // As the workers receive it: structured-cloned.
      const lookup = gridLookup(structuredClone(loaded.geometry));
      expect(c.lon.map((lon, i) => lookup(lon, c.lat[i]!))).toEqual(c.cell);
      const [lon, lat] = loaded.centre(c.cell[0]!);
      expect(lookup(lon, lat)).toBe(c.cell[0]);
    });

  it('labels: the HEALPix pyramid with its levels, the hover name, the Gaussian grid by name', async () => {
    const hp = await openCase('healpix-pyramid.zarr/zoom_4/tas');
    const r = findCellGrid(hp.ds.model, hp.variable);
    if (r.kind !== 'grid' || r.grid.family !== 'healpix') throw new Error('not healpix');
    expect(r.grid.label).toBe('HEALPix nested, nside 16 (3,072 cells), a pyramid of 5 levels (nside 16, 8, 4, 2, 1)');
    expect(r.grid.cellName).toBe('HEALPix nest nside 16');
    expect(r.grid.levels.map((l) => l.path)).toEqual([
      '/zoom_4/tas',
      '/zoom_3/tas',
      '/zoom_2/tas',
      '/zoom_1/tas',
      '/zoom_0/tas',
    ]);
    const o = await openCase('o32.nc/field');
    const f = meshFindings(o.ds.model, o.variable);
    expect(f).toMatchObject([
      { code: 'mesh', severity: 'info', message: 'On reduced Gaussian grid O32: 5,248 points (dimension values).' },
    ]);
  });

  it('the Report names nested ordering with nside 12', async () => {
    const { ds, variable } = await openCase('healpix-bad-nside.nc/pattern');
    const f = meshFindings(ds.model, variable);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ severity: 'error', path: '/pattern' });
    expect(f[0]?.message).toMatch(/^HEALPix grid: .*nside 12 is not a power of two/);
    expect(f[0]?.advice).toMatch(/healpix grid mapping/);
  });
});
