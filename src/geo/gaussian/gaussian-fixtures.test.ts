/**
 * Reduced Gaussian grids against the fixtures (fixtures/global-grids, scripts/fixtures/make-global-grids.py): the
 * Gaussian latitudes equal numpy's leggauss ones (N = 1 … 1280), the O32 and N32 files (as CDO writes them) are
 * found, their rings read from the per-point latitudes, from the name (O32) and from `pl` (N32) agree with the
 * file, and the cell of ≥ 100 sampled points is the one the script computed, with its value.
 */
import { describe, expect, it } from 'vitest';
import { expected, openCase } from '../testing/global-grid-fixtures';
import {
  gaussianGrid,
  gaussianLatitudes,
  gaussianLookup,
  gaussianPoint,
  namedGrid,
  octahedralPl,
  pointCount,
  ringsOfPoints,
} from './index';
import { loadGaussian } from './load';

describe('Gaussian latitudes', () => {
  for (const [n, lats] of Object.entries(expected.gaussian_latitudes))
    it(`N${n}: numpy's leggauss latitudes to 1e-9°`, () => {
      const ours = Array.from(gaussianLatitudes(Number(n)));
      expect(ours.length).toBe(lats.length);
      const worst = Math.max(...ours.map((v, i) => Math.abs(v - lats[i]!)));
      expect(worst).toBeLessThan(1e-9);
    });
});

describe('reduced Gaussian fixtures', () => {
  for (const [key, c] of Object.entries(expected.gaussian)) {
    it(`${key}: ${c.name} found, rings as written, the cell at ${c.lon.length} points`, async () => {
      const { ds, variable, read } = await openCase(key);
      const found = gaussianGrid(ds.model, variable);
      expect(found.kind).toBe('grid');
      if (found.kind !== 'grid') return;
      expect(found.grid).toMatchObject({ cellDim: 0, name: c.name, latPath: '/lat', lonPath: '/lon', plPath: '/pl' });
      const fromPoints = ringsOfPoints(await read('/lat'), await read('/lon'));
      expect(fromPoints).not.toBeNull();
      if (!fromPoints) return;
      expect(Array.from(fromPoints.pl)).toEqual(c.pl);
      expect(fromPoints.name).toBe(c.name.startsWith('O') ? c.name : 'reduced');
      const named = namedGrid(c.name, c.name.startsWith('N') ? await read('/pl') : undefined);
      expect(named && Array.from(named.pl)).toEqual(c.pl);
      expect(pointCount(named!)).toBe(variable.shape[0]);
      Array.from(named!.lat).forEach((v, i) => expect(v).toBeCloseTo(c.ring_lat[i]!, 9));
      const values = await read(variable.path);
      for (const grid of [fromPoints, named!]) {
        const lookup = gaussianLookup(grid);
        const got = c.lon.map((lon, i) => lookup(lon, c.lat[i]!));
        expect(got).toEqual(c.cell);
        expect(got.map((k) => values[k])).toEqual(c.value);
      }
      const [lon, lat] = gaussianPoint(named!, c.cell[0]!);
      expect(gaussianLookup(named!)(lon, lat)).toBe(c.cell[0]);
    });
  }

  it('an N grid needs its pl; O<n> has 4i + 16 points on ring i from either pole', () => {
    expect(namedGrid('N32')).toBeNull();
    expect(octahedralPl(2)).toEqual([20, 24, 24, 20]);
    expect(pointCount({ pl: octahedralPl(1280) })).toBe(6_599_680);
    expect(namedGrid('X32')).toBeNull();
  });
});

describe('the Map loads the rings', () => {
  for (const [key, c] of Object.entries(expected.gaussian))
    it(`${key}: by name (and pl), the points' count checked`, async () => {
      const { ds, variable, read } = await openCase(key);
      const found = gaussianGrid(ds.model, variable);
      if (found.kind !== 'grid') throw new Error('no grid');
      const reads: string[] = [];
      const loaded = await loadGaussian(found.grid, (p) => (reads.push(p), read(p)));
      expect(Array.from(loaded.geometry.pl)).toEqual(c.pl);
      // An O grid reads nothing; an N grid its pl only (never the per-point arrays).
      expect(reads).toEqual(c.name.startsWith('O') ? [] : ['/pl']);
      await expect(loadGaussian(found.grid, read, variable.shape[0]! + 1)).rejects.toThrow(/does not give/);
    });
});
