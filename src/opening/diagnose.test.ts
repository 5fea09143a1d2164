/**
 * An open that finds nothing says what it found instead, each case in its own words: through `openDataset` over
 * HTTP answers (an injected fetch: 404, 403, 410, a web page, JSON, text, an image), over s3rver (NoSuchBucket,
 * NoSuchKey) and the signing proxy in front of it (AccessDenied, SignatureDoesNotMatch); a fetch the browser would
 * not let through (CORS or no connection) through `diagnoseOpen`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataContext } from '../data/context';
import { HttpError, OpenFailure, type OpenFailureKind } from '../errors';
import { openDataset } from '../open';
import { fetchFailure } from '../store/http-errors';
import { startS3rver, type S3rverHandle } from '../store/testing/s3rver';
import { startSigV4Proxy, type SigV4Proxy } from '../store/testing/sigv4-proxy';
import { diagnoseOpen } from './diagnose';

const REPO = join(import.meta.dirname, '..', '..');
const context = createDataContext({ workers: false });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** A server of a few objects; every other path answers `otherwise` (404 by default). */
function serve(objects: Record<string, { body: Uint8Array | string; type?: string }>, otherwise = 404) {
  const seen: string[] = [];
  const fetch = (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input);
    seen.push(`${init.method ?? 'GET'} ${url.pathname}`);
    const o = objects[url.pathname];
    if (!o) return Promise.resolve(new Response(init.method === 'HEAD' ? null : 'no', { status: otherwise }));
    const body = typeof o.body === 'string' ? new TextEncoder().encode(o.body) : o.body;
    const m = /bytes=(\d+)-(\d+)/.exec(new Headers(init.headers).get('range') ?? '');
    const part = new Uint8Array(m ? body.subarray(Number(m[1]), Number(m[2]) + 1) : body);
    const headers = { 'content-type': o.type ?? 'application/octet-stream', 'content-length': String(part.length) };
    return Promise.resolve(
      new Response(init.method === 'HEAD' ? null : part, {
        status: m ? 206 : 200,
        headers: m
          ? { ...headers, 'content-range': `bytes ${m[1]}-${Number(m[1]) + part.length - 1}/${body.length}` }
          : headers,
      }),
    );
  };
  return { fetch, seen };
}

async function failure(url: string, fetch?: ReturnType<typeof serve>['fetch'], options = {}): Promise<OpenFailure> {
  const e = await openDataset(
    { kind: 'url', url },
    { context, store: { fetch, retry: { attempts: 1 } }, ...options },
  ).catch((x: unknown) => x);
  if (!(e instanceof OpenFailure)) throw new Error(`not an OpenFailure: ${String(e)}`);
  return e;
}

function expectKind(e: OpenFailure, kind: OpenFailureKind, title: RegExp, ...words: RegExp[]) {
  expect(e.kind).toBe(kind);
  expect(e.title).toMatch(title);
  expect(e.message).toBe(`${e.what} ${e.action}`);
  for (const w of words) expect(e.message).toMatch(w);
}

describe('an open that finds nothing says what is there (HTTP)', () => {
  const H = 'http://data.test/d';

  it('404: not found, for a file-like name and for a folder', async () => {
    const e = await failure(`${H}/missing.nc`, serve({}).fetch);
    expectKind(
      e,
      'not-found',
      /^Not found \(404\)$/,
      /Not found: data\.test answered 404 for http:\/\/data\.test\/d\/missing\.nc/,
    );
    expect(e.message).not.toMatch(/No Zarr metadata/);
    expect(e.key).toBe(`${H}/missing.nc`);
    const f = await failure(`${H}/store.zarr/`, serve({}).fetch);
    expectKind(f, 'not-found', /404/, /store\.zarr\/zarr\.json/);
    expect(f.code).toBe('not-found');
  });

  it('403 and 410 each say their own', async () => {
    expectKind(
      await failure(`${H}/x.nc`, serve({}, 403).fetch),
      'forbidden',
      /^Access denied \(403\)$/,
      /refused access/,
      /signed link/,
    );
    const gone = await failure(`${H}/x.zarr`, serve({}, 410).fetch);
    expectKind(gone, 'gone', /^Gone \(410\)$/, /is gone \(410 Gone\)/, /new location/);
  });

  it('a file that is no dataset says what it looks like', async () => {
    const page = readFileSync(join(REPO, 'index.html'));
    const cases: [string, Uint8Array | string, string | undefined, RegExp][] = [
      ['page.html', new Uint8Array(page), 'text/html', /looks like HTML \(a web page\) \(it begins “<!doctype html>/i],
      ['data.json', '{"title": "not a reference set"}', 'application/json', /looks like JSON/],
      [
        'notes.txt',
        'Temperature readings, 2021\n',
        'text/plain',
        /looks like text \(it begins “Temperature readings, 2021”\)/,
      ],
      ['image.png', PNG, 'image/png', /looks like a PNG image \(its first bytes: 89 50 4e 47/],
    ];
    for (const [name, body, type, words] of cases) {
      const e = await failure(`${H}/${name}`, serve({ [`/d/${name}`]: { body, type } }).fetch);
      expectKind(e, 'not-a-dataset', /^Not a dataset$/, words, /is not a dataset/);
    }
  });

  it('a web page where zarr.json should be (a site that answers every path with its page)', async () => {
    const page = { body: '<!DOCTYPE html><html><body>app</body></html>', type: 'text/html' };
    const server = serve({
      '/d/ds.zarr/zarr.json': page,
      '/d/ds.zarr/.zgroup': page,
      '/d/ds.zarr/.zmetadata': page,
      '/d/ds.zarr/.zattrs': page,
    });
    const e = await failure(`${H}/ds.zarr/`, server.fetch);
    expectKind(
      e,
      'not-a-dataset',
      /Not a dataset/,
      /zarr\.json is not Zarr metadata: it looks like HTML/,
      /404 for missing files/,
    );
  });

  it('a dataset still opens, and a failure of a dataset that is there is its own', async () => {
    const nc = readFileSync(join(REPO, 'fixtures/netcdf3/classic/example_good.nc'));
    const ds = await openDataset(
      { kind: 'url', url: `${H}/example_good.nc` },
      { context, store: { fetch: serve({ '/d/example_good.nc': { body: new Uint8Array(nc) } }).fetch } },
    );
    expect(ds.model.root.variables.length).toBeGreaterThan(0);
    // A server error is not explained away: it is the server's.
    const e = await openDataset(
      { kind: 'url', url: `${H}/x.zarr` },
      { context, store: { fetch: serve({}, 503).fetch, retry: { attempts: 1 } } },
    ).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HttpError);
    expect(e).not.toBeInstanceOf(OpenFailure);
  });
});

describe('a fetch the browser does not let through (CORS or no connection)', () => {
  const target = (s3?: { bucket: string; key: string }) => ({
    location: 's3://b/ds.nc',
    object: 'https://b.s3.amazonaws.com/ds.nc',
    folder: false,
    s3,
    peek: () =>
      Promise.reject(
        fetchFailure(new TypeError('Failed to fetch'), 'https://b.s3.amazonaws.com/ds.nc', '/ds.nc', undefined, true),
      ),
  });
  const blocked = fetchFailure(
    new TypeError('Failed to fetch'),
    'https://b.s3.amazonaws.com/ds.nc/zarr.json',
    '/zarr.json',
    undefined,
    true,
  );

  it('names the object opened, never a metadata key beside a file', async () => {
    const e = (await diagnoseOpen(blocked, target())) as OpenFailure;
    expectKind(
      e,
      'cors-or-network',
      /Blocked or unreachable/,
      /\(CORS\)/,
      /Open https:\/\/b\.s3\.amazonaws\.com\/ds\.nc in a new tab/,
      /"AllowedMethods"/,
    );
    expect(e.message).not.toContain('ds.nc/zarr.json');
  });

  it('on S3 says that the bucket may not exist, as a browser cannot tell', async () => {
    const e = (await diagnoseOpen(blocked, target({ bucket: 'b', key: 'ds.nc' }))) as OpenFailure;
    expectKind(
      e,
      'cors-or-network',
      /No such bucket, blocked, or unreachable/,
      /bucket "b" does not exist/,
      /NoSuchBucket there means/,
      /\(CORS\)/,
    );
  });
});

describe('an S3 open that finds nothing (s3rver, and the signing proxy)', () => {
  let s3: S3rverHandle;
  let proxy: SigV4Proxy;
  beforeAll(async () => {
    s3 = await startS3rver({ buckets: ['bkt'] });
    await s3.put('bkt', 'dir/notes.txt', 'just some text\n');
    proxy = await startSigV4Proxy({
      target: s3.url,
      credentials: { accessKeyId: 'AKIDDIAG', secretAccessKey: 'diag-secret' },
      region: 'us-east-1',
    });
  }, 60_000);
  afterAll(async () => {
    await proxy?.stop();
    await s3?.stop();
  });
  const aliases = () => [
    { name: 'loc', url: s3.url, region: 'us-east-1' },
    { name: 'priv', url: proxy.url, region: 'us-east-1' },
    {
      name: 'bad',
      url: proxy.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDDIAG', secretAccessKey: 'wrong' },
    },
  ];
  const open = (url: string) => failure(url, undefined, { aliases: aliases() });

  it('no such bucket, no such key: each its own', async () => {
    expectKind(
      await open('s3://loc/nobucket/ds.zarr'),
      'no-such-bucket',
      /^No such bucket$/,
      /no bucket "nobucket"/,
      /Check the bucket name/,
    );
    expectKind(
      await open('s3://loc/bkt/dir/missing.nc'),
      'no-such-key',
      /^No such key$/,
      /has no object "dir\/missing\.nc" \(404 NoSuchKey\)/,
    );
    expectKind(
      await open('s3://loc/bkt/'),
      'no-such-key',
      /No such key/,
      /has no object zarr\.json \(404 NoSuchKey\): there is no Zarr metadata/,
    );
  }, 60_000);

  it('an object that is not a dataset; a private bucket; credentials it rejects', async () => {
    expectKind(
      await open('s3://loc/bkt/dir/notes.txt'),
      'not-a-dataset',
      /Not a dataset/,
      /s3:\/\/bkt\/dir\/notes\.txt is not a dataset: it looks like text/,
    );
    expectKind(
      await open('s3://priv/bkt/dir/notes.txt'),
      'forbidden',
      /^Access denied \(403\)$/,
      /The server said: AccessDenied/,
      /add credentials/,
      /bucket policy/,
    );
    expectKind(
      await open('s3://bad/bkt/dir/notes.txt'),
      'credentials',
      /^Credentials rejected \(403\)$/,
      /rejected the request signature/,
    );
  }, 60_000);
});
