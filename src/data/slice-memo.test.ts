import { describe, expect, it } from 'vitest';
import type { Slice } from '../api';
import type { Variable } from '../model/types';
import { AbortedError } from '../errors';
import { ChunkCache } from './cache';
import { SliceMemo } from './slice-memo';

const slice = (n: number, failed = false): Slice => ({
  variable: {} as Variable,
  shape: [n],
  data: new Float64Array(n),
  ...(failed ? { failedChunks: [{ chunk: [0], message: 'bad' }] } : {}),
});

describe('SliceMemo', () => {
  it('gives the same slice back; a prefetched one counts its chunks as prefetch hits once', () => {
    const memo = new SliceMemo();
    const cache = new ChunkCache();
    const s = slice(4);
    memo.put('a', s, 3, true);
    expect(memo.get('a', cache, true)).toBe(s); // another prefetch: no hits counted
    expect(cache.stats).toMatchObject({ hits: 0, prefetchHits: 0 });
    expect(memo.get('a', cache, false)).toBe(s);
    expect(cache.stats).toMatchObject({ hits: 3, prefetchHits: 3 });
    memo.get('a', cache, false);
    expect(cache.stats).toMatchObject({ hits: 6, prefetchHits: 3 });
  });

  it('keeps no slice with unreadable chunks, and stays within its count and bytes', () => {
    const memo = new SliceMemo(2, 1000);
    const cache = new ChunkCache();
    memo.put('bad', slice(4, true), 1, false);
    expect(memo.get('bad', cache, false)).toBeUndefined();
    memo.put('a', slice(10), 1, false); // 80 bytes
    memo.put('b', slice(10), 1, false);
    memo.put('c', slice(10), 1, false);
    expect(memo.get('a', cache, false)).toBeUndefined(); // oldest out (count)
    expect(memo.get('b', cache, false)).toBeDefined();
    memo.put('big', slice(200), 1, false); // 1600 bytes > 1000: never kept
    expect(memo.get('big', cache, false)).toBeUndefined();
    memo.put('d', slice(100), 1, false); // 800 bytes: b + c + d > 1000 → the least recently used go
    expect(memo.get('d', cache, false)).toBeDefined();
    expect(memo.get('c', cache, false)).toBeUndefined();
  });
});

describe('SliceMemo.read', () => {
  it('a read joins the same read in flight; it goes on when the prefetch that started it aborts, and stops when all have', async () => {
    const memo = new SliceMemo();
    const cache = new ChunkCache();
    let starts = 0;
    let aborted = 0;
    const start = (signal: AbortSignal) => {
      starts++;
      signal.addEventListener('abort', () => aborted++);
      return new Promise<{ slice: Slice; chunks: number }>((r) =>
        setTimeout(() => r({ slice: slice(2), chunks: 2 }), 30),
      );
    };
    const pre = new AbortController();
    const a = memo.read('k', cache, true, start, pre.signal);
    const b = memo.read('k', cache, false, start);
    pre.abort();
    await expect(a).rejects.toBeInstanceOf(AbortedError);
    const s = await b;
    expect(starts).toBe(1);
    expect(aborted).toBe(0);
    expect(cache.stats.prefetchHits).toBe(2); // the read took the prefetch's slice
    expect(await memo.read('k', cache, false, start)).toBe(s);

    const c1 = new AbortController();
    const c2 = new AbortController();
    const x = memo.read('other', cache, false, start, c1.signal);
    const y = memo.read('other', cache, false, start, c2.signal);
    c1.abort();
    expect(aborted).toBe(0);
    c2.abort();
    expect(aborted).toBe(1);
    await expect(x).rejects.toBeInstanceOf(AbortedError);
    await expect(y).rejects.toBeInstanceOf(AbortedError);
  });
});
