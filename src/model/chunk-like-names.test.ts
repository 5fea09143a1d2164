/**
 * Names that look like chunk keys are node names like any other: chunks are told apart by where they are (inside
 * an array, which is never listed), and a folder without metadata of its own is chunk storage when it holds data
 * objects — never by how a name looks.
 */
import { describe, expect, it } from 'vitest';
import { walkGroups, walkVariables } from './find';
import { openMetadata } from './lazy';
import { readDataset } from './read-dataset';
import { memoryStore } from './testing/memory-store';
import { zarrayJson } from './testing/zarray';

const paths = (ds: Awaited<ReturnType<typeof readDataset>>) => ({
  variables: walkVariables(ds.root).map((v) => v.path),
  groups: walkGroups(ds.root).map((g) => g.path),
});

describe('nodes named like chunk keys', () => {
  const v2 = {
    '.zgroup': { zarr_format: 2 },
    '0/.zarray': zarrayJson(),
    '0/0': 'chunk',
    '0.0/.zarray': zarrayJson({ shape: [2, 3], chunks: [1, 3] }),
    'c/.zgroup': { zarr_format: 2 },
    'c/1.2.3/.zarray': zarrayJson({ dimension_separator: '/' }),
    'c/1.2.3/0': 'chunk',
    // An array whose .zarray is lost: its folder holds data objects, so it is chunk storage, not a group.
    'lost/.zattrs': {},
    'lost/0.0': 'chunk',
    'lost/0.1': 'chunk',
    // The same with nested chunk folders (dimension_separator "/").
    'lost2/0/0': 'chunk',
    'lost2/0/1': 'chunk',
    'lost2/1/0': 'chunk',
    // A group whose .zgroup is lost, holding an array named 7: shown as a group, with a problem.
    'g/7/.zarray': zarrayJson(),
  };

  it('v2, full and lazy reads: every node is shown, chunk folders are not', async () => {
    const ds = await readDataset(memoryStore(v2), { name: 'x' });
    expect(paths(ds)).toEqual({
      variables: ['/0', '/0.0', '/c/1.2.3', '/g/7'],
      groups: ['/', '/c', '/g'],
    });
    expect(ds.problems.map((p) => p.key)).toEqual(['g']);
    const lazy = await (await openMetadata(memoryStore(v2), { name: 'x', lazy: true })).loadAll();
    expect(paths(lazy)).toEqual(paths(ds));
  });

  it('v3: a group and an array named c, an array named 0 beside its chunk folder c', async () => {
    const arr = (shape: number[]) => ({
      zarr_format: 3,
      node_type: 'array',
      shape,
      data_type: 'int32',
      chunk_grid: { name: 'regular', configuration: { chunk_shape: shape } },
      chunk_key_encoding: { name: 'default', configuration: { separator: '/' } },
      codecs: [{ name: 'bytes', configuration: { endian: 'little' } }],
      fill_value: 0,
    });
    const files = {
      'zarr.json': { zarr_format: 3, node_type: 'group' },
      '0/zarr.json': arr([3]),
      '0/c/0': 'chunk',
      'c/zarr.json': { zarr_format: 3, node_type: 'group' },
      'c/c/zarr.json': arr([2]),
      'c/c/c/0': 'chunk',
    };
    const ds = await readDataset(memoryStore(files), { name: 'x' });
    expect(paths(ds)).toEqual({ variables: ['/0', '/c/c'], groups: ['/', '/c'] });
    expect(ds.problems).toEqual([]);
  });
});
