/**
 * Requests per member of a glob of files (remote.ts over the harness's HTTP server, whose log counts them): a member
 * named as a file (`*.nc`) is read as one at once, its header by a byte range first — no Zarr documents looked for
 * under its URL, no request without a range. fixtures/aggregate/daily (five netCDF files), its values against
 * xarray's open_mfdataset (fixtures/aggregate/expected.json).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStaticServer, type LogEntry, type StaticServer } from '../../e2e/harness/static-server';
import { openJoinLocation } from './remote';
import { AGGREGATE_DIR, AGGREGATE_EXPECTED } from './testing/expected';

let web: StaticServer;
beforeAll(async () => {
  web = await startStaticServer(path.resolve(AGGREGATE_DIR, '../..'), 0, { autoindex: true });
});
afterAll(() => web?.stop());

const log = async () => (await (await fetch(`${web.url}/__control/log`)).json()) as LogEntry[];

it('a glob of .nc files reads each member in at most 2 requests, each a byte range, none answered 404', async () => {
  const e = AGGREGATE_EXPECTED.daily!;
  await fetch(`${web.url}/__control/reset`, { method: 'POST' });
  const { complete } = await openJoinLocation(`${web.url}/fixtures/aggregate/daily/*.nc`, { snapshotMs: 0 });
  const ds = await complete;
  expect(ds.model.root.dimensions.find((d) => d.name === 'time')!.length).toBe(e.dims.time!.size);
  const requests = (await log()).filter((r) => r.path.startsWith('/fixtures/aggregate/daily/'));
  // The folder's index page (the glob's listing) aside, every request is one member's.
  const members = requests.filter((r) => !r.path.endsWith('/'));
  const names = e.members.map((m) => `/fixtures/aggregate/daily/${m}`);
  for (const name of names) {
    const own = members.filter((r) => r.path === name || r.path.startsWith(`${name}/`));
    expect(
      own.length,
      `${name}: ${own.map((r) => `${r.method} ${r.path} ${r.range ?? ''}`).join('; ')}`,
    ).toBeLessThanOrEqual(2);
    for (const r of own) {
      expect(r.path).toBe(name);
      expect(r.method).toBe('GET');
      expect(r.range).toMatch(/^bytes=\d+-\d+$/);
      expect(r.status).toBe(206);
    }
  }
  expect(members.filter((r) => !names.includes(r.path))).toEqual([]);
  // The values are the members' (read by ranges, as the viewer reads them).
  const slice = await ds.read('/tas', [null, null, null]);
  expect(Array.from(slice.data as Float32Array)).toEqual(e.values.tas);
});

it('Zarr stores named as files (x.nc) are read as Zarr after their file read finds none', async () => {
  const e = AGGREGATE_EXPECTED.monthly!;
  const dir = mkdtempSync(path.join(tmpdir(), 'join-named-'));
  for (const m of e.members)
    cpSync(path.join(AGGREGATE_DIR, 'monthly', m), path.join(dir, m.replace(/\.zarr$/, '.nc')), { recursive: true });
  const names = e.members.map((m) => m.replace(/\.zarr$/, '.nc'));
  // A glob lists files only: the stores are named one by one.
  const other = await startStaticServer(dir, 0, { autoindex: true });
  try {
    const ds = await (await openJoinLocation(`${other.url}/{${names.join(',')}}`)).complete;
    expect(ds.model.root.dimensions.find((d) => d.name === 'time')!.length).toBe(e.dims.time!.size);
    const slice = await ds.read('/pr', [null, null, null]);
    expect(Array.from(slice.data as Float32Array)).toEqual(e.values.pr);
  } finally {
    await other.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
