/**
 * Test helper: the HEALPix and reduced Gaussian fixtures (fixtures/global-grids, written by
 * scripts/fixtures/make-global-grids.py) and their expected cells (`expected.json`: healpy, numpy), opened in Node.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeSlice } from '../../cf/decode';
import { findVariable } from '../../model/find';
import { openDataset } from '../../open';
import { openStoreNode } from '../../opening/open-store-node';

export const DIR = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'global-grids');

export interface Sampled {
  lon: number[];
  lat: number[];
  cell: number[];
  /** The cell's value (null where part of the sphere has no cell). */
  value: (number | null)[];
}
export interface HealpixCase extends Sampled {
  nside: number;
  order: 'nested' | 'ring';
  centres: { cell: number[]; lon: number[]; lat: number[] };
}
export interface GaussianCase extends Sampled {
  name: string;
  n: number;
  pl: number[];
  ring_lat: number[];
}

export const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as {
  healpix: Record<string, HealpixCase>;
  gaussian: Record<string, GaussianCase>;
  healpix_problems: Record<string, string>;
  gaussian_latitudes: Record<string, number[]>;
};

/** The fixture of key `file/variable/path`: the dataset, the variable, and a reader of 1-D variables' values. */
export async function openCase(key: string) {
  const cut = key.indexOf('/', key.search(/\.(zarr|nc)\//) + 1);
  const file = key.slice(0, cut);
  const path = key.slice(cut);
  const ds = await openDataset({ kind: 'local', path: join(DIR, file) }, { openStore: openStoreNode });
  const variable = findVariable(ds.model.root, path);
  if (!variable) throw new Error(`${key}: no variable`);
  const read = async (p: string) => {
    const v = findVariable(ds.model.root, p);
    const sel = (v?.shape ?? []).map((_, i, a) => (i === a.length - 1 ? null : 0));
    return Array.from(decodeSlice(await ds.read(p, sel)).values as ArrayLike<number>, Number);
  };
  return { ds, variable, read };
}
