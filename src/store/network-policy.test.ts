/**
 * The network policy around an HttpStore: actionable error messages (403, 404, CORS, Retry-After), retries with
 * bounded backoff against the fault server (testing/http-server.ts), time limits and aborts, and the concurrency
 * limit.
 */
import { describe, expect, it } from 'vitest';
import { AbortedError } from '../errors';
import { BUCKET_CORS_JSON, fetchFailure, isRetryable, statusError } from './http-errors';
import { HttpStore } from './http-store';
import { Limiter, withConcurrencyLimit } from './limit';
import { withNetworkPolicy } from './network';
import { backoffDelay, withRetry } from './retry';
import { server, useHttpServer } from './testing/http-server';
import { withTimeout } from './timeout';
import { emptyTelemetry, type Store } from './types';

useHttpServer();

const fast = { baseDelayMs: 5, maxDelayMs: 20 };
const count = (path: string) => server.requests.filter((r) => r.path === path).length;

describe('errors', () => {
  it('give actionable messages', () => {
    expect(statusError(403, 'https://b.s3.amazonaws.com/k', '/k', '', null).message).toMatch(/add credentials/);
    expect(
      statusError(403, 'https://h/k', '/k', '<Error><Code>SignatureDoesNotMatch</Code></Error>', null).message,
    ).toMatch(/secret access key and the region/);
    expect(statusError(404, 'https://h/k', '/temp/.zarray', '', null).message).toMatch(/"\/temp\/\.zarray"/);
    expect(statusError(503, 'https://h/k', '/k', '', '2').retryAfterMs).toBe(2000);
    expect(isRetryable(statusError(500, 'u', 'k', '', null))).toBe(true);
    expect(isRetryable(statusError(404, 'u', 'k', '', null))).toBe(false);
    expect(isRetryable(new AbortedError())).toBe(false);
    expect(JSON.parse(BUCKET_CORS_JSON)[0].AllowedMethods).toEqual(['GET', 'HEAD']);
  });

  it('explain a CORS block in a browser, retried once only', async () => {
    const e = fetchFailure(
      new TypeError('Failed to fetch'),
      'https://b.s3.amazonaws.com/ds/.zattrs',
      '/.zattrs',
      undefined,
      true,
    );
    expect(e).toMatchObject({ code: 'cors' });
    expect(e.message).toContain('"AllowedMethods"');
    expect(fetchFailure(new TypeError('fetch failed'), 'https://h/x', '/x', undefined, false)).toMatchObject({
      code: 'network',
    });
    let calls = 0;
    const blocked = new HttpStore('https://b.s3.amazonaws.com/ds', {
      browser: true,
      fetch: async () => {
        calls++;
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(withRetry(blocked, fast).get('/.zattrs')).rejects.toMatchObject({ code: 'cors' });
    expect(calls).toBe(2);
  });
});

describe('retry, timeout, abort', () => {
  it('backoff grows exponentially with bounded jitter', () => {
    const d = (a: number, r: number) => backoffDelay(a, { baseDelayMs: 100, maxDelayMs: 1000, random: () => r });
    expect([d(1, 0), d(1, 1), d(2, 0), d(3, 0.5), d(10, 1)]).toEqual([50, 100, 100, 300, 1000]);
    expect(backoffDelay(1, { baseDelayMs: 100, random: () => 0 }, 700)).toBe(700);
  });

  it('retries 503, 429 and resets, then succeeds', async () => {
    const path = '/ds/.zattrs';
    const before = count(path);
    server.fail(path, 503, 'reset', 429);
    const telemetry = emptyTelemetry();
    const s = withNetworkPolicy(new HttpStore(`${server.url}/ds`), { telemetry, retry: fast });
    expect(await s.get('/.zattrs')).toBeDefined();
    expect(count(path) - before).toBe(4);
    expect(telemetry).toMatchObject({ requests: 4, retries: 3, failures: 3, bytes: 7 });
  });

  it('gives up after the bounded attempts with the last error', async () => {
    server.fail('/ds/.zattrs', 500, 500, 500, 500, 500);
    const before = count('/ds/.zattrs');
    const s = withRetry(new HttpStore(`${server.url}/ds`), { ...fast, attempts: 3 });
    await expect(s.get('/.zattrs')).rejects.toMatchObject({ status: 500 });
    expect(count('/ds/.zattrs') - before).toBe(3);
    server.clear();
  });

  it('does not retry 4xx', async () => {
    server.fail('/ds/.zattrs', 400);
    const before = count('/ds/.zattrs');
    await expect(withRetry(new HttpStore(`${server.url}/ds`), fast).get('/.zattrs')).rejects.toMatchObject({
      status: 400,
    });
    expect(count('/ds/.zattrs') - before).toBe(1);
  });

  it('times out a stalled request and retries it', async () => {
    server.fail('/ds/.zattrs', 'stall', 'stall-body');
    const telemetry = emptyTelemetry();
    const s = withNetworkPolicy(new HttpStore(`${server.url}/ds`), { telemetry, timeoutMs: 150, retry: fast });
    expect(new TextDecoder().decode(await s.get('/.zattrs'))).toBe('{"a":1}');
    expect(telemetry.retries).toBe(2);
    server.fail('/ds/.zattrs', 'stall');
    await expect(withTimeout(new HttpStore(`${server.url}/ds`), 100).get('/.zattrs')).rejects.toMatchObject({
      code: 'timeout',
    });
  });

  it('an aborted request is neither retried nor started', async () => {
    const path = '/ds/.zattrs';
    server.fail(path, 'stall');
    const s = withNetworkPolicy(new HttpStore(`${server.url}/ds`), {
      telemetry: emptyTelemetry(),
      retry: fast,
      timeoutMs: 5000,
    });
    const ctrl = new AbortController();
    const before = count(path);
    const p = s.get('/.zattrs', { signal: ctrl.signal });
    setTimeout(() => ctrl.abort(), 50);
    await expect(p).rejects.toBeInstanceOf(AbortedError);
    await new Promise((r) => setTimeout(r, 60));
    expect(count(path) - before).toBe(1);
    const n = server.requests.length;
    await expect(s.get('/.zattrs', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortedError);
    expect(server.requests.length).toBe(n);
  });

  it('abort during backoff stops further attempts', async () => {
    server.fail('/ds/.zattrs', 503, 503, 503);
    const before = count('/ds/.zattrs');
    const ctrl = new AbortController();
    const s = withRetry(new HttpStore(`${server.url}/ds`), { baseDelayMs: 300, onRetry: () => ctrl.abort() });
    await expect(s.get('/.zattrs', { signal: ctrl.signal })).rejects.toBeInstanceOf(AbortedError);
    expect(count('/ds/.zattrs') - before).toBe(1);
    server.clear();
  });
});

describe('concurrency limit', () => {
  it('runs at most N at once, and aborted waiters never start', async () => {
    let running = 0;
    let peak = 0;
    let started = 0;
    const slow: Store = {
      description: 'slow',
      get: async () => {
        started++;
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
        return new Uint8Array(1);
      },
    };
    const limiter = new Limiter(2);
    const s = withConcurrencyLimit(slow, limiter);
    const ctrl = new AbortController();
    const all = [s.get('/a'), s.get('/b'), s.get('/c'), s.get('/d', { signal: ctrl.signal }), s.get('/e')];
    expect(limiter.waiting).toBe(3);
    ctrl.abort();
    const results = await Promise.allSettled(all);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(peak).toBe(2);
    expect(started).toBe(4);
  });
});
