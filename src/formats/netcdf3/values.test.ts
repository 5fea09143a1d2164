/**
 * Every variable of every netCDF-3 fixture read through the virtual store, the model and the data path, against
 * netCDF4-python's raw values of the same file (`*.values.json`: no masking or scaling, char as Latin-1 bytes,
 * 64-bit integers as decimal text, non-finite floats as words).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSlice } from '../../data/index';
import { findVariable } from '../../model/find';
import { readDataset } from '../../model/read-dataset';
import { openStoreNode } from '../../opening/open-store-node';
import { type Netcdf3Values, fixturePath, netcdf3Fixtures } from './testing/fixtures';

/** Bytes of invalid UTF-8 are kept as escapes (src/text/utf8.ts); the reference has them as Latin-1. */
const latin1 = (s: string) =>
  Buffer.from(
    s.replace(/[\udc80-\udcff]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xdc00)),
    'latin1',
  );

function same(got: unknown, want: number | string): boolean {
  if (typeof got === 'bigint') return got === BigInt(want);
  if (typeof got === 'number') {
    if (want === 'NaN') return Number.isNaN(got);
    if (want === 'Infinity' || want === '-Infinity') return got === Number(want);
    return Object.is(got, want);
  }
  // One char element is one byte, which the reader shows as text (UTF-8 when it is valid on its own).
  if (typeof got === 'string' && typeof want === 'string')
    return (
      Buffer.from(got, 'utf8').equals(Buffer.from(want, 'latin1')) || latin1(got).equals(Buffer.from(want, 'latin1'))
    );
  return false;
}

describe('netCDF-3 fixtures: values vs netCDF4-python', () => {
  for (const f of netcdf3Fixtures()) {
    it(f.path, async () => {
      const want = JSON.parse(readFileSync(fixturePath(f.values), 'utf8')) as Netcdf3Values;
      const opened = await openStoreNode({ kind: 'local', path: fixturePath(f.path) });
      const ds = await readDataset(opened.store, { mode: opened.mode, name: opened.name });
      expect(ds.problems).toEqual([]);
      const mismatches: string[] = [];
      for (const [p, arr] of Object.entries(want.arrays)) {
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
        const shape = s.shape.length === 0 ? [] : s.shape;
        if (JSON.stringify(shape) !== JSON.stringify(arr.shape)) {
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
