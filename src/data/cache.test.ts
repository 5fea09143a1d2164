import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Progress } from '../api';
import { AbortedError, BudgetError } from '../errors';
import { ChunkCache } from './cache';
import { createDataContext } from './context';
import { isAborted, latestOnly } from './latest';
import { readSlice } from './read-slice';
import { CountingStore, variableFromFolder } from './testing/variable';

const ROOT = join(import.meta.dirname, 'testdata', 'v2.zarr');
const inline = (cacheBytes?: number) => createDataContext({ workers: false, cacheBytes });

describe('cancellation', () => {
  it('after abort no further store requests are made and the read rejects', async () => {
    const store = new CountingStore(ROOT);
    store.latency = 30;
    const ctx = createDataContext({ workers: false, fetchConcurrency: 4 });
    const v = variableFromFolder(ROOT, 'ints_edge'); // 2 x 4 = 8 chunks, at most 4 in flight
    const ac = new AbortController();
    const p = readSlice(store, v, [], { context: ctx, signal: ac.signal });
    await new Promise((r) => setTimeout(r, 5));
    ac.abort();
    const atAbort = store.requests;
    await expect(p).rejects.toBeInstanceOf(AbortedError);
    await new Promise((r) => setTimeout(r, 120));
    expect(atAbort).toBeGreaterThan(0);
    expect(atAbort).toBeLessThan(8);
    expect(store.requests).toBe(atAbort);
  });

  it('latestOnly: a newer call aborts the older one, whose result never arrives', async () => {
    const store = new CountingStore(ROOT);
    store.latency = 20;
    const ctx = inline();
    const v = variableFromFolder(ROOT, 'forder');
    const read = latestOnly((signal, i: number) => readSlice(store, v, [i, null], { context: ctx, signal }));
    const first = read(0);
    const second = read(1);
    const e = await first.catch((x: unknown) => x);
    expect(isAborted(e)).toBe(true);
    const s = await second;
    expect(Array.from(s.data as Int32Array)).toEqual([7, 8, 9, 10, 11, 12, 13]);
  });

  it('one requester aborting leaves a shared chunk load running for the other', async () => {
    const cache = new ChunkCache();
    let calls = 0;
    const loader = async (s: AbortSignal) => {
      calls++;
      await new Promise((r) => setTimeout(r, 20));
      if (s.aborted) throw new AbortedError();
      return null;
    };
    const ac = new AbortController();
    const a = cache.load('k', loader, ac.signal);
    const b = cache.load('k', loader);
    ac.abort();
    await expect(a).rejects.toBeInstanceOf(AbortedError);
    await expect(b).resolves.toBeNull();
    expect(calls).toBe(1);
  });
});

describe('cache', () => {
  it('stays under its byte budget while reading more than the budget', async () => {
    const store = new CountingStore(ROOT);
    const ctx = inline(2500); // one 16x16 float32 chunk is 1 KB; the array is 4.8 KB
    const v = variableFromFolder(ROOT, 'blosc_lz4');
    let max = 0;
    const onProgress = () => (max = Math.max(max, ctx.cache.bytes));
    await readSlice(store, v, [], { context: ctx, budgetBytes: 1e6, onProgress });
    expect(max).toBeGreaterThan(0);
    expect(max).toBeLessThanOrEqual(2500);
    expect(ctx.cache.bytes).toBeLessThanOrEqual(2500);
    expect(ctx.cache.stats.evictions).toBeGreaterThan(0);
  });

  it('de-duplicates concurrent requests for the same chunks and serves repeats from memory', async () => {
    const store = new CountingStore(ROOT);
    store.latency = 10;
    const ctx = inline();
    const v = variableFromFolder(ROOT, 'blosc_lz4'); // 3 x 2 chunks
    const [a, b] = await Promise.all([
      readSlice(store, v, [], { context: ctx }),
      readSlice(store, v, [{ start: 0, stop: 40 }, null], { context: ctx }),
    ]);
    expect(Array.from(a.data as Float32Array)).toEqual(Array.from(b.data as Float32Array));
    expect(store.requests).toBe(6);
    await readSlice(store, v, [3, null], { context: ctx });
    expect(store.requests).toBe(6);
    expect(ctx.cache.stats.hits).toBeGreaterThanOrEqual(2);
  });

  it('reports progress per chunk with the bytes fetched', async () => {
    const store = new CountingStore(ROOT);
    const events: Progress[] = [];
    await readSlice(store, variableFromFolder(ROOT, 'zstd'), [], {
      context: inline(),
      onProgress: (p) => events.push(p),
    });
    expect(events[0]).toEqual({ done: 0, total: 9, bytes: 0 });
    expect(events.at(-1)).toEqual({ done: 9, total: 9, bytes: store.bytes });
    expect(events.map((e) => e.done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('budget', () => {
  it('refuses a selection over budget before fetching, and suggests a stride that fits', async () => {
    const store = new CountingStore(ROOT);
    const v = variableFromFolder(ROOT, 'blosc_lz4'); // 40 x 30 float32 = 4800 bytes
    const err = await readSlice(store, v, [], { context: inline(), budgetBytes: 1000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BudgetError);
    expect(store.requests).toBe(0);
    const k = Number(/stride (\d+)/.exec((err as Error).message)?.[1]);
    expect(k).toBe(3); // ceil(40/3) * ceil(30/3) * 4 = 560 <= 1000; k = 2 gives 1200
    expect((err as BudgetError).suggestedStride).toBe(k);
    const s = await readSlice(store, v, [], { context: inline(), budgetBytes: 1000, stride: k });
    expect(s.shape).toEqual([14, 10]);
    const full = await readSlice(store, v, [], { context: inline() });
    expect((s.data as Float32Array)[11]).toBe((full.data as Float32Array)[3 * 30 + 3]);
    // A strided read that is still too big suggests the total stride (including its own), which then fits.
    const again = await readSlice(store, v, [], { context: inline(), budgetBytes: 200, stride: 2 }).catch(
      (e: unknown) => e,
    );
    const total = (again as BudgetError).suggestedStride as number;
    expect(total).toBeGreaterThan(2);
    expect((await readSlice(store, v, [], { context: inline(), budgetBytes: 200, stride: total })).shape).toEqual([
      Math.ceil(40 / total),
      Math.ceil(30 / total),
    ]);
  });
});

describe('prefetch', () => {
  it('a read served by a prefetched chunk counts one prefetch hit per chunk; the prefetch itself counts no hit or miss', async () => {
    const store = new CountingStore(ROOT);
    const ctx = inline();
    const v = variableFromFolder(ROOT, 'forder'); // 3 x 3 chunks
    await readSlice(store, v, [0, null], { context: ctx, priority: 'low' });
    const requests = store.requests;
    expect(ctx.cache.stats).toMatchObject({ hits: 0, misses: 0, prefetchHits: 0 });
    const a = await readSlice(store, v, [0, null], { context: ctx });
    expect(store.requests).toBe(requests);
    expect(ctx.cache.stats.prefetchHits).toBe(ctx.cache.stats.hits);
    expect(ctx.cache.stats.prefetchHits).toBeGreaterThan(0);
    await readSlice(store, v, [0, null], { context: ctx });
    expect(a.shape.length).toBe(1);
    expect(ctx.cache.stats.prefetchHits).toBe(ctx.cache.stats.hits / 2); // the second read's hits are plain ones
  });

  it('a read joining a prefetch still in flight shares its fetch and counts it', async () => {
    const store = new CountingStore(ROOT);
    store.latency = 20;
    const ctx = inline();
    const v = variableFromFolder(ROOT, 'forder');
    const pre = readSlice(store, v, [1, null], { context: ctx, priority: 'low' });
    const read = await readSlice(store, v, [1, null], { context: ctx });
    await pre;
    expect(ctx.cache.stats.prefetchHits).toBeGreaterThan(0);
    const fresh = await readSlice(new CountingStore(ROOT), v, [1, null], { context: inline() });
    expect(Array.from(read.data as ArrayLike<number>)).toEqual(Array.from(fresh.data as ArrayLike<number>));
  });
});

describe('a slice that is one whole chunk', () => {
  it('is the decoded chunk itself (no copy), with the values a copying read gives', async () => {
    const v = variableFromFolder(ROOT, 'big_f8'); // 2 x 2 chunks
    const [c0, c1] = v.chunks;
    const ctx = inline();
    const store = new CountingStore(ROOT);
    const whole = await readSlice(
      store,
      v,
      [
        { start: 0, stop: c0! },
        { start: 0, stop: c1! },
      ],
      { context: ctx },
    );
    const again = await readSlice(
      store,
      v,
      [
        { start: 0, stop: c0! },
        { start: 0, stop: c1! },
      ],
      { context: ctx },
    );
    expect(again.data).toBe(whole.data); // the cached chunk's buffer
    const all = await readSlice(new CountingStore(ROOT), v, [], { context: inline() });
    const n1 = v.shape[1]!;
    const want: number[] = [];
    for (let r = 0; r < c0!; r++) for (let c = 0; c < c1!; c++) want.push((all.data as Float64Array)[r * n1 + c]!);
    expect(Array.from(whole.data as Float64Array)).toEqual(want);
    expect(whole.shape).toEqual([c0, c1]);
  });
});
