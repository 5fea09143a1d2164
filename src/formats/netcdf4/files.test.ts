/**
 * netCDF-4 and HDF5 files written by netcdf-c main's ncgen, xarray (engines netcdf4, h5netcdf, scipy),
 * netCDF4-python and h5py (fixtures/netcdf4/, scripts/fixtures/make-netcdf4.sh): `zarrview dump` (-h, full,
 * -s -h) equals ncdump main's output byte for byte, and every variable read through the virtual store, the model
 * and the data path equals netCDF4-python's raw values (h5py's for plain HDF5). Cases still listed in `NOT_YET`
 * must differ (the list only shrinks). Files with links (h5py-links/): where ncdump cannot show the file (a
 * dangling link, a cycle, a missing external file), its output of a reference file without those links is
 * expected, and the links that lead nowhere (h5py's `lost`) are exactly the dataset's problems.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDumpArgs } from '../../cli/args';
import { dump } from '../../cli/dump';
import { readSlice } from '../../data/index';
import { findVariable } from '../../model/find';
import { readDataset } from '../../model/read-dataset';
import { openStoreNode } from '../../opening/open-store-node';
import { decodeEscaped } from '../../text/utf8';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../fixtures/netcdf4');

interface Entry {
  readonly path: string;
  readonly writer: string;
  readonly written?: boolean;
  readonly expected?: Partial<Record<Kind, string>>;
  readonly ncdump_errors?: Partial<Record<Kind, string>>;
  readonly values?: string;
  /** Links that lead nowhere, by their paths (h5py): each must be a problem of the dataset, and nothing else. */
  readonly lost?: readonly string[];
}
type Kind = 'h' | 'full' | 'hs';
interface Values {
  readonly arrays: Record<string, { shape: number[]; values?: (number | string | boolean)[]; user_type?: boolean }>;
}

const FLAGS: Record<Kind, string[]> = { h: ['-h'], full: [], hs: ['-s', '-h'] };

/** Outputs that differ from ncdump main for a reason FIDELITY.md gives (file and kind → reason). */
const NOT_YET: Record<string, string> = {};

const files = (JSON.parse(readFileSync(path.join(ROOT, 'index.json'), 'utf8')) as { files: Entry[] }).files.filter(
  (f) => f.written !== false,
);

function same(got: unknown, want: number | string | boolean): boolean {
  if (typeof got === 'bigint') return got === BigInt(want as string);
  if (typeof got === 'boolean') return got === want;
  if (typeof got === 'number') {
    if (want === 'NaN') return Number.isNaN(got);
    if (want === 'Infinity' || want === '-Infinity') return got === Number(want);
    return Object.is(got, want) || (typeof want === 'number' && Math.fround(want) === got && got === want);
  }
  if (typeof got === 'string' && typeof want === 'string')
    return got === want || Buffer.from(got, 'utf8').equals(Buffer.from(want, 'latin1'));
  return false;
}

describe('netCDF-4/HDF5 files: zarrview dump vs ncdump main', () => {
  it('covers every writer', () => {
    const writers = files.map((f) => f.writer.split(' ')[0]);
    for (const w of ['netcdf-c', 'xarray', 'netCDF4-python', 'h5py']) expect(writers).toContain(w);
  });
  for (const f of files) {
    for (const kind of ['h', 'full', 'hs'] as const) {
      const expected = f.expected?.[kind];
      if (!expected) continue;
      const key = `${f.path} ${kind}`;
      it(key, async () => {
        const want = decodeEscaped(readFileSync(path.join(ROOT, expected)));
        const got = await dump(parseDumpArgs([...FLAGS[kind], path.join(ROOT, f.path)]));
        if (NOT_YET[key]) expect(got.text, `listed as differing: ${NOT_YET[key]}`).not.toBe(want);
        else expect(got.text).toBe(want);
      });
    }
  }
});

describe('netCDF-4/HDF5 files: values vs netCDF4-python (h5py for plain HDF5)', () => {
  for (const f of files) {
    if (!f.values) continue;
    it(f.path, async () => {
      const want = JSON.parse(readFileSync(path.join(ROOT, f.values!), 'utf8')) as Values;
      const opened = await openStoreNode({ kind: 'local', path: path.join(ROOT, f.path) });
      const ds = await readDataset(opened.store, { mode: opened.mode, name: opened.name });
      expect(ds.problems.map((p) => `/${p.key}`).sort()).toEqual([...(f.lost ?? [])].sort());
      for (const p of ds.problems) expect(p.message).toMatch(new RegExp(`^/${p.key} `));
      const mismatches: string[] = [];
      for (const [p, arr] of Object.entries(want.arrays)) {
        if (arr.user_type || !arr.values) continue;
        const v = findVariable(ds.root, p);
        if (!v) {
          mismatches.push(`${p}: not in the model`);
          continue;
        }
        const s = await readSlice(
          opened.store,
          v,
          v.shape.map(() => null),
          { budgetBytes: 2 ** 30 },
        );
        if (JSON.stringify(s.shape) !== JSON.stringify(arr.shape)) {
          mismatches.push(`${p}: shape ${JSON.stringify(s.shape)} ≠ ${JSON.stringify(arr.shape)}`);
          continue;
        }
        const data = s.data as ArrayLike<unknown>;
        if (data.length !== arr.values.length) mismatches.push(`${p}: ${data.length} values ≠ ${arr.values.length}`);
        const bad = arr.values.findIndex((x, i) => !same(data[i], x));
        if (bad >= 0) mismatches.push(`${p}[${bad}]: ${String(data[bad])} ≠ ${JSON.stringify(arr.values[bad])}`);
      }
      expect(mismatches).toEqual([]);
    });
  }
});
