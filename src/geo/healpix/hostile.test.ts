/**
 * Hostile HEALPix metadata and cell indices (fixtures/global-grids/healpix-partial.nc, nside 8, 373 cells held,
 * its model's shapes changed as a damaged header would give them): a part of the sphere claiming more cells than
 * the sphere has, or billions, is refused before its index is read; a pixel named by two cells is named.
 */
import { describe, expect, it } from 'vitest';
import type { Dimension, Variable } from '../../model/types';
import { openCase } from '../testing/global-grid-fixtures';
import { healpixGrid } from './detect';
import { loadHealpix } from './load';

async function partial() {
  const { ds, variable, read } = await openCase('healpix-partial.nc/pattern');
  const model = structuredClone(ds.model);
  const claim = (n: number) => {
    for (const v of model.root.variables as Variable[])
      v.dimensions.forEach((d, i) => {
        if (d.name !== 'cell') return;
        (v.shape as number[])[i] = n;
        (v.dimensions as Dimension[])[i] = { ...d, length: n };
      });
  };
  const pattern = model.root.variables.find((v) => v.path === variable.path)!;
  return { model, pattern, claim, read };
}

describe('hostile HEALPix grids', () => {
  for (const [n, why] of [
    [769, /claims 769 cells, more than the 768 of the sphere \(12·8²\)/],
    [2 ** 31, /claims 2147483648 cells, more than the 768 of the sphere/],
  ] as const)
    it(`a part of the sphere of ${n} cells is refused before its index is read`, async () => {
      const { model, pattern, claim } = await partial();
      expect(healpixGrid(model, pattern).kind).toBe('grid');
      claim(n);
      const r = healpixGrid(model, pattern);
      expect(r.kind === 'problem' && r.problem.kind).toBe('too-many-cells');
      expect(r.kind === 'problem' && r.problem.message).toMatch(why);
    });

  it('cells repeating a pixel index are named, as are indices off the sphere', async () => {
    const { model, pattern, read } = await partial();
    const r = healpixGrid(model, pattern);
    if (r.kind !== 'grid') throw new Error(r.kind);
    const index = Array.from(await read('/cell'));
    expect((await loadHealpix(r.grid, async () => index)).problems).toEqual([]);
    const damaged = index.map((p, i) => (i < 3 ? index[5]! : i === 3 ? 768 : p));
    const loaded = await loadHealpix(r.grid, async () => damaged);
    expect(loaded.problems.map((p) => [p.kind, p.message])).toEqual([
      ['index-out-of-range', '/cell: 1 cell indices are not cells of nside 8'],
      ['repeated-index', '/cell: 3 cells repeat the pixel index of another cell (the last one is drawn)'],
    ]);
  });
});
