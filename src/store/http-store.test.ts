/**
 * HttpStore against the fault server (testing/http-server.ts): the direct requests it offers another thread, keys,
 * ranges and sizes, a server that ignores Range, 403, network failures, signing and the HTTP cache; then S3Store's
 * move to the region S3 names. Errors, retries, time limits and the concurrency limit are in network-policy.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { HttpStore } from './http-store';
import { Limiter } from './limit';
import { withNetworkPolicy } from './network';
import { big, server, useHttpServer } from './testing/http-server';
import { emptyTelemetry } from './types';

useHttpServer();

describe('HttpStore.direct (a chunk another thread fetches itself)', () => {
  it('is offered only for plain requests: no signature, no headers, the global fetch', () => {
    const plain = new HttpStore('https://host/ds.zarr/?v=2');
    expect(plain.direct('/a b/0.0')?.url).toBe('https://host/ds.zarr/a%20b/0.0?v=2');
    expect(new HttpStore('https://host/ds', { headers: { Authorization: 'x' } }).direct('/0')).toBeUndefined();
    expect(new HttpStore('https://host/ds', { sign: async () => ({}) }).direct('/0')).toBeUndefined();
    expect(new HttpStore('https://host/ds', { fetch: globalThis.fetch }).direct('/0')).toBeUndefined();
  });

  it('goes through the network policy, and its requests count in the telemetry', () => {
    const telemetry = emptyTelemetry();
    const store = withNetworkPolicy(new HttpStore('https://host/ds'), { telemetry });
    const d = store.direct?.('/t/0.0');
    expect(d?.url).toBe('https://host/ds/t/0.0');
    d?.done(1234);
    expect([telemetry.requests, telemetry.bytes, telemetry.failures, telemetry.retries]).toEqual([1, 1234, 0, 0]);
    // One that did not bring the chunk: a failed attempt, retried by the store's own request.
    d?.done(0, true);
    expect([telemetry.requests, telemetry.bytes, telemetry.failures, telemetry.retries]).toEqual([2, 1234, 1, 1]);
  });

  it("keeps the policy's time limit and takes a place among its requests in flight", async () => {
    const limiter = new Limiter(1);
    const store = withNetworkPolicy(new HttpStore('https://host/ds'), {
      telemetry: emptyTelemetry(),
      concurrency: limiter,
      timeoutMs: 1500,
    });
    const d = store.direct!('/t/0.0')!;
    expect(d.idleMs).toBe(1500);
    const release = await d.acquire!();
    expect([limiter.running, limiter.max]).toEqual([1, 1]);
    // The store's own requests wait for that place, and an abort while waiting leaves the queue.
    const waiting = new AbortController();
    const second = d.acquire!(waiting.signal);
    expect(limiter.waiting).toBe(1);
    waiting.abort();
    await expect(second).rejects.toThrow();
    release();
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });
});

describe('HttpStore', () => {
  it('gets keys, ranges, HEAD sizes; 404 is missing', async () => {
    const s = new HttpStore(`${server.url}/ds/`);
    expect(new TextDecoder().decode(await s.get('/.zattrs'))).toBe('{"a":1}');
    expect(await s.get('/missing')).toBeUndefined();
    expect(await s.getRange('/a b/0.0', { offset: 10, length: 5 })).toEqual(big.subarray(10, 15));
    expect(await s.getRange('/a b/0.0', { suffixLength: 4 })).toEqual(big.subarray(996));
    expect(await s.head('/a b/0.0')).toEqual({ size: 1000 });
    expect(await s.head('/nope')).toBeUndefined();
    // The suffix's offset from the size the range before it was answered with (Content-Range): no HEAD.
    const suffix = server.requests.slice(-4, -2);
    expect(suffix.map((r) => [r.method, r.headers.range])).toEqual([
      ['GET', 'bytes=10-14'],
      ['GET', 'bytes=996-999'],
    ]);
    expect(s.knownSize('/a b/0.0')).toBe(1000);
    // Without a range answered before, the size is asked for (HEAD) first.
    const fresh = new HttpStore(`${server.url}/ds/`);
    expect(await fresh.getRange('/a b/0.0', { suffixLength: 4 })).toEqual(big.subarray(996));
    expect(server.requests.slice(-2).map((r) => [r.method, r.headers.range])).toEqual([
      ['HEAD', undefined],
      ['GET', 'bytes=996-999'],
    ]);
  });

  it('sends suffix ranges only when asked; sizes are cached; refused HEAD falls back to a one-byte range', async () => {
    const s = new HttpStore(`${server.url}/ds`, { suffixRequests: true });
    expect(await s.getRange('/a b/0.0', { suffixLength: 3 })).toEqual(big.subarray(997));
    expect(server.requests.at(-1)?.headers.range).toBe('bytes=-3');
    const plain = new HttpStore(`${server.url}/ds`);
    server.fail('/ds/a b/0.0', 405);
    expect(await plain.size('/a b/0.0')).toBe(1000);
    expect(server.requests.slice(-2).map((r) => [r.method, r.headers.range])).toEqual([
      ['HEAD', undefined],
      ['GET', 'bytes=0-0'],
    ]);
    const n = server.requests.length;
    expect(await plain.getRange('/a b/0.0', { suffixLength: 2 })).toEqual(big.subarray(998));
    expect(server.requests.length).toBe(n + 1);
    expect(await plain.size('/none')).toBeUndefined();
  });

  it('slices when the server ignores Range', async () => {
    const whole = (async () => new Response(big, { status: 200 })) as never;
    const s = new HttpStore('http://x/ds', { fetch: whole });
    expect(await s.getRange('/k', { offset: 3, length: 4 })).toEqual(big.subarray(3, 7));
  });

  it('maps 403 to a forbidden error, or to missing when asked', async () => {
    server.fail('/ds/.zattrs', 403, 403);
    await expect(new HttpStore(`${server.url}/ds`).get('/.zattrs')).rejects.toMatchObject({
      code: 'forbidden',
      status: 403,
    });
    expect(await new HttpStore(`${server.url}/ds`, { forbiddenAsMissing: true }).get('/.zattrs')).toBeUndefined();
  });

  it('reports network failures with the host', async () => {
    const s = new HttpStore('http://127.0.0.1:1/ds');
    const e = await s.get('/.zattrs').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HttpError);
    expect(e).toMatchObject({ code: 'network' });
    expect((e as Error).message).toMatch(/127\.0\.0\.1:1/);
  });

  it('signs requests through the injected signer', async () => {
    const s = new HttpStore(`${server.url}/ds`, { sign: async (r) => ({ authorization: `test ${r.method}` }) });
    await s.get('/.zattrs');
    expect(server.requests.at(-1)?.headers.authorization).toBe('test GET');
  });

  it('keeps signed responses out of the HTTP cache, and only those', async () => {
    const modes: (RequestCache | undefined)[] = [];
    const fetch = (u: string, init: RequestInit) => (modes.push(init.cache), globalThis.fetch(u, init));
    await new HttpStore(`${server.url}/ds`, { fetch, sign: async () => ({ authorization: 'x' }) }).get('/.zattrs');
    await new HttpStore(`${server.url}/ds`, { fetch }).get('/.zattrs');
    expect(modes).toEqual(['no-store', undefined]);
  });
});

describe('S3 region redirect', () => {
  it('moves an AWS bucket to the region S3 names, once, and signs for it', async () => {
    const seen: { url: string; auth: string }[] = [];
    const fake = async (url: string, init: RequestInit) => {
      const auth = String((init.headers as Record<string, string>).authorization ?? '');
      seen.push({ url, auth });
      if (url.startsWith('https://s3.us-east-1.amazonaws.com/')) {
        return new Response(
          '<Error><Code>PermanentRedirect</Code><Endpoint>bkt.s3.eu-west-2.amazonaws.com</Endpoint></Error>',
          { status: 301, headers: { 'x-amz-bucket-region': 'eu-west-2' } },
        );
      }
      return new Response('{}', { status: 200 });
    };
    const { S3Store } = await import('./s3-store');
    const store = new S3Store({
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      bucket: 'bkt',
      key: 'ds.zarr',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AK', secretAccessKey: 'S' },
      fetch: fake,
    });
    expect(await store.get('/.zgroup')).toBeDefined();
    expect(store.currentRegion).toBe('eu-west-2');
    expect(seen.map((x) => x.url)).toEqual([
      'https://s3.us-east-1.amazonaws.com/bkt/ds.zarr/.zgroup',
      'https://s3.eu-west-2.amazonaws.com/bkt/ds.zarr/.zgroup',
    ]);
    expect(seen[1]!.auth).toMatch(/\/eu-west-2\/s3\/aws4_request/);
    const custom = new S3Store({
      endpoint: 'http://127.0.0.1:1',
      bucket: 'bkt',
      key: '',
      region: 'us-east-1',
      fetch: async () => new Response('', { status: 301, headers: { 'x-amz-bucket-region': 'eu-west-2' } }),
    });
    await expect(custom.get('/x')).rejects.toMatchObject({
      status: 301,
      message: expect.stringMatching(/region eu-west-2/),
    });
  });
});
