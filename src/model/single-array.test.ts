// A store whose root is one array (a URL pointing at an array inside a hierarchy): it opens as a dataset with
// that array as its only variable, named after the location's last segment, and its values equal the writer's
// (zarr-python v2 arrays: fixtures/expected/*.values.json) or zarrita's reading (zarr-python 3 v3 arrays).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDataContext } from '../data';
import { comparable } from '../data/testing/variable';
import { openDataset } from '../open';
import { openStoreNode } from '../opening/open-store-node';

const REPO = join(import.meta.dirname, '..', '..');
const LAYOUT = join(REPO, 'fixtures', 'zarr-python', 'layout.zarr');
const REF = join(REPO, 'fixtures', 'expected', 'zarr-python', 'layout.values.json');
const V3 = join(REPO, 'fixtures', 'zarr-v3', 'data.zarr');

describe('a single array as the root', () => {
  const context = createDataContext({ workers: false });
  const ref = JSON.parse(readFileSync(REF, 'utf8')) as {
    arrays: Record<string, { shape: number[]; values: unknown[] }>;
  };
  for (const [path, exp] of Object.entries(ref.arrays)) {
    it(`zarr-python v2 ${path} opened by its own location`, async () => {
      const ds = await openDataset({ kind: 'local', path: join(LAYOUT, path) }, { openStore: openStoreNode, context });
      const name = path.slice(path.lastIndexOf('/') + 1);
      expect(ds.model.root.variables.map((v) => v.name)).toEqual([name]);
      // Its path is its own, not the root group's (the tree and share links address it by path).
      expect(ds.model.root.variables.map((v) => v.path)).toEqual([`/${name}`]);
      expect(ds.model.root.groups).toEqual([]);
      const s = await ds.read(`/${name}`, []);
      expect(s.shape).toEqual(exp.shape);
      expect(Array.from(s.data as ArrayLike<unknown>, comparable)).toEqual(exp.values);
    });
  }

  it('every zarr-python 3 array opens by its own location, with the same values as from its parent', async () => {
    const names = readdirSync(V3).filter((n) => existsSync(join(V3, n, 'zarr.json')));
    const parent = await openDataset({ kind: 'local', path: V3 }, { openStore: openStoreNode, context });
    let compared = 0;
    for (const n of names) {
      const whole = parent.model.root.variables.find((v) => v.name === n);
      if (!whole) continue; // a subgroup
      const ds = await openDataset({ kind: 'local', path: join(V3, n) }, { openStore: openStoreNode, context });
      const v = ds.model.root.variables[0]!;
      expect(v.name).toBe(n);
      expect([v.shape, v.dtype]).toEqual([whole.shape, whole.dtype]);
      const [a, b] = await Promise.all([ds.read(`/${n}`, []), parent.read(whole.path, [])]);
      expect(Array.from(a.data as ArrayLike<unknown>, comparable), n).toEqual(
        Array.from(b.data as ArrayLike<unknown>, comparable),
      );
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
  });
});
