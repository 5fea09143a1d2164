/**
 * The metadata diff against fixtures/compare (scripts/fixtures/make-compare.py): the planted differences of
 * era5-like-planted.zarr exactly (planted.json, written by the script), a second write of the same dataset as no
 * difference, the chosen-pair mode on ERA5-like t2m against CMIP-like tas; then the rules on small in-memory
 * models (types, NaN, order, v2 against v3 spellings). The `zarrview diff` command through the CLI's `main`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../cli/main';
import { capture } from '../cli/testing/capture';
import { findVariable } from '../model/find';
import { readDataset } from '../model/read-dataset';
import { memoryStore } from '../model/testing/memory-store';
import { zarrayJson } from '../model/testing/zarray';
import type { Attribute, Dataset, Variable } from '../model/types';
import { NodeFolderStore } from '../store/node-folder-store';
import { diffDatasets, diffVariables, formatMetadataDiff, sameValue, type MetadataDifference } from './index';

const here = path.dirname(new URL(import.meta.url).pathname);
const FIXTURES = path.resolve(here, '../../fixtures/compare');
const fixture = (name: string) => path.join(FIXTURES, name);

async function open(name: string): Promise<Dataset> {
  return readDataset(new NodeFolderStore(fixture(name)), { name: name.replace(/\.zarr$/, '') });
}

function variable(ds: Dataset, p: string): Variable {
  const v = findVariable(ds.root, p);
  if (!v) throw new Error(`no ${p}`);
  return v;
}

interface Planted {
  readonly differences: readonly (Pick<MetadataDifference, 'section' | 'kind' | 'path' | 'property' | 'a' | 'b'> & {
    readonly change: string;
  })[];
  readonly not_reported: readonly { readonly path: string }[];
}

const key = (d: Pick<MetadataDifference, 'section' | 'kind' | 'path' | 'property'>) =>
  `${d.section} ${d.kind} ${d.path} ${d.property}`;

afterEach(() => vi.restoreAllMocks());

describe('diffDatasets on fixtures/compare', () => {
  it('lists exactly the planted differences of era5-like-planted.zarr (planted.json), not the reordered attributes', async () => {
    const planted = JSON.parse(readFileSync(fixture('planted.json'), 'utf8')) as Planted;
    const [a, b] = await Promise.all([open('era5-like.zarr'), open('era5-like-planted.zarr')]);
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
    const d = diffDatasets(a, b);
    expect(d.identical).toBe(false);
    expect(d.differences.map(key).sort()).toEqual(planted.differences.map(key).sort());
    for (const p of planted.differences) {
      const got = d.differences.find((x) => key(x) === key(p));
      if (p.a !== undefined) expect(got?.a, p.change).toBe(p.a);
      if (p.b !== undefined) expect(got?.b, p.change).toBe(p.b);
    }
    // The reorder is real in the models, and not a difference.
    for (const { path: p } of planted.not_reported) {
      const names = (ds: Dataset) => variable(ds, p).attributes.map((x) => x.name);
      expect(names(a)).not.toEqual(names(b));
      expect([...names(a)].sort()).toEqual([...names(b)].sort());
      expect(d.differences.filter((x) => x.path === p)).toEqual([]);
    }
    // A dimension's new length is reported once, at the dimension, not again by each variable over it.
    expect(d.differences.filter((x) => x.property === 'dimensions')).toEqual([]);
  });

  it('formats one line per difference, grouped by section', async () => {
    const d = diffDatasets(await open('era5-like.zarr'), await open('era5-like-planted.zarr'));
    expect(formatMetadataDiff(d, { a: 'A.zarr', b: 'B.zarr' })).toBe(
      [
        '--- A A.zarr',
        '+++ B B.zarr',
        'dimensions:',
        '  ~ /time length: 4 -> 6',
        'variables:',
        '  - float /sp(time, latitude, longitude)',
        '  + float /d2m(time, latitude, longitude)',
        'attributes:',
        '  + :comment = "planted differences"',
        '  ~ /t2m:long_name = "2 metre temperature" -> "2m temperature"',
        '  - /tp:long_name = "Total precipitation"',
        'encodings:',
        '  ~ /t2m chunks: 1, 19, 36 -> 2, 19, 36',
        '  ~ /t2m fill value: NaNf -> -32767.f',
        '  ~ /tp codecs: blosc(blocksize=0, clevel=5, cname="lz4", shuffle="shuffle") -> zlib(level=4)',
        '',
      ].join('\n'),
    );
  });

  it('finds no difference between two writes of the same dataset, nor between a dataset and itself', async () => {
    const a = await open('era5-like.zarr');
    for (const b of [await open('era5-like-copy.zarr'), a]) {
      const d = diffDatasets(a, b);
      expect(d.differences).toEqual([]);
      expect(d.identical).toBe(true);
      expect(formatMetadataDiff(d)).toBe('No difference.\n');
    }
  });

  it('compares a chosen pair of differently named variables (ERA5-like t2m against CMIP-like tas)', async () => {
    const [a, b] = await Promise.all([open('era5-like.zarr'), open('cmip-like.zarr')]);
    const d = diffVariables(variable(a, '/t2m'), variable(b, '/tas'));
    expect(d.scope).toBe('variables');
    expect([d.a, d.b]).toEqual(['/t2m', '/tas']);
    expect(d.differences.every((x) => x.path === '/t2m' && x.pathB === '/tas')).toBe(true);
    expect(d.differences.map((x) => [x.section, x.kind, x.property, x.a, x.b])).toEqual([
      [
        'variables',
        'changed',
        'dimensions',
        '(time = 4, latitude = 19, longitude = 36)',
        '(time = 4, lat = 10, lon = 20)',
      ],
      ['attributes', 'changed', 'long_name', '"2 metre temperature"', '"Near-Surface Air Temperature"'],
      ['attributes', 'changed', 'units', '"K"', '"degC"'],
      ['attributes', 'only-in-b', 'cell_methods', undefined, '"area: time: mean"'],
      ['encodings', 'changed', 'chunks', '1, 19, 36', '4, 10, 20'],
      [
        'encodings',
        'changed',
        'codecs',
        'blosc(blocksize=0, clevel=5, cname="lz4", shuffle="shuffle")',
        'zlib(level=1)',
      ],
      ['encodings', 'changed', 'fill value', 'NaNf', '1.e+20f'],
    ]);
    expect(formatMetadataDiff(d).split('\n').slice(2, 5)).toEqual([
      'variables:',
      '  ~ dimensions: (time = 4, latitude = 19, longitude = 36) -> (time = 4, lat = 10, lon = 20)',
      'attributes:',
    ]);
    // The time coordinates: int hours against double days, another calendar.
    const t = diffVariables(variable(a, '/time'), variable(b, '/time'));
    expect(t.differences.find((x) => x.property === 'type')).toMatchObject({ a: 'int', b: 'double' });
    expect(t.differences.find((x) => x.property === 'calendar')).toMatchObject({ a: '"standard"', b: '"noleap"' });
    expect(t.differences.every((x) => x.pathB === undefined)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------------

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

describe('zarrview diff', () => {
  const A = fixture('era5-like.zarr');

  it('exits 0 with "No difference." for the same dataset written twice', async () => {
    const c = capture();
    expect(await main(['diff', A, fixture('era5-like-copy.zarr')])).toBe(0);
    expect(c.out.join('')).toBe('No difference.\n');
    expect(c.err.join('')).toBe('');
  });

  it('exits 1 and prints the differences', async () => {
    const c = capture();
    expect(await main(['diff', A, fixture('era5-like-planted.zarr')])).toBe(1);
    const out = c.out.join('');
    expect(out).toMatch(/^--- A .*era5-like\.zarr\n\+\+\+ B .*era5-like-planted\.zarr\n/);
    expect(out).toContain('  ~ /time length: 4 -> 6\n');
    expect(out).not.toContain('/latitude');
  });

  it('compares one pair of variables with -v varA:varB, or the same name with -v var', async () => {
    let c = capture();
    expect(await main(['diff', '-v', 't2m:/tas', A, fixture('cmip-like.zarr')])).toBe(1);
    expect(c.out.join('')).toContain('+++ B /tas in ');
    expect(c.out.join('')).toContain('  ~ :units = "K" -> "degC"\n');
    vi.restoreAllMocks();
    c = capture();
    expect(await main(['diff', A, fixture('era5-like-planted.zarr'), '-v', 'longitude'])).toBe(0);
    expect(c.out.join('')).toBe('No difference.\n');
  });

  it('exits 2 on usage errors, unknown variables and locations that cannot be opened', async () => {
    const c = capture();
    expect(await main(['diff', A])).toBe(2);
    expect(await main(['diff', '-x', A, A])).toBe(2);
    expect(await main(['diff', '-v', 'nope', A, A])).toBe(2);
    expect(await main(['diff', A, fixture('no-such.zarr')])).toBe(2);
    const err = c.err.join('');
    expect(err).toMatch(/usage: zarrview diff/);
    expect(err).toMatch(/variable nope not found in A/);
    expect(err).toMatch(/No such file or folder/);
    expect(c.out.join('')).toBe('');
  });
});
