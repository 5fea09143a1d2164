/**
 * A chunk decoded while its bytes arrive: through the worker pool (parts held until its worker is free, the whole
 * chunk when the parts were not all of it, cancelled streams releasing their worker) and through the reader (a
 * one-chunk Blosc slice read for an image, its parts handed over as the store reads them).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DimSelection } from '../../api';
import type { AbsolutePath, RequestOptions } from '../../store/types';
import { createDataContext } from '../context';
import { readSlice } from '../read-slice';
import { FakeWorker } from '../testing/fake-worker';
import { CountingStore, variableFromFolder } from '../testing/variable';
import { BLOSC_FRAME, BLOSC_FRAME_SPEC } from '../testing/blosc-frame';
import { imageOptions } from '../testing/image-options';
import { takeSliceImage } from './fused-image';
import { WorkerPool } from './worker-pool';

const FRAME = BLOSC_FRAME;
const SPEC = BLOSC_FRAME_SPEC;
const pool = (size = 2) => new WorkerPool(size, () => new FakeWorker() as unknown as Worker);
const parts = (b: Uint8Array, size: number) =>
  Array.from({ length: Math.ceil(b.length / size) }, (_, i) => b.slice(i * size, (i + 1) * size));

describe('WorkerPool.decodeStream', () => {
  it('gives what decode gives, with parts sent before its worker was free', async () => {
    const p = pool(1);
    const want = await p.decode(SPEC, FRAME.slice());
    // Two decodes take the one worker's two places: the stream waits in the queue, its parts held.
    const busy = [p.decode(SPEC, FRAME.slice()), p.decode(SPEC, FRAME.slice())];
    const stream = p.decodeStream(SPEC);
    for (const part of parts(FRAME, 10000)) stream.push(part);
    const got = await stream.end(FRAME.slice());
    await Promise.all(busy);
    expect(Array.from(got.data as Float32Array)).toEqual(Array.from(want.data as Float32Array));
    expect(p.pending).toBe(0);
    p.close();
  });

  it('decodes the whole chunk given at the end when the parts were not all of it', async () => {
    const p = pool();
    const want = await p.decode(SPEC, FRAME.slice());
    const stream = p.decodeStream(SPEC);
    stream.push(FRAME.slice(0, 5000));
    const got = await stream.end(FRAME.slice());
    expect(got.data).toEqual(want.data);
    p.close();
  });

  it('releases its worker when cancelled or aborted', async () => {
    const p = pool(1);
    const a = p.decodeStream(SPEC);
    a.push(FRAME.slice(0, 100));
    a.cancel();
    const controller = new AbortController();
    const b = p.decodeStream(SPEC, controller.signal);
    b.push(FRAME.slice(0, 100));
    const ended = b.end(new Uint8Array(0)).catch((e: unknown) => e);
    controller.abort();
    expect(await ended).toBeInstanceOf(Error);
    await vi_waitFor(() => p.pending === 0);
    expect((await p.decode(SPEC, FRAME.slice())).data).toBeInstanceOf(Float32Array);
    p.close();
  });
});

/** A store that hands each object over in parts as it "reads" it (as the HTTP store does). */
class PartsStore extends CountingStore {
  override async get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const b = await super.get(key, options);
    if (b && options?.onPart) for (const [i, part] of parts(b, 100).entries()) options.onPart(part, i * 100);
    return b;
  }
}

describe('readSlice of a one-chunk Blosc slice shown as an image', () => {
  const ROOT = join(import.meta.dirname, '..', 'testdata', 'v2.zarr');
  const sel: DimSelection[] = [
    { start: 16, stop: 32 },
    { start: 0, stop: 16 },
  ];
  const image = imageOptions([16, 16]);

  it('decodes the chunk as its parts arrive, to the same values and image', async () => {
    const v = variableFromFolder(ROOT, 'blosc_lz4');
    const plain = await readSlice(new CountingStore(ROOT), v, sel, {
      context: createDataContext({ executor: pool() }),
    });
    const context = createDataContext({ executor: pool() });
    const streamed = await readSlice(new PartsStore(ROOT), v, sel, { context, image });
    expect(context.stats.decodedWhileArriving).toBe(1);
    expect(Array.from(streamed.data as Float32Array)).toEqual(Array.from(plain.data as Float32Array));
    expect(takeSliceImage(streamed)?.result.image.width).toBe(16);
    // Without an image asked for, or for another codec, the chunk is decoded once read.
    const other = createDataContext({ executor: pool() });
    await readSlice(new PartsStore(ROOT), v, sel, { context: other });
    const zstdSel: DimSelection[] = [
      { start: 0, stop: 4 },
      { start: 0, stop: 4 },
    ];
    const zstdImage = imageOptions([4, 4]);
    const zstd = await readSlice(new PartsStore(ROOT), variableFromFolder(ROOT, 'zstd'), zstdSel, {
      context: other,
      image: zstdImage,
    });
    expect(takeSliceImage(zstd)).toBeDefined(); // made with the decode, once the chunk was read
    expect(other.stats.decodedWhileArriving).toBe(0);
  });
});

async function vi_waitFor(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
}
