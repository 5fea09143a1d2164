/**
 * A dropped zip as a place: zips written at test time by Info-ZIP's `zip` (deflated, and stored with `-0`) from
 * fixtures/aggregate's daily netCDF files and monthly Zarr stores (scripts/fixtures/make-aggregate.py). The zip is a
 * place, its files are the fixture files byte for byte, and the daily files inside join as xarray joins them
 * (expected.json); a zip of one store is not a place; the inflation bound refuses, saying what to do.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { droppedMemberOpener } from '../aggregate/dropped';
import { openJoin } from '../aggregate/index';
import { AGGREGATE_DIR, AGGREGATE_EXPECTED } from '../aggregate/testing/expected';
import { readSlice } from '../data/read-slice';
import { walkVariables } from '../model/find';
import { treeIsPlace } from './tree';
import { readZipTree } from './tree-zip';

const tmp = mkdtempSync(path.join(tmpdir(), 'zv-tree-zip-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A zip of `paths` (relative to AGGREGATE_DIR) written by `zip`, stored with `-0`. */
function zipOf(name: string, paths: string[], stored = false): Blob {
  const out = path.join(tmp, name);
  execFileSync('zip', ['-q', '-r', ...(stored ? ['-0'] : []), out, ...paths], { cwd: AGGREGATE_DIR });
  return new Blob([readFileSync(out)]);
}

describe.each([false, true])('a zip of the daily and monthly sets (stored: %s)', (stored) => {
  const zip = zipOf(`sets-${stored}.zip`, ['daily', 'monthly'], stored);

  it('is a place; its files are the fixture files', async () => {
    const z = await readZipTree(zip, { description: 'sets.zip' });
    expect(treeIsPlace(z.tree)).toBe(true);
    const files = await z.files();
    expect(files.map((f) => f.path)).toContain('daily/tas-a.nc');
    expect(files.map((f) => f.path)).toContain('monthly/pr-2024-01.zarr/.zgroup');
    for (const f of files) {
      const want = readFileSync(path.join(AGGREGATE_DIR, f.path));
      expect(Buffer.from(await f.file.arrayBuffer()).equals(want), f.path).toBe(true);
    }
    const head = await z.tree.get('daily/tas-b.nc')!.read(0, 4);
    expect(Array.from(head)).toEqual(
      Array.from(readFileSync(path.join(AGGREGATE_DIR, 'daily/tas-b.nc')).subarray(0, 4)),
    );
  });

  it('its daily files join as xarray joins them', async () => {
    const want = AGGREGATE_EXPECTED.daily!;
    const files = await (await readZipTree(zip)).files();
    const members = files.map((f) => f.path).filter((p) => p.startsWith('daily/'));
    const joined = await openJoin(members, { open: droppedMemberOpener(files) });
    expect(joined.plan.members.map((m) => path.basename(m.location))).toEqual(want.members);
    const tas = walkVariables(joined.dataset.root).find((v) => v.name === 'tas')!;
    const slice = await readSlice(
      joined.store,
      tas,
      tas.shape.map(() => null),
    );
    expect(Array.from(slice.data as ArrayLike<number>, Number)).toEqual(want.values.tas);
  });
});

describe('a dropped zip', () => {
  it('of one store is not a place', async () => {
    const z = await readZipTree(zipOf('one.zip', ['monthly/pr-2024-01.zarr']));
    expect(treeIsPlace(z.tree)).toBe(false);
  });

  it('whose deflated files inflate past the bound says to unzip it', async () => {
    const z = await readZipTree(zipOf('big.zip', ['daily']), { description: 'big.zip', maxBytes: 1000 });
    await expect(z.files()).rejects.toThrow(/big\.zip .*over the limit of 1000: unzip it and drop the folder/);
  });

  it('that is not a zip is refused', async () => {
    await expect(readZipTree(new Blob([new Uint8Array(100)]))).rejects.toThrow(/not a zip/);
  });
});
