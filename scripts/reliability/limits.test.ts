/**
 * Resource limits: shapes, chunk counts, chunk sizes and string lengths that would allocate more than the
 * budget are refused (BudgetError) before anything is fetched or allocated; zip, zlib, blosc, zstd and lz4 bombs
 * stop at the decompressed size limit; 1,024-byte keys and 200 levels of groups open, print and read.
 */
import { performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { Blosc, LZ4, Zstd } from 'numcodecs';
import { afterAll, describe, expect, it } from 'vitest';
import { printCdl } from '../../src/cdl/index';
import { createDataContext, readSlice } from '../../src/data/index';
import { BudgetError } from '../../src/errors';
import { findVariable, readDataset, walkVariables } from '../../src/model/index';
import { memoryStore } from '../../src/model/testing/memory-store';
import { makeZip } from '../../src/store/testing/make-zip';
import { ZipError, ZipStore, blobSource } from '../../src/store/zip-store';
import { writeCounts } from './counts';

const ctx = createDataContext({ workers: false });
let cases = 0;
let failures = 0;
let slow = 0;

/** Runs `f`, counting it; a case over `ms` counts as a hang. */
async function counted<T>(f: () => Promise<T>, ms = 2_000): Promise<T> {
  cases++;
  failures++;
  const t0 = performance.now();
  const r = await f();
  if (performance.now() - t0 > ms) slow++;
  failures--;
  return r;
}

const zarray = (shape: number[], chunks: number[], dtype: string, extra: Record<string, unknown> = {}) => ({
  zarr_format: 2,
  shape,
  chunks,
  dtype,
  compressor: null,
  filters: null,
  fill_value: null,
  order: 'C',
  ...extra,
});

async function open(meta: Record<string, unknown>, files: Record<string, unknown> = {}) {
  const store = memoryStore({ '.zgroup': { zarr_format: 2 }, 'a/.zarray': meta, ...files });
  const ds = await readDataset(store, { mode: { zarr: true } });
  const v = ds.root.variables[0];
  if (!v) throw new Error(`array not read: ${ds.problems.map((p) => p.message).join('; ')}`);
  return { store, ds, v };
}

async function refused(meta: Record<string, unknown>, selection: (number | null)[] = []) {
  return counted(async () => {
    const { store, v } = await open(meta);
    const before = process.memoryUsage().arrayBuffers;
    const err = await readSlice(store, v, selection, { context: ctx }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BudgetError);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 << 20);
    return err as BudgetError;
  });
}

describe('budgets refuse before allocating', () => {
  it('an absurd shape (2^40 × 2^40 doubles) opens, and reading it whole is a BudgetError naming a stride', async () => {
    const err = await refused(zarray([2 ** 40, 2 ** 40], [1024, 1024], '<f8'));
    expect(err.message).toMatch(/memory budget.*stride/);
    expect(err.requestedBytes).toBeGreaterThan(err.budgetBytes);
  });

  it('a selection touching 16 million chunks is refused before planning them', async () => {
    const err = await refused(zarray([2 ** 24], [1], '|i1'));
    expect(err.message).toMatch(/16,777,216 chunks/);
  });

  it('one element of an array whose single chunk decodes to 8 TB is refused (no fetch, no decode)', async () => {
    const err = await refused(zarray([2 ** 40], [2 ** 40], '<f8'), [0]);
    expect(err.message).toMatch(/One chunk .* decodes to/);
  });

  it('fixed-length strings of 2^31 bytes are refused', async () => {
    await refused(zarray([2], [2], '|S2147483647'), [0]);
    await refused(zarray([3], [1], '<U1000000000'), [0]);
  });

  it('a vlen-utf8 chunk claiming a 4 GB string is a chunk error, not an allocation', async () => {
    await counted(async () => {
      const chunk = new Uint8Array([1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 65, 66]);
      const meta = zarray([1], [1], '|O', { filters: [{ id: 'vlen-utf8' }], fill_value: '' });
      const store = memoryStore({ '.zgroup': { zarr_format: 2 }, 'a/.zarray': meta });
      const get = store.get.bind(store);
      store.get = async (k) => (k === '/a/0' ? chunk : get(k));
      const ds = await readDataset(store, { mode: { zarr: true } });
      const slice = await readSlice(store, ds.root.variables[0]!, [], { context: ctx });
      expect(slice.failedChunks?.[0]?.message).toMatch(/truncated/);
    });
  });
});

describe('zip bombs', () => {
  it('a zlib chunk of 4 ints that inflates to 80 MiB stops at the limit: that chunk fails, nothing else', async () => {
    await counted(async () => {
      const bomb = deflateSync(new Uint8Array(80 << 20));
      expect(bomb.length).toBeLessThan(1 << 20);
      const meta = zarray([8], [4], '<i4', { compressor: { id: 'zlib', level: 9 }, fill_value: 0 });
      const good = deflateSync(new Uint8Array(new Int32Array([1, 2, 3, 4]).buffer));
      const { store, v } = await open(meta);
      const get = store.get.bind(store);
      store.get = async (k) => (k === '/a/0' ? good : k === '/a/1' ? bomb : get(k));
      const slice = await readSlice(store, v, [], { context: ctx });
      expect(slice.failedChunks?.map((f) => f.chunk)).toEqual([[1]]);
      expect(slice.failedChunks?.[0]?.message).toMatch(/inflates to more than/);
      expect(Array.from(slice.data as Int32Array).slice(0, 4)).toEqual([1, 2, 3, 4]);
    }, 10_000);
  });

  it('blosc, zstd and lz4 chunks that declare more than the limit fail alone, before decompressing', async () => {
    // Real encodings of 65 MiB of zeros (the limit for a chunk of 4 ints is 64 MiB); each says its size in its header.
    const zeros = new Uint8Array(65 << 20);
    const codecs = [
      { id: 'blosc', cname: 'lz4', clevel: 9, shuffle: 0 },
      { id: 'zstd', level: 3 },
      { id: 'lz4', acceleration: 1 },
    ];
    const encoders = [
      Blosc.fromConfig(codecs[0] as never),
      Zstd.fromConfig(codecs[1] as never),
      LZ4.fromConfig(codecs[2] as never),
    ];
    for (const [i, compressor] of codecs.entries()) {
      const encoder = encoders[i] as { encode(b: Uint8Array): Promise<Uint8Array> };
      const bomb = await encoder.encode(zeros);
      const good = await encoder.encode(new Uint8Array(new Int32Array([1, 2, 3, 4]).buffer));
      await counted(async () => {
        const { store, v } = await open(zarray([8], [4], '<i4', { compressor, fill_value: 0 }));
        const get = store.get.bind(store);
        store.get = async (k) => (k === '/a/0' ? good : k === '/a/1' ? bomb : get(k));
        const slice = await readSlice(store, v, [], { context: ctx });
        expect(slice.failedChunks?.map((f) => f.chunk)).toEqual([[1]]);
        expect(slice.failedChunks?.[0]?.message).toMatch(/decompresses to 68,157,440 bytes, over the limit/);
        expect(Array.from(slice.data as Int32Array).slice(0, 4)).toEqual([1, 2, 3, 4]);
      });
    }
  }, 60_000);

  it('an entry inflating past the limit stops there; a lying header is caught', async () => {
    await counted(async () => {
      const big = new Uint8Array(64 << 20); // 64 MiB of zeros: ~64 KB deflated
      const honest = await makeZip(
        [
          { name: '.zgroup', data: '{"zarr_format":2}' },
          { name: 'a/0', data: big },
        ],
        { deflate: true },
      );
      expect(honest.length).toBeLessThan(1 << 20);
      const limited = await ZipStore.open(blobSource(new Blob([honest as Uint8Array<ArrayBuffer>]), 'bomb.zip'), {
        maxEntryBytes: 1 << 20,
      });
      await expect(limited.get('/a/0')).rejects.toBeInstanceOf(ZipError);
      const lying = await makeZip(
        [
          { name: '.zgroup', data: '{"zarr_format":2}' },
          { name: 'a/0', data: big.subarray(0, 4 << 20), declaredSize: 100 },
        ],
        { deflate: true },
      );
      const store = await ZipStore.open(blobSource(new Blob([lying as Uint8Array<ArrayBuffer>]), 'liar.zip'));
      await expect(store.get('/a/0')).rejects.toBeInstanceOf(ZipError);
    }, 10_000);
  });
});

describe('long keys and deep hierarchies', () => {
  it('array and attribute names of 1,024 bytes open, print and read', async () => {
    await counted(async () => {
      const name = `${'é'.repeat(400)}${'k'.repeat(224)}`; // 1,024 bytes of UTF-8
      expect(new TextEncoder().encode(name).length).toBe(1024);
      const store = memoryStore({
        '.zgroup': { zarr_format: 2 },
        '.zattrs': { [name]: name },
        [`${name}/.zarray`]: zarray([2], [2], '<i2', { fill_value: 7 }),
        [`${name}/.zattrs`]: { _ARRAY_DIMENSIONS: [name] },
      });
      const ds = await readDataset(store, {});
      expect(ds.problems).toEqual([]);
      const v = ds.root.variables[0]!;
      expect(v.name).toBe(name);
      expect(printCdl(ds)).toContain(name);
      const s = await readSlice(store, v, [], { context: ctx });
      expect(Array.from(s.data as Int16Array)).toEqual([7, 7]);
    });
  });

  it('200 levels of nested groups open (listing and consolidated), print and read', async () => {
    await counted(async () => {
      const files: Record<string, unknown> = { '.zgroup': { zarr_format: 2 } };
      const metadata: Record<string, unknown> = { '.zgroup': { zarr_format: 2 } };
      let key = '';
      for (let i = 0; i < 200; i++) {
        key = key === '' ? `g${i}` : `${key}/g${i}`;
        files[`${key}/.zgroup`] = metadata[`${key}/.zgroup`] = { zarr_format: 2 };
      }
      files[`${key}/deep/.zarray`] = metadata[`${key}/deep/.zarray`] = zarray([3], [3], '<i4', { fill_value: 5 });
      for (const store of [
        memoryStore(files),
        memoryStore({ ...files, '.zmetadata': { zarr_consolidated_format: 1, metadata } }, false),
      ]) {
        const ds = await readDataset(store, { mode: { zarr: true } });
        expect(ds.problems).toEqual([]);
        const v = findVariable(ds.root, `/${key}/deep`);
        expect(v).toBeDefined();
        expect(walkVariables(ds.root)).toHaveLength(1);
        expect(printCdl(ds).split('\n').length).toBeGreaterThan(400);
        const s = await readSlice(store, v!, [], { context: ctx });
        expect(Array.from(s.data as Int32Array)).toEqual([5, 5, 5]);
      }
    }, 5_000);
  });
});

afterAll(() => {
  writeCounts({
    suite: 'resource-limits',
    what: 'absurd shapes, chunk counts, chunk and string sizes refused before allocating; zip, zlib, blosc, zstd and lz4 bombs; 1,024-byte keys; 200-level groups',
    cases,
    crashes: failures,
    hangs: slow,
  });
});
