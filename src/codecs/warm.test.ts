import { Blosc } from 'numcodecs';
import { describe, expect, it, vi } from 'vitest';
import { blosc, zlib } from './byte-codecs';
import { createDecoder, warmCodecs, type ChunkSpec } from './pipeline';

const spec = (codecs: ChunkSpec['codecs'], shape = [512, 1024]): ChunkSpec => ({
  dtype: '<f4',
  zarrFormat: 2,
  order: 'C',
  shape,
  codecs,
});

describe('codec warm-up before a first chunk', () => {
  it('runs each WebAssembly codec once on made-up bytes of the chunk’s size, then decodes real chunks as before', async () => {
    const warm = vi.spyOn(blosc, 'warm');
    const config = { cname: 'lz4', clevel: 5, shuffle: 1 };
    const s = spec([{ id: 'blosc', configuration: config }]);
    await warmCodecs(s);
    expect(warm).toHaveBeenCalledTimes(1);
    expect(warm.mock.calls[0]![1]).toBe(512 * 1024 * 4);
    warm.mockRestore();
    const values = Float32Array.from({ length: 512 * 1024 }, (_, i) => Math.sin(i / 100));
    const encoded = await Blosc.fromConfig({ id: 'blosc', ...config }).encode(new Uint8Array(values.buffer));
    const chunk = await (await createDecoder(s))(encoded);
    expect(chunk.data).toEqual(values);
  });

  it('leaves codecs without a warm-up alone and ignores codecs it cannot load', async () => {
    expect('warm' in zlib).toBe(false);
    await expect(warmCodecs(spec([{ id: 'zlib', configuration: { level: 1 } }]))).resolves.toBeUndefined();
    await expect(warmCodecs(spec([{ id: 'no-such-codec', configuration: {} }]))).resolves.toBeUndefined();
    await expect(warmCodecs({ ...spec([]), dtype: '|V3x' })).resolves.toBeUndefined();
  });

  it('bounds the made-up chunk at 64 MB', async () => {
    const warm = vi.spyOn(blosc, 'warm').mockResolvedValue(undefined);
    await warmCodecs(spec([{ id: 'blosc', configuration: { cname: 'lz4' } }], [8192, 8192]));
    expect(warm.mock.calls[0]![1]).toBe(64 * 2 ** 20);
    warm.mockRestore();
  });
});
