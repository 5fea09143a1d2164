// Requests in flight by protocol (protocol.ts), a limit that changes while requests run (limit.ts), and a timeout
// that counts idle time, not the whole transfer nor the wait in our own queue (timeout.ts).
import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { HttpStore, type FetchLike } from './http-store';
import { Limiter, withConcurrencyLimit } from './limit';
import { withNetworkPolicy } from './network';
import { DEFAULT_IN_FLIGHT, HTTP1_IN_FLIGHT, MULTIPLEXED_IN_FLIGHT, ProtocolLimit, isMultiplexed } from './protocol';
import { withTimeout } from './timeout';
import { emptyTelemetry, type Store } from './types';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A store whose requests each take `ms`, recording how many ran at once. */
function slowStore(ms: number) {
  const s = { running: 0, peak: 0, started: 0 };
  const store: Store = {
    description: 'slow',
    get: async () => {
      s.started++;
      s.running++;
      s.peak = Math.max(s.peak, s.running);
      await sleep(ms);
      s.running--;
      return new Uint8Array(1);
    },
  };
  return { store, s };
}

/** A fetch whose body arrives in `parts` parts, `gapMs` apart; `stallAfter` parts, then nothing. */
function tricklingFetch(parts: number, gapMs: number, stallAfter = Infinity): FetchLike {
  return async (_url, init) =>
    new Response(
      new ReadableStream<Uint8Array>({
        async start(c) {
          // As fetch does, an abort errors the body.
          init.signal?.addEventListener('abort', () => c.error(init.signal?.reason), { once: true });
          for (let i = 0; i < parts; i++) {
            if (i >= stallAfter) return; // never closes: a stalled body
            await sleep(gapMs);
            if (init.signal?.aborted) return;
            c.enqueue(new Uint8Array([i]));
          }
          c.close();
        },
      }),
      { status: 200, headers: { 'content-length': String(parts) } },
    );
}

describe('Limiter.setMax', () => {
  it('a higher limit starts waiters at once; a lower one lets running requests finish and starts none', async () => {
    const { store, s } = slowStore(40);
    const limiter = new Limiter(2);
    const limited = withConcurrencyLimit(store, limiter);
    const all = Array.from({ length: 8 }, (_, i) => limited.get(`/${i}`));
    await sleep(5);
    expect([s.running, limiter.waiting]).toEqual([2, 6]);
    limiter.setMax(6);
    await sleep(5);
    expect([s.running, limiter.waiting]).toEqual([6, 2]);
    limiter.setMax(1);
    await sleep(50); // the six finish; only one starts in their place
    expect(s.running).toBe(1);
    await Promise.all(all);
    expect(s.peak).toBe(6);
    expect(s.started).toBe(8);
  });
});

describe('ProtocolLimit', () => {
  it('starts at the HTTP/1.1 figure and rises once a response came over HTTP/2', () => {
    const seen: Record<string, string | undefined> = { '/a': undefined, '/b': 'h2' };
    const limit = new ProtocolLimit({ adaptive: true, protocolOf: (u) => seen[u] });
    expect(limit.limiter.max).toBe(HTTP1_IN_FLIGHT);
    limit.completed('/a'); // no timing entry yet
    expect([limit.protocol, limit.limiter.max]).toEqual([undefined, HTTP1_IN_FLIGHT]);
    limit.completed('/b');
    expect([limit.protocol, limit.limiter.max]).toEqual(['h2', MULTIPLEXED_IN_FLIGHT]);
  });

  it('a timing entry recorded after its body arrived is found at the next completion', () => {
    const seen: Record<string, string | undefined> = {};
    const limit = new ProtocolLimit({ adaptive: true, protocolOf: (u) => seen[u] });
    limit.completed('/a');
    seen['/a'] = 'h3';
    limit.completed('/c');
    expect([limit.protocol, limit.limiter.max]).toEqual(['h3', MULTIPLEXED_IN_FLIGHT]);
  });

  it('a timing entry recorded after its body arrived is found a little later without another completion', async () => {
    const seen: Record<string, string | undefined> = {};
    const limit = new ProtocolLimit({ adaptive: true, protocolOf: (u) => seen[u] });
    limit.completed('/only'); // the dataset's one metadata request; its chunks are fetched elsewhere
    setTimeout(() => (seen['/only'] = 'h2'), 40);
    expect(limit.limiter.max).toBe(HTTP1_IN_FLIGHT);
    await sleep(200);
    expect([limit.protocol, limit.limiter.max]).toEqual(['h2', MULTIPLEXED_IN_FLIGHT]);
  });

  it('stays at six over HTTP/1.1, and outside a browser keeps its fixed figure without probing', () => {
    const h1 = new ProtocolLimit({ adaptive: true, protocolOf: () => 'http/1.1' });
    h1.completed('/a');
    expect([h1.protocol, h1.limiter.max]).toEqual(['http/1.1', HTTP1_IN_FLIGHT]);
    let probes = 0;
    const node = new ProtocolLimit({ adaptive: false, protocolOf: () => (probes++, 'h2') });
    node.completed('/a');
    expect([probes, node.limiter.max]).toEqual([0, DEFAULT_IN_FLIGHT]);
    expect(['h2', 'h3', 'h3-29', 'http/1.1', 'http/1.0', ''].map(isMultiplexed)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('timeout on idleness', () => {
  it('a body that keeps arriving takes longer than the timeout and succeeds', async () => {
    const store = withTimeout(new HttpStore('http://host/ds', { fetch: tricklingFetch(6, 40) }), 100);
    expect(Array.from((await store.get('/0.0'))!)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('hands each part of the body over as it arrives, with its offset, through the wrappers', async () => {
    const store = withTimeout(new HttpStore('http://host/ds', { fetch: tricklingFetch(4, 1) }), 100);
    const seen: [number[], number][] = [];
    const onPart = (part: Uint8Array, at: number) => {
      seen.push([Array.from(part), at]);
      structuredClone(part.buffer, { transfer: [part.buffer as ArrayBuffer] }); // the taker may detach it
    };
    expect(Array.from((await store.get('/0.0', { onPart }))!)).toEqual([0, 1, 2, 3]);
    expect(seen).toEqual([
      [[0], 0],
      [[1], 1],
      [[2], 2],
      [[3], 3],
    ]);
  });

  it('a body that stops arriving fails with a timeout', async () => {
    const store = withTimeout(new HttpStore('http://host/ds', { fetch: tricklingFetch(6, 30, 2) }), 100);
    const err = await store.get('/0.0').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).code).toBe('timeout');
  });

  it('time waiting for a slot of our own limit does not count', async () => {
    const calls: number[] = [];
    const fetch: FetchLike = async () => {
      calls.push(Date.now());
      await sleep(80);
      return new Response(new Uint8Array([1]), { status: 200 });
    };
    const telemetry = emptyTelemetry();
    const store = withNetworkPolicy(new HttpStore('http://host/ds', { fetch }), {
      telemetry,
      concurrency: 1,
      timeoutMs: 120,
      retry: { attempts: 1 },
    });
    // Four requests through one slot: the last waits ~240 ms, twice the timeout, and none times out.
    const all = await Promise.all(['/a', '/b', '/c', '/d'].map((k) => store.get(k as `/${string}`)));
    expect(all.every((b) => b?.[0] === 1)).toBe(true);
    expect([calls.length, telemetry.failures, telemetry.retries]).toEqual([4, 0, 0]);
  });
});
