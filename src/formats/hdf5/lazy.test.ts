import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ByteSource } from './byte-source.ts';
import { bytesSource, chunkAt, chunkLocations, openHdf5 } from './index.ts';
import { PageCache } from './page-cache.ts';

const DIR = join(__dirname, '../../../fixtures/hdf5');
const SCRIPT = join(__dirname, '../../../scripts/fixtures/make-hdf5.py');
const tmp = mkdtempSync(join(tmpdir(), 'zarrview-hdf5-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A file of 1,000 datasets: written now by h5py when Debian's Python has it, else the committed one. */
function manyFile(libver: 'latest' | 'earliest'): Uint8Array | undefined {
  const out = join(tmp, `many-${libver}.h5`);
  try {
    execFileSync('/usr/bin/python3', [SCRIPT, '--many', out, '1000', libver], { stdio: 'ignore', timeout: 60_000 });
    return new Uint8Array(readFileSync(out));
  } catch {
    return libver === 'latest' ? new Uint8Array(readFileSync(join(DIR, 'many-1000.h5'))) : undefined;
  }
}

/** A source that counts what it is asked, as a server would see it. */
function counting(bytes: Uint8Array): ByteSource & { requests: number; bytes: number } {
  const s = {
    size: bytes.length,
    requests: 0,
    bytes: 0,
    read(offset: number, length: number) {
      s.requests++;
      s.bytes += length;
      return Promise.resolve(bytes.slice(offset, offset + length));
    },
  };
  return s;
}

describe('opening is lazy', () => {
  it.each(['latest', 'earliest'] as const)('lists the root of 1,000 datasets (%s format) in a few pages', async (v) => {
    const bytes = manyFile(v);
    if (!bytes) return;
    const source = counting(bytes);
    const root = await openHdf5(source, { pageSize: 65536 });
    const links = await root.links();
    expect(links).toHaveLength(1000);
    expect(links[987]).toMatchObject({ name: 'v0987', kind: 'hard' });
    // The file is ~300 KB: listing reads the superblock, the root header and the link index, not every member.
    expect(source.requests).toBeLessThanOrEqual(6);
    expect(root.file.stats.requests).toBe(source.requests);
    const small = counting(bytes);
    expect(await (await openHdf5(small, { pageSize: 4096 })).links()).toHaveLength(1000);
    // With small pages the members' object headers are seen not to be read: under half of the file is. (The old
    // format's symbol table nodes, 8 names each, are spread between the members' headers: it reads them all.)
    if (v === 'latest') expect(small.bytes).toBeLessThan(bytes.length / 2);
    const before = source.requests;
    const ds = await root.getObject('v0987');
    expect(ds.kind).toBe('dataset');
    expect(source.requests - before).toBeLessThanOrEqual(2);
  });

  it('opening reads only the first page', async () => {
    const bytes = new Uint8Array(readFileSync(join(DIR, 'chunks-latest.h5')));
    const source = counting(bytes);
    await openHdf5(source, { pageSize: 4096 });
    expect(source.requests).toBe(1);
    expect(source.bytes).toBe(4096);
  });

  it('looks up one chunk of an 800-chunk v2 B-tree without listing them all', async () => {
    const bytes = new Uint8Array(readFileSync(join(DIR, 'chunks-latest.h5')));
    const root = await openHdf5(bytesSource(bytes), { pageSize: 512, maxPages: 4 });
    const ds = await root.getObject('/bt2');
    if (ds.kind !== 'dataset') throw new Error('not a dataset');
    const before = root.file.stats.bytes;
    const one = await chunkAt(root.file, ds, [3, 2]);
    expect(one?.coords).toEqual([3, 4]);
    expect(root.file.stats.bytes - before).toBeLessThan(6 * 512);
    expect(await chunkLocations(root.file, ds, { start: [3, 4], count: [1, 2] })).toEqual([one]);
  });
});

describe('PageCache', () => {
  const bytes = new Uint8Array(10_000).map((_, i) => i & 0xff);

  it('shares concurrent reads of one page and joins pages', async () => {
    const source = counting(bytes);
    const cache = new PageCache(source, bytes.length, { pageSize: 1024 });
    const [a, b, c] = await Promise.all([cache.read(10, 20, 't'), cache.read(100, 5, 't'), cache.read(1000, 100, 't')]);
    expect([...a]).toEqual([...bytes.slice(10, 30)]);
    expect([...b]).toEqual([...bytes.slice(100, 105)]);
    expect([...c]).toEqual([...bytes.slice(1000, 1100)]);
    expect(source.requests).toBe(2);
    expect(cache.stats.hits).toBeGreaterThanOrEqual(2);
  });

  it('keeps a bounded number of pages', async () => {
    const source = counting(bytes);
    const cache = new PageCache(source, bytes.length, { pageSize: 1024, maxPages: 2 });
    for (const at of [0, 2048, 4096, 0]) await cache.read(at, 10, 't');
    expect(source.requests).toBe(4);
  });

  it('refuses reads past the end and short sources', async () => {
    const cache = new PageCache(bytesSource(bytes), bytes.length + 100, { pageSize: 1024 });
    await expect(cache.read(9990, 20, 'thing')).rejects.toThrow(/ends after 10000 bytes/);
    await expect(cache.read(10_090, 20, 'thing')).rejects.toThrow(/past the end/);
    await expect(cache.read(-1, 2, 'thing')).rejects.toThrow(/invalid range/);
  });
});

it('committed many-1000.h5 is there for machines without h5py', () => {
  expect(existsSync(join(DIR, 'many-1000.h5'))).toBe(true);
});

it('stops a chunk listing when its signal is aborted', async () => {
  const root = await openHdf5(bytesSource(new Uint8Array(readFileSync(join(DIR, 'chunks-latest.h5')))));
  const ds = await root.getObject('/bt2');
  if (ds.kind !== 'dataset') throw new Error('not a dataset');
  const controller = new AbortController();
  controller.abort();
  await expect(chunkLocations(root.file, ds, undefined, { signal: controller.signal })).rejects.toMatchObject({
    code: 'aborted',
  });
});
