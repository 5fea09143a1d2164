/**
 * The same CDL written by netcdf-c's ncgen as NCZarr (fixtures/corpus, netcdf-c 4.9.3) and as netCDF-4
 * (fixtures/corpus-files, netcdf-c main), each opened as the viewer opens it: every numeric variable's A − B is 0
 * or masked on both sides (the corpus tests check each reader against ncdump, so two of our readers agreeing is the
 * check here), and the metadata diff lists how the two are stored, nothing of their content. What it lists, and why
 * each is expected:
 *
 * - `file format: zarr -> netCDF-4`: the two containers.
 * - `storage: chunked -> contiguous`: ncgen writes a netCDF-4 variable without an unlimited dimension contiguous;
 *   NCZarr chunks every array (one chunk here). `scalar -> contiguous`: NCZarr's storage of a rank-0 variable.
 *   Variables over an unlimited dimension are chunked in both, with the same chunks: not listed.
 * - `fill value: 9.96921e+36 -> 9.96920996838687e+36` (double variables): 4.9.3 writes the default `fill_value`
 *   with 6 significant digits (FIDELITY.md), which is no longer NC_FILL_DOUBLE. A float variable's `9.96921e+36`
 *   is NC_FILL_FLOAT once rounded to float32, so it is no difference.
 * - `codecs: zlib(level="2") -> zlib(level=2)`: 4.9.3 writes the zlib compressor's level as a JSON string.
 * - attributes: 4.9.3 writes double attributes with 6 significant digits, and cuts some text; A's text is what
 *   ncdump prints for the NCZarr store and B's what it prints for the netCDF-4 file, so the files differ there.
 *
 * The one data difference follows from the fill value: a double variable ncgen never wrote reads, in NCZarr, as
 * the store's `fill_value` 9.96921e+36 — not the default fill, so not masked (ncdump prints the number too) —
 * and in netCDF-4 as NC_FILL_DOUBLE, masked.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DimSelection } from '../api';
import { cdlName } from '../cdl/escape';
import { walkVariables } from '../model/find';
import type { Variable } from '../model/types';
import type { Dataset } from '../open';
import { difference } from './difference';
import { diffDatasets, formatMetadataDiff, type MetadataDifference } from './metadata-diff';
import { FIXTURES, openFixture, readDecoded } from './testing/fixtures';

const CORPUS = path.resolve(FIXTURES, '../corpus');
const CORPUS_FILES = path.resolve(FIXTURES, '../corpus-files');
const NUMERIC = new Set(['byte', 'ubyte', 'short', 'ushort', 'int', 'uint', 'int64', 'uint64', 'float', 'double']);
const FILL_6_DIGITS = 9.96921e36; // 4.9.3's fill_value of a double variable: NC_FILL_DOUBLE to 6 digits

interface Pair {
  readonly dir: string;
  readonly nczarr: string;
  readonly nc4: string;
  /** ncdump main's outputs of the store (`h`, `full`) and of the netCDF-4 file (`h`). */
  readonly dumpA: { h?: string; full?: string };
  readonly dumpB: string;
}

/** Every CDL kept both as an NCZarr store and as a netCDF-4 file, by its corpus folder (`ncdump-cdl/c0`). */
function pairs(): Map<string, Pair> {
  type Dumps = { h?: string; full?: string };
  type Entry = {
    source: string;
    dir: string;
    stores?: { nczarr?: { kept?: boolean; path: string; expected: Record<string, Dumps> } };
  };
  type FileEntry = { source: string; kinds: { nc4?: { kept?: boolean; path: string; expected: { h: string } } } };
  const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as { cdls: T[] };
  const files = new Map(read<FileEntry>(path.join(CORPUS_FILES, 'index.json')).cdls.map((e) => [e.source, e]));
  const out = new Map<string, Pair>();
  for (const e of read<Entry>(path.join(CORPUS, 'index.json')).cdls) {
    const z = e.stores?.nczarr;
    const f = files.get(e.source)?.kinds.nc4;
    if (!z?.kept || !f?.kept) continue;
    out.set(e.dir, { dir: e.dir, nczarr: z.path, nc4: f.path, dumpA: z.expected.main ?? {}, dumpB: f.expected.h });
  }
  return out;
}

const ALL = pairs();

async function openPair(dir: string): Promise<[Dataset, Dataset, Pair]> {
  const p = ALL.get(dir);
  if (!p) throw new Error(`${dir} is not kept in both forms`);
  const [a, b] = await Promise.all([
    openFixture(path.relative(FIXTURES, path.join(CORPUS, p.nczarr))),
    openFixture(path.relative(FIXTURES, path.join(CORPUS_FILES, p.nc4))),
  ]);
  return [a, b, p];
}

/** The whole variable, or its first 16 along each dimension when it is huge (never-written 4 GB ones). */
const selectionOf = (v: Variable): DimSelection[] =>
  v.dimensions.reduce((n, d) => n * d.length, 1) > 2 ** 20
    ? v.dimensions.map((d) => ({ start: 0, stop: Math.min(16, d.length) }))
    : v.dimensions.map(() => null);

/** A − B of every numeric variable (A's variables; B must have each), with the raw slices for the verdict. */
async function differences(a: Dataset, b: Dataset) {
  const out = [];
  for (const v of walkVariables(a.model.root)) {
    if (typeof v.type !== 'string' || !NUMERIC.has(v.type)) continue;
    const va = await readDecoded(a, v.path, selectionOf(v));
    const vb = await readDecoded(b, v.path, selectionOf(v));
    out.push({ path: v.path, type: v.type, a: va, b: vb, d: difference(va, vb, va.shape) });
  }
  return out;
}

/** The variables that differ: only never-written doubles, 9.96921e+36 in A and masked in B (see above). */
function unwritten(dir: string, vs: Awaited<ReturnType<typeof differences>>): string[] {
  const found: string[] = [];
  for (const { path: p, type, a: va, d } of vs) {
    if (d.summary.identity === 'byte-identical') continue;
    const n = va.values.length;
    expect(type, `${dir} ${p}`).toBe('double');
    expect(d.summary, `${dir} ${p}`).toMatchObject({ count: 0, maskedOnlyA: 0, maskedOnlyB: n, maskedBoth: 0 });
    expect(Array.from(va.values), `${dir} ${p}`).toEqual(new Array<number>(n).fill(FILL_6_DIGITS));
    const zarray = JSON.parse(readFileSync(path.join(CORPUS, ALL.get(dir)!.nczarr, p, '.zarray'), 'utf8')) as {
      fill_value: number;
    };
    expect(zarray.fill_value).toBe(FILL_6_DIGITS);
    found.push(`${dir} ${p}`);
  }
  return found;
}

/** The diff's lines below its header (`formatMetadataDiff`). */
const diffLines = (a: Dataset, b: Dataset) =>
  formatMetadataDiff(diffDatasets(a.model, b.model), { a: 'nczarr', b: 'nc4' }).trimEnd().split('\n').slice(2);

const FORMAT = ['dataset:', '  ~ file format: zarr -> netCDF-4'];
const contiguous = (...paths: string[]) => paths.map((p) => `  ~ ${p} storage: chunked -> contiguous`);
const fill6 = (p: string) => `  ~ ${p} fill value: 9.96921e+36 -> 9.96920996838687e+36`;

/** A handful of CDLs: fill values, every numeric type, unlimited dimensions, NaN, a compressor. */
const CASES: Record<string, { readonly covers: string; readonly diff: readonly string[] }> = {
  'ncdump-cdl/fills': {
    covers: 'a written default fill in double, float, int, short; byte -127',
    diff: [...FORMAT, 'encodings:', ...contiguous('/d'), fill6('/d'), ...contiguous('/f', '/l', '/s', '/b')],
  },
  'ncdump/ref_tst_nans': {
    covers: '_FillValue NaN, ±Infinity data',
    diff: [...FORMAT, 'encodings:', ...contiguous('/fvar', '/dvar')],
  },
  'ncdump/inttags4': {
    covers: 'ubyte, ushort, uint, int64, uint64',
    diff: [...FORMAT, 'encodings:', ...contiguous('/ub', '/us', '/ui', '/i64', '/ui64')],
  },
  'ncdump-cdl/pres_temp_4D': {
    covers: 'float over an unlimited time, chunked alike in both',
    diff: [...FORMAT, 'encodings:', ...contiguous('/latitude', '/longitude')],
  },
  'ncdump-cdl/unlimtest1': { covers: 'int over an unlimited dimension, mostly fill', diff: FORMAT },
  'ncdump/tst_brecs': { covers: 'three byte record variables', diff: FORMAT },
  'ncdump/ref_tst_fillbug': {
    covers: 'an unlimited double written once, a float never written (all fill)',
    diff: [...FORMAT, 'encodings:', fill6('/Time')],
  },
  'ncdump/ref_tst_nofilters': {
    covers: 'a zlib-compressed int',
    diff: [...FORMAT, 'encodings:', '  ~ /var1 codecs: zlib(level="2") -> zlib(level=2)'],
  },
  'ncdump/test0': {
    covers: 'byte, short, int, float, double, scalars, a zero-length unlimited dimension, never-written variables',
    diff: [
      ...FORMAT,
      'attributes:',
      '  ~ /broiled:acd = -1., 2.71828 -> -1., 2.71828182845905',
      'encodings:',
      ...contiguous('/broiled', '/the_bullet', '/order', '/rigue', '/a_loan', '/entendre'),
      fill6('/entendre'),
      '  ~ /cscalar storage: scalar -> contiguous',
      '  ~ /dscalar storage: scalar -> contiguous',
      fill6('/dscalar'),
      ...contiguous('/cnodata', '/bnodata', '/snodata', '/inodata', '/fnodata', '/dnodata'),
      fill6('/dnodata'),
      ...contiguous('/i', '/j', '/l'),
    ],
  },
};

describe('the same data as NCZarr and as netCDF-4', () => {
  for (const [dir, c] of Object.entries(CASES))
    it(`${dir} (${c.covers}): A − B is 0 or masked in both; the metadata diff is the expected list`, async () => {
      const [a, b] = await openPair(dir);
      const vs = await differences(a, b);
      expect(vs.length).toBeGreaterThan(0);
      const left = unwritten(dir, vs);
      expect(left).toEqual(dir === 'ncdump/test0' ? [`${dir} /dscalar`, `${dir} /dnodata`] : []);
      for (const { path: p, a: va, b: vb, d } of vs) {
        if (left.includes(`${dir} ${p}`)) continue;
        const at = `${dir} ${p}`;
        expect(d.summary, at).toMatchObject({ identity: 'byte-identical', maskedOnlyA: 0, maskedOnlyB: 0 });
        // Every cell 0, or NaN: masked in both, or the same infinity in both (−inf − −inf is NaN, as in numpy).
        const bad = Array.from(d.values).filter(
          (x, i) => !(x === 0 || (Number.isNaN(x) && Object.is(va.values[i], vb.values[i]))),
        );
        expect(bad, at).toEqual([]);
        // By the values alone (no stored bytes): the same.
        const values = difference({ values: va.values, mask: va.mask }, { values: vb.values, mask: vb.mask }, va.shape);
        expect(values.summary.identity, at).toBe('value-identical');
      }
      expect(diffLines(a, b)).toEqual(c.diff);
    });

  it('ref_tst_nans: the same infinity on both sides is NaN in A − B (numpy), counted, and no difference', async () => {
    const [a, b] = await openPair('ncdump/ref_tst_nans');
    for (const v of ['/fvar', '/dvar']) {
      const [va, vb] = [await readDecoded(a, v, [null]), await readDecoded(b, v, [null])];
      expect(Array.from(va.values)).toEqual([-Infinity, NaN, Infinity]);
      const d = difference({ values: va.values }, { values: vb.values }, va.shape);
      expect(Array.from(d.values)).toEqual([NaN, NaN, NaN]); // −inf − −inf, masked, inf − inf
      expect(d.summary).toMatchObject({ count: 2, maskedBoth: 1, maxAbs: NaN, maxAbsIndex: -1 });
      expect(d.summary.identity).toBe('value-identical');
    }
  });

  it('every CDL kept in both forms: the same values but for never-written doubles, storage differences only', async () => {
    const left: string[] = [];
    for (const dir of ALL.keys()) {
      const [a, b, p] = await openPair(dir);
      left.push(...unwritten(dir, await differences(a, b)));
      const dumpA = readFileSync(path.join(CORPUS, p.dumpA.h!), 'utf8');
      const dumpB = readFileSync(path.join(CORPUS_FILES, p.dumpB), 'utf8');
      for (const d of diffDatasets(a.model, b.model).differences) expectExplained(dir, d, a, dumpA, dumpB);
    }
    expect(ALL.size).toBeGreaterThan(90);
    const twice = ['/var+name+plusses', '/var@name@ats'];
    expect(left).toEqual([
      ...twice.map((p) => `ncdump-cdl/c0 ${p}`),
      ...['/dscalar', '/dnodata'].map((p) => `ncdump-cdl/test0 ${p}`),
      ...['/dscalar', '/dnodata'].map((p) => `ncdump/test0 ${p}`),
      ...twice.map((p) => `ncgen/c5 ${p}`),
    ]);
    // ncdump main prints those values of the stores as numbers, not as `_` (fill).
    for (const [dir, p] of left.map((s) => s.split(' ') as [string, string])) {
      const full = readFileSync(path.join(CORPUS, ALL.get(dir)!.dumpA.full!), 'utf8');
      expect(full).toMatch(
        new RegExp(`^ ${cdlName(p.slice(1)).replace(/[+.@\\]/g, '\\$&')} = 9\\.96921e\\+36[ ,;]`, 'm'),
      );
    }
  });
});

/** A difference of the sweep is one of the kinds described above; attributes as ncdump prints each side. */
function expectExplained(dir: string, d: MetadataDifference, a: Dataset, dumpA: string, dumpB: string) {
  const at = `${dir}: ${d.path} ${d.property}`;
  expect(['dataset', 'attributes', 'encodings'], at).toContain(d.section);
  expect(d.kind, at).toBe('changed'); // nothing on one side only
  const [x, y] = [d.a ?? '', d.b ?? ''];
  if (d.section === 'dataset') return expect([d.property, x, y], at).toEqual(['file format', 'zarr', 'netCDF-4']);
  if (d.section === 'attributes') {
    const v = d.target === 'variable' ? walkVariables(a.model.root).find((w) => w.path === d.path) : undefined;
    const line = (text: string) => {
      const [prefix, value] = text.startsWith('string ') ? ['string ', text.slice(7)] : ['', text];
      return `${prefix}${v ? cdlName(v.name) : ''}:${cdlName(d.property)} = ${value} ;`;
    };
    const has = (dump: string, text: string) => dump.split('\n').some((l) => l.trim() === line(text));
    expect(has(dumpA, x), `${at}: ${line(x)} in ncdump of the store`).toBe(true);
    expect(has(dumpB, y), `${at}: ${line(y)} in ncdump of the file`).toBe(true);
    return;
  }
  const v = walkVariables(a.model.root).find((x) => x.path === d.path)!;
  const change = `${d.property}: ${x} -> ${y}`;
  if (d.property === 'storage') return expect(change, at).toMatch(/^storage: (chunked|scalar) -> contiguous$/);
  if (d.property === 'fill value')
    return expect(`${v.type} ${change}`, at).toBe('double fill value: 9.96921e+36 -> 9.96920996838687e+36');
  if (d.property === 'codecs' && x.startsWith('zlib(')) return expect(x.replace(/"/g, ''), at).toBe(y);
  // A string variable: NCZarr's fixed-length text (S128, netcdf-c's default length) against HDF5's variable length.
  expect(v.type, at).toBe('string');
  expect(['dtype: S128 -> O', 'string length: 128 -> ', 'codecs: none -> vlen-utf8()'], at).toContain(change);
}
