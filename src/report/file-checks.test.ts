/** The report of netCDF files read in place: storage, unlimited dimensions, series costs and nccopy advice. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDataset } from '../model/index';
import { openStore } from '../opening/open-store';
import { openStoreNode } from '../opening/open-store-node';
import { xdrWriter } from '../formats/netcdf3/testing/xdr';
import { buildReport, type DatasetReport } from './index';

const FIXTURES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../fixtures');

async function reportOf(file: Blob | string, name = 'x.nc'): Promise<DatasetReport> {
  const opened =
    typeof file === 'string'
      ? await openStoreNode({ kind: 'local', path: path.join(FIXTURES, file) })
      : await openStore({ kind: 'file', file, name });
  const ds = await readDataset(opened.store, { mode: opened.mode, name: opened.name });
  return buildReport(ds, { standardNames: null });
}

const fact = (facts: readonly { label: string; value: string }[], label: string) =>
  facts.find((f) => f.label === label)?.value;

/**
 * The header of a 64-bit offset netCDF-3 file with `float t(time, lat, lon)` of 520 × 721 × 1440 (2.16 GB of data,
 * not present: the report reads metadata only).
 */
function giantHeader(): Blob {
  const { out, u32, name } = xdrWriter();
  out.push(0x43, 0x44, 0x46, 2);
  u32(0); // numrecs
  u32(0x0a);
  u32(3);
  for (const [n, len] of [
    ['time', 520],
    ['lat', 721],
    ['lon', 1440],
  ] as const) {
    name(n);
    u32(len);
  }
  u32(0); // no global attributes
  u32(0);
  u32(0x0b);
  u32(1);
  name('t');
  u32(3);
  u32(0);
  u32(1);
  u32(2);
  u32(0); // no attributes
  u32(0);
  u32(5); // NC_FLOAT
  u32(0xfffffffc); // vsize: too big for 32 bits, as netcdf-c writes it
  const begin = out.length + 8;
  u32(0);
  u32(begin);
  return new Blob([new Uint8Array(out)]);
}

describe('report of a netCDF file', () => {
  it('a contiguous giant: a point series reads half the variable or more, with nccopy advice', async () => {
    const r = await reportOf(giantHeader(), 'giant.nc');
    const t = r.variables.find((v) => v.path === '/t')!;
    expect(fact(t.facts, 'Storage')).toMatch(/^contiguous \(one block\); read in blocks of 1 × \d+ × 1440/);
    const series = t.findings.find((f) => f.code === 'series-whole-variable');
    expect(series?.severity).toBe('warning');
    expect(series?.message).toMatch(/reads 1\.0 GB, 50% of the variable/);
    expect(series?.advice).toContain('nccopy -k nc4 -c time/256,lat/64,lon/64 in.nc out.nc');
    expect(t.findings.find((f) => f.code === 'uncompressed')?.advice).toMatch(/^netCDF-3 cannot compress/);
    expect(fact(r.facts, 'Unlimited dimensions')).toBe('none');
  });

  it('netCDF-3 records: the record dimension, no advice about blocks the file does not have', async () => {
    const r = await reportOf('netcdf3/classic/records.nc');
    expect(fact(r.facts, 'Unlimited dimensions')).toBe('time (4 currently)');
    const all = r.variables.flatMap((v) => v.findings.map((f) => f.code));
    expect(all).not.toContain('chunk-small');
    expect(fact(r.variables[0]!.facts, 'Storage')).toMatch(/one record after another/);
  });

  it('netCDF-4 chunks: their shape, and rechunking said as an nccopy command', async () => {
    const r = await reportOf('netcdf4/ncgen/compression.nc4.nc');
    const raw = r.variables.find((v) => v.path === '/raw')!;
    expect(fact(raw.facts, 'Storage')).toBe('chunked, 10 × 15');
    expect(raw.findings.find((f) => f.code === 'chunk-small')?.advice).toContain('nccopy -c y/20,x/30 in.nc out.nc');
  });

  it('leaves Zarr reports as they were', async () => {
    const r = await reportOf('xarray-world/era5-like.zarr');
    expect(fact(r.facts, 'Unlimited dimensions')).toBeUndefined();
    expect(r.variables.every((v) => fact(v.facts, 'Storage') === undefined)).toBe(true);
  });
});
