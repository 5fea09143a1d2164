/**
 * Claims in a mesh's metadata that the map must refuse before reading anything (fixtures/meshes, the model's
 * shapes changed as a damaged header would give them): a billion nodes behind a few hundred faces, in UGRID and
 * MPAS; face data on fewer (or more) cells than the connectivity has faces.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findVariable } from '../../model/find';
import type { Dataset, Dimension, Variable } from '../../model/types';
import { openDataset } from '../../open';
import { openStoreNode } from '../../opening/open-store-node';
import { findMesh } from './detect';

const DIR = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'meshes');

async function model(file: string): Promise<Dataset> {
  const ds = await openDataset({ kind: 'local', path: join(DIR, file) }, { openStore: openStoreNode });
  return structuredClone(ds.model);
}

/** Gives every variable on dimension `name` the length `n` (shape and dimension). */
function claim(ds: Dataset, name: string, n: number, only?: string): void {
  const visit = (vs: readonly Variable[]) => {
    for (const v of vs) {
      if (only && v.path !== only) continue;
      v.dimensions.forEach((d, i) => {
        if (d.name !== name) return;
        (v.shape as number[])[i] = n;
        (v.dimensions as Dimension[])[i] = { ...d, length: n };
      });
    }
  };
  visit(ds.root.variables);
}

describe('mesh claims refused from the metadata', () => {
  for (const [file, variable, dim] of [
    ['ugrid.nc', '/zeta', 'nNodes'],
    ['ugrid.nc', '/depth', 'nNodes'],
    ['mpas-like.nc', '/temperature', 'nVertices'],
  ] as const)
    it(`${file} ${variable}: a billion ${dim} is too many cells, named`, async () => {
      const ds = await model(file);
      expect(findMesh(ds, findVariable(ds.root, variable)!).kind).toBe('mesh');
      claim(ds, dim, 1e9);
      const r = findMesh(ds, findVariable(ds.root, variable)!);
      expect(r.kind).toBe('problem');
      if (r.kind !== 'problem') return;
      expect(r.problems[0]?.kind).toBe('too-many-cells');
      expect(r.problems[0]?.message).toMatch(/claims 1000000000 nodes/);
    });

  for (const n of [313, 321])
    it(`UGRID face data on ${n} cells of a 320-face mesh: bad-shape`, async () => {
      const ds = await model('ugrid.nc');
      claim(ds, 'nFaces', n, '/zeta');
      const r = findMesh(ds, findVariable(ds.root, '/zeta')!);
      expect(r.kind === 'problem' && r.problems.map((p) => [p.kind, p.message])).toEqual([
        ['bad-shape', 'zeta has not one value per face of mesh2d (320 faces).'],
      ]);
    });
});
