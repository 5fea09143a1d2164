import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DimSelection, Slice } from '../../api';
import { runSliceImage } from '../../render/slice-image-task';
import { createDataContext } from '../context';
import { readSlice } from '../read-slice';
import { FakeWorker } from '../testing/fake-worker';
import { CountingStore, variableFromFolder } from '../testing/variable';
import { InlineExecutor } from './executor';
import { takeChunkImages, type SliceImageOptions } from './fused-image';
import { WorkerPool } from './worker-pool';

const ROOT = join(import.meta.dirname, '..', 'testdata', 'v2.zarr');

/** Each chunk coloured over a fixed range, one pixel a cell, no flips (as a tiled view's region asks). */
function options(shape: [number, number], transposed = false, range: [number, number] | null = [0, 1]) {
  return {
    defaultFill: 'zarr',
    image: {
      shape,
      transposed,
      step: 1,
      scale: 'linear',
      range,
      colormap: 'viridis',
      invert: false,
      flipY: false,
      flipX: false,
    },
  } satisfies SliceImageOptions;
}

/** The parts' pixels put side by side (the first dimension is x when transposed), as the view does. */
function composed(slice: Slice, transposed: boolean): Uint8ClampedArray {
  const [n0 = 1, n1 = 1] = slice.shape;
  const [width, height] = transposed ? [n0, n1] : [n1, n0];
  const out = new Uint8ClampedArray(width * height * 4);
  for (const { start, result } of takeChunkImages(slice)!.parts) {
    const { rgba, width: w, height: h } = result.image;
    const [x, y] = transposed ? [start[0]!, start[1]!] : [start[1]!, start[0]!];
    for (let r = 0; r < h; r++) out.set(rgba.subarray(r * w * 4, (r + 1) * w * 4), ((y + r) * width + x) * 4);
  }
  return out;
}

const executors = {
  'in-process': () => new InlineExecutor(),
  'worker pool': () => new WorkerPool(2, () => new FakeWorker() as unknown as Worker),
};

const TWO: DimSelection[] = [
  { start: 0, stop: 32 },
  { start: 0, stop: 16 },
];

describe('each chunk of a 2-D slice coloured by the task that decodes it (a fixed colour range)', () => {
  for (const [name, make] of Object.entries(executors))
    for (const transposed of [false, true])
      it(`the parts side by side are the image of the whole slice (${name}${transposed ? ', transposed' : ''})`, async () => {
        const executor = make();
        const v = variableFromFolder(ROOT, 'blosc_lz4');
        const range: [number, number] = [-1, 2];
        const opts = options([32, 16], transposed, range);
        const slice = await readSlice(new CountingStore(ROOT), v, TWO, {
          context: createDataContext({ executor }),
          chunkImages: opts,
        });
        const whole = runSliceImage({ slice, defaultFill: 'zarr', image: opts.image });
        const parts = composed(slice, transposed);
        expect(Array.from(parts)).toEqual(Array.from(whole.image.rgba));
        expect(takeChunkImages(slice)).toBeUndefined(); // given once
        executor.close();
      });

  it('gives no parts unless every chunk has one: an edge chunk, a cached chunk, no fixed range, every k-th cell', async () => {
    const v = variableFromFolder(ROOT, 'blosc_lz4');
    const ctx = () => createDataContext({ executor: new InlineExecutor() });
    // Rows 16..40 cross the last chunk (rows 32..48 of a 40-row array): not whole in the slice.
    const edge = await readSlice(
      new CountingStore(ROOT),
      v,
      [
        { start: 16, stop: 40 },
        { start: 0, stop: 16 },
      ],
      {
        context: ctx(),
        chunkImages: options([24, 16]),
      },
    );
    expect(takeChunkImages(edge)).toBeUndefined();
    const context = ctx();
    const store = new CountingStore(ROOT);
    await readSlice(
      store,
      v,
      [
        { start: 0, stop: 16 },
        { start: 0, stop: 16 },
      ],
      { context },
    );
    const cached = await readSlice(store, v, TWO, { context, chunkImages: options([32, 16]) });
    expect(takeChunkImages(cached)).toBeUndefined(); // one of its two chunks came from the cache
    const own = await readSlice(new CountingStore(ROOT), v, TWO, {
      context: ctx(),
      chunkImages: options([32, 16], false, null),
    });
    expect(takeChunkImages(own)).toBeUndefined(); // each chunk's own range would not match the others'
    const strided = options([32, 16]);
    const thin = await readSlice(new CountingStore(ROOT), v, TWO, {
      context: ctx(),
      chunkImages: { ...strided, image: { ...strided.image, step: 2 } },
    });
    expect(takeChunkImages(thin)).toBeUndefined();
  });
});
