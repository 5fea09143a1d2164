import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zarr from 'zarrita';
import { openStore } from './open-store';
import { openStoreNode } from './open-store-node';
import { makeZip } from '../store/testing/make-zip';
import { startFaultServer, type FaultServer } from '../store/testing/fault-server';
import { startS3rver, type S3rverHandle } from '../store/testing/s3rver';
import { startSigV4Proxy, type SigV4Proxy } from '../store/testing/sigv4-proxy';
import { emptyTelemetry } from '../store/types';

const creds = { accessKeyId: 'AKIDOPEN', secretAccessKey: 'open-secret' };
const DS = { '.zgroup': '{"zarr_format":2}', '.zattrs': '{"title":"x"}', 'v/.zarray': '{"shape":[2]}', 'v/0': 'abcd' };
const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined);
let http: FaultServer;
let s3: S3rverHandle;
let proxy: SigV4Proxy;
let zip: Uint8Array;
let dir: string;

beforeAll(async () => {
  zip = await makeZip(
    Object.entries(DS).map(([k, v]) => ({ name: `tst/${k}`, data: v })),
    { deflate: true },
  );
  http = await startFaultServer({
    ...Object.fromEntries(Object.entries(DS).map(([k, v]) => [`/data/ds.zarr/${k}`, v])),
    '/data/tst.zip': zip,
  });
  s3 = await startS3rver({ buckets: ['bkt'] });
  for (const [k, v] of Object.entries(DS)) await s3.put('bkt', `dir/ds.zarr/${k}`, v);
  await s3.put('bkt', 'dir/tst.zip', zip);
  proxy = await startSigV4Proxy({ target: s3.url, credentials: creds, region: 'eu-central-1' });
  dir = mkdtempSync(path.join(os.tmpdir(), 'zv-open-'));
  for (const [k, v] of Object.entries(DS)) {
    mkdirSync(path.dirname(path.join(dir, 'ds.zarr', k)), { recursive: true });
    writeFileSync(path.join(dir, 'ds.zarr', k), v);
  }
  writeFileSync(path.join(dir, 'tst.zip'), zip);
}, 60_000);

afterAll(async () => {
  await http?.stop();
  await proxy?.stop();
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('openStore', () => {
  it('https URL → HTTP store with the network policy', async () => {
    const telemetry = emptyTelemetry();
    http.fail('/data/ds.zarr/.zgroup', 503);
    const o = await openStore(
      { kind: 'url', url: `${http.url}/data/ds.zarr#mode=zarr,noxarray` },
      { telemetry, retry: { baseDelayMs: 5 } },
    );
    expect(text(await o.store.get('/.zgroup'))).toBe(DS['.zgroup']);
    expect(o).toMatchObject({
      name: 'ds',
      mode: { zarr: true, xarray: false, medium: 'http' },
      location: `${http.url}/data/ds.zarr#mode=zarr,noxarray`,
    });
    expect(telemetry).toMatchObject({ requests: 2, retries: 1 });
    // This server offers no directory index and no S3 listing: listing says what to do instead.
    await expect(o.store.list!('/')).rejects.toMatchObject({
      code: 'unsupported',
      message: expect.stringContaining('zarr.consolidate_metadata'),
    });
  });

  it('zip at a URL → ranged zip store with the NCZarr top folder', async () => {
    const o = await openStore({ kind: 'url', url: `${http.url}/data/tst.zip#mode=nczarr,zip` });
    expect(o).toMatchObject({ name: 'tst', mode: { nczarr: true, medium: 'zip' } });
    expect(text(await o.store.get('/v/0'))).toBe('abcd');
    expect(await o.store.list!('/')).toEqual({ files: ['.zattrs', '.zgroup'], folders: ['v'] });
    await expect(openStore({ kind: 'url', url: `${http.url}/data/none.zip` })).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('S3-compatible path-style URL (#mode=…,s3) lists through ListObjectsV2', async () => {
    const o = await openStore({ kind: 'url', url: `${s3.url}/bkt/dir/ds.zarr#mode=nczarr,s3` });
    expect(o.mode.medium).toBe('s3');
    expect(await o.store.list!('/')).toEqual({ files: ['.zattrs', '.zgroup'], folders: ['v'] });
  });

  it('s3://alias/bucket/key with alias credentials → signed requests; zip on S3', async () => {
    const aliases = [{ name: 'lab', url: proxy.url, region: 'eu-central-1', credentials: creds }];
    const o = await openStore({ kind: 'url', url: 's3://lab/bkt/dir/ds.zarr#mode=zarr' }, { aliases });
    expect(text(await o.store.get('/v/.zarray'))).toBe(DS['v/.zarray']);
    expect((await o.store.list!('/v/')).files).toEqual(['.zarray', '0']);
    expect(o.location).toBe('s3://lab/bkt/dir/ds.zarr#mode=zarr');
    const z = await openStore({ kind: 'url', url: 's3://lab/bkt/dir/tst.zip#mode=nczarr,zip' }, { aliases });
    expect(text(await z.store.get('/.zattrs'))).toBe(DS['.zattrs']);
    expect(proxy.verdicts.length).toBeGreaterThan(4);
    expect(proxy.verdicts.every((v) => v.valid)).toBe(true);
  });

  it('explicit credentials apply to s3:// with an endpoint from the environment hook', async () => {
    const o = await openStore(
      { kind: 'url', url: 's3://bkt/dir/ds.zarr' },
      { credentials: { ...creds, region: 'eu-central-1' }, s3Defaults: async () => ({ endpoint: proxy.url }) },
    );
    expect(text(await o.store.get('/.zgroup'))).toBe(DS['.zgroup']);
    expect(proxy.verdicts.at(-1)).toMatchObject({ signed: true, valid: true });
  });

  it('credentials never go to a host without an alias; a path-style URL on an alias host gets its credentials', async () => {
    const url = `${proxy.url}/bkt/dir/ds.zarr#mode=zarr,s3`;
    const unsigned = await openStore({ kind: 'url', url }, { credentials: creds });
    expect(await unsigned.store.get('/.zgroup')).toBeUndefined();
    expect(proxy.verdicts.at(-1)).toMatchObject({ signed: false });
    const aliases = [{ name: 'lab', url: proxy.url, region: 'eu-central-1', credentials: creds }];
    const signed = await openStore({ kind: 'url', url }, { aliases });
    expect(text(await signed.store.get('/.zgroup'))).toBe(DS['.zgroup']);
    expect(proxy.verdicts.at(-1)).toMatchObject({ signed: true, valid: true });
  });

  it('zarrita opens groups and arrays through every store kind', async () => {
    const meta =
      '{"zarr_format":2,"shape":[4],"chunks":[4],"dtype":"<i2","compressor":null,"fill_value":0,"order":"C","filters":null}';
    const arr = { name: 'z/a/.zarray', data: meta };
    const chunk = { name: 'z/a/0', data: new Uint8Array(new Int16Array([1, -2, 3, -4]).buffer) };
    const z = await makeZip([{ name: 'z/.zgroup', data: '{"zarr_format":2}' }, arr, chunk], { deflate: true });
    const o = await openStore({ kind: 'zip-file', file: new Blob([z as Uint8Array<ArrayBuffer>]), name: 'z.zip' });
    const a = await zarr.open(zarr.root(o.store).resolve('a'), { kind: 'array' });
    const got = await zarr.get(a);
    expect(Array.from(got.data as Int16Array)).toEqual([1, -2, 3, -4]);
    const h = await openStore({ kind: 'url', url: `${http.url}/data/ds.zarr` });
    expect((await zarr.open(zarr.root(h.store), { kind: 'group' })).attrs).toEqual({ title: 'x' });
  });

  it('addresses AWS buckets: virtual host when written so or when the region is unknown, else path style', async () => {
    const urls: string[] = [];
    const fetch = async (url: string) => {
      urls.push(url);
      return new Response(
        url.includes('list-type') ? '<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>' : '{}',
      );
    };
    const open = async (url: string) => {
      const o = await openStore({ kind: 'url', url }, { fetch });
      await o.store.get('/.zgroup');
      await o.store.list!('/');
      return urls.splice(0);
    };
    expect(await open('s3://bkt/ds.zarr')).toEqual([
      'https://bkt.s3.amazonaws.com/ds.zarr/.zgroup',
      'https://bkt.s3.amazonaws.com/?delimiter=%2F&list-type=2&prefix=ds.zarr%2F',
    ]);
    expect(await open('https://bkt.s3.eu-west-2.amazonaws.com/ds.zarr')).toEqual([
      'https://bkt.s3.eu-west-2.amazonaws.com/ds.zarr/.zgroup',
      'https://bkt.s3.eu-west-2.amazonaws.com/?delimiter=%2F&list-type=2&prefix=ds.zarr%2F',
    ]);
    expect(await open('https://s3.eu-west-2.amazonaws.com/bkt/ds.zarr')).toEqual([
      'https://s3.eu-west-2.amazonaws.com/bkt/ds.zarr/.zgroup',
      'https://s3.eu-west-2.amazonaws.com/bkt?delimiter=%2F&list-type=2&prefix=ds.zarr%2F',
    ]);
    expect((await open('s3://my.dotted/ds.zarr'))[0]).toBe(
      'https://s3.us-east-1.amazonaws.com/my.dotted/ds.zarr/.zgroup',
    );
    const regional = await openStore(
      { kind: 'url', url: 's3://bkt/ds.zarr' },
      { fetch, credentials: { ...creds, region: 'ap-south-1' } },
    );
    await regional.store.get('/.zgroup');
    expect(urls.splice(0)).toEqual(['https://s3.ap-south-1.amazonaws.com/bkt/ds.zarr/.zgroup']);
  });

  it('dropped zip and dropped folder', async () => {
    const z = await openStore({ kind: 'zip-file', file: new Blob([zip as Uint8Array<ArrayBuffer>]), name: 'tst.zip' });
    expect(z).toMatchObject({ name: 'tst', mode: { medium: 'zip' }, location: 'tst.zip' });
    expect(text(await z.store.get('/v/0'))).toBe('abcd');
    const files = Object.entries(DS).map(([k, v]) => ({ path: `ds.zarr/${k}`, file: new Blob([v]) }));
    const f = await openStore({ kind: 'folder', files, name: 'picked' });
    expect(f.name).toBe('ds');
    expect(await f.store.list!('/')).toEqual({ files: ['.zattrs', '.zgroup'], folders: ['v'] });
    expect(await f.store.getRange!('/v/0', { offset: 1, length: 2 })).toEqual(new TextEncoder().encode('bc'));
    const flat = await openStore({
      kind: 'folder',
      files: Object.entries(DS).map(([k, v]) => ({ path: k, file: new Blob([v]) })),
      name: 'ds.zarr',
    });
    expect(text(await flat.store.get('/.zgroup'))).toBe(DS['.zgroup']);
    await expect(
      openStore({ kind: 'folder', files: [{ path: 'a.txt', file: new Blob(['x']) }], name: 'junk' }),
    ).rejects.toMatchObject({ code: 'not-found' });
  });

  it('a local path in a browser build is a usage error', async () => {
    await expect(openStore({ kind: 'url', url: 'file:///tmp/x.zarr' })).rejects.toMatchObject({ code: 'usage' });
    await expect(openStore({ kind: 'url', url: 'ftp://x/y' })).rejects.toMatchObject({ code: 'url' });
  });
});

describe('openStoreNode (CLI)', () => {
  it('local folder, file:// URL, local zip with #mode', async () => {
    const folder = await openStoreNode({ kind: 'local', path: path.join(dir, 'ds.zarr') });
    expect(folder).toMatchObject({ name: 'ds', mode: { medium: 'file' } });
    expect(await folder.store.list!('/v/')).toEqual({ files: ['.zarray', '0'], folders: [] });
    expect(await folder.store.getRange!('/v/0', { suffixLength: 1 })).toEqual(new TextEncoder().encode('d'));
    expect(await folder.store.get('/nothing')).toBeUndefined();
    await expect(folder.store.get('/../secret')).rejects.toMatchObject({ code: 'usage' });
    const url = await openStoreNode({ kind: 'url', url: `file://${dir}/tst.zip#mode=nczarr,zip` });
    expect(url).toMatchObject({ name: 'tst', mode: { nczarr: true, medium: 'zip' } });
    expect(text(await url.store.get('/v/0'))).toBe('abcd');
    const local = await openStoreNode({ kind: 'local', path: `${path.join(dir, 'tst.zip')}#mode=nczarr,zip` });
    expect(text(await local.store.get('/.zgroup'))).toBe(DS['.zgroup']);
    await expect(openStoreNode({ kind: 'local', path: path.join(dir, 'missing.zarr') })).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('s3:// with #…&awsprofile= reads credentials, region and endpoint from the AWS files', async () => {
    writeFileSync(
      path.join(dir, 'credentials'),
      `[lab]\naws_access_key_id = ${creds.accessKeyId}\naws_secret_access_key = ${creds.secretAccessKey}\n`,
    );
    writeFileSync(path.join(dir, 'config'), `[profile lab]\nregion = eu-central-1\nendpoint_url = ${proxy.url}\n`);
    const saved = { ...process.env };
    process.env.AWS_SHARED_CREDENTIALS_FILE = path.join(dir, 'credentials');
    process.env.AWS_CONFIG_FILE = path.join(dir, 'config');
    for (const k of [
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'AWS_REGION',
      'AWS_DEFAULT_REGION',
      'AWS_ENDPOINT_URL',
      'AWS_ENDPOINT_URL_S3',
      'AWS_PROFILE',
    ])
      delete process.env[k];
    try {
      const o = await openStoreNode({ kind: 'url', url: 's3://bkt/dir/ds.zarr#mode=zarr&awsprofile=lab' });
      expect(text(await o.store.get('/.zattrs'))).toBe(DS['.zattrs']);
      expect(proxy.verdicts.at(-1)).toMatchObject({ signed: true, valid: true });
      expect(o.location).toBe('s3://bkt/dir/ds.zarr#mode=zarr&awsprofile=lab');
    } finally {
      process.env = saved;
    }
  });
});
