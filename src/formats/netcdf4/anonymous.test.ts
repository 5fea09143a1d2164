/**
 * Plain HDF5 files written by h5py and PyTables (fixtures/hdf5-anonymous/, scripts/fixtures/make-hdf5-anonymous.sh):
 * anonymous compound, enum and vlen types named as netcdf-c names them, float16, long double, quad, bitfield,
 * references, string attributes of every form. `zarrview dump` (-h, full, -s -h) equals ncdump main's output byte
 * for byte, except where FIDELITY.md ("Plain HDF5 files: anonymous types and types netCDF lacks") says why not:
 * there every line ncdump prints is printed too, in its order, but for the lines listed; and where ncdump fails or
 * crashes, the values equal h5py's (values.json).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDumpArgs } from '../../cli/args';
import { dump } from '../../cli/dump';
import { readSlice } from '../../data/index';
import { findVariable } from '../../model/find';
import { readDataset } from '../../model/read-dataset';
import { openStoreNode } from '../../opening/open-store-node';

const DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../fixtures/hdf5-anonymous');
const OUTPUTS = { h: ['-h'], full: [], sh: ['-s', '-h'] } as const;

/**
 * Outputs that differ from ncdump main on purpose (FIDELITY.md): the lines of ncdump's output we do not print
 * (every other line of it is printed, in order; ours adds lines).
 */
const DIFFERS: Readonly<Record<string, { why: string; replaced: readonly string[] }>> = {
  compound: {
    why: 'a fixed-length string field is `string` with its whole text (ncdump: `char`, the first byte); an attribute no dataset shares the type of is shown (ncdump drops it)',
    replaced: ['    char code ;', ' strings = {"a", "z", "first", 1}, {"w", "", "", -2} ;'],
  },
  pytables: {
    why: 'a fixed-length string field is `string` with its whole text (ncdump: `char`, the first byte)',
    replaced: ['    char name ;', ' table = {0, "r", 0, {0, 0}}, {1, "r", 1.5, {1, -1}}, {2, "r", 3, {2, -2}} ;'],
  },
  nested: { why: 'fields of anonymous enum and vlen types are named and their datasets shown', replaced: [] },
  'bool-attrs': { why: 'attributes of anonymous types no dataset has are shown (bool, enum, compound)', replaced: [] },
  longdouble: {
    why: 'long double is `double` (ncdump: `string`, and crashes on the data)',
    replaced: ['\tstring longdouble(phony_dim_0) ;'],
  },
  quad: {
    why: 'quad is `double` (ncdump: `string`, and crashes on the data)',
    replaced: ['\tstring quad(phony_dim_0) ;'],
  },
};

/** Files ncdump main cannot print at all (fails or crashes): their values are checked against h5py's. */
const NCDUMP_FAILS = new Set(['bitfield', 'vlen-compound', 'vlen-vlen']);

const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith('.h5')) : [];
const failed = existsSync(DIR) ? readFileSync(path.join(DIR, 'index.txt'), 'utf8') : '';

/** Whether `want` (ncdump's lines without `replaced`) are all in `got`, in order. */
function inOrder(got: readonly string[], want: readonly string[]): string | undefined {
  let at = 0;
  for (const line of want) {
    const i = got.indexOf(line, at);
    if (i < 0) return line;
    at = i + 1;
  }
  return undefined;
}

describe('plain HDF5 with anonymous types: zarrview dump vs ncdump main', () => {
  it('has the fixtures', () => expect(files.length).toBeGreaterThan(10));
  for (const file of files) {
    const name = file.slice(0, -3);
    for (const [output, flags] of Object.entries(OUTPUTS)) {
      const expected = path.join(DIR, `${name}.${output}.cdl`);
      const crashed = failed.split('\n').some((l) => l.startsWith(`${name}: ncdump ${flags.join(' ')} failed`));
      if (!existsSync(expected) || crashed) continue;
      it(`${name} ${flags.join(' ') || '(data)'}`, async () => {
        const want = readFileSync(expected, 'utf8');
        const got = (await dump(parseDumpArgs([...flags, path.join(DIR, file)]))).text;
        const differs = DIFFERS[name];
        if (!differs) return expect(got).toBe(want);
        expect(got, differs.why).not.toBe(want);
        const wantLines = want.split('\n');
        const kept = wantLines.filter((l) => !differs.replaced.includes(l));
        expect(wantLines.length - kept.length, 'every replaced line is in ncdump output').toBe(
          differs.replaced.filter((l) => wantLines.includes(l)).length,
        );
        expect(inOrder(got.split('\n'), kept), 'a line of ncdump output we do not print').toBeUndefined();
      });
    }
  }
  it('lists the files ncdump cannot print', () => {
    for (const name of NCDUMP_FAILS) expect(failed).toMatch(new RegExp(`^${name}: ncdump -h failed`, 'm'));
  });
});

interface Values {
  [file: string]: Record<string, { shape: number[]; values: unknown[] }>;
}

const same = (got: unknown, want: unknown): boolean => {
  if (Array.isArray(want)) {
    const list = Array.isArray(got) ? got : got && typeof got === 'object' ? Object.values(got) : [];
    return list.length === want.length && want.every((w, i) => same(list[i], w));
  }
  if (want === 'NaN') return Number.isNaN(got);
  if (want === 'Infinity' || want === '-Infinity') return got === Number(want);
  return (typeof got === 'bigint' ? Number(got) : got) === want;
};

describe('plain HDF5 with types netCDF lacks: values vs h5py', () => {
  const want = existsSync(DIR) ? (JSON.parse(readFileSync(path.join(DIR, 'values.json'), 'utf8')) as Values) : {};
  for (const [name, arrays] of Object.entries(want)) {
    it(name, async () => {
      const opened = await openStoreNode({ kind: 'local', path: path.join(DIR, `${name}.h5`) });
      const ds = await readDataset(opened.store, { mode: opened.mode, name: opened.name });
      for (const [p, arr] of Object.entries(arrays)) {
        const v = findVariable(ds.root, `/${p}`);
        expect(v, p).toBeDefined();
        const s = await readSlice(
          opened.store,
          v!,
          v!.shape.map(() => null),
          { budgetBytes: 2 ** 30 },
        );
        expect(s.shape, p).toEqual(arr.shape);
        const data = Array.from(s.data as ArrayLike<unknown>);
        // User-typed elements come as JSON texts; an element of a chunk never written is the empty fill text.
        const parsed = data.map((x) =>
          typeof x === 'string' && v!.userType ? (x === '' ? [] : (JSON.parse(x) as unknown)) : x,
        );
        const bad = arr.values.findIndex((x, i) => !same(parsed[i], x));
        expect(bad, `${p}[${bad}]: ${JSON.stringify(parsed[bad])} ≠ ${JSON.stringify(arr.values[bad])}`).toBe(-1);
      }
    });
  }
});
