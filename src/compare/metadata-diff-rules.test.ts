/**
 * The metadata diff's rules on small models: attribute values by netCDF type (NaN equals NaN, an int is not a
 * double), type, dimension, byte order, storage and fill differences, the order of codecs, `sameValue`; then whole
 * in-memory datasets (variable order, v2 against v3 spellings, a group on one side, a dtype's byte order).
 */
import { describe, expect, it } from 'vitest';
import { readDataset } from '../model/read-dataset';
import { memoryStore } from '../model/testing/memory-store';
import { zarrayJson } from '../model/testing/zarray';
import type { Attribute, Variable } from '../model/types';
import { diffDatasets, diffVariables, formatMetadataDiff, sameValue } from './index';
import { open, variable } from './testing/metadata-fixtures';

const attr = (name: string, type: Attribute['type'], value: unknown) => ({ name, type, value }) as Attribute;

function withAttrs(v: Variable, attributes: Attribute[]): Variable {
  return { ...v, attributes };
}

describe('diff rules', () => {
  const base = async () => variable(await open('era5-like.zarr'), '/t2m');

  it('compares attribute values by netCDF type and value: NaN equals NaN, an int is not a double', async () => {
    const v = await base();
    const a = withAttrs(v, [
      attr('valid_max', 'int', [330]),
      attr('missing', 'float', [NaN]),
      attr('big', 'int64', [2n ** 40n]),
      attr('names', 'string', ['a', 'b']),
    ]);
    const same = withAttrs(v, [
      attr('names', 'string', ['a', 'b']),
      attr('big', 'int64', [2n ** 40n]),
      attr('missing', 'float', [NaN]),
      attr('valid_max', 'int', [330]),
    ]);
    expect(diffVariables(a, same).differences).toEqual([]);
    const other = withAttrs(v, [
      attr('valid_max', 'double', [330]),
      attr('missing', 'double', [NaN]),
      attr('big', 'int64', [2n ** 40n + 1n]),
      attr('names', 'char', 'a'),
    ]);
    expect(diffVariables(a, other).differences.map((x) => [x.property, x.a, x.b])).toEqual([
      ['valid_max', '330', '330.'],
      ['missing', 'NaNf', 'NaN'],
      ['big', '1099511627776LL', '1099511627777LL'],
      ['names', 'string "a", "b"', '"a"'],
    ]);
  });

  it('reports type, dimension, byte order, storage and fill differences of a pair', async () => {
    const v = await base();
    const w: Variable = {
      ...v,
      type: 'double',
      endianness: 'big',
      storage: 'contiguous',
      fillValue: null,
      dimensions: [...v.dimensions].reverse(),
    };
    const got = diffVariables(v, w).differences.map((x) => [x.section, x.property, x.a, x.b]);
    expect(got).toEqual([
      ['variables', 'type', 'float', 'double'],
      [
        'variables',
        'dimensions',
        '(time = 4, latitude = 19, longitude = 36)',
        '(longitude = 36, latitude = 19, time = 4)',
      ],
      ['encodings', 'storage', 'chunked', 'contiguous'],
      ['encodings', 'fill value', 'NaNf', 'none'],
      ['encodings', 'byte order', 'little', 'big'],
    ]);
  });

  it('takes the order of the codec pipeline into account', async () => {
    const v = await base();
    const shuffle = { id: 'shuffle', configuration: { elementsize: 4 } };
    const zlib = { id: 'zlib', configuration: { level: 1 } };
    const a = { ...v, codecs: [shuffle, zlib] };
    expect(diffVariables(a, { ...v, codecs: [{ ...zlib }, { ...shuffle }] }).differences).toHaveLength(1);
    expect(
      diffVariables(a, { ...v, codecs: [{ ...shuffle }, { id: 'zlib', configuration: { level: 1 } }] }).identical,
    ).toBe(true);
  });

  it('sameValue: by value, whatever the key order; bigint against number', () => {
    expect(sameValue({ a: 1, b: [NaN] }, { b: [NaN], a: 1 })).toBe(true);
    expect(sameValue(3n, 3)).toBe(true);
    expect(sameValue(3n, 3.5)).toBe(false);
    expect(sameValue(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });
});

describe('diffDatasets on in-memory stores', () => {
  const v2 = (over: Record<string, unknown> = {}, files: Record<string, unknown> = {}) =>
    readDataset(
      memoryStore({
        '.zgroup': { zarr_format: 2 },
        '.zattrs': { title: 't' },
        'x/.zarray': zarrayJson({
          dtype: '<f4',
          fill_value: 'NaN',
          compressor: { id: 'blosc', cname: 'zstd', clevel: 3, shuffle: 1, blocksize: 0 },
          ...over,
        }),
        'x/.zattrs': { _ARRAY_DIMENSIONS: ['n'], units: 'm' },
        'y/.zarray': zarrayJson(),
        'y/.zattrs': { _ARRAY_DIMENSIONS: ['n'] },
        ...files,
      }),
    );

  it('is indifferent to the order of variables and to the v2/v3 spelling of the same metadata', async () => {
    const a = await v2();
    const v3 = await readDataset(
      memoryStore({
        'zarr.json': { zarr_format: 3, node_type: 'group', attributes: { title: 't' } },
        'y/zarr.json': {
          zarr_format: 3,
          node_type: 'array',
          shape: [3],
          data_type: 'int32',
          chunk_grid: { name: 'regular', configuration: { chunk_shape: [3] } },
          chunk_key_encoding: { name: 'default', configuration: { separator: '/' } },
          fill_value: 0,
          codecs: [{ name: 'bytes', configuration: { endian: 'little' } }],
          dimension_names: ['n'],
          attributes: {},
        },
        'x/zarr.json': {
          zarr_format: 3,
          node_type: 'array',
          shape: [3],
          data_type: 'float32',
          chunk_grid: { name: 'regular', configuration: { chunk_shape: [3] } },
          chunk_key_encoding: { name: 'default', configuration: { separator: '/' } },
          fill_value: 'NaN',
          codecs: [
            { name: 'bytes', configuration: { endian: 'little' } },
            {
              name: 'blosc',
              configuration: { cname: 'zstd', clevel: 3, shuffle: 'shuffle', typesize: 4, blocksize: 0 },
            },
          ],
          dimension_names: ['n'],
          attributes: { units: 'm' },
        },
      }),
    );
    expect(a.problems).toEqual([]);
    expect(v3.problems).toEqual([]);
    const d = diffDatasets(a, v3);
    // Only the dialect: the model hides `_ARRAY_DIMENSIONS`, v3's bytes codec is the byte order, shuffle 1 is "shuffle".
    expect(d.differences.map((x) => [x.section, x.property, x.a, x.b])).toEqual([['dataset', 'zarr format', '2', '3']]);
  });

  it('lists a group present on one side once, not its contents', async () => {
    const a = await v2();
    const b = await v2(
      {},
      {
        'g/.zgroup': { zarr_format: 2 },
        'g/h/.zgroup': { zarr_format: 2 },
        'g/h/z/.zarray': zarrayJson(),
        'g/h/z/.zattrs': { _ARRAY_DIMENSIONS: ['k'], units: 's' },
      },
    );
    const d = diffDatasets(a, b);
    expect(d.differences.map((x) => [x.section, x.kind, x.path])).toEqual([['groups', 'only-in-b', '/g']]);
    expect(formatMetadataDiff(d).split('\n')).toContain('  + /g');
  });

  it('reports a dtype spelled differently for the same netCDF type only by its meaning (byte order)', async () => {
    const a = await v2();
    const b = await v2({ dtype: '>f4' });
    expect(diffDatasets(a, b).differences.map((x) => [x.path, x.property, x.a, x.b])).toEqual([
      ['/x', 'byte order', 'little', 'big'],
    ]);
  });
});
