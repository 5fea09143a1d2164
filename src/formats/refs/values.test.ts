/**
 * Every variable of every reference fixture, read through the reference store, equals what zarr-python reads
 * through fsspec's ReferenceFileSystem (fixtures/refs/*.values.json): the documents opened as the CLI opens
 * them (a local path), over HTTP (a static server: targets relative to the document) and over S3 (s3rver:
 * relative targets, and `s3://` targets through the configured endpoint).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../opening/open-store';
import { openStoreNode } from '../../opening/open-store-node';
import { startFaultServer, type FaultServer } from '../../store/testing/fault-server';
import { startS3rver, type S3rverHandle } from '../../store/testing/s3rver';
import { emptyTelemetry } from '../../store/types';
import { ReferenceStore } from './store';
import { DOCS, PARQUET, REFS, compareValues } from './testing';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

let http: FaultServer;
let s3: S3rverHandle;

beforeAll(async () => {
  const objects = Object.fromEntries(files(REFS).map((f) => [`/refs/${relative(REFS, f)}`, readFileSync(f)]));
  http = await startFaultServer(objects);
  s3 = await startS3rver({ buckets: ['bkt'] });
  await s3.putFolder('bkt', 'refs', REFS);
  // The same references with absolute s3:// targets (the bucket reached through the configured endpoint).
  const nc4 = readFileSync(join(REFS, 'nc4.v0.json'), 'utf8').replaceAll('"targets/', '"s3://bkt/refs/targets/');
  await s3.put('bkt', 'abs/nc4.v0.json', nc4);
}, 60_000);

afterAll(async () => {
  await http?.stop();
  await s3?.stop();
});

describe('reference fixtures: values equal fsspec ReferenceFileSystem + zarr-python', () => {
  it('has the fixtures', () => expect(DOCS).toEqual(expect.arrayContaining(['nc3.gen', 'nc4.templates', 'zarr.v0'])));
  for (const doc of DOCS) {
    it(`${doc} (local path, as zarrview dump opens it)`, async () => {
      const o = await openStoreNode({ kind: 'local', path: join(REFS, `${doc}.json`) });
      expect(o.store).toBeInstanceOf(ReferenceStore);
      expect(await compareValues(o.store, doc)).toEqual([]);
    });
    it(`${doc} over HTTP`, async () => {
      const telemetry = emptyTelemetry();
      const o = await openStoreNode({ kind: 'url', url: `${http.url}/refs/${doc}.json` }, { telemetry });
      expect(o.store).toBeInstanceOf(ReferenceStore);
      expect((o.store as ReferenceStore).targetHosts()).toEqual([new URL(http.url).host]);
      expect(await compareValues(o.store, doc)).toEqual([]);
      expect(telemetry.requests).toBeGreaterThan(0);
    });
    it(`${doc} over S3`, async () => {
      const o = await openStoreNode(
        { kind: 'url', url: `s3://bkt/refs/${doc}.json` },
        { s3Defaults: () => Promise.resolve({ endpoint: s3.url, region: 'us-east-1' }) },
      );
      expect(await compareValues(o.store, doc)).toEqual([]);
    });
  }
  for (const folder of Object.keys(PARQUET)) {
    it(`${folder} (Parquet, local path)`, async () => {
      const o = await openStoreNode({ kind: 'local', path: join(REFS, folder) });
      expect(o.store).toBeInstanceOf(ReferenceStore);
      expect(await compareValues(o.store, folder)).toEqual([]);
    });
    it(`${folder} (Parquet) over HTTP`, async () => {
      const o = await openStoreNode({ kind: 'url', url: `${http.url}/refs/${folder}` });
      expect(await compareValues(o.store, folder)).toEqual([]);
      expect((o.store as ReferenceStore).targetHosts()).toEqual([new URL(http.url).host]);
    });
    it(`${folder} (Parquet) over S3, #mode=refs`, async () => {
      const o = await openStoreNode(
        { kind: 'url', url: `s3://bkt/refs/${folder}/#mode=refs` },
        { s3Defaults: () => Promise.resolve({ endpoint: s3.url, region: 'us-east-1' }) },
      );
      expect(await compareValues(o.store, folder)).toEqual([]);
    });
  }
  it('s3:// targets go through the configured endpoint', async () => {
    const o = await openStoreNode(
      { kind: 'url', url: `s3://bkt/abs/nc4.v0.json` },
      { s3Defaults: () => Promise.resolve({ endpoint: s3.url, region: 'us-east-1' }) },
    );
    expect((o.store as ReferenceStore).targetHosts()).toEqual(['s3://bkt']);
    expect(await compareValues(o.store, 'nc4.v0')).toEqual([]);
  });
  it('a dropped reference JSON with absolute targets', async () => {
    const text = readFileSync(join(REFS, 'nc4.v0.json'), 'utf8').replaceAll('"targets/', `"${http.url}/refs/targets/`);
    const o = await openStore({ kind: 'file', file: new Blob([text]), name: 'nc4.v0.json' });
    expect(o.store).toBeInstanceOf(ReferenceStore);
    expect(o.name).toBe('nc4.v0');
    expect(await compareValues(o.store, 'nc4.v0')).toEqual([]);
  });
  it('a dropped Parquet reference folder: relative targets are refused with a clear error', async () => {
    const root = join(REFS, 'nc3.parq');
    const dropped = files(root).map((f) => ({ path: relative(root, f), file: new Blob([readFileSync(f)]) }));
    const o = await openStore({ kind: 'folder', files: dropped, name: 'nc3.parq' });
    expect(o.store).toBeInstanceOf(ReferenceStore);
    expect(new TextDecoder().decode(await o.store.get('/rec/.zarray'))).toContain('"shape"');
    await expect(o.store.get('/rec/0.0')).rejects.toThrow(/dropped here without its location/);
  });
  it('#mode=refs: a missing or malformed document is a typed error; without it, the location opens as before', async () => {
    http.set('/bad/refs.txt', '{"version": 1, "refs": ');
    await expect(openStoreNode({ kind: 'url', url: `${http.url}/bad/refs.txt#mode=refs` })).rejects.toMatchObject({
      code: 'metadata',
    });
    await expect(openStoreNode({ kind: 'url', url: `${http.url}/bad/none.json#mode=refs` })).rejects.toMatchObject({
      code: 'not-found',
    });
    const o = await openStoreNode({ kind: 'url', url: `${http.url}/bad/none.json` });
    expect(o.store).not.toBeInstanceOf(ReferenceStore);
  });
  it('a .json URL that is no reference set opens as before', async () => {
    http.set('/plain/zarr.json', '{"zarr_format":3,"node_type":"group","attributes":{}}');
    const o = await openStoreNode({ kind: 'url', url: `${http.url}/plain/zarr.json` });
    expect(o.store).not.toBeInstanceOf(ReferenceStore);
  });
});
