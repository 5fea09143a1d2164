/**
 * netCDF-4/HDF5 files cut short (a download stopped, a copy interrupted): every variable whose metadata survived is
 * shown, and what is missing is said. Each fixture of fixtures/netcdf4/ (ncgen, netCDF4-python, xarray, h5py) is
 * cut at every 5% of its length: opening either works — the variables shown are a subset of the whole file's,
 * never fewer at a later cut, and whatever is missing is named by a problem — or, when the cut falls inside the
 * superblock or the root group's first header block, fails with a typed error. A variable whose data lies past
 * the cut reads its chunks as failed (named), never as other values than the whole file's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isZarrviewError } from '../../errors';
import { readSlice } from '../../data/index';
import { walkVariables } from '../../model/find';
import { readDataset } from '../../model/read-dataset';
import type { Dataset } from '../../model/types';
import { openStore } from '../../opening/open-store';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../fixtures/netcdf4');
const FILES = [
  'ncgen/demo-groups.nc4.nc',
  'ncgen/compression.nc4.nc',
  'netcdf4-python/groups-strings.nc',
  'h5py/scales.h5',
  'h5py/plain.h5',
];

async function openBoth(bytes: Uint8Array, name: string) {
  const opened = await openStore({ kind: 'file', file: new Blob([bytes as Uint8Array<ArrayBuffer>]), name });
  return { store: opened.store, ds: await readDataset(opened.store, { mode: opened.mode, name: opened.name }) };
}
const open = async (bytes: Uint8Array, name: string): Promise<Dataset> => (await openBoth(bytes, name)).ds;

const names = (ds: Dataset) => new Set([...walkVariables(ds.root)].map((v) => v.path));

describe.each(FILES)('%s cut short', (rel) => {
  const whole = new Uint8Array(readFileSync(path.join(ROOT, rel)));

  it('shows what survived and names what is missing, at every 5% of its length', async () => {
    const full = names(await open(whole, 'whole'));
    let before = new Set<string>();
    let opened = 0;
    for (let pct = 5; pct < 100; pct += 5) {
      const cut = whole.slice(0, Math.floor((whole.length * pct) / 100));
      let ds: Dataset;
      try {
        ds = await open(cut, `cut${pct}`);
      } catch (e) {
        expect(isZarrviewError(e), `${pct}%: ${String(e)}`).toBe(true);
        expect(opened, `${pct}%: it opened at a shorter cut`).toBe(0);
        continue;
      }
      opened++;
      const shown = names(ds);
      for (const p of shown) expect(full.has(p), `${pct}%: ${p} is not in the whole file`).toBe(true);
      for (const p of before) expect(shown.has(p), `${pct}%: ${p}, shown at a shorter cut, is gone`).toBe(true);
      if (shown.size < full.size)
        expect(ds.problems.length, `${pct}%: variables are missing and no problem says so`).toBeGreaterThan(0);
      before = shown;
    }
    expect(opened).toBeGreaterThan(0);
  });

  it('reads each variable as in the whole file, or names its chunks that are past the cut: never silent fill', async () => {
    const all = await openBoth(whole, 'whole');
    const read = (store: typeof all.store, v: Parameters<typeof readSlice>[1]) =>
      readSlice(
        store,
        v,
        v.shape.map(() => null),
        { budgetBytes: 2 ** 28 },
      );
    for (const pct of [60, 80, 97]) {
      const { store, ds } = await openBoth(whole.slice(0, Math.floor((whole.length * pct) / 100)), `cut${pct}`);
      for (const v of walkVariables(ds.root)) {
        const want = await read(
          all.store,
          [...walkVariables(all.ds.root)].find((w) => w.path === v.path)!,
        );
        const got = await read(store, v).catch((e: unknown) => {
          expect(isZarrviewError(e), String(e)).toBe(true);
          return undefined;
        });
        if (!got || got.failedChunks?.length) continue;
        expect(
          Array.from(got.data as ArrayLike<unknown>, String),
          `${pct}%: ${v.path} reads other values than in the whole file`,
        ).toEqual(Array.from(want.data as ArrayLike<unknown>, String));
      }
    }
  });
});
