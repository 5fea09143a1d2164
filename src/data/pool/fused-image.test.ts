import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DimSelection } from '../../api';
import { decodeSlice } from '../../cf/decode';
import { runSliceImage } from '../../render/slice-image-task';
import { createDataContext } from '../context';
import { readSlice } from '../read-slice';
import { FakeWorker } from '../testing/fake-worker';
import { CountingStore, variableFromFolder } from '../testing/variable';
import { InlineExecutor } from './executor';
import { imageOptions } from '../testing/image-options';
import { takeSliceImage } from './fused-image';
import { WorkerPool } from './worker-pool';

const ROOT = join(import.meta.dirname, '..', 'testdata', 'v2.zarr');

const image = imageOptions;

const executors = {
  'in-process': () => new InlineExecutor(),
  'worker pool': () => new WorkerPool(2, () => new FakeWorker() as unknown as Worker),
};

describe('the image of a one-chunk slice, made by the task that decodes the chunk', () => {
  for (const [name, make] of Object.entries(executors))
    it(`equals the image and values a separate task makes from the slice (${name})`, async () => {
      const executor = make();
      const v = variableFromFolder(ROOT, 'blosc_lz4');
      const sel: DimSelection[] = [
        { start: 16, stop: 32 },
        { start: 0, stop: 16 },
      ];
      const options = image([16, 16]);
      // Given to `onSliceImage` as soon as it is made, before the read returns.
      let early: unknown = null;
      let returned = false;
      const read = readSlice(new CountingStore(ROOT), v, sel, {
        context: createDataContext({ executor }),
        image: options,
        onSliceImage: (r) => {
          expect(returned).toBe(false);
          early = r;
        },
      });
      const slice = await read.then((s) => ((returned = true), s));
      const made = takeSliceImage(slice);
      expect(made?.options).toBe(options);
      expect(early).toEqual({ options, result: made!.result });
      expect((early as typeof made)!.result).toBe(made!.result);
      const separate = runSliceImage({ slice, defaultFill: 'zarr', image: options.image });
      expect(made!.result.image).toEqual(separate.image);
      expect(Array.from(made!.result.decoded!.values)).toEqual(Array.from(decodeSlice(slice).values));
      expect(takeSliceImage(slice)).toBeUndefined(); // given once
      executor.close();
    });

  for (const [name, make] of Object.entries(executors))
    it(`with a preview step, gives the picture at that step first, coloured over the full image's range (${name})`, async () => {
      const executor = make();
      const v = variableFromFolder(ROOT, 'blosc_lz4');
      const sel: DimSelection[] = [
        { start: 16, stop: 32 },
        { start: 0, stop: 16 },
      ];
      const options = image([16, 16]);
      const order: string[] = [];
      let preview: unknown = null;
      const slice = await readSlice(new CountingStore(ROOT), v, sel, {
        context: createDataContext({ executor }),
        image: options,
        preview: 3,
        onSlicePreview: (p) => {
          order.push('preview');
          preview = p;
        },
        onSliceImage: () => order.push('full'),
      });
      expect(order).toEqual(['preview', 'full']);
      const made = takeSliceImage(slice)!;
      const p = (preview as typeof made).result;
      expect(p.decoded).toBeNull();
      const coarse = runSliceImage({ slice, defaultFill: 'zarr', image: { ...options.image, step: 3 } });
      // ceil(16 / 3) pixels each way, the same colours as a separate task at that step, the full image's range.
      expect([p.image.width, p.image.height]).toEqual([6, 6]);
      expect(p.image).toEqual(coarse.image);
      expect([p.image.zmin, p.image.zmax]).toEqual([made.result.image.zmin, made.result.image.zmax]);
      expect(made.result.image.width).toBe(16);
      executor.close();
    });

  it('makes no preview unless asked with a step coarser than the image and a callback', async () => {
    const v = variableFromFolder(ROOT, 'blosc_lz4');
    const sel: DimSelection[] = [
      { start: 16, stop: 32 },
      { start: 0, stop: 16 },
    ];
    let previews = 0;
    for (const preview of [undefined, 1]) {
      await readSlice(new CountingStore(ROOT), v, sel, {
        context: createDataContext({ executor: new InlineExecutor() }),
        image: image([16, 16]),
        preview,
        onSlicePreview: () => previews++,
      });
    }
    await readSlice(new CountingStore(ROOT), v, sel, {
      context: createDataContext({ executor: new InlineExecutor() }),
      image: image([16, 16]),
      preview: 2,
    });
    expect(previews).toBe(0);
  });

  it('is not made when the slice is not one whole chunk in C order, is of another shape, or no image is asked for', async () => {
    const ctx = () => createDataContext({ executor: new InlineExecutor() });
    const blosc = variableFromFolder(ROOT, 'blosc_lz4');
    const part = await readSlice(
      new CountingStore(ROOT),
      blosc,
      [
        { start: 0, stop: 8 },
        { start: 0, stop: 16 },
      ],
      { context: ctx(), image: image([8, 16]) },
    );
    expect(takeSliceImage(part)).toBeUndefined(); // part of a chunk
    const two = await readSlice(new CountingStore(ROOT), blosc, [null, { start: 0, stop: 16 }], {
      context: ctx(),
      image: image([40, 16]),
    });
    expect(takeSliceImage(two)).toBeUndefined(); // three chunks
    const forder = await readSlice(
      new CountingStore(ROOT),
      variableFromFolder(ROOT, 'forder'),
      [
        { start: 0, stop: 2 },
        { start: 0, stop: 3 },
      ],
      { context: ctx(), image: image([2, 3]) },
    );
    expect(takeSliceImage(forder)).toBeUndefined(); // F-order chunk: its values are not the slice's order
    const wrongShape = await readSlice(
      new CountingStore(ROOT),
      blosc,
      [
        { start: 16, stop: 32 },
        { start: 0, stop: 16 },
      ],
      {
        context: ctx(),
        image: image([8, 32]),
      },
    );
    expect(takeSliceImage(wrongShape)).toBeUndefined(); // an image asked for another shape than the slice's
    const plain = await readSlice(
      new CountingStore(ROOT),
      blosc,
      [
        { start: 16, stop: 32 },
        { start: 0, stop: 16 },
      ],
      {
        context: ctx(),
      },
    );
    expect(takeSliceImage(plain)).toBeUndefined();
  });

  it('is not made from a chunk served by the cache (a prefetch made that image already)', async () => {
    const context = createDataContext({ executor: new InlineExecutor() });
    const v = variableFromFolder(ROOT, 'blosc_lz4');
    const sel: DimSelection[] = [
      { start: 16, stop: 32 },
      { start: 0, stop: 16 },
    ];
    const store = new CountingStore(ROOT);
    await readSlice(store, v, sel, { context });
    const again = await readSlice(store, v, sel, { context, image: image([16, 16]) });
    expect(takeSliceImage(again)).toBeUndefined();
  });
});
