/**
 * What a netCDF-3 file costs to read: opening a ~200 MB file (written at test time by netCDF4-python into a
 * temporary folder; skipped without Debian's python3-netcdf4) reads its header only, in one request; a slice
 * reads only the chunk of rows holding it; the records of an interleaved record variable come a block at a time.
 * The same over HTTP (a local server with Range): a URL with no Zarr metadata falls back to the file, and
 * `#mode=bytes` goes straight to it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataContext, readSlice } from '../../data/index';
import { findVariable, readDataset } from '../../model/index';
import { openDataset } from '../../open';
import { nodeFileSource } from '../../store/node-folder-store';
import { type FaultServer, startFaultServer } from '../../store/testing/fault-server';
import { openFile } from '../open/registry';
import type { ByteSource } from '../types';

const PYTHON = '/usr/bin/python3';
const hasNetcdf4 = spawnSync(PYTHON, ['-c', 'import netCDF4'], { stdio: 'ignore' }).status === 0;
const Y = 5000;
const X = 10000;
const RECORDS = 1000;

const WRITE = `
import sys, numpy as np, netCDF4
with netCDF4.Dataset(sys.argv[1], "w", format="NETCDF3_64BIT_OFFSET") as ds:
    ds.createDimension("y", ${Y}); ds.createDimension("x", ${X}); ds.createDimension("time", None); ds.createDimension("k", 16)
    v = ds.createVariable("v", "i4", ("y", "x"), fill_value=False)
    for i in range(0, ${Y}, 500):
        v[i:i + 500, :] = (np.arange(i, i + 500, dtype="i4")[:, None] * ${X} + np.arange(${X}, dtype="i4")[None, :])
    t = ds.createVariable("t", "f8", ("time",))
    t[:] = np.arange(${RECORDS}, dtype="f8") / 4
    r = ds.createVariable("r", "i4", ("time", "k"))
    r[:] = np.arange(${RECORDS} * 16, dtype="i4").reshape(${RECORDS}, 16)
`;

/** Counts what goes through a ByteSource. */
function counting(inner: ByteSource): ByteSource & { reads: number; bytes: number } {
  const s = {
    size: inner.size,
    description: inner.description,
    reads: 0,
    bytes: 0,
    read: async (offset: number, length: number, signal?: AbortSignal) => {
      s.reads++;
      s.bytes += length;
      return inner.read(offset, length, signal);
    },
  };
  return s;
}

let dir = '';
let file = '';
const ctx = createDataContext({ workers: false, cacheBytes: 64 * 2 ** 20 });

describe.skipIf(!hasNetcdf4)('netCDF-3 reads by range (a ~200 MB file)', () => {
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'zarrview-nc3-'));
    file = path.join(dir, 'big.nc');
    const r = spawnSync(PYTHON, ['-c', WRITE, file], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens with one read of the header, then reads only the rows of a slice', async () => {
    const src = counting(await nodeFileSource(file));
    expect(src.size).toBeGreaterThan(Y * X * 4);
    const store = await openFile(src);
    expect(store?.fileFormat).toBe('64-bit offset');
    const ds = await readDataset(store!, { name: 'big' });
    expect(ds.format).toBe('64-bit offset');
    expect(src.reads).toBe(1);
    expect(src.bytes).toBe(64 * 1024);
    const v = findVariable(ds.root, '/v')!;
    expect(v.storage).toBe('contiguous');
    expect(v.chunks[1]).toBe(X);
    const before = src.bytes;
    const row = await readSlice(store!, v, [3217, null], { context: ctx });
    const values = row.data as Int32Array;
    expect(values.length).toBe(X);
    expect(values[0]).toBe(3217 * X);
    expect(values[X - 1]).toBe(3217 * X + X - 1);
    const read = src.bytes - before;
    expect(read).toBeGreaterThanOrEqual(X * 4);
    expect(read).toBeLessThanOrEqual(2 * 2 ** 20);
    // A column crosses every row: every chunk, but each once.
    const col = await readSlice(store!, v, [null, 9999], { context: ctx, budgetBytes: 2 ** 30 });
    expect((col.data as Int32Array)[Y - 1]).toBe((Y - 1) * X + 9999);
  });

  it('reads the records of an interleaved record variable a block at a time', async () => {
    const src = counting(await nodeFileSource(file));
    const store = (await openFile(src))!;
    const ds = await readDataset(store, { name: 'big' });
    const t = findVariable(ds.root, '/t')!;
    expect(t.dimensions[0]?.unlimited).toBe(true);
    expect(t.shape).toEqual([RECORDS]);
    const reads = src.reads;
    const all = await readSlice(store, t, [null], { context: ctx });
    expect(Array.from(all.data as Float64Array).slice(0, 3)).toEqual([0, 0.25, 0.5]);
    expect((all.data as Float64Array)[RECORDS - 1]).toBe((RECORDS - 1) / 4);
    // 1000 records of 72 bytes: one block of ~1 MiB, not 1000 requests.
    expect(src.reads - reads).toBeLessThanOrEqual(2);
    const r = findVariable(ds.root, '/r')!;
    const rec = await readSlice(store, r, [777, null], { context: ctx });
    expect(Array.from(rec.data as Int32Array)).toEqual(Array.from({ length: 16 }, (_, k) => 777 * 16 + k));
  });

  describe('over HTTP', () => {
    let server: FaultServer;
    beforeAll(async () => {
      server = await startFaultServer({ '/data/big.nc': new Uint8Array(readFileSync(file)) });
    }, 60_000);
    afterAll(() => server.stop());

    const rangeBytes = () =>
      server.requests
        .filter((q) => q.path === '/data/big.nc' && q.method === 'GET')
        .map((q) => {
          const m = /bytes=(\d+)-(\d+)/.exec(String(q.headers.range ?? ''));
          return m ? Number(m[2]) - Number(m[1]) + 1 : Infinity;
        });

    it('falls back to the file when the URL has no Zarr metadata, and reads by range', async () => {
      server.requests.length = 0;
      const ds = await openDataset({ kind: 'url', url: `${server.url}/data/big.nc` }, { context: ctx });
      expect(ds.model.format).toBe('64-bit offset');
      expect(ds.model.root.variables.map((v) => v.name)).toEqual(['v', 't', 'r']);
      expect(rangeBytes()).toEqual([64 * 1024]);
      const slice = await ds.read('/v', [10, { start: 5, stop: 8 }]);
      expect(Array.from(slice.data as Int32Array)).toEqual([10 * X + 5, 10 * X + 6, 10 * X + 7]);
      expect(Math.max(...rangeBytes())).toBeLessThanOrEqual(2 * 2 ** 20);
    });

    it('#mode=bytes reads the object as a file at once: no Zarr probe', async () => {
      server.requests.length = 0;
      const ds = await openDataset({ kind: 'url', url: `${server.url}/data/big.nc#mode=bytes` }, { context: ctx });
      expect(ds.model.root.dimensions.map((d) => `${d.name}=${d.length}`)).toEqual([
        'y=5000',
        'x=10000',
        'time=1000',
        'k=16',
      ]);
      expect(server.requests.filter((q) => q.path !== '/data/big.nc')).toEqual([]);
      expect(rangeBytes()).toEqual([64 * 1024]);
    });
  });
});
