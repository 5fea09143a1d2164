/**
 * zlib and gzip chunks decoded while their bytes arrive (`ChunkDecoder.stream`): in parts of any size, the same
 * values as a decode of the whole; a corrupt stream is the codec's named error; a bomb stops at the chunk's size.
 */
import { deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CodecError, ChunkError } from '../errors';
import { InflateStream } from './bounded-inflate';
import { createChunkDecoder, decodesWhileArriving, type ChunkSpec } from './pipeline';

const values = Float32Array.from({ length: 64 * 64 }, (_, i) => Math.sin(i / 40) * 100 + (i % 7));
const raw = new Uint8Array(values.buffer);
const spec = (id: 'zlib' | 'gzip'): ChunkSpec => ({
  dtype: '<f4',
  zarrFormat: 2,
  order: 'C',
  shape: [64, 64],
  codecs: [{ id, configuration: { level: 1 } }],
});
const encoded = { zlib: deflateSync(raw, { level: 1 }), gzip: gzipSync(raw, { level: 1 }) };
const parts = (b: Uint8Array, size: number) =>
  Array.from({ length: Math.ceil(b.length / size) }, (_, i) => b.slice(i * size, (i + 1) * size));

describe('zlib and gzip decoded as they arrive', () => {
  for (const id of ['zlib', 'gzip'] as const) {
    it(`${id}: parts of any size give what the whole gives`, async () => {
      expect(decodesWhileArriving(spec(id))).toBe(true);
      const decoder = await createChunkDecoder(spec(id));
      const whole = await decoder.decode(new Uint8Array(encoded[id]));
      expect(Array.from(whole.data as Float32Array)).toEqual(Array.from(values));
      for (const size of [1, 100, 4096, encoded[id].length]) {
        const s = decoder.stream();
        for (const p of parts(encoded[id], size)) s.push(p);
        const got = await s.finish();
        expect(Array.from(got.data as Float32Array)).toEqual(Array.from(values));
      }
      // The whole chunk given at the end, when the parts were not all of it.
      const s = decoder.stream();
      s.push(encoded[id].slice(0, 10));
      expect(Array.from((await s.finish(new Uint8Array(encoded[id]))).data as Float32Array)).toEqual(
        Array.from(values),
      );
    });
  }

  it("a corrupt stream is zlib's error, named", async () => {
    const decoder = await createChunkDecoder(spec('zlib'));
    const s = decoder.stream();
    const bad = new Uint8Array(encoded.zlib);
    bad.fill(0xff, 40, 80);
    s.push(bad);
    const e = await s.finish().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CodecError);
    expect((e as CodecError).message).toContain('"zlib"');
  });

  it('stops at the size given (a compression bomb)', async () => {
    const bomb = deflateSync(new Uint8Array(1 << 20));
    const s = new InflateStream('deflate', 1000);
    for (const p of parts(bomb, 64)) s.push(p);
    await expect(s.finish()).rejects.toBeInstanceOf(ChunkError);
  });

  it('other codecs are decoded once all the bytes are in', () => {
    expect(decodesWhileArriving({ ...spec('zlib'), codecs: [{ id: 'bz2', configuration: {} }] })).toBe(false);
    expect(decodesWhileArriving({ ...spec('zlib'), codecs: [] })).toBe(false);
  });
});
