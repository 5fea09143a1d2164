/**
 * Decoded chunks that a read copies into its slice and no cache keeps go back to the worker that decoded them
 * (`ChunkCache.release`, `WorkerPool.recycle`): a read larger than the cache leaves no garbage the size of the read.
 * A chunk anything else may still hold — kept by the cache, shared by two requesters, the slice itself — stays.
 */
import { describe, expect, it } from 'vitest';
import type { AbsolutePath, Store } from '../store/types';
import { ChunkCache } from './cache';
import { createDataContext } from './context';
import { readSlice } from './read-slice';
import { WorkerPool } from './pool/worker-pool';
import { FakeWorker } from './testing/fake-worker';
import { variableFromMetadata } from './testing/variable-meta';
import { spareStats } from '../memory/spare-buffers';

const chunk = () => ({ data: new Float32Array(4), shape: [4], stride: [1] });

describe('ChunkCache.release', () => {
  it('is true once for a chunk loaded for one requester that the cache does not keep', async () => {
    const cache = new ChunkCache(0);
    const c = await cache.load('a', () => Promise.resolve(chunk()));
    expect(cache.release(c)).toBe(true);
    expect(cache.release(c)).toBe(false);
  });

  it('is false for a chunk the cache keeps, and for one two requesters share', async () => {
    const kept = new ChunkCache(1 << 20);
    const c = await kept.load('a', () => Promise.resolve(chunk()));
    expect(kept.release(c)).toBe(false);
    const none = new ChunkCache(0);
    let resolve: (v: ReturnType<typeof chunk>) => void = () => undefined;
    const loader = () => new Promise<ReturnType<typeof chunk>>((r) => (resolve = r));
    const [a, b] = [none.load('b', loader), none.load('b', loader, new AbortController().signal)];
    resolve(chunk());
    const [ca, cb] = await Promise.all([a, b]);
    expect(ca).toBe(cb);
    expect(none.release(ca)).toBe(false);
  });

  it('a load settled and not kept is not joined afterwards: the next requester loads anew', async () => {
    const cache = new ChunkCache(0);
    let loads = 0;
    const loader = () => (loads++, Promise.resolve(chunk()));
    const first = cache.load('c', loader);
    const c1 = await first;
    const c2 = await cache.load('c', loader);
    expect(loads).toBe(2);
    expect(c1).not.toBe(c2);
    expect(cache.release(c1) && cache.release(c2)).toBe(true);
  });
});

/** A store of one float32 variable of 4 chunks of 512 KiB (uncompressed), values i. */
function bigStore(): { store: Store; meta: Record<string, unknown>; values: Float32Array } {
  const side = 512;
  const meta = {
    zarr_format: 2,
    shape: [2 * side, 2 * side],
    chunks: [side / 2, side],
    dtype: '<f4',
    compressor: null,
    filters: null,
    fill_value: 'NaN',
    order: 'C',
  };
  const values = new Float32Array(4 * side * side).map((_, i) => i);
  const objects = new Map<string, Uint8Array>();
  for (let cy = 0; cy < 4; cy++)
    for (let cx = 0; cx < 2; cx++) {
      const part = new Float32Array((side / 2) * side);
      for (let y = 0; y < side / 2; y++)
        for (let x = 0; x < side; x++) part[y * side + x] = values[(cy * (side / 2) + y) * 2 * side + cx * side + x]!;
      objects.set(`/v/${cy}.${cx}`, new Uint8Array(part.buffer));
    }
  const store: Store = {
    description: 'memory/',
    get: (key: AbsolutePath) => Promise.resolve(objects.get(key)?.slice()),
  };
  return { store, meta, values };
}

function same(a: unknown, b: Float32Array): boolean {
  return a instanceof Float32Array && a.length === b.length && a.every((x, i) => x === b[i]);
}

function pool(): { pool: WorkerPool; workers: FakeWorker[] } {
  const workers: FakeWorker[] = [];
  const p = new WorkerPool(2, () => {
    const w = new FakeWorker();
    workers.push(w);
    return w as unknown as Worker;
  });
  return { pool: p, workers };
}

describe('a read larger than the cache', () => {
  it('gives each decoded chunk back to the worker that made it, after copying it into the slice', async () => {
    const { store, meta, values } = bigStore();
    const { pool: p, workers } = pool();
    const before = spareStats().bytes;
    const s = await readSlice(store, variableFromMetadata('v', meta), [], {
      context: createDataContext({ executor: p, cacheBytes: 0 }),
      budgetBytes: 64 << 20,
    });
    expect(same(s.data, values)).toBe(true);
    const back = workers.flatMap((w) => w.recycled);
    expect(back.length).toBe(8);
    expect(back.every((b) => b.byteLength === 512 * 1024)).toBe(true);
    // Kept by the workers' spares (bounded), for their next chunks.
    expect(spareStats().bytes).toBeGreaterThan(before);
    // A second read gives the same values from the recycled memory.
    const again = await readSlice(store, variableFromMetadata('v', meta), [], {
      context: createDataContext({ executor: p, cacheBytes: 0 }),
      budgetBytes: 64 << 20,
    });
    expect(same(again.data, values)).toBe(true);
    p.close();
  });

  it('gives nothing back when the cache keeps the chunks', async () => {
    const { store, meta, values } = bigStore();
    const { pool: p, workers } = pool();
    const s = await readSlice(store, variableFromMetadata('v', meta), [], {
      context: createDataContext({ executor: p, cacheBytes: 64 << 20 }),
    });
    expect(same(s.data, values)).toBe(true);
    expect(workers.flatMap((w) => w.recycled)).toEqual([]);
    p.close();
  });

  it('a pool takes back only what its workers made', () => {
    const { pool: p, workers } = pool();
    p.recycle(new Float32Array(1 << 18));
    expect(workers.flatMap((w) => w.recycled)).toEqual([]);
    p.close();
  });
});
