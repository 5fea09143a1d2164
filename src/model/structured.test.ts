/**
 * numpy structured dtypes (Zarr v2's list form) as netCDF-4 compounds: layouts as numpy makes them (packed,
 * unnamed `|V` padding, titled fields), what is refused and how it is named, and fill values. The layouts' values
 * are checked against zarr-python in src/cli/structured.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parseRecordLayout, recordTexts } from '../codecs/records';
import { memoryStore } from './testing/memory-store';
import { readDataset } from './read-dataset';
import { structuredArray } from './structured';
import { parseJson } from './json';

describe('structured layouts', () => {
  it('lays fields out packed in order, padding (unnamed |V) counted but not a field, titles read', () => {
    const r = parseRecordLayout([
      ['a', '|u1'],
      ['', '|V7'],
      [['a title', 'b'], '>f8', [2]],
      ['c', [['x', '<i2']], 3],
    ]);
    expect(r.itemSize).toBe(1 + 7 + 16 + 6);
    expect(r.fields.map((f) => [f.name, f.offset, f.shape])).toEqual([
      ['a', 0, []],
      ['b', 8, [2]],
      ['c', 24, [3]],
    ]);
    const bytes = new Uint8Array(30);
    const view = new DataView(bytes.buffer);
    bytes[0] = 200;
    view.setFloat64(8, -1.5, false);
    view.setFloat64(16, NaN, false);
    view.setInt16(26, -7, true);
    expect(recordTexts(bytes, r, 1)).toEqual(['[200,[-1.5,"NaN"],[[0],[-7],[0]]]']);
  });

  it('refuses what has no fixed-size reading, naming the field', () => {
    expect(() => parseRecordLayout([['o', '|O']])).toThrow(/field "o" has the type "\|O"/);
    expect(() => parseRecordLayout([['n', [['deep', '<f3']]]])).toThrow(/field "n.deep"/);
    expect(() =>
      parseRecordLayout([
        ['a', '<i4'],
        ['a', '<i4'],
      ]),
    ).toThrow(/repeated/);
    expect(() => parseRecordLayout([['', '<i4']])).toThrow(/not padding/);
    expect(() => parseRecordLayout([])).toThrow(/not a list of fields/);
    let deep: unknown = '<i4';
    for (let i = 0; i < 40; i++) deep = [['x', deep]];
    expect(() => parseRecordLayout(deep)).toThrow(/nested more than/);
  });

  it('reads zarr-python fill values (base64 of the record bytes) and refuses one of the wrong size', () => {
    const dtype = parseJson('[["a","<i4"],["s","|S2"]]', 'k');
    const fill = btoa(String.fromCharCode(7, 0, 0, 0, 0x68, 0x69));
    expect(structuredArray(dtype, fill, 'k').fill).toBe('[7,["h","i"]]');
    expect(structuredArray(dtype, null, 'k').fill).toBeNull();
    expect(() => structuredArray(dtype, 'AAAA', 'k')).toThrow(/base64 text of one record's 6 bytes/);
  });
});

describe('a structured array in a store', () => {
  it('is a compound variable; a bad one costs itself only', async () => {
    const array = (dtype: unknown) =>
      JSON.stringify({
        zarr_format: 2,
        shape: [2],
        chunks: [2],
        dtype,
        compressor: null,
        fill_value: null,
        filters: null,
        order: 'C',
      });
    const store = memoryStore({
      '.zgroup': '{"zarr_format": 2}',
      'good/.zarray': array([['a', '<i4']]),
      'bad/.zarray': array([['a', '|O']]),
      'plain/.zarray': array('<i2'),
    });
    const ds = await readDataset(store);
    expect(ds.root.variables.map((v) => [v.name, v.type, v.userType?.name])).toEqual([
      ['good', 'compound', '_AnonymousCompound1'],
      ['plain', 'short', undefined],
    ]);
    expect(ds.root.types?.map((t) => t.name)).toEqual(['_AnonymousCompound1']);
    expect(ds.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/bad\/\.zarray: .*field "a" has the type "\|O"/),
    ]);
  });
});
