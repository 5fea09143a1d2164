import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, ZipError } from '../errors';
import { HttpStore } from './http-store';
import { withNetworkPolicy } from './network';
import { makeZip } from './testing/make-zip';
import { startFaultServer, type FaultServer } from './testing/fault-server';
import { emptyTelemetry } from './types';
import { blobSource, storeSource } from './zip-reader';
import { ZipStore, findZipRoot } from './zip-store';

const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined);
const chunk = new Uint8Array(4096).map((_, i) => (i * 7) % 256);

function nczarrZip(): Promise<Uint8Array> {
  return makeZip(
    [
      { name: 'tst/', data: '' },
      { name: 'tst/.zgroup', data: '{"zarr_format":2}' },
      { name: 'tst/.zattrs', data: '{"_nczarr_superblock":{"version":"2.0.0"}}' },
      { name: 'tst/v/.zarray', data: '{"shape":[4]}' },
      { name: 'tst/v/0', data: chunk },
      { name: 'tst/v/1', data: chunk, stored: true },
    ],
    { deflate: true, comment: 'netcdf-c style' },
  );
}

describe('zip root detection', () => {
  it('finds the top folder of NCZarr zips and the top of zarr-python zips', () => {
    expect(findZipRoot(['tst/', 'tst/.zgroup', 'tst/v/.zarray'])).toBe('tst/');
    expect(findZipRoot(['.zgroup', 'v/.zarray'])).toBe('');
    expect(findZipRoot(['a/.zgroup', 'b/.zgroup'], 'b')).toBe('a/'); // netcdf-c: the first entry's folder
    expect(findZipRoot(['x/.zgroup', '.zgroup', '.zattrs'])).toBe('x/');
    expect(findZipRoot(['__MACOSX/x', 'd/.zgroup'])).toBe('d/');
    expect(findZipRoot(['a/.zgroup', 'b/.zgroup'])).toBe('a/');
    expect(findZipRoot(['x/zarr.json', 'x/v/zarr.json'])).toBe('x/');
    expect(findZipRoot(['readme.txt'])).toBeUndefined();
  });
});

describe('ZipStore over a Blob', () => {
  it('reads a netcdf-c style zip (top folder, deflated and stored entries)', async () => {
    const zip = await nczarrZip();
    const blob = blobSource(new Blob([zip as Uint8Array<ArrayBuffer>]), 'tst.zip');
    let reads = 0;
    const counted = { ...blob, read: (o: number, l: number, s?: AbortSignal) => (reads++, blob.read(o, l, s)) };
    const store = await ZipStore.open(counted, { stem: 'tst' });
    expect(store.root).toBe('tst/');
    expect(text(await store.get('/.zgroup'))).toBe('{"zarr_format":2}');
    expect(await store.get('/v/0')).toEqual(chunk);
    expect(await store.getRange('/v/1', { offset: 100, length: 10 })).toEqual(chunk.subarray(100, 110));
    expect(await store.getRange('/v/0', { suffixLength: 5 })).toEqual(chunk.subarray(4091));
    const before = reads;
    expect(await store.getRange('/v/0', { offset: 8, length: 4 })).toEqual(chunk.subarray(8, 12));
    expect(reads).toBe(before); // inflated once for both range reads
    expect(await store.get('/missing')).toBeUndefined();
    expect(await store.list('/')).toEqual({ files: ['.zattrs', '.zgroup'], folders: ['v'] });
    expect(await store.list('/v/')).toEqual({ files: ['.zarray', '0', '1'], folders: [] });
    await expect(store.get('/v/0', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortedError);
  });

  it('rejects a file that is not a zip, and a zip with no dataset', async () => {
    const notZip = blobSource(new Blob(['this is not a zip file at all, just text']), 'x.zip');
    await expect(ZipStore.open(notZip)).rejects.toMatchObject({
      code: 'zip',
      message: expect.stringMatching(/not a zip/),
    });
    const noData = await makeZip([{ name: 'readme.txt', data: 'hi' }]);
    await expect(
      ZipStore.open(blobSource(new Blob([noData as Uint8Array<ArrayBuffer>]), 'r.zip')),
    ).rejects.toMatchObject({ code: 'zip', message: expect.stringMatching(/no Zarr dataset/) });
  });

  it('bounds decompressed size: lying headers and the per-entry limit', async () => {
    const big = new Uint8Array(1 << 20); // 1 MiB of zeros deflates to ~1 KB
    const bomb = await makeZip(
      [
        { name: '.zgroup', data: '{}' },
        { name: 'c/0', data: big, declaredSize: 1000 },
      ],
      { deflate: true },
    );
    const store = await ZipStore.open(blobSource(new Blob([bomb as Uint8Array<ArrayBuffer>]), 'bomb.zip'));
    await expect(store.get('/c/0')).rejects.toBeInstanceOf(ZipError);
    const honest = await makeZip(
      [
        { name: '.zgroup', data: '{}' },
        { name: 'c/0', data: big },
      ],
      { deflate: true },
    );
    const limited = await ZipStore.open(blobSource(new Blob([honest as Uint8Array<ArrayBuffer>]), 'h.zip'), {
      maxEntryBytes: 1000,
    });
    await expect(limited.get('/c/0')).rejects.toMatchObject({
      code: 'zip',
      message: expect.stringMatching(/over the limit/),
    });
    expect(await limited.get('/.zgroup')).toBeDefined();
  });
});

// Written by Python's zipfile (as zarr-python's ZipStore writes) through scripts/fixtures/make-python-zip.py; committed.
const PY_ZIP = path.join(import.meta.dirname, '../../fixtures/python-zipfile/zip64.zip');
describe('zips written by Python zipfile (as zarr-python ZipStore does)', () => {
  it('reads a stored, top-level, ZIP64 zip', async () => {
    const bytes = readFileSync(PY_ZIP);
    const store = await ZipStore.open(blobSource(new Blob([bytes]), 'ds.zip'), { stem: 'ds' });
    expect(store.root).toBe('');
    expect(text(await store.get('/v/.zarray'))).toBe('{"shape": [32, 32]}');
    expect((await store.get('/v/0.0'))?.length).toBe(1024);
    expect(await store.getRange('/v/0.0', { offset: 250, length: 10 })).toEqual(
      new Uint8Array([250, 251, 252, 253, 254, 255, 0, 1, 2, 3]),
    );
    expect(await store.list('/')).toEqual({ files: ['.zgroup'], folders: ['v'] });
  });
});

describe('zip by URL, read by ranges', () => {
  let server: FaultServer;
  let zip: Uint8Array;
  beforeAll(async () => {
    // Incompressible chunks, so that the zip is much larger than one chunk.
    let seed = 1;
    const noise = () => new Uint8Array(4096).map(() => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24);
    const many = Array.from({ length: 20 }, (_, i) => ({ name: `tst/v/${i}`, data: i === 7 ? chunk : noise() }));
    zip = await makeZip([{ name: 'tst/.zgroup', data: '{"zarr_format":2}' }, ...many], { deflate: true });
    server = await startFaultServer({ '/data/tst.zip': zip });
  });
  afterAll(() => server.stop());

  it('reads one chunk with far fewer bytes than the zip, through the network policy', async () => {
    const http = new HttpStore(`${server.url}/data`);
    const head = await http.head('/tst.zip');
    const telemetry = emptyTelemetry();
    const remote = withNetworkPolicy(http, { telemetry, retry: { baseDelayMs: 5 } });
    server.fail('/data/tst.zip', 503);
    const store = await ZipStore.open(storeSource(remote, '/tst.zip', head!.size!, 'tst.zip'), { stem: 'tst' });
    expect(await store.get('/v/7')).toEqual(chunk);
    expect(telemetry.retries).toBe(1);
    expect(telemetry.bytes).toBeLessThan(zip.length / 10);
    expect(server.requests.filter((r) => r.path === '/data/tst.zip' && r.headers.range).length).toBe(4);
  });
});
