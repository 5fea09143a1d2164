/**
 * Data section against ncdump: testdata/make-data-cases.py writes a netCDF-4 file with netCDF4-python and its
 * values as JSON; testdata/data-cases.cdl is Debian ncdump's output for it. The values become slices here and
 * must print ncdump's data section (wrapping, rows, fills, NaN/Infinity forms, char rows, strings, scalars).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Slice, SliceData } from '../api';
import type { Attribute, Variable } from '../model/types';
import { formatVariableData } from './data';

const here = path.dirname(new URL(import.meta.url).pathname);
type Case = { type: Variable['type']; shape: number[]; fill?: number | null; values: (number | string)[] };
const cases = JSON.parse(readFileSync(path.join(here, 'testdata/data-cases.json'), 'utf8')) as Record<string, Case>;
const expected = readFileSync(path.join(here, 'testdata/data-cases.cdl'), 'utf8');

const num = (x: number | string) => (typeof x === 'number' ? x : Number(x));

function slice(c: Case, v: Variable): Slice {
  let data: SliceData;
  if (c.type === 'char' || c.type === 'string') data = c.values.map(String);
  else if (c.type === 'float') data = Float32Array.from(c.values, num);
  else if (c.type === 'double') data = Float64Array.from(c.values, num);
  else if (c.type === 'short') data = Int16Array.from(c.values, num);
  else if (c.type === 'byte') data = Int8Array.from(c.values, num);
  else data = Int32Array.from(c.values, num);
  return { variable: v, shape: c.shape, data };
}

describe('formatVariableData vs ncdump', () => {
  it('prints the data section of every case as ncdump does', () => {
    let out = 'data:\n';
    for (const [name, c] of Object.entries(cases)) {
      const attributes: Attribute[] =
        c.fill != null ? [{ name: '_FillValue', type: c.type as 'int', value: [c.fill] }] : [];
      const v: Variable = {
        name,
        path: `/${name}`,
        type: c.type,
        dtype: '',
        itemSize: c.type === 'string' ? 0 : 4,
        endianness: 'little',
        dimensions: [],
        shape: c.shape,
        chunks: c.shape,
        order: 'C',
        fillValue: null,
        codecs: [],
        storage: 'chunked',
        attributes,
        zarr: { zarrFormat: 2, key: name, chunkSeparator: '.', chunkKeyPrefix: '', metadata: {} },
      };
      out += `\n${formatVariableData(v, slice(c, v), '')}`;
    }
    expect(`${out}}\n`).toBe(expected.slice(expected.indexOf('data:\n')));
  });
});
