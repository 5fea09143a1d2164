/**
 * The metadata diff against fixtures/compare (scripts/fixtures/make-compare.py): the planted differences of
 * era5-like-planted.zarr exactly (planted.json, written by the script), a second write of the same dataset as no
 * difference, the chosen-pair mode on ERA5-like t2m against CMIP-like tas. The `zarrview diff` command through the
 * CLI's `main`. The rules on small in-memory models are in metadata-diff-rules.test.ts.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../cli/main';
import { capture } from '../cli/testing/capture';
import type { Dataset } from '../model/types';
import { diffDatasets, diffVariables, formatMetadataDiff, type MetadataDifference } from './index';
import { fixture, open, variable } from './testing/metadata-fixtures';

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
