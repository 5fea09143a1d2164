/**
 * A chunk its worker fetches frees its request's place in the store's limit once its body is in (`body-done`), not
 * once its decode is answered: over HTTP/1.1's six connections the next chunk's request is not held back by a decode.
 */
import { describe, expect, it } from 'vitest';
import { createChunkDecoder } from '../../codecs/pipeline';
import { FakeWorker } from '../testing/fake-worker';
import { BLOSC_FRAME_SPEC } from '../testing/blosc-frame';
import { useChunkServer } from '../testing/chunk-server';
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
});
