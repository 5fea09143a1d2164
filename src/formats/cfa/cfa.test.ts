/**
 * The CFA fixtures written by S3netCDF4 (fixtures/cfa/, scripts/fixtures/make-cfa.py): every aggregated variable,
 * opened as `zarrview dump` opens a local file and read through the data path, equals the concatenation of its
 * fragments as netCDF4-python reads them; `dump -h` shows full shapes and no CFA bookkeeping; a slice opens only
 * the fragments it touches; a missing fragment reads as the fill value with a message naming it.
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
import { CfaStore } from './index';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../fixtures/cfa');

interface Expected {
  readonly shape: number[];
  readonly dtype: string;
  readonly fill: number;
  readonly fragments: number;
  readonly missing: string[];
  readonly values: number[];
}
const EXPECTED = JSON.parse(readFileSync(path.join(ROOT, 'expected.json'), 'utf8')) as Record<
  string,
  Record<string, Expected>
>;

async function open(master: string) {
  const { store } = await openStoreNode({ kind: 'local', path: path.join(ROOT, master) });
  const ds = await readDataset(store, { name: master.replace(/\.nca$/, '') });
  return { store, ds };
}

describe('CFA masters written by S3netCDF4', () => {
  for (const [master, vars] of Object.entries(EXPECTED)) {
    it(`${master}: every aggregated variable equals its fragments`, async () => {
      const { store, ds } = await open(master);
      expect(store).toBeInstanceOf(CfaStore);
      for (const [name, want] of Object.entries(vars)) {
        const v = findVariable(ds.root, `/${name}`)!;
        expect(v.shape).toEqual(want.shape);
        expect(v.dimensions.map((d) => d.length)).toEqual(want.shape);
        const slice = await readSlice(
          store,
          v,
          v.shape.map(() => null),
        );
        expect(slice.shape).toEqual(want.shape);
        expect(Array.from(slice.data as Float32Array)).toEqual(want.values);
        const failed = (slice.failedChunks ?? []).map((f) => f.message);
        expect(failed).toHaveLength(want.missing.length);
        for (const m of want.missing) expect(failed.some((f) => f.includes(m))).toBe(true);
      }
    });
  }

  it('zarrview dump -h shows the aggregated variables with their full shapes and no CFA bookkeeping', async () => {
    for (const master of ['cfa4_v05.nca', 'cfa4_v04.nca', 'cfa3_v04.nca']) {
      const { text } = await dump(parseDumpArgs(['-h', path.join(ROOT, master)]));
      expect(text).toContain('\tfloat tas(time, lat, lon) ;\n\t\ttas:_FillValue = -999.f ;\n\t\ttas:units = "K" ;');
      expect(text).toContain('\tdouble ua(time, level, lat, lon) ;\n\t\tua:units = "m s-1" ;\n');
      expect(text).not.toMatch(/cf_role|cfa_dimensions|cfa_array|cfa_group|group: cfa_/);
      expect(text).toContain(':Conventions = "CFA-');
    }
  });

  it('a slice inside one fragment opens only that fragment', async () => {
    const { store, ds } = await open('cfa4_v05.nca');
    const cfa = store as CfaStore;
    const tas = findVariable(ds.root, '/tas')!;
    const slice = await readSlice(store, tas, [3, { start: 3, stop: 6 }, { start: 4, stop: 8 }]);
    expect(cfa.opened).toEqual([path.join(ROOT, 'cfa4_v05/cfa4_v05.tas.1.1.1.nc')]);
    const want = EXPECTED['cfa4_v05.nca']!.tas!.values;
    const got = Array.from(slice.data as Float32Array);
    expect(got).toEqual([3, 4, 5].flatMap((y) => [4, 5, 6, 7].map((x) => want[3 * 48 + y * 8 + x])));
    // The same fragment again: not opened a second time; another one: opened.
    await readSlice(store, tas, [2, 5, 7]);
    expect(cfa.opened).toHaveLength(1);
    await readSlice(store, tas, [0, 0, 0]);
    expect(cfa.opened).toHaveLength(2);
  });

  it('a missing fragment reads as the fill value, and the message names it', async () => {
    const { store, ds } = await open('cfa4_missing.nca');
    const tas = findVariable(ds.root, '/tas')!;
    const slice = await readSlice(store, tas, [{ start: 2, stop: 4 }, null, null]);
    const data = slice.data as Float32Array;
    // Partition (1, 0, 1): times 2–3, lats 0–2, lons 4–7.
    for (const t of [0, 1])
      for (let y = 0; y < 6; y++)
        for (let x = 0; x < 8; x++) {
          const inMissing = y < 3 && x >= 4;
          if (inMissing) expect(data[t * 48 + y * 8 + x]).toBe(-999);
          else expect(data[t * 48 + y * 8 + x]).not.toBe(-999);
        }
    expect(slice.failedChunks).toHaveLength(1);
    expect(slice.failedChunks![0]!.message).toContain('cfa4_missing/cfa4_missing.tas.1.0.1.nc is missing');
    expect((store as CfaStore).missingFragments()).toEqual(['cfa4_missing/cfa4_missing.tas.1.0.1.nc']);
  });
});
