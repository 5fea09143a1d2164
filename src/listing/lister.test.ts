/** The lister over a fake network: place detection, paging, refusals, cycles, and where requests go. */
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../store/http-store';
import { ListingRefusedError } from './errors';
import { createLister } from './place';
import { walk } from './walk';

interface Seen {
  url: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}

function fakeNet(pages: Record<string, string | { status: number; body: string }>) {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (url, init) => {
    seen.push({
      url,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      credentials: init.credentials,
    });
    const p = pages[url];
    if (p === undefined) return new Response('no', { status: 404 });
    const { status, body } = typeof p === 'string' ? { status: 200, body: p } : p;
    const res = new Response(body, { status });
    Object.defineProperty(res, 'url', { value: url });
    return res;
  };
  return { fetch, seen };
}

const catalog = (refs: string[]) =>
  `<catalog xmlns:xlink="http://www.w3.org/1999/xlink"><service name="h" serviceType="HTTPServer" base="/files/"/>` +
  refs.map((r) => `<catalogRef xlink:href="${r}" xlink:title="${r}"/>`).join('') +
  `<dataset name="x.nc" urlPath="x.nc" serviceName="h"/></catalog>`;

describe('createLister', () => {
  it('tells an index folder, a THREDDS catalog and a STAC document apart', async () => {
    const { fetch } = fakeNet({
      'http://h.test/d/': '<title>Index of /d/</title><a href="a.nc">a.nc</a>',
      'http://h.test/t/catalog.xml': catalog([]),
      'http://h.test/s.json': JSON.stringify({ type: 'Catalog', stac_version: '1.0.0', id: 's', links: [] }),
    });
    const lister = createLister({ fetch });
    expect((await lister.resolve('http://h.test/d/')).kind).toBe('http');
    expect((await lister.resolve('http://h.test/t/catalog.html')).kind).toBe('thredds');
    expect((await lister.resolve('http://h.test/s.json')).kind).toBe('stac');
    expect((await lister.resolve('s3://bucket/prefix/')).kind).toBe('s3');
  });

  it('says what to do when a folder has no index or is refused', async () => {
    const { fetch } = fakeNet({
      'http://h.test/app/': '<html><script src="x.js"></script></html>',
      'http://h.test/private/': { status: 403, body: 'no' },
    });
    const lister = createLister({ fetch });
    await expect(lister.resolve('http://h.test/none/')).rejects.toThrow(
      /cannot be listed \(nothing there, 404\): paste the URL of a dataset there, or the URL of its catalog/,
    );
    await expect(lister.resolve('http://h.test/app/')).rejects.toThrow(/no directory index there/);
    const refused = await lister.resolve('http://h.test/private/').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ListingRefusedError);
    expect((refused as ListingRefusedError).code).toBe('forbidden');
  });

  it('pages a long index and filters by name prefix', async () => {
    const links = Array.from({ length: 2500 }, (_, i) => `<a href="f${String(i).padStart(4, '0')}.nc">x</a>`);
    const { fetch, seen } = fakeNet({ 'http://h.test/big/': `<title>Index of /big/</title>${links.join('\n')}` });
    const lister = createLister({ fetch });
    const place = await lister.resolve('http://h.test/big/');
    const p1 = await lister.list(place, { pageSize: 1000 });
    expect(p1.entries.length).toBe(1000);
    const p3 = await lister.list(place, {
      pageSize: 1000,
      cursor: (await lister.list(place, { cursor: p1.next }))!.next,
    });
    expect(p3.entries.length).toBe(500);
    expect(p3.next).toBeUndefined();
    expect((await lister.list(place, { prefixFilter: 'f24' })).entries.length).toBe(100);
    expect(seen.length).toBe(1); // one document, read once
  });

  it('refuses a document over the size bound (a million entries)', async () => {
    const million = `<title>Index of /m/</title>${'<a href="a-file-name-long-enough-for-the-test.nc">a</a>\n'.repeat(1_000_000)}`;
    const { fetch } = fakeNet({ 'http://h.test/m/': million });
    await expect(createLister({ fetch }).resolve('http://h.test/m/')).rejects.toThrow(/over 33554432 bytes/);
  });

  it('walks catalogs that refer to each other in a cycle once each', async () => {
    const { fetch, seen } = fakeNet({
      'http://h.test/a/catalog.xml': catalog(['../b/catalog.xml']),
      'http://h.test/b/catalog.xml': catalog(['../a/catalog.xml', 'catalog.xml']),
    });
    const lister = createLister({ fetch });
    const place = await lister.resolve('http://h.test/a/catalog.xml');
    const w = walk(lister, place);
    const paths: string[] = [];
    for await (const e of w.entries) paths.push(`${e.path} ${e.entry.open ?? ''}`);
    expect(paths).toEqual([
      '../b/catalog.xml ',
      '../b/catalog.xml/../a/catalog.xml ',
      '../b/catalog.xml/catalog.xml ',
      '../b/catalog.xml/x.nc http://h.test/files/x.nc',
      'x.nc http://h.test/files/x.nc',
    ]);
    expect(new Set(seen.map((s) => s.url))).toEqual(
      new Set(['http://h.test/a/catalog.xml', 'http://h.test/b/catalog.xml']),
    );
  });

  it('never sends credentials to catalogs, nor fetches the hosts they link to', async () => {
    const { fetch, seen } = fakeNet({
      'http://h.test/c.json': JSON.stringify({
        type: 'Collection',
        stac_version: '1.0.0',
        links: [{ rel: 'child', href: 'https://evil.test/cat.json' }],
        assets: { z: { href: 'https://evil.test/x.zarr', type: 'application/vnd+zarr' } },
      }),
    });
    const lister = createLister({
      fetch,
      credentials: { accessKeyId: 'AKIDSECRET', secretAccessKey: 'shh' },
    });
    const place = await lister.resolve('http://h.test/c.json');
    const page = await lister.list(place);
    expect(page.entries.map((e) => e.note)).toEqual(['on evil.test', undefined]);
    expect(seen.map((s) => s.url)).toEqual(['http://h.test/c.json']);
    for (const s of seen) {
      expect(s.credentials).toBe('omit');
      expect(Object.keys(s.headers).join()).not.toMatch(/authorization|x-amz/i);
    }
  });

  it('lists S3 one page per request, the token as cursor, the filter as prefix, signed only for AWS', async () => {
    const page = (token: string | undefined) =>
      `<ListBucketResult><IsTruncated>${token ? 'true' : 'false'}</IsTruncated>${token ? `<NextContinuationToken>${token}</NextContinuationToken>` : ''}<Contents><Key>p/k${token ?? 'last'}.nc</Key><Size>1</Size></Contents></ListBucketResult>`;
    const seen: string[] = [];
    const auth: string[] = [];
    const fetch: FetchLike = async (url, init) => {
      seen.push(url);
      auth.push(new Headers(init.headers).get('authorization') ?? '');
      return new Response(page(url.includes('continuation-token') ? undefined : 'T1'), { status: 200 });
    };
    const creds = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', region: 'eu-west-1' };
    const lister = createLister({ fetch, credentials: creds });
    const place = await lister.resolve('https://b.s3.eu-west-1.amazonaws.com/p/');
    const p1 = await lister.list(place, { prefixFilter: 'OR_' });
    expect(p1.next).toBe('T1');
    expect(seen[0]).toMatch(/^https:\/\/b\.s3\.eu-west-1\.amazonaws\.com\/\?.*prefix=p%2FOR_/);
    expect(auth[0]).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    const p2 = await lister.list(place, { cursor: p1.next });
    expect(p2.entries.map((e) => e.open)).toEqual(['https://b.s3.eu-west-1.amazonaws.com/p/klast.nc']);
    expect(seen.length).toBe(2);
    // Another host, no alias: never signed.
    auth.length = 0;
    const other = await lister.resolve('https://other.test/bucket/p/#mode=s3');
    await lister.list(other);
    expect(auth).toEqual(['']);
  });
});
