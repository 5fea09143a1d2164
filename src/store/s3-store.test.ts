import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChunkDecoder } from '../codecs/pipeline';
import { fetchAndDecode } from '../data/pool/worker-fetch';
import { S3Store } from './s3-store';
import { startS3rver, type S3rverHandle } from './testing/s3rver';
import { startSigV4Proxy, type SigV4Proxy } from './testing/sigv4-proxy';
import { parseXmlTokens, findFirst, childText } from './xml';

const creds = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret/key+1' };
const tokenCreds = { ...creds, sessionToken: 'session-token-123' };
let s3: S3rverHandle;
let proxy: SigV4Proxy;
let tokenProxy: SigV4Proxy;

beforeAll(async () => {
  s3 = await startS3rver({ buckets: ['data', 'empty'], cors: true });
  await s3.put('data', 'ds.zarr/.zgroup', '{"zarr_format":2}');
  await s3.put('data', 'ds.zarr/.zattrs', '{"title":"t"}');
  for (let i = 0; i < 7; i++) await s3.put('data', `ds.zarr/temp/${i}.0`, new Uint8Array([i, 1, 2, 3]));
  await s3.put('data', 'ds.zarr/temp/.zarray', '{}');
  await s3.put('data', 'ds.zarr/a b/.zarray', '{}');
  // s3rver omits a common prefix whose objects are all two levels deeper (AWS does not): give g/ an object.
  await s3.put('data', 'ds.zarr/g/.zgroup', '{}');
  await s3.put('data', 'ds.zarr/g/sub/x', 'x');
  await s3.put('data', 'other.zarr/.zgroup', '{}');
  proxy = await startSigV4Proxy({ target: s3.url, credentials: creds, region: 'eu-west-1' });
  tokenProxy = await startSigV4Proxy({ target: s3.url, credentials: tokenCreds, region: 'eu-west-1' });
}, 60_000);

afterAll(async () => {
  await proxy?.stop();
  await tokenProxy?.stop();
  await s3?.stop();
});

describe('S3Store against s3rver', () => {
  it('reads objects and ranges anonymously', async () => {
    const store = new S3Store({ endpoint: s3.url, bucket: 'data', key: 'ds.zarr', region: 'us-east-1' });
    expect(new TextDecoder().decode(await store.get('/.zgroup'))).toBe('{"zarr_format":2}');
    expect(await store.getRange('/temp/3.0', { offset: 1, length: 2 })).toEqual(new Uint8Array([1, 2]));
    expect(await store.get('/nothing')).toBeUndefined();
    expect(await store.get('/a b/.zarray')).toBeDefined();
  });

  it('lists one level with delimiter, paginating with continuation tokens', async () => {
    const store = new S3Store({ endpoint: s3.url, bucket: 'data', key: 'ds.zarr', region: 'us-east-1', maxKeys: 2 });
    const pages: string[] = [];
    const counting = new S3Store({ ...store.config, fetch: (u, i) => (pages.push(u), fetch(u, i)) });
    const temp = await counting.list('/temp/');
    expect(temp).toEqual({ files: ['.zarray', '0.0', '1.0', '2.0', '3.0', '4.0', '5.0', '6.0'], folders: [] });
    expect(pages.length).toBe(4);
    expect(pages.filter((p) => p.includes('continuation-token=')).length).toBe(3);
    // Common prefixes count against max-keys as on AWS (the test server lists that way): 5 entries, 3 pages.
    pages.length = 0;
    expect(await counting.list('/')).toEqual({ files: ['.zattrs', '.zgroup'], folders: ['a b', 'g', 'temp'] });
    expect(pages.length).toBe(3);
    const full = new S3Store({ ...store.config, maxKeys: undefined });
    expect(await full.list('/')).toEqual({ files: ['.zattrs', '.zgroup'], folders: ['a b', 'g', 'temp'] });
    expect(await full.list('/g/')).toEqual({ files: ['.zgroup'], folders: ['sub'] });
    const bucketRoot = new S3Store({ endpoint: s3.url, bucket: 'data', key: '', region: 'us-east-1' });
    expect(await bucketRoot.list('/')).toEqual({ files: [], folders: ['ds.zarr', 'other.zarr'] });
    expect(await new S3Store({ endpoint: s3.url, bucket: 'empty', key: 'x', region: 'us-east-1' }).list('/')).toEqual({
      files: [],
      folders: [],
    });
  });

  it('a missing bucket is a not-found error naming it', async () => {
    const store = new S3Store({
      endpoint: s3.url,
      bucket: 'nobucket',
      key: 'ds',
      region: 'us-east-1',
      forbiddenAsMissing: false,
    });
    await expect(store.list('/')).rejects.toMatchObject({ code: 'not-found' });
  });
});

describe('SigV4 through a verifying proxy', () => {
  it('signs GET, Range GET and listings; the proxy recomputes the same signature', async () => {
    const store = new S3Store({
      endpoint: proxy.url,
      bucket: 'data',
      key: 'ds.zarr',
      region: 'eu-west-1',
      credentials: creds,
    });
    expect(await store.get('/.zattrs')).toBeDefined();
    expect(await store.getRange('/temp/2.0', { offset: 0, length: 1 })).toEqual(new Uint8Array([2]));
    expect(await store.get('/a b/.zarray')).toBeDefined();
    expect((await store.list('/')).folders).toEqual(['a b', 'g', 'temp']);
    expect(proxy.verdicts.length).toBe(4);
    expect(proxy.verdicts.every((v) => v.signed && v.valid)).toBe(true);
    expect(proxy.verdicts.every((v) => !v.url.includes('AKID') && !v.url.includes('secret'))).toBe(true);
  });

  it('sends the session token and signs it', async () => {
    const store = new S3Store({
      endpoint: tokenProxy.url,
      bucket: 'data',
      key: 'ds.zarr',
      region: 'eu-west-1',
      credentials: tokenCreds,
    });
    expect(await store.get('/.zgroup')).toBeDefined();
    expect(tokenProxy.verdicts.at(-1)).toMatchObject({ valid: true, sessionToken: 'session-token-123' });
  });

  it('a wrong secret or region fails with an actionable error, not as "missing"', async () => {
    const wrong = new S3Store({
      endpoint: proxy.url,
      bucket: 'data',
      key: 'ds.zarr',
      region: 'eu-west-1',
      credentials: { ...creds, secretAccessKey: 'nope' },
    });
    await expect(wrong.get('/.zattrs')).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/secret access key and the region/),
    });
    const region = new S3Store({
      endpoint: proxy.url,
      bucket: 'data',
      key: 'ds.zarr',
      region: 'us-west-2',
      credentials: creds,
    });
    await expect(region.list('/')).rejects.toMatchObject({ code: 'forbidden' });
    expect(proxy.verdicts.at(-1)).toMatchObject({ signed: true, valid: false });
  });

  it('anonymous requests to a private bucket: 403 as missing for keys, forbidden for listings', async () => {
    const anon = new S3Store({ endpoint: proxy.url, bucket: 'data', key: 'ds.zarr', region: 'eu-west-1' });
    expect(await anon.get('/.zattrs')).toBeUndefined();
    await expect(anon.list('/')).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/add credentials/),
    });
    const strict = new S3Store({ ...anon.config, forbiddenAsMissing: false });
    await expect(strict.get('/.zattrs')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('a decode worker may fetch an object itself only without credentials, counting a 403 as the store does', async () => {
    const anon = new S3Store({ endpoint: proxy.url, bucket: 'data', key: 'ds.zarr', region: 'eu-west-1' });
    const d = anon.direct('/temp/3.0');
    expect(d).toMatchObject({ url: `${proxy.url}/data/ds.zarr/temp/3.0`, forbiddenIsMissing: true });
    const decoder = await createChunkDecoder({ dtype: '|u1', zarrFormat: 2, order: 'C', shape: [4], codecs: [] });
    // The proxy denies unsigned requests (403): missing, as the store's own `get` says, not a failure to retry.
    expect(await fetchAndDecode(d!.url, decoder, new AbortController().signal, { forbiddenIsMissing: true })).toEqual({
      kind: 'missing',
    });
    expect(new S3Store({ ...anon.config, forbiddenAsMissing: false }).direct('/temp/3.0')).toMatchObject({
      forbiddenIsMissing: false,
    });
    expect(new S3Store({ ...anon.config, credentials: creds }).direct('/temp/3.0')).toBeUndefined();
    const open = new S3Store({ endpoint: s3.url, bucket: 'data', key: 'ds.zarr', region: 'us-east-1' });
    const r = await fetchAndDecode(open.direct('/temp/3.0')!.url, decoder, new AbortController().signal);
    expect(r.kind === 'decoded' && Array.from(r.chunk.data as Uint8Array)).toEqual([3, 1, 2, 3]);
  });
});

describe('XML by local name', () => {
  it('reads AWS-namespaced and prefixed documents, entities and CDATA', () => {
    const aws = `<?xml version="1.0"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><IsTruncated>true</IsTruncated><NextContinuationToken>a&amp;b&#x3D;</NextContinuationToken><Contents><Key>x/&lt;y&gt;</Key></Contents></ListBucketResult>`;
    const r = findFirst(parseXmlTokens(aws), 'ListBucketResult')!;
    expect(childText(r, 'NextContinuationToken')).toBe('a&b=');
    expect(childText(findFirst(r, 'Contents')!, 'Key')).toBe('x/<y>');
    const prefixed = `<s3:ListBucketResult xmlns:s3="urn:x"><s3:Name><![CDATA[b<1>]]></s3:Name><Empty/></s3:ListBucketResult>`;
    expect(childText(findFirst(parseXmlTokens(prefixed), 'ListBucketResult')!, 'Name')).toBe('b<1>');
    expect(() => parseXmlTokens('<a><b></a>')).toThrow(/Malformed/);
    expect(() => parseXmlTokens('<a>')).toThrow(/unclosed/);
    const doctype = '<!DOCTYPE x [<!ENTITY e "boom">]><a>&e;</a>';
    expect(findFirst(parseXmlTokens(doctype), 'a')?.text).toBe('&e;');
  });
});
