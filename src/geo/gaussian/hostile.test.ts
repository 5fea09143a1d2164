/**
 * Hostile reduced Gaussian grids (the O32 and N32 fixtures with their metadata or ring lengths damaged): a grid
 * name whose rings do not hold the variable's points is not computed (O99999's latitudes would take hours), ring
 * lengths that are negative or not whole are refused even when they sum to the points, a billion-point claim and a
 * pl of billions of rings are not read.
 */
import { describe, expect, it } from 'vitest';
import { MetadataError } from '../../errors';
import type { Attribute, Dimension, Variable } from '../../model/types';
import { openCase } from '../testing/global-grid-fixtures';
import { gaussianGrid, namedGrid } from './index';
import { loadGaussian } from './load';

describe('hostile reduced Gaussian grids', () => {
  it('a name that does not fit the points is not computed: the points are read instead', async () => {
    const t0 = performance.now();
    expect(namedGrid('O99999', undefined, 5248)).toBeNull();
    expect(namedGrid('N99999', new Float64Array(199_998).fill(20), 5248)).toBeNull();
    expect(performance.now() - t0).toBeLessThan(5_000);
    const { ds, variable, read } = await openCase('o32.nc/field');
    const found = gaussianGrid(ds.model, variable);
    if (found.kind !== 'grid') throw new Error(found.kind);
    const g = await loadGaussian({ ...found.grid, name: 'O99999' }, read);
    expect(g.geometry.name).toBe('O32');
  });

  it('ring lengths negative, or not whole, are refused even when they sum to the points', async () => {
    const { ds, variable, read } = await openCase('n32.nc/field');
    const found = gaussianGrid(ds.model, variable);
    if (found.kind !== 'grid') throw new Error(found.kind);
    const pl = Array.from(await read('/pl'));
    const broken = [
      pl.map((p, i) => (i === 0 ? p - 1000 : i === 1 ? p + 1000 : p)),
      pl.map((p, i) => (i === 0 ? p - 0.5 : i === 1 ? p + 0.5 : p)),
    ];
    for (const b of broken) {
      expect(namedGrid('N32', b)).toBeNull();
      const noPoints = { ...found.grid, latPath: undefined, lonPath: undefined };
      await expect(loadGaussian(noPoints, async () => b)).rejects.toBeInstanceOf(MetadataError);
    }
  });

  it('a billion points is a problem named from the metadata; a pl of billions of rings is not read', async () => {
    const { ds, variable } = await openCase('n32.nc/field');
    const model = structuredClone(ds.model);
    const claim = (v: Variable, n: number) => {
      (v.shape as number[])[0] = n;
      (v.dimensions as Dimension[])[0] = { ...v.dimensions[0]!, length: n };
    };
    const field = model.root.variables.find((v) => v.path === variable.path)!;
    claim(
      model.root.variables.find((v) => v.name === 'pl')!,
      4e9,
    );
    const r = gaussianGrid(model, field);
    expect(r.kind === 'grid' && r.grid.plPath).toBeUndefined();
    for (const v of model.root.variables) if (v.dimensions[0]?.name === 'values') claim(v, 1e9);
    const big = gaussianGrid(model, field);
    expect(big.kind === 'problem' && big.problem).toMatchObject({
      kind: 'too-many-points',
      message: '/field: a reduced Gaussian grid of 1000000000 points, more than the 50000000 the map reads',
    });
    (field.attributes as Attribute[]).length = 0;
    expect(gaussianGrid(model, field).kind).toBe('none');
  });
});
