/**
 * Header printing against ncdump: testdata/make-printer-cases.py writes a netCDF-4 file with netCDF4-python
 * and the same inputs as JSON; testdata/printer-cases.h.cdl is Debian ncdump's `-h` of that file. Here the
 * inputs become a model and must print the same text (names, escapes, number forms, type suffixes).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Attribute, Dataset, Dimension, Variable } from '../model/types';
import { printCdl } from './header';

const here = path.dirname(new URL(import.meta.url).pathname);
const cases = JSON.parse(readFileSync(path.join(here, 'testdata/printer-cases.json'), 'utf8')) as {
  names: string[];
  floats: number[];
  doubles: number[];
  texts: string[];
  ints: Record<string, string[]>;
};

const dim: Dimension = { name: 'd x', path: '/d x', length: 1, unlimited: false, anonymous: false };

function variable(name: string, type: Variable['type'], attributes: Attribute[] = []): Variable {
  return {
    name,
    path: `/${name}`,
    type,
    dtype: '<i4',
    itemSize: 4,
    endianness: 'little',
    dimensions: [dim],
    shape: [1],
    chunks: [1],
    order: 'C',
    fillValue: null,
    codecs: [],
    storage: 'chunked',
    attributes,
    zarr: { zarrFormat: 2, key: name, chunkSeparator: '.', chunkKeyPrefix: '', metadata: {} },
  };
}

describe('printCdl vs ncdump -h', () => {
  it('prints names, escapes and every attribute type as ncdump does', () => {
    const atts: Attribute[] = [
      { name: 'strs', type: 'string', value: ['a', 'b"c'] },
      { name: 'floats', type: 'float', value: cases.floats },
      { name: 'doubles', type: 'double', value: cases.doubles },
      // netCDF4-python stores non-ASCII text as NC_STRING, ASCII text as NC_CHAR.
      ...cases.texts.map((t, i): Attribute =>
        [...t].every((c) => c.charCodeAt(0) < 0x80)
          ? { name: `text${i}`, type: 'char', value: t }
          : { name: `text${i}`, type: 'string', value: [t] },
      ),
      ...Object.entries(cases.ints).map(([type, vals]): Attribute =>
        type === 'int64' || type === 'uint64'
          ? { name: type, type, value: vals.map((v) => BigInt(v)) }
          : { name: type, type: type as 'int', value: vals.map(Number) },
      ),
    ];
    const ds: Dataset = {
      name: 'printer-cases',
      dialect: { zarrFormat: 2, nczarr: null, xarray: false, consolidated: false },
      problems: [],
      root: {
        name: '/',
        path: '/',
        attributes: [],
        dimensions: [dim],
        groups: [],
        problems: [],
        variables: [...cases.names.map((n) => variable(n, 'int')), variable('atts', 'double', atts)],
      },
    };
    expect(printCdl(ds)).toBe(readFileSync(path.join(here, 'testdata/printer-cases.h.cdl'), 'utf8'));
  });
});
