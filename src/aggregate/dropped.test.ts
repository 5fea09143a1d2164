/**
 * Dropped files joined as remote ones are: the daily set of fixtures/aggregate handed over as Blobs (a dropped
 * folder's files) joins as xarray's open_mfdataset joins the files (expected.json, scripts/fixtures/make-aggregate.py);
 * the monthly Zarr stores, dropped as folders of files, open through the `dropped-join` source as the viewer opens it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSlice } from '../data/read-slice';
import { walkVariables } from '../model/find';
import { openDataset } from '../open';
import { droppedJoinStatus, droppedMemberOpener } from './dropped';
import { openJoin } from './index';
import { AGGREGATE_DIR, AGGREGATE_EXPECTED } from './testing/expected';

describe('a join of dropped files', () => {
  it('joins the daily set from its Blobs as xarray joins the files', async () => {
    const want = AGGREGATE_EXPECTED.daily!;
    const dir = path.join(AGGREGATE_DIR, 'daily');
    const files = readdirSync(dir)
      .filter((n) => n.endsWith('.nc'))
      .map((n) => ({ path: `daily/${n}`, file: new Blob([readFileSync(path.join(dir, n))]) }));
    const joined = await openJoin(
      files.map((f) => f.path),
      { open: droppedMemberOpener(files) },
    );
    expect(joined.plan.members.map((m) => path.basename(m.location))).toEqual(want.members);
    expect(joined.plan.choice).toMatchObject(want.join);
    const root = joined.dataset.root;
    expect(
      Object.fromEntries(root.dimensions.map((d) => [d.name, { size: d.length, unlimited: d.unlimited }])),
    ).toEqual(want.dims);
    const vars = walkVariables(root);
    for (const [name, values] of Object.entries(want.values)) {
      const v = vars.find((x) => x.name === name)!;
      const slice = await readSlice(
        joined.store,
        v,
        v.shape.map(() => null),
      );
      expect(slice.failedChunks ?? []).toEqual([]);
      expect(Array.from(slice.data as ArrayLike<number>, Number), name).toEqual(values);
    }
  });

  it('a path not among the dropped files is left out, named', async () => {
    const dir = path.join(AGGREGATE_DIR, 'daily');
    const files = readdirSync(dir)
      .filter((n) => n.endsWith('.nc'))
      .map((n) => ({ path: n, file: new Blob([readFileSync(path.join(dir, n))]) }));
    const joined = await openJoin([...files.map((f) => f.path), 'gone.nc'], { open: droppedMemberOpener(files) });
    expect(joined.leftOut.map((l) => l.location)).toEqual(['gone.nc']);
    expect(joined.leftOut[0]!.message).toMatch(/not in the dropped folder/);
  });
});

/** Every file under `dir`, by its path from `AGGREGATE_DIR`, as a dropped folder gives them. */
function droppedFiles(dir: string): { path: string; file: Blob }[] {
  const out: { path: string; file: Blob }[] = [];
  const walk = (rel: string) => {
    for (const n of readdirSync(path.join(AGGREGATE_DIR, rel)).sort()) {
      const at = `${rel}/${n}`;
      if (statSync(path.join(AGGREGATE_DIR, at)).isDirectory()) walk(at);
      else out.push({ path: at, file: new Blob([readFileSync(path.join(AGGREGATE_DIR, at))]) });
    }
  };
  walk(dir);
  return out;
}

describe('a dropped-join source', () => {
  it('opens the monthly Zarr stores (dropped folders) as one dataset equal to xarray', async () => {
    const want = AGGREGATE_EXPECTED.monthly!;
    const files = droppedFiles('monthly');
    const stores = [...want.members].reverse().map((m) => `monthly/${m}/`);
    const ds = await openDataset({ kind: 'dropped-join', files, members: stores, name: 'monthly' });
    const dims = ds.model.root.dimensions;
    expect(Object.fromEntries(dims.map((d) => [d.name, { size: d.length, unlimited: d.unlimited }]))).toEqual(
      want.dims,
    );
    for (const [name, values] of Object.entries(want.values)) {
      const v = walkVariables(ds.model.root).find((x) => x.name === name)!;
      const slice = await ds.read(
        v.path,
        v.shape.map(() => null),
      );
      expect(Array.from(slice.data as ArrayLike<number>, Number), name).toEqual(values);
    }
    ds.close();
  });

  it('names the mixed set’s members left out, with why, as xarray leaves them out', async () => {
    const want = AGGREGATE_EXPECTED.mixed!;
    const files = droppedFiles('mixed');
    const source = { kind: 'dropped-join' as const, files, members: files.map((f) => f.path), name: 'mixed' };
    const ds = await openDataset(source);
    const status = droppedJoinStatus(source)!;
    expect(status.state).toBe('done');
    expect(status.joined).toBe(want.members.length);
    expect(status.progress.total).toBe(files.length);
    expect(status.choice).toMatchObject(want.join);
    expect(status.leftOut.map((l) => path.basename(l.location)).sort()).toEqual([...want.left_out].sort());
    const offgrid = status.leftOut.find((l) => l.location.endsWith('offgrid.nc'))!;
    expect(offgrid.message).toMatch(/another grid/);
    expect(ds.model.root.dimensions.find((d) => d.name === want.join.dimension)!.length).toBe(
      want.dims[want.join.dimension]!.size,
    );
    ds.close();
  });

  it('one member is not a join', async () => {
    const files = droppedFiles('monthly');
    await expect(
      openDataset({ kind: 'dropped-join', files, members: ['monthly/pr-2024-01.zarr/'], name: 'm' }),
    ).rejects.toThrow(/two files or more/);
  });
});
