/** The page cache's page sizes: whole pages for metadata that lies together, small runs for metadata spread thin. */
import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';

function source(size: number) {
  const lengths: number[] = [];
  return {
    lengths,
    size,
    read(offset: number, length: number) {
      lengths.push(length);
      return Promise.resolve(new Uint8Array(length).map((_, i) => (offset + i) % 251));
    },
  };
}

describe('PageCache', () => {
  it('reads whole 64 KiB pages while reads fall together', async () => {
    const s = source(4 * 2 ** 20);
    const cache = new PageCache(s, s.size);
    for (let at = 0; at + 600 <= 256 * 1024; at += 700) await cache.read(at, 600, 'header');
    expect(new Set(s.lengths)).toEqual(new Set([65536]));
    expect(s.lengths).toHaveLength(4);
  });

  it('reads 8 KiB from the read on once whole pages go mostly unused, and the bytes are right', async () => {
    const s = source(64 * 2 ** 20);
    const cache = new PageCache(s, s.size);
    const spots = Array.from({ length: 40 }, (_, i) => i * 1_000_003 + 1234);
    for (const at of spots) {
      const b = await cache.read(at, 900, 'header');
      expect(Array.from(b.subarray(0, 3))).toEqual([at % 251, (at + 1) % 251, (at + 2) % 251]);
    }
    expect(s.lengths.slice(0, 8)).toEqual(Array(8).fill(65536));
    expect(new Set(s.lengths.slice(8))).toEqual(new Set([8192]));
    // A read across the end of a small run takes the next units, one request more.
    const last = spots.at(-1)!;
    const across = await cache.read(last + 8000, 1000, 'header');
    expect(across[0]).toBe((last + 8000) % 251);
  });

  it('shares one request between concurrent reads of a page and between reads with different signals', async () => {
    const s = source(2 ** 20);
    const cache = new PageCache(s, s.size);
    const a = new AbortController();
    const reads = [cache.read(10, 100, 'x', a.signal), cache.read(200, 100, 'x'), cache.read(5000, 100, 'x')];
    a.abort();
    await expect(reads[0]).rejects.toThrow();
    await expect(reads[1]).resolves.toHaveLength(100);
    expect(s.lengths).toEqual([65536]);
  });
});
