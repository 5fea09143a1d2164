/**
 * Reading a dataset's model from NCZarr and Zarr v3 metadata: the three NCZarr v2 forms (objects, keys, attributes)
 * without listing, broken NCZarr annotations, the committed zarr-python 3 fixtures, v3 `dimension_names`, NCZarr v3
 * annotations and inline consolidated metadata.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeFolderStore } from '../store/node-folder-store';
import { walkVariables } from './find';
import { readDataset } from './read-dataset';
import { memoryStore } from './testing/memory-store';
import { zarrayJson as zarray } from './testing/zarray';

describe('readDataset: NCZarr forms', () => {
  const forms: Record<string, Record<string, unknown>> = {
    'v1-objects': {
      '.zgroup': { zarr_format: 2 },
      '.nczarr': { version: '1.0.0' },
      '.nczgroup': { dims: { x: 3, t: { size: 2, unlimited: 1 } }, vars: ['v'], groups: ['g'] },
      'v/.zarray': zarray({ shape: [2, 3], chunks: [1, 3] }),
      'v/.nczarray': { dimrefs: ['/t', '/x'], storage: 'chunked' },
      'v/.zattrs': { n: 5 },
      'v/.nczattr': { types: { n: '<i2' } },
      'g/.zgroup': { zarr_format: 2 },
      'g/.nczgroup': { dims: {}, vars: ['w'], groups: [] },
      'g/w/.zarray': zarray(),
      'g/w/.nczarray': { dimrefs: ['/x'] },
    },
    'keys-upper': {
      '.zgroup': {
        zarr_format: 2,
        _NCZARR_SUPERBLOCK: { version: '2.0.0' },
        _NCZARR_GROUP: { dims: { x: 3, t: { size: 2, unlimited: 1 } }, vars: ['v'], groups: ['g'] },
      },
      'v/.zarray': {
        ...zarray({ shape: [2, 3], chunks: [1, 3] }),
        _NCZARR_ARRAY: { dimrefs: ['/t', '/x'], storage: 'chunked' },
      },
      'v/.zattrs': { n: 5, _NCZARR_ATTR: { types: { n: '<i2' } } },
      'g/.zgroup': { zarr_format: 2, _NCZARR_GROUP: { dims: {}, vars: ['w'], groups: [] } },
      'g/w/.zarray': { ...zarray(), _NCZARR_ARRAY: { dimrefs: ['/x'] } },
    },
    attributes: {
      '.zgroup': { zarr_format: 2 },
      '.zattrs': {
        _nczarr_superblock: { version: '2.0.0' },
        _nczarr_group: { dimensions: { x: 3, t: { size: 2, unlimited: 1 } }, arrays: ['v'], groups: ['g'] },
      },
      'v/.zarray': zarray({ shape: [2, 3], chunks: [1, 3] }),
      'v/.zattrs': {
        n: 5,
        _ARRAY_DIMENSIONS: ['t', 'x'],
        _nczarr_array: { dimension_references: ['/t', '/x'], storage: 'chunked' },
        _nczarr_attr: { types: { n: '<i2', _nczarr_array: '|J0' } },
      },
      'g/.zgroup': { zarr_format: 2 },
      'g/.zattrs': { _nczarr_group: { dimensions: {}, arrays: ['w'], groups: [] } },
      'g/w/.zarray': zarray(),
      'g/w/.zattrs': { _nczarr_array: { dimension_references: ['/x'] } },
    },
  };
  for (const [form, files] of Object.entries(forms)) {
    it(`reads the ${form} form without listing`, async () => {
      const ds = await readDataset(memoryStore(files, false));
      expect(ds.dialect.nczarr).toBe(form);
      expect(ds.root.dimensions.map((d) => [d.name, d.length, d.unlimited])).toEqual([
        ['x', 3, false],
        ['t', 2, true],
      ]);
      const v = ds.root.variables[0];
      expect(v?.dimensions.map((d) => d.path)).toEqual(['/t', '/x']);
      expect(v?.attributes).toEqual([{ name: 'n', type: 'short', value: [5] }]);
      expect(ds.root.groups[0]?.variables[0]?.dimensions[0]?.path).toBe('/x');
      expect(ds.problems).toEqual([]);
    });
  }

  it('records a dimension reference to nothing', async () => {
    const files = { ...forms.attributes, 'g/w/.zattrs': { _nczarr_array: { dimension_references: ['/nope'] } } };
    const ds = await readDataset(memoryStore(files, false));
    expect(ds.problems[0]?.message).toMatch(/\/nope names no dimension/);
    expect(ds.root.groups[0]?.variables[0]?.dimensions[0]?.anonymous).toBe(true);
  });
});

// The committed copy of the zarr-python 3 dataset (fixtures/zarr-v3): part of the repository, never skipped.
const V3 = path.join(import.meta.dirname, '../../fixtures/zarr-v3/data.zarr');
describe('readDataset: zarr-python 3 fixtures', () => {
  it('lists every array with the shape and data type of its zarr.json', async () => {
    const ds = await readDataset(new NodeFolderStore(V3));
    expect(ds.dialect.zarrFormat).toBe(3);
    const vars = walkVariables(ds.root);
    expect(vars.length).toBeGreaterThan(30);
    for (const v of vars) {
      const meta = JSON.parse(readFileSync(path.join(V3, v.zarr.key, 'zarr.json'), 'utf8')) as {
        shape: number[];
        data_type: string;
      };
      expect(v.shape).toEqual(meta.shape);
      expect(v.dtype).toBe(meta.data_type);
    }
  });
});

describe('readDataset: Zarr v3 and NCZarr v3 annotations', () => {
  const arr = (over: Record<string, unknown> = {}) => ({
    zarr_format: 3,
    node_type: 'array',
    shape: [2, 3],
    data_type: 'float32',
    chunk_grid: { name: 'regular', configuration: { chunk_shape: [1, 3] } },
    chunk_key_encoding: { name: 'default', configuration: { separator: '/' } },
    fill_value: 'NaN',
    codecs: [{ name: 'bytes', configuration: { endian: 'big' } }],
    attributes: {},
    ...over,
  });

  it('names dimensions from dimension_names, reads rank-0 arrays as scalars', async () => {
    const ds = await readDataset(
      memoryStore({
        'zarr.json': { zarr_format: 3, node_type: 'group', attributes: { title: 't' } },
        'a/zarr.json': arr({ dimension_names: ['y', 'x'] }),
        's/zarr.json': arr({
          shape: [],
          chunk_grid: { name: 'regular', configuration: { chunk_shape: [] } },
          data_type: 'int64',
          fill_value: 0,
        }),
      }),
    );
    expect(ds.dialect).toMatchObject({ zarrFormat: 3, nczarr: null });
    expect(ds.root.dimensions.map((d) => d.name)).toEqual(['y', 'x']);
    const [a, s] = ds.root.variables;
    expect(a?.endianness).toBe('big');
    expect(Number.isNaN(a?.fillValue)).toBe(true);
    expect(s?.storage).toBe('scalar');
    expect(s?.dimensions).toEqual([]);
    expect(s?.fillValue).toBe(0n);
  });

  it('uses _nczarr_group / _nczarr_array / _nczarr_attrs (seed 2024-04, Appendix E)', async () => {
    const ds = await readDataset(
      memoryStore(
        {
          'zarr.json': {
            zarr_format: 3,
            node_type: 'group',
            attributes: {
              _nczarr_superblock: { version: '3.0.0', format: 3 },
              _nczarr_group: {
                dimensions: [
                  { name: 'd1', size: 2, unlimited: 1 },
                  { name: 'd2', size: 3, unlimited: 0 },
                ],
                arrays: ['c'],
                subgroups: [],
              },
              n: 7,
              _nczarr_attrs: { attribute_types: [{ name: 'n', configuration: { type: 'int16' } }] },
            },
          },
          'c/zarr.json': arr({
            data_type: 'uint8',
            attributes: { _nczarr_array: { dimension_references: ['/d1', '/d2'], type_alias: 'char' } },
          }),
        },
        false,
      ),
    );
    expect(ds.dialect).toMatchObject({ zarrFormat: 3, nczarr: 'attributes', nczarrVersion: '3.0.0' });
    expect(ds.root.dimensions.map((d) => [d.name, d.unlimited])).toEqual([
      ['d1', true],
      ['d2', false],
    ]);
    expect(ds.root.attributes).toEqual([{ name: 'n', type: 'short', value: [7] }]);
    expect(ds.root.variables[0]?.type).toBe('char');
  });

  it('reads inline consolidated metadata without further requests', async () => {
    const store = memoryStore(
      {
        'zarr.json': {
          zarr_format: 3,
          node_type: 'group',
          attributes: {},
          consolidated_metadata: {
            kind: 'inline',
            metadata: { a: arr(), g: { zarr_format: 3, node_type: 'group', attributes: {} }, 'g/b': arr() },
          },
        },
      },
      false,
    );
    const ds = await readDataset(store);
    expect(walkVariables(ds.root).map((v) => v.path)).toEqual(['/a', '/g/b']);
    // Only the root's candidates, asked for at once: no child document.
    expect(store.requests).toEqual(['/zarr.json', '/.zmetadata', '/.zgroup', '/.zattrs']);
  });
});

describe('readDataset: broken NCZarr annotations', () => {
  it('keeps an array whose annotation has wrong types, with anonymous dimensions and a problem', async () => {
    const ds = await readDataset(
      memoryStore(
        {
          '.zgroup': { zarr_format: 2 },
          '.zattrs': {
            _nczarr_superblock: { version: '2.0.0' },
            _nczarr_group: { dimensions: { x: 3 }, arrays: ['v'], groups: [] },
          },
          'v/.zarray': zarray(),
          'v/.zattrs': { _nczarr_array: { dimension_references: '/x' }, _nczarr_attr: 'nope' },
        },
        false,
      ),
    );
    expect(ds.root.variables[0]?.dimensions[0]?.name).toBe('_Anonymous_Dim_3');
    expect(ds.problems.map((p) => p.message)).toEqual([
      'v/.zattrs: NCZarr dimension references are not a list of names.',
      'v/.zattrs: the NCZarr attribute annotation is not an object.',
    ]);
  });
});
