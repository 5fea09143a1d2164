/**
 * Multiscale pyramids read into the model, compared with what zarr-python, xarray and read-zarr-v3.py read of the
 * stores scripts/fixtures/make-pyramids.py writes (fixtures/pyramids/expected.json): OME-NGFF images, group levels
 * (ndpyramid, zarr-conventions) and a lazy open. Malformed declarations and the conventions' other spellings are in
 * multiscales-declarations.test.ts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeFolderStore } from '../store/node-folder-store';
import { findGroup, findVariable, walkVariables } from './find';
import { openMetadata } from './lazy';
import { isLevelGroup } from './multiscales';
import { DIR, expected, open, pyramidAt } from './testing/pyramids';

const cells = (s: readonly number[]) => s.reduce((a, n) => a * n, 1);

describe('OME-NGFF images (zarr-python 2 for 0.4, read-zarr-v3.py for 0.5)', () => {
  for (const name of ['ome-0.4.zarr', 'ome-0.4-consolidated.zarr', 'ome-0.5.zarr']) {
    it(`${name}: one pyramid on the finest array, levels as the reference reader reads them`, async () => {
      const ds = await open(name);
      const exp = expected.stores[name]!;
      const [ref] = exp.pyramids;
      expect(ds.problems).toEqual([]);
      expect(ds.dialect.consolidated).toBe(exp.consolidated);
      const p = pyramidAt(ds, ref!.levels[0]!.path!);
      expect(p.convention).toBe('ome-ngff');
      expect(p.version).toBe(ref!.version);
      expect(p.group).toBe('/');
      expect(p.name).toBe('cells');
      expect(p.method).toBe('mean');
      expect(p.axes).toEqual([
        { name: 'c', type: 'channel' },
        { name: 'y', type: 'space', unit: 'micrometer' },
        { name: 'x', type: 'space', unit: 'micrometer' },
      ]);
      expect(p.levels).toEqual(
        ref!.levels.map((l) => ({ path: l.path, shape: l.shape, scale: l.scale, translation: l.translation })),
      );
      // The coarser levels stay at their paths, marked as levels of the one pyramid.
      for (const [i, l] of ref!.levels.entries()) {
        const v = findVariable(ds.root, l.path!)!;
        expect(v.shape).toEqual(l.shape);
        if (i > 0) expect(v.pyramidLevel).toEqual({ pyramid: ref!.levels[0]!.path, index: i });
      }
      expect(walkVariables(ds.root).filter((v) => v.pyramid)).toHaveLength(1);
    });
  }

  it('OME-NGFF 0.5 levels share dimension_names at their own lengths without a problem', async () => {
    const ds = await open('ome-0.5.zarr');
    expect(findVariable(ds.root, '/0')!.dimensions.map((d) => `${d.name}=${d.length}`)).toEqual([
      'c=2',
      'y=128',
      'x=128',
    ]);
    expect(findVariable(ds.root, '/2')!.shape).toEqual([2, 32, 32]);
    expect(ds.problems).toEqual([]);
  });
});

describe('group levels', () => {
  it('ndpyramid (xarray): each variable of the finest group carries its counterparts; level 0 is the coarsest', async () => {
    const ds = await open('ndpyramid.zarr');
    expect(ds.problems).toEqual([]);
    const [ref] = expected.stores['ndpyramid.zarr']!.pyramids;
    for (const name of ['tas', 'x', 'y']) {
      const want = ref!.levels
        .map((l) => ({ path: `${l.path}/${name}`, shape: l.variables![name]! }))
        .sort((a, b) => cells(b.shape) - cells(a.shape));
      const p = pyramidAt(ds, want[0]!.path);
      expect(p.convention).toBe('ndpyramid');
      expect(p.method).toBe('pyramid_coarsen');
      expect(p.version).toBe('0.0.0+zarrview-fixture');
      expect(p.levels).toEqual(want);
      want
        .slice(1)
        .forEach((l, i) =>
          expect(findVariable(ds.root, l.path)!.pyramidLevel).toEqual({ pyramid: want[0]!.path, index: i + 1 }),
        );
    }
    expect(want3()).toBe('/3/tas');
    function want3() {
      return walkVariables(ds.root).find((v) => v.name === 'tas' && v.pyramid)?.path;
    }
    // Groups 0..2 hold only levels: a tree may fold them; the finest group does not.
    expect(['/0', '/1', '/2', '/3'].map((g) => isLevelGroup(findGroup(ds.root, g)!))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('zarr-conventions: scales multiplied along derived_from; a band missing at the finest level starts lower', async () => {
    const ds = await open('zarr-conventions.zarr');
    expect(ds.problems).toEqual([]);
    const [ref] = expected.stores['zarr-conventions.zarr']!.pyramids;
    const b02 = pyramidAt(ds, '/r10m/b02');
    expect(b02.convention).toBe('zarr-conventions');
    expect(b02.method).toBe('average');
    expect(b02.levels.map((l) => [l.path, l.shape, l.scale])).toEqual(
      ref!.levels.map((l, i) => [
        `${l.path}/b02`,
        l.variables!.b02,
        [
          [1, 1],
          [2, 2],
          [6, 6],
        ][i],
      ]),
    );
    expect(b02.levels[2]!.geoTransform).toEqual([6000, 0, 500000, 0, -6000, 5000000]);
    const b05 = pyramidAt(ds, '/r20m/b05');
    expect(b05.levels.map((l) => [l.path, l.shape])).toEqual(
      ref!.levels.slice(1).map((l) => [`${l.path}/b05`, l.variables!.b05]),
    );
    expect(findVariable(ds.root, '/r60m/b05')!.pyramidLevel).toEqual({ pyramid: '/r20m/b05', index: 1 });
  });
});

describe('lazy open', () => {
  it('a pyramid waits for its pending levels, without a problem, then equals the full read', async () => {
    const store = new NodeFolderStore(path.join(DIR, 'ome-0.4.zarr'));
    const loader = await openMetadata(store, { lazy: true, name: 'ome-0.4.zarr' });
    expect(loader.pendingCount).toBeGreaterThan(0);
    expect(loader.model.problems).toEqual([]);
    expect(walkVariables(loader.model.root).some((v) => v.pyramid)).toBe(false);
    await loader.load(['/0']);
    expect(findVariable(loader.model.root, '/0')?.pyramid).toBeUndefined();
    expect(loader.model.problems).toEqual([]);
    const all = await loader.loadAll();
    const full = await open('ome-0.4.zarr');
    expect(findVariable(all.root, '/0')?.pyramid).toEqual(findVariable(full.root, '/0')?.pyramid);
    expect(findVariable(all.root, '/2')?.pyramidLevel).toEqual({ pyramid: '/0', index: 2 });
  });
});
