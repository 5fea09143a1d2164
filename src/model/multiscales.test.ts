// Multiscale pyramids read into the model, compared with what zarr-python, xarray and read-zarr-v3.py read of the
// stores scripts/fixtures/make-pyramids.py writes (fixtures/pyramids/expected.json), plus the conventions' other
// spellings and malformed declarations in memory.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeFolderStore } from '../store/node-folder-store';
import { findGroup, findVariable, walkVariables } from './find';
import { type JsonObject, parseJson } from './json';
import { openMetadata } from './lazy';
import { MultiscalesError, isLevelGroup, parseMultiscales } from './multiscales';
import { readDataset } from './read-dataset';
import { memoryStore } from './testing/memory-store';
import { zarrayJson } from './testing/zarray';
import type { Dataset, Pyramid } from './types';

const DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../fixtures/pyramids');

interface ExpectedLevel {
  path: string | null;
  kind: 'array' | 'group' | null;
  shape?: number[];
  variables?: Record<string, number[]>;
  scale?: number[];
  translation?: number[];
}
interface ExpectedStore {
  consolidated: boolean;
  pyramids: { group: string; convention: string; version: string | null; levels: ExpectedLevel[] }[];
  defects?: Record<string, string>;
  plain?: Record<string, number[]>;
}
const expected = JSON.parse(readFileSync(path.join(DIR, 'expected.json'), 'utf8')) as {
  stores: Record<string, ExpectedStore>;
};

const open = (name: string) => readDataset(new NodeFolderStore(path.join(DIR, name)), { name });

function pyramidAt(ds: Dataset, p: string): Pyramid {
  const v = findVariable(ds.root, p);
  expect(v?.pyramid, `pyramid on ${p}`).toBeDefined();
  return v!.pyramid!;
}

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

describe('malformed declarations: a problem of the group, never a crash; the rest stays usable', () => {
  it('malformed.zarr', async () => {
    const ds = await open('malformed.zarr');
    const exp = expected.stores['malformed.zarr']!;
    expect(findVariable(ds.root, '/ok')!.shape).toEqual(exp.plain!['/ok']);
    expect([...new Set(ds.problems.map((p) => p.key))].sort()).toEqual(Object.keys(exp.defects!).sort());
    for (const p of ds.problems) expect(p.error).toBeInstanceOf(MultiscalesError);
    const at = (g: string) =>
      ds.problems
        .filter((p) => p.key === g)
        .map((p) => p.message)
        .join('\n');
    expect(at('/missing-level')).toMatch(/level 2 \("2"\) names no array or group in \/missing-level/);
    expect(at('/increasing')).toMatch(/\/increasing\/1 \(32 × 32\) is larger than \/increasing\/0 \(16 × 16\)/);
    expect(at('/rank')).toMatch(/rank 3 but \/rank\/0 has rank 2/);
    expect(at('/junk')).toMatch(/"multiscales" is neither a non-empty list/);
    expect(at('/no-path')).toMatch(/datasets\[1\] has no "path"/);
    // What can still be read is: the two levels that exist make a pyramid; the rest are plain arrays.
    const missing = exp.pyramids.find((p) => p.group === '/missing-level')!;
    expect(pyramidAt(ds, '/missing-level/0').levels).toEqual(
      missing.levels.filter((l) => l.kind === 'array').map((l) => ({ path: l.path, shape: l.shape, scale: l.scale })),
    );
    for (const p of ['/increasing/0', '/increasing/1', '/rank/0', '/rank/1', '/junk/0', '/no-path/0', '/no-path/1']) {
      const v = findVariable(ds.root, p)!;
      expect(v.pyramid ?? v.pyramidLevel).toBeUndefined();
    }
  });

  it('every malformed spelling is a problem, not an exception', async () => {
    const cases: unknown[] = [
      null,
      7,
      [],
      [3],
      [{ version: '0.4', datasets: 'x' }],
      [{ version: '0.4', datasets: [{ path: 5 }] }],
      [{ version: '0.4', datasets: [{ path: '../a' }, { path: '/a' }] }],
      { layout: 'a' },
      { layout: [{ transform: 2 }] },
      { layout: [{ asset: 'a', derived_from: 'a', transform: { scale: 'x' } }] },
    ];
    for (const multiscales of cases) {
      const ds = await readDataset(
        memoryStore({
          '.zgroup': { zarr_format: 2 },
          'g/.zgroup': { zarr_format: 2 },
          'g/.zattrs': { multiscales },
          'g/a/.zarray': zarrayJson({ shape: [4], chunks: [4] }),
          'other/.zarray': zarrayJson(),
        }),
      );
      expect(findVariable(ds.root, '/other')).toBeDefined();
      expect(findVariable(ds.root, '/g/a')).toBeDefined();
      for (const p of ds.problems) expect(p.error, JSON.stringify(multiscales)).toBeInstanceOf(MultiscalesError);
      expect(ds.problems.length, JSON.stringify(multiscales)).toBeGreaterThan(0);
    }
  });

  it('mixed array and group levels, and an array claimed by two pyramids, are problems', async () => {
    const ds = await readDataset(
      memoryStore({
        '.zgroup': { zarr_format: 2 },
        '.zattrs': {
          multiscales: [
            { version: '0.4', datasets: [{ path: 'a' }, { path: 'g' }] },
            { version: '0.4', datasets: [{ path: 'a' }, { path: 'b' }] },
            { version: '0.4', datasets: [{ path: 'a' }, { path: 'c' }] },
          ],
        },
        'a/.zarray': zarrayJson({ shape: [8], chunks: [8] }),
        'b/.zarray': zarrayJson({ shape: [4], chunks: [4] }),
        'c/.zarray': zarrayJson({ shape: [2], chunks: [2] }),
        'g/.zgroup': { zarr_format: 2 },
      }),
    );
    expect(ds.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/some levels are arrays and others groups/),
      expect.stringMatching(/\/a is already a level of another pyramid/),
    ]);
    expect(pyramidAt(ds, '/a').levels.map((l) => l.path)).toEqual(['/a', '/b']);
  });
});

describe('declarations', () => {
  it('OME-NGFF 0.3 bare axis names; the multiscale transform composes with each level', () => {
    const attrs = {
      multiscales: [
        {
          version: '0.4',
          axes: ['y', 'x'],
          coordinateTransformations: [
            { type: 'scale', scale: [10, 10] },
            { type: 'translation', translation: [1, 2] },
          ],
          datasets: [
            { path: '0', coordinateTransformations: [{ type: 'scale', scale: [1, 1] }] },
            {
              path: '1',
              coordinateTransformations: [
                { type: 'scale', scale: [2, 2] },
                { type: 'translation', translation: [0.5, 0.5] },
              ],
            },
          ],
        },
      ],
    };
    const { declarations, errors } = parseMultiscales(parseJson(JSON.stringify(attrs), 'test') as JsonObject);
    expect(errors).toEqual([]);
    expect(declarations[0]!.axes).toEqual([{ name: 'y' }, { name: 'x' }]);
    expect(declarations[0]!.levels).toEqual([
      { path: '0', scale: [10, 10], translation: [1, 2] },
      { path: '1', scale: [20, 20], translation: [6, 7] },
    ]);
  });

  it("zarr-conventions' 0.1 draft (group, from_group, top-level scale) reads like v1", async () => {
    const ds = await readDataset(
      memoryStore({
        '.zgroup': { zarr_format: 2 },
        '.zattrs': {
          multiscales: {
            version: '0.1.0',
            layout: [
              { group: 'fine' },
              { group: 'mid', from_group: 'fine', scale: [2, 2] },
              { group: 'coarse', from_group: 'mid', scale: [2, 2] },
            ],
          },
        },
        'fine/.zgroup': { zarr_format: 2 },
        'fine/v/.zarray': zarrayJson({ shape: [8, 8], chunks: [8, 8] }),
        'mid/.zgroup': { zarr_format: 2 },
        'mid/v/.zarray': zarrayJson({ shape: [4, 4], chunks: [4, 4] }),
        'coarse/.zgroup': { zarr_format: 2 },
        'coarse/v/.zarray': zarrayJson({ shape: [2, 2], chunks: [2, 2] }),
      }),
    );
    expect(ds.problems).toEqual([]);
    const p = pyramidAt(ds, '/fine/v');
    expect(p.version).toBe('0.1.0');
    expect(p.levels.map((l) => [l.path, l.scale])).toEqual([
      ['/fine/v', undefined],
      ['/mid/v', [2, 2]],
      ['/coarse/v', [4, 4]],
    ]);
  });

  it('OME-NGFF 0.5 under attributes.ome in a nested v3 group, levels in a subfolder', async () => {
    const arr = (shape: number[]) => ({
      zarr_format: 3,
      node_type: 'array',
      shape,
      data_type: 'uint8',
      chunk_grid: { name: 'regular', configuration: { chunk_shape: shape } },
      chunk_key_encoding: { name: 'default', configuration: { separator: '/' } },
      fill_value: 0,
      codecs: [{ name: 'bytes', configuration: {} }],
      attributes: {},
      dimension_names: ['y', 'x'],
    });
    const ds = await readDataset(
      memoryStore({
        'zarr.json': { zarr_format: 3, node_type: 'group', attributes: {} },
        'img/zarr.json': {
          zarr_format: 3,
          node_type: 'group',
          attributes: {
            ome: {
              version: '0.5',
              multiscales: [{ axes: [{ name: 'y' }, { name: 'x' }], datasets: [{ path: 's/0' }, { path: 's/1' }] }],
            },
          },
        },
        'img/s/zarr.json': { zarr_format: 3, node_type: 'group', attributes: {} },
        'img/s/0/zarr.json': arr([6, 6]),
        'img/s/1/zarr.json': arr([3, 3]),
      }),
    );
    expect(ds.problems).toEqual([]);
    const p = pyramidAt(ds, '/img/s/0');
    expect(p).toMatchObject({ convention: 'ome-ngff', version: '0.5', group: '/img' });
    expect(p.levels.map((l) => l.shape)).toEqual([
      [6, 6],
      [3, 3],
    ]);
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
