/**
 * Chunks fetched by the decode worker itself (`Store.direct`): against a real HTTP server, the decoded values equal
 * a decode of the same bytes; a 404 is missing; other answers, web pages, aborts and stalls fall back to the page's
 * store; through the reader, the store's telemetry counts the request and a failure still reads the slice.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DimSelection } from '../../api';
import { createChunkDecoder } from '../../codecs/pipeline';
import type { AbsolutePath, DirectRequest } from '../../store/types';
import { createDataContext } from '../context';
import { readSlice } from '../read-slice';
import { FakeWorker } from '../testing/fake-worker';
import { CountingStore, variableFromFolder } from '../testing/variable';
import { BLOSC_FRAME, BLOSC_FRAME_SPEC } from '../testing/blosc-frame';
import { useChunkServer } from '../testing/chunk-server';
import { imageOptions } from '../testing/image-options';
import { runSliceImage } from '../../render/slice-image-task';
import { takeSliceImage } from './fused-image';
import { FETCH_IDLE_MS, fetchAndDecode } from './worker-fetch';
import { WorkerPool } from './worker-pool';

const FRAME = BLOSC_FRAME;
const ROOT = join(import.meta.dirname, '..', 'testdata', 'v2.zarr');
const SPEC = BLOSC_FRAME_SPEC;

const server = useChunkServer();
let base = '';
beforeAll(() => {
  base = server.base();
});

describe('fetchAndDecode', () => {
  it('decodes a chunk as it arrives to what decoding its bytes gives', async () => {
    const decoder = await createChunkDecoder(SPEC);
    const r = await fetchAndDecode(`${base}/frame`, decoder, new AbortController().signal);
    expect(r.kind).toBe('decoded');
    if (r.kind !== 'decoded') return;
    expect(r.bytes).toBe(FRAME.length);
    expect(r.chunk.data).toEqual((await decoder.decode(new Uint8Array(FRAME))).data);
  });

  it("shows the chunk's first values after each part, in the memory of its decoded values", async () => {
    const decoder = await createChunkDecoder(SPEC);
    // The body in parts of 20,000 bytes, each read on its own (the frame's 64 KiB blocks end in different parts).
    const parts = (): Response =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            for (let at = 0; at < FRAME.length; at += 20000) c.enqueue(FRAME.slice(at, at + 20000));
            c.close();
          },
        }),
      );
    const seen: { n: number; values: number[]; buffer: ArrayBufferLike }[] = [];
    const r = await fetchAndDecode(`${base}/frame`, decoder, new AbortController().signal, {
      fetchFn: async () => parts(),
      onValues: (v) => seen.push({ n: v.length, values: Array.from(v), buffer: v.buffer }),
    });
    expect(r.kind).toBe('decoded');
    if (r.kind !== 'decoded') return;
    const data = r.chunk.data as Float32Array;
    const lengths = seen.map((s) => s.n);
    // Nothing before the first block is in, then whole blocks (16,384 values), then all of them.
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(new Set(lengths.filter((n) => n > 0 && n < data.length)).size).toBeGreaterThanOrEqual(1);
    expect(lengths.at(-1)).toBe(data.length);
    for (const s of seen) {
      expect(s.buffer).toBe(data.buffer);
      expect(s.values).toEqual(Array.from(data.subarray(0, s.n)));
    }
  });

  it('calls a 404 missing and leaves other answers, web pages and aborts to the page', async () => {
    const decoder = await createChunkDecoder(SPEC);
    const signal = new AbortController().signal;
    expect((await fetchAndDecode(`${base}/none`, decoder, signal)).kind).toBe('missing');
    expect(await fetchAndDecode(`${base}/error`, decoder, signal)).toEqual({ kind: 'failed', reason: 'HTTP 500' });
    expect(await fetchAndDecode(`${base}/html`, decoder, signal)).toEqual({ kind: 'missing', html: true });
    expect(await fetchAndDecode(`${base}/html-bytes`, decoder, signal)).toEqual({ kind: 'failed', reason: 'HTML' });
    const aborted = new AbortController();
    aborted.abort();
    expect((await fetchAndDecode(`${base}/frame`, decoder, aborted.signal)).kind).toBe('failed');
  });

  it("calls a body that came whole and does not decode the codec's error, with the bytes read", async () => {
    const decoder = await createChunkDecoder(SPEC);
    const r = await fetchAndDecode(`${base}/garbage`, decoder, new AbortController().signal);
    expect(r.kind).toBe('undecodable');
    expect(r.kind === 'undecodable' && r.bytes).toBe(18);
  });

  it('gives up on a body that stops arriving', async () => {
    vi.useFakeTimers();
    try {
      const decoder = await createChunkDecoder(SPEC);
      const stalled = (_u: string, init: RequestInit) =>
        Promise.resolve(
          new Response(
            new ReadableStream<Uint8Array>({
              start(c) {
                c.enqueue(new Uint8Array(FRAME.subarray(0, 100)));
                init.signal?.addEventListener('abort', () => c.error(new Error('stopped')));
              },
            }),
          ),
        );
      // A store's longer limit does not hold the worker longer: the store's own request takes over after it.
      const r = fetchAndDecode(`${base}/frame`, decoder, new AbortController().signal, {
        fetchFn: stalled,
        storeIdleMs: 30_000,
      });
      await vi.advanceTimersByTimeAsync(FETCH_IDLE_MS + 10);
      expect((await r).kind).toBe('failed');
      // The store's own time limit, when it gives one.
      let settled = false;
      const short = fetchAndDecode(`${base}/frame`, decoder, new AbortController().signal, {
        fetchFn: stalled,
        storeIdleMs: 1000,
      });
      void short.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(900);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect((await short).kind).toBe('failed');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('WorkerPool.fetchDecode', () => {
  it('answers decoded (with the bytes read), missing, or fallback', async () => {
    const pool = new WorkerPool(1, () => new FakeWorker() as unknown as Worker);
    const r = await pool.fetchDecode(`${base}/frame`, SPEC);
    expect(r.kind === 'decoded' && r.bytes).toBe(FRAME.length);
    expect((await pool.fetchDecode(`${base}/none`, SPEC)).kind).toBe('missing');
    expect((await pool.fetchDecode(`${base}/error`, SPEC)).kind).toBe('fallback');
    expect((await pool.fetchDecode(`${base}/garbage`, SPEC)).kind).toBe('undecodable');
    expect(await pool.fetchDecode(`${base}/html`, SPEC)).toEqual({ kind: 'missing', html: true });
    expect(pool.pending).toBe(0);
    pool.close();
  });

  it('runs fetches beside the decodes: a decode does not wait for the network', async () => {
    const pool = new WorkerPool(1, () => new FakeWorker() as unknown as Worker);
    const order: string[] = [];
    // More fetches than a worker's two places for decodes, all on a slow server.
    const fetches = Array.from({ length: 4 }, () =>
      pool.fetchDecode(`${base}/slow`, SPEC).then((r) => order.push(r.kind)),
    );
    const spec = { dtype: '|u1', zarrFormat: 2 as const, order: 'C' as const, shape: [1], codecs: [] };
    const decode = pool.decode(spec, new Uint8Array([7])).then(() => order.push('decode'));
    await Promise.all([...fetches, decode]);
    expect(order).toEqual(['decode', 'decoded', 'decoded', 'decoded', 'decoded']);
    pool.close();
  });
});

/** A folder store whose chunks another thread may fetch from the test server (as an HTTP store's). */
class DirectStore extends CountingStore {
  /** Each worker request reported: its bytes, and whether it failed (the store's request then follows). */
  directs: [number, boolean][] = [];
  constructor(private readonly prefix: string) {
    super(ROOT);
  }
  direct(key: AbsolutePath): DirectRequest {
    return {
      url: `${base}${this.prefix}${key}`,
      done: (bytes, failed) => void this.directs.push([bytes, failed === true]),
    };
  }
}

describe('readSlice of chunks fetched by the workers', () => {
  const pool = () => new WorkerPool(2, () => new FakeWorker() as unknown as Worker);

  it('reads a slice of many chunks without a request of the store, in the limits it gives', async () => {
    const v = variableFromFolder(ROOT, 'blosc_lz4');
    const plain = await readSlice(new CountingStore(ROOT), v, [], { context: createDataContext({ executor: pool() }) });
    let held = 0;
    let most = 0;
    const store = new (class extends DirectStore {
      override direct(key: AbsolutePath): DirectRequest {
        // One place at a time, as a store whose concurrency limit is 1.
        const acquire = async () => {
          while (held > 0) await new Promise((r) => setTimeout(r, 5));
          most = Math.max(most, ++held);
          return () => void held--;
        };
        return { ...super.direct(key), acquire };
      }
    })('/v2');
    const context = createDataContext({ executor: pool() });
    const got = await readSlice(store, v, [], { context });
    expect(Array.from(got.data as Float32Array)).toEqual(Array.from(plain.data as Float32Array));
    expect(store.requests).toBe(0);
    expect(store.directs).toHaveLength(6); // 40 × 30 in 16 × 16 chunks
    expect([most, held]).toEqual([1, 0]);
    expect(context.stats.decodedWhileArriving).toBe(6);
  });

  it("reports a chunk that does not decode as the codec's error, without fetching it again", async () => {
    const v = variableFromFolder(ROOT, 'fletcher32_bad');
    const plain = await readSlice(new CountingStore(ROOT), v, [], { context: createDataContext({ executor: pool() }) });
    const store = new DirectStore('/v2');
    const got = await readSlice(store, v, [], { context: createDataContext({ executor: pool() }) });
    expect(got.failedChunks).toEqual(plain.failedChunks);
    expect(got.failedChunks?.length).toBeGreaterThan(0);
    expect(store.requests).toBe(0);
    expect(store.directs.every(([bytes, failed]) => bytes > 0 && !failed)).toBe(true);
  });

  it('leaves a prefetch without an image to the store', async () => {
    const v = variableFromFolder(ROOT, 'blosc_lz4');
    const store = new DirectStore('/v2');
    await readSlice(store, v, [], { context: createDataContext({ executor: pool() }), priority: 'low' });
    expect([store.requests, store.directs.length]).toEqual([6, 0]);
  });
});

describe('readSlice of a one-chunk Blosc slice, fetched by the worker', () => {
  const sel: DimSelection[] = [
    { start: 16, stop: 32 },
    { start: 0, stop: 16 },
  ];
  const image = imageOptions([16, 16]);
  const pool = () => new WorkerPool(2, () => new FakeWorker() as unknown as Worker);

  it('reads the same values, made into the image, without a request of the store', async () => {
    const v = variableFromFolder(ROOT, 'blosc_lz4');
    const plain = await readSlice(new CountingStore(ROOT), v, sel, {
      context: createDataContext({ executor: pool() }),
    });
    const store = new DirectStore('/v2');
    const context = createDataContext({ executor: pool() });
    const got = await readSlice(store, v, sel, { context, image });
    expect(Array.from(got.data as Float32Array)).toEqual(Array.from(plain.data as Float32Array));
    // Its CF masking and extent found block by block as it arrived: the image of the values read whole.
    const made = takeSliceImage(got)!.result;
    const want = runSliceImage({ slice: plain, defaultFill: image.defaultFill, image: image.image });
    expect(Array.from(made.image.rgba)).toEqual(Array.from(want.image.rgba));
    expect([made.image.zmin, made.image.zmax]).toEqual([want.image.zmin, want.image.zmax]);
    expect(Array.from(made.decoded!.mask)).toEqual(Array.from(want.decoded!.mask));
    expect(store.requests).toBe(0);
    expect(store.directs).toHaveLength(1);
    expect(context.stats.decodedWhileArriving).toBe(1);
  });

  it('falls back to the store when the worker cannot fetch it', async () => {
    const v = variableFromFolder(ROOT, 'blosc_lz4');
    const store = new DirectStore('/nowhere'); // no such path on the server: a 404
    const context = createDataContext({ executor: pool() });
    const missing = await readSlice(store, v, sel, { context, image });
    expect(store.requests).toBe(0); // a 404 is an answer: the fill value
    expect(Array.from(missing.data as Float32Array).every((x) => Number.isNaN(x) || x === 0)).toBe(true);
    const failing = new (class extends DirectStore {
      override direct(key: AbsolutePath): DirectRequest {
        return { ...super.direct(key), url: `${base}/error` };
      }
    })('/v2');
    const got = await readSlice(failing, v, sel, { context: createDataContext({ executor: pool() }), image });
    expect(failing.requests).toBe(1); // the store's own request, after the worker's failed
    expect(failing.directs).toEqual([[0, true]]); // the worker's request counts, with no bytes, as failed
    expect((got.data as Float32Array).length).toBe(256);
  });
});
