/**
 * Malformed multiscale declarations (fixtures/pyramids/malformed.zarr against expected.json, and every malformed
 * spelling in memory) are problems of their group, never a crash; then the conventions' other spellings: OME-NGFF
 * 0.3 bare axis names, zarr-conventions' 0.1 draft, OME-NGFF 0.5 under `attributes.ome` in a nested v3 group.
 */
import { describe, expect, it } from 'vitest';
import { findVariable } from './find';
import { type JsonObject, parseJson } from './json';
import { MultiscalesError, parseMultiscales } from './multiscales';
import { readDataset } from './read-dataset';
import { memoryStore } from './testing/memory-store';
import { expected, open, pyramidAt } from './testing/pyramids';
import { zarrayJson } from './testing/zarray';

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
