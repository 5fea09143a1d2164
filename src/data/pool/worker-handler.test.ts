/** The worker's warm-ups: the image warm-up runs only after the codec warm-ups asked for before it. */
import { afterEach, describe, expect, it, vi } from 'vitest';

let release: () => void = () => undefined;
const order: string[] = [];

vi.mock('../../codecs/pipeline', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../codecs/pipeline')>();
  return {
    ...real,
    warmCodecs: () =>
      new Promise<void>((resolve) => {
        release = () => {
          order.push('codecs warmed');
          resolve();
        };
      }),
  };
});
vi.mock('./fused-image', async (importOriginal) => {
  const real = await importOriginal<typeof import('./fused-image')>();
  return { ...real, fusedImage: () => void order.push('image warmed') };
});

const { handlePrepare, handleWarmImage } = await import('./worker-handler');

afterEach(() => {
  order.length = 0;
});

describe('worker warm-ups', () => {
  it('run the image warm-up after the codec warm-ups (the compiled loops are then the ones a slice runs)', async () => {
    const spec = { shape: [4], dtype: '<f4', codecs: [] } as unknown as Parameters<typeof handlePrepare>[0]['spec'];
    handlePrepare({ type: 'prepare', spec, warm: true });
    const fused = { slice: { shape: [2, 2] } } as unknown as Parameters<typeof handleWarmImage>[0]['fused'];
    handleWarmImage({ type: 'warm-image', fused, data: new Float32Array(4), runs: 2 });
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    release();
    await vi.waitFor(() => expect(order).toEqual(['codecs warmed', 'image warmed', 'image warmed']));
  });
});
