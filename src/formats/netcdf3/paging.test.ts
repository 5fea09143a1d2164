/**
 * A header longer than the first 64 KiB read: read on in doubling pages, only as far as the header goes, and the
 * file read exactly as before. The file is made here: 3,000 scalar variables, each with an attribute of 100 bytes.
 */
import { describe, expect, it } from 'vitest';
import { readSlice } from '../../data/index';
import { findVariable, readDataset } from '../../model/index';
import { blobSource } from '../../store/zip-reader';
import { openFile } from '../open/registry';
import type { ByteSource } from '../types';
import { xdrWriter } from './testing/xdr';

const VARS = 3000;

/** A classic file of VARS scalar int variables `v<i>` = i, each with a 100-character attribute. */
function manyVariables(): Uint8Array {
  const { out, u32, name } = xdrWriter();
  const header = (dataStart: number) => {
    out.length = 0;
    out.push(0x43, 0x44, 0x46, 1);
    for (const n of [0, 0, 0, 0, 0, 11, VARS]) u32(n); // numrecs, no dimensions, no global attributes, VARS variables
    for (let i = 0; i < VARS; i++) {
      name(`v${i}`);
      u32(0); // rank 0
      for (const n of [12, 1]) u32(n);
      name('note');
      for (const n of [2, 100]) u32(n);
      for (let k = 0; k < 100; k++) out.push(97 + (k % 26));
      for (const n of [4, 4, dataStart + 4 * i]) u32(n); // int, vsize, begin
    }
    return out.length;
  };
  const size = header(0);
  header(size);
  for (let i = 0; i < VARS; i++) u32(i);
  return Uint8Array.from(out);
}

describe('a netCDF-3 header over 64 KiB', () => {
  it('is read in doubling pages, then read as any file', async () => {
    const bytes = manyVariables();
    const inner = blobSource(new Blob([bytes as Uint8Array<ArrayBuffer>]), 'many.nc');
    const reads: [number, number][] = [];
    const src: ByteSource = { ...inner, read: (o, n, s) => (reads.push([o, n]), inner.read(o, n, s)) };
    const store = (await openFile(src))!;
    expect(reads).toEqual([
      [0, 65536],
      [65536, 65536],
      [131072, 131072],
      [262144, bytes.length - 262144],
    ]);
    expect(bytes.length).toBeLessThan(2 * 262144);
    const ds = await readDataset(store, { name: 'many' });
    expect(ds.root.variables).toHaveLength(VARS);
    expect(ds.root.variables[2999]?.attributes[0]?.value).toBe('abcdefghijklmnopqrstuvwxyz'.repeat(4).slice(0, 100));
    const v = findVariable(ds.root, '/v2999')!;
    const s = await readSlice(store, v, []);
    expect(Array.from(s.data as Int32Array)).toEqual([2999]);
  });
});
