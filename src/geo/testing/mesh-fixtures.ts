/**
 * Test helper: the mesh fixtures (fixtures/meshes, written by scripts/fixtures/make-meshes.py with netCDF4-python)
 * and their expected values (`expected.json`: shapely, matplotlib.tri), opened in Node.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeSlice } from '../../cf/decode';
import { findVariable } from '../../model/find';
import { openDataset } from '../../open';
import { openStoreNode } from '../../opening/open-store-node';

export const MESH_DIR = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'meshes');

/** `expected.json`, its entries typed by the caller (each test reads its own kind of entry). */
export function meshExpected<T>(): Record<string, T> {
  return JSON.parse(readFileSync(join(MESH_DIR, 'expected.json'), 'utf8')) as Record<string, T>;
}

/** A fixture file opened: the dataset, the variable at `variable`, and a reader of a whole variable as numbers (NaN where masked). */
export async function openMeshFixture(file: string, variable: string) {
  const ds = await openDataset({ kind: 'local', path: join(MESH_DIR, file) }, { openStore: openStoreNode });
  const v = findVariable(ds.model.root, variable)!;
  const read = async (path: string) => {
    const shape = findVariable(ds.model.root, path)!.shape;
    const d = decodeSlice(
      await ds.read(
        path,
        shape.map(() => null),
      ),
    );
    return Float64Array.from(d.values as ArrayLike<number>, (x, i) => (d.mask[i] ? NaN : Number(x)));
  };
  return { ds, v, read };
}
