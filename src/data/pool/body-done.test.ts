/**
 * A chunk its worker fetches frees its request's place in the store's limit once its body is in (`body-done`), not
 * once its decode is answered: over HTTP/1.1's six connections the next chunk's request is not held back by a decode.
 */
import { describe, expect, it } from 'vitest';
import { createChunkDecoder } from '../../codecs/pipeline';
import { FakeWorker } from '../testing/fake-worker';
import { BLOSC_FRAME_SPEC } from '../testing/blosc-frame';
import { useChunkServer } from '../testing/chunk-server';
import { withConcurrencyLimit } from '../../store/limit';
import type { AbsolutePath, Store } from '../../store/types';
import { handleRequest } from './worker-handler';
import { fetchAndDecode } from './worker-fetch';
import { WorkerPool } from './worker-pool';

const server = useChunkServer();

describe('body-done', () => {
  it('fetchAndDecode says so once, after the last part and before the decoded chunk', async () => {
    const decoder = await createChunkDecoder(BLOSC_FRAME_SPEC);
    const events: string[] = [];
    const r = fetchAndDecode(`${server.base()}/frame`, decoder, new AbortController().signal, {
      onBodyDone: () => events.push('body'),
    });
    void r.then(() => events.push('decoded'));
    expect((await r).kind).toBe('decoded');
    expect(events).toEqual(['body', 'decoded']);
  });

  it('is not said for a request that brought no chunk (404, 500)', async () => {
    const decoder = await createChunkDecoder(BLOSC_FRAME_SPEC);
    let said = 0;
    const signal = new AbortController().signal;
    for (const path of ['/none', '/error'])
      await fetchAndDecode(`${server.base()}${path}`, decoder, signal, { onBodyDone: () => said++ });
    expect(said).toBe(0);
  });

  it('reaches the page from the pool before the chunk’s answer', async () => {
    const pool = new WorkerPool(1, () => new FakeWorker() as unknown as Worker);
    const events: string[] = [];
    const r = await pool
      .fetchDecode(`${server.base()}/frame`, BLOSC_FRAME_SPEC, undefined, { onBodyDone: () => events.push('body') })
      .then((v) => (events.push('answer'), v));
    expect(r.kind).toBe('decoded');
    expect(events).toEqual(['body', 'answer']);
    pool.close();
  });

  it('the worker says it only when the page asks (a request others wait for)', async () => {
    for (const bodyDone of [false, true]) {
      const said: string[] = [];
      const msg = {
        type: 'fetch-decode' as const,
        id: 7,
        url: `${server.base()}/frame`,
        spec: BLOSC_FRAME_SPEC,
        bodyDone,
      };
      const answer = await handleRequest(msg, (a) => said.push(a.response.type));
      expect(answer.response.type).toBe('decoded');
      expect(said).toEqual(bodyDone ? ['body-done'] : []);
    }
  });

  it('a limited store says when requests wait for a place (then a place is given back at the body’s end)', async () => {
    const inner: Store = {
      description: 'x',
      get: () => Promise.resolve(undefined),
      direct: (key: AbsolutePath) => ({ url: `http://x${key}`, done: () => undefined }),
    };
    const d = withConcurrencyLimit(inner, 1).direct!('/a')!;
    const first = await d.acquire!();
    expect(d.crowded!()).toBe(false);
    const second = d.acquire!();
    expect(d.crowded!()).toBe(true);
    first();
    (await second)();
    expect(d.crowded!()).toBe(false);
  });
});
