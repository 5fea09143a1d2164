/** Smallest blast radius: a document that cannot be read costs only what it describes. */
import { describe, expect, it } from 'vitest';
import { walkVariables } from './find';
import { readDataset } from './read-dataset';
import { memoryStore } from './testing/memory-store';
import { zarrayJson as zarray } from './testing/zarray';

const paths = (ds: Awaited<ReturnType<typeof readDataset>>) =>
  walkVariables(ds.root)
    .map((v) => v.path)
    .sort();

describe('blast radius', () => {
  const files = {
    '.zgroup': { zarr_format: 2 },
    'a/.zarray': zarray(),
    'a/.zattrs': { units: 'm', bad: { nested: [1, { x: null }] }, ok: 1 },
    'g/.zgroup': { zarr_format: 2 },
    'g/b/.zarray': zarray(),
    'g/h/.zgroup': { zarr_format: 2 },
    'g/h/c/.zarray': zarray(),
  };

  it('an unreadable child .zgroup is one problem; the group and everything below it stay', async () => {
    const ds = await readDataset(memoryStore({ ...files, 'g/.zgroup': '{"zarr_format": 2' }));
    expect(paths(ds)).toEqual(['/a', '/g/b', '/g/h/c']);
    expect(ds.problems.map((p) => p.key)).toEqual(['g/.zgroup']);
  });

  it('an unreadable root .zgroup is one problem; every node stays', async () => {
    const ds = await readDataset(memoryStore({ ...files, '.zgroup': '[]' }));
    expect(paths(ds)).toEqual(['/a', '/g/b', '/g/h/c']);
    expect(ds.problems.map((p) => p.key)).toEqual(['.zgroup']);
  });

  it('a listed folder whose .zgroup is gone but that holds arrays is still their group; so is the root', async () => {
    const { 'g/.zgroup': _g, '.zgroup': _root, ...rest } = files;
    const ds = await readDataset(memoryStore(rest));
    expect(paths(ds)).toEqual(['/a', '/g/b', '/g/h/c']);
    expect(ds.problems.map((p) => p.key).sort()).toEqual(['.zgroup', 'g']);
  });

  // One rule for a .zgroup that is lost or a web page (a fallback page, or a document overwritten with one): the
  // folder is the group of the nodes it holds, with one problem; a folder that holds none is not a node.
  const PAGE = '<!doctype html><html><body>Not here</body></html>';
  it("a .zgroup that is a web page follows the same rule: the folder is its nodes' group, with one problem saying so", async () => {
    const ds = await readDataset(memoryStore({ ...files, 'g/.zgroup': PAGE }));
    expect(paths(ds)).toEqual(['/a', '/g/b', '/g/h/c']);
    expect(ds.problems.map((p) => [p.key, p.message])).toEqual([
      ['g', 'g/.zgroup: is a web page (HTML), not JSON; shown as a group because it holds Zarr arrays or groups.'],
    ]);
  });

  it('a listed folder with no nodes whose .zgroup is a web page is not a node (no group, no problem)', async () => {
    const ds = await readDataset(memoryStore({ ...files, 'e/.zgroup': PAGE, 'e/notes.txt': 'x' }));
    expect(ds.root.groups.map((g) => g.name)).toEqual(['g']);
    expect(ds.problems).toEqual([]);
  });

  it('a root .zgroup that is a web page, with a readable .zattrs: the root keeps its attributes, with one problem', async () => {
    const ds = await readDataset(memoryStore({ ...files, '.zgroup': PAGE, '.zattrs': { title: 't' } }));
    expect(paths(ds)).toEqual(['/a', '/g/b', '/g/h/c']);
    expect(ds.root.attributes.map((a) => a.name)).toEqual(['title']);
    expect(ds.problems.map((p) => [p.key, p.message])).toEqual([
      [
        '.zgroup',
        '.zgroup: is a web page (HTML), not JSON; the root is shown as the group of the Zarr arrays and groups below it.',
      ],
    ]);
  });

  it('an unreadable .zarray loses that array only', async () => {
    const ds = await readDataset(memoryStore({ ...files, 'g/b/.zarray': '{"shape": [3], ' }));
    expect(paths(ds)).toEqual(['/a', '/g/h/c']);
    expect(ds.problems.map((p) => p.key)).toEqual(['g/b']);
  });

  it('an unreadable .zmetadata falls back to the documents one by one', async () => {
    const ds = await readDataset(memoryStore({ ...files, '.zmetadata': '{"metadata": {"a/.zarray": ' }));
    expect(ds.dialect.consolidated).toBe(false);
    expect(paths(ds)).toEqual(['/a', '/g/b', '/g/h/c']);
    expect(ds.problems.map((p) => p.key)).toEqual(['.zmetadata']);
  });

  it('an attribute whose value does not fit its NCZarr type is lost alone and listed once', async () => {
    const ds = await readDataset(
      memoryStore({
        '.zgroup': { zarr_format: 2 },
        '.zattrs': {
          _nczarr_superblock: { version: '2.0.0' },
          _nczarr_group: { dimensions: { x: 3 }, arrays: ['a'], groups: [] },
        },
        'a/.zarray': zarray(),
        'a/.zattrs': {
          _nczarr_array: { dimension_references: ['/x'], storage: 'chunked' },
          _nczarr_attr: { types: { units: '>S1', bad: '<i4', ok: '<f8' } },
          units: 'm',
          bad: ['x', { y: 1 }],
          ok: 1.5,
        },
      }),
      { mode: { nczarr: true } },
    );
    expect(ds.root.variables[0]?.attributes.map((a) => a.name)).toEqual(['units', 'ok']);
    expect(ds.problems.map((p) => p.message)).toEqual([
      'a/.zarray: attribute bad (["x",{"y": 1}]) does not fit its type int; left out.',
    ]);
  });

  it('a v3 root whose node_type is missing is read as a group; an unreadable child zarr.json with nodes below is a group', async () => {
    const arr = {
      zarr_format: 3,
      node_type: 'array',
      shape: [2],
      data_type: 'int32',
      chunk_grid: { name: 'regular', configuration: { chunk_shape: [2] } },
      chunk_key_encoding: { name: 'default' },
      codecs: [{ name: 'bytes' }],
      fill_value: 0,
    };
    const ds = await readDataset(
      memoryStore({
        'zarr.json': { zarr_format: 3, attributes: {} },
        'x/zarr.json': arr,
        'g/zarr.json': '{"zarr_format": 3, "node_type": "gro',
        'g/y/zarr.json': arr,
        'z/zarr.json': '{',
      }),
    );
    expect(paths(ds)).toEqual(['/g/y', '/x']);
    expect(ds.problems.map((p) => p.key).sort()).toEqual(['g', 'z', 'zarr.json']);
  });
});
