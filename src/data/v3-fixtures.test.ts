import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import FileSystemStore from '@zarrita/storage/fs';
import { Float16Array as Float16Polyfill } from '@petamoriken/float16';
import * as zarr from 'zarrita';
import { describe, expect, it } from 'vitest';
import { createDataContext } from './context';
import { readSlice } from './read-slice';
import { CountingStore, comparable, variableFromFolder } from './testing/variable';

// Zarr v3 arrays written by zarr-python 3 (sharding, transpose, blosc/gzip/delta, f2, >f4, bool, strings).
// Expected values: zarrita's own reading of the same files (an independent decoder from ours).
// zarrita reads float16 through Float16Array, which Node 20 lacks.
(globalThis as { Float16Array?: unknown }).Float16Array ??= Float16Polyfill;
// The committed copy of the zarr-python 3 dataset: part of the repository, so the suite never skips.
const ROOT = join(import.meta.dirname, '../../fixtures/zarr-v3/data.zarr');
const names = readdirSync(ROOT).filter((n) => existsSync(join(ROOT, n, 'zarr.json')));

async function reference(key: string): Promise<{ shape: number[]; values: unknown[] } | null> {
  const arr = await zarr.open
    .v3(zarr.root(new FileSystemStore(ROOT)).resolve(key), { kind: 'array' })
    .catch(() => null);
  if (!arr || arr.kind !== 'array') return null;
  const chunk = (await zarr.get(arr)) as unknown as {
    data: ArrayLike<unknown> & { get?(i: number): unknown };
    shape: number[];
    stride: number[];
  };
  const n = chunk.shape.reduce((a, b) => a * b, 1);
  const cStride = chunk.shape.map((_, i) => chunk.shape.slice(i + 1).reduce((a, b) => a * b, 1));
  const values: unknown[] = [];
  for (let flat = 0; flat < n; flat++) {
    let off = 0;
    chunk.shape.forEach(
      (_, d) =>
        (off += (Math.floor(flat / (cStride[d] as number)) % (chunk.shape[d] as number)) * (chunk.stride[d] as number)),
    );
    const v = chunk.data.get ? chunk.data.get(off) : chunk.data[off];
    values.push(comparable(v));
  }
  return { shape: chunk.shape, values };
}

describe('readSlice on Zarr v3 written by zarr-python 3', () => {
  it('finds the arrays', () => expect(names.length).toBeGreaterThan(5));
  const ctx = createDataContext({ workers: false });
  for (const name of names) {
    it(`${name} equals zarrita's reading`, async () => {
      const ref = await reference(name);
      if (!ref) return; // a group
      const v = variableFromFolder(ROOT, name);
      const slice = await readSlice(new CountingStore(ROOT), v, [], { context: ctx });
      expect(slice.shape).toEqual(ref.shape);
      expect(slice.failedChunks).toBeUndefined();
      expect(Array.from(slice.data as ArrayLike<unknown>, comparable)).toEqual(ref.values);
    });
  }

  it('a sharded read fetches the index once per shard and one range per inner chunk touched', async () => {
    const store = new CountingStore(ROOT);
    const v = variableFromFolder(ROOT, '2d.chunked.compressed.sharded.i2');
    const c = createDataContext({ workers: false });
    await readSlice(store, v, [0, null], { context: c });
    const shards = new Set(store.keys).size;
    expect(store.requests).toBe(shards + c.stats.decoded + (c.stats.fetches - c.stats.decoded));
  });
});
