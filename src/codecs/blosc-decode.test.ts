/**
 * The Blosc decoder of blosc-decode.ts (LZ4, BloscLZ, zlib and zstd streams) gives the bytes numcodecs decodes the
 * same frames to: the frames and digests numcodecs (Python) wrote (scripts/fixtures/make-blosc-blocks.py), frames
 * numcodecs' WebAssembly encoder writes from generated data, and every Blosc chunk of the committed fixtures. Damaged
 * frames are refused, never decoded into made-up bytes (numcodecs' WebAssembly build returns values for them).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bloscDecoding, decodeBlosc } from './blosc-decode';
import { lz4Block, unshuffle } from './blosc-lz4';
import { blosclzBlock } from './blosclz';
import { snappyBlock } from './snappy';
import { BloscBlockStream } from './blosc-blocks';
import { blosc } from './byte-codecs';
import { ChunkError } from '../errors';
import { seededRng } from '../testing/seeded-rng';

const DIR = join(import.meta.dirname, 'testdata', 'blosc-blocks');
const { cases } = JSON.parse(readFileSync(join(DIR, 'cases.json'), 'utf8')) as {
  cases: { name: string; cname: string; shuffle: number; length: number; sha256: string }[];
};
const frameOf = (name: string) => new Uint8Array(readFileSync(join(DIR, `${name}.blosc`)));
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const { default: Blosc } = await import('numcodecs/blosc');

const random = seededRng;

describe('Blosc frames decoded here', () => {
  const how: Record<string, 'sync' | 'async' | undefined> = {
    lz4: 'sync',
    lz4hc: 'sync',
    blosclz: 'sync',
    snappy: 'sync',
    zlib: 'async',
    zstd: 'async',
  };
  for (const c of cases) {
    const ours = how[c.cname] ?? null;
    it(`${ours ? 'decodes' : 'leaves to numcodecs'} ${c.name}`, async () => {
      const frame = frameOf(c.name);
      expect(bloscDecoding(frame)).toBe(frame[2]! & 0x02 ? 'sync' : ours);
      const out = decodeBlosc(frame);
      if (!bloscDecoding(frame)) expect(out).toBeNull();
      else {
        const bytes = await out!;
        expect(bytes.length).toBe(c.length);
        expect(sha(bytes)).toBe(c.sha256);
      }
    });
  }

  it('covers the layouts it reads: item sizes 1-24, split and whole blocks, stored streams and frames', () => {
    const flags = cases.filter((c) => c.cname.startsWith('lz4')).map((c) => frameOf(c.name));
    const sizes = new Set(flags.map((f) => f[3]));
    for (const s of [1, 2, 3, 4, 8, 24]) expect(sizes.has(s)).toBe(true);
    expect(flags.some((f) => f[2]! & 0x10)).toBe(true); // blocks not split
    expect(flags.some((f) => f[2]! & 0x02)).toBe(true); // stored whole
    expect(flags.some((f) => !(f[2]! & 0x01))).toBe(true); // no shuffle
  });

  it('reads frames without the do-not-split flag as c-blosc does: items over 16 bytes, blocks under 128 items', async () => {
    for (const name of ['lz4-shuffle-v24', 'lz4-small-blocks-f8']) {
      const c = cases.find((k) => k.name === name)!;
      const frame = frameOf(name);
      expect(frame[2]! & 0x10).toBe(0x10);
      const flagless = frame.slice();
      flagless[2] = flagless[2]! & ~0x10;
      expect(sha(await decodeBlosc(flagless)!)).toBe(c.sha256);
    }
  });

  // numcodecs' WebAssembly encoder writes item size 4 whatever the data; the other sizes are the Python frames above.
  it("gives numcodecs' bytes for generated data of any length, block size and codec, with and without shuffle", async () => {
    const next = random(11);
    const cnames = ['lz4', 'blosclz', 'zstd', 'lz4hc', 'zlib', 'snappy'];
    const seen = new Set<string>();
    for (let round = 0; round < 72; round++) {
      const kind = round % 4;
      const n = 1 + Math.floor(next() * 60000);
      const smooth = (i: number) =>
        Math.round(Math.sin(i / (20 + 300 * next())) * 1000) / 10 + (next() < 0.3 ? next() : 0);
      const data =
        kind === 0
          ? Float32Array.from({ length: n }, (_, i) => smooth(i))
          : kind === 1
            ? Float64Array.from({ length: n }, (_, i) => smooth(i))
            : kind === 2
              ? Int16Array.from({ length: n }, (_, i) => smooth(i) * 10)
              : Uint8Array.from({ length: n }, (_, i) => (next() < 0.5 ? i & 7 : next() * 256));
      const blocksize = [0, 256, 4096, 65536][round % 4]!;
      const shuffle = Math.floor(round / 6) % 3; // none, byte, bit (each with every codec)
      const codec = Blosc.fromConfig({
        id: 'blosc',
        cname: cnames[round % cnames.length],
        clevel: 1 + (round % 9),
        shuffle,
        blocksize,
      });
      const frame = await codec.encode(new Uint8Array(data.buffer));
      const expected = await codec.decode(frame);
      expect(Buffer.from(await decodeBlosc(frame)!).equals(Buffer.from(expected))).toBe(true);
      seen.add(`${frame[2]! >> 5}/${frame[2]! & 0x07}`);
    }
    // LZ4, Snappy, zlib and zstd (1-4) each with no shuffle, byte and bit shuffle (flags 0, 1, 4), BloscLZ (0) with
    // byte shuffle; BloscLZ stores the others here as they are (its bit-shuffled frames: the Python cases above).
    for (const codec of [1, 2, 3, 4]) for (const f of [0, 1, 4]) expect(seen).toContain(`${codec}/${f}`);
    expect(seen).toContain('0/1');
  });

  it('undoes the byte shuffle of any item size, at any output offset', () => {
    const next = random(5);
    for (const typesize of [2, 3, 4, 5, 8, 16]) {
      for (const n of [0, 1, 3, 4, 17, 64]) {
        const size = n * typesize + Math.min(n % 3, typesize - 1); // bytes of a partial item stay as they are
        const items = Uint8Array.from({ length: size }, () => next() * 256);
        const shuffled = new Uint8Array(size);
        for (let i = 0; i < n; i++) for (let j = 0; j < typesize; j++) shuffled[j * n + i] = items[i * typesize + j]!;
        shuffled.set(items.subarray(n * typesize), n * typesize);
        for (const at of [0, 4, 5]) {
          const out = new Uint8Array(size + at);
          unshuffle(shuffled, size, typesize, out, at);
          expect(Array.from(out.subarray(at))).toEqual(Array.from(items));
        }
      }
    }
  });

  it('copies overlapping matches as repeats of the bytes before them', () => {
    // Literals "abc", then a match of offset 3 and length 4 + 15 + 2 = 21; then the literals "xy" (the last sequence).
    const src = Uint8Array.from([0x3f, 97, 98, 99, 3, 0, 2, 0x20, 120, 121]);
    const dst = new Uint8Array(26);
    expect(lz4Block(src, 0, src.length, dst, 0, dst.length)).toBe(26);
    expect(new TextDecoder().decode(dst)).toBe('abc'.repeat(8) + 'xy');
  });
});

describe('the Blosc chunks of the committed fixtures', () => {
  /** Files under `dir` that are whole Blosc 1 frames (by their header), of any writer among the fixtures. */
  function* frames(dir: string): Generator<Uint8Array> {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      const st = statSync(p);
      if (st.isDirectory()) yield* frames(p);
      else if (st.size >= 16 && st.size < 2 ** 26) {
        const b = new Uint8Array(readFileSync(p));
        if (b[0] === 2 && new DataView(b.buffer).getUint32(12, true) === b.length) yield b;
      }
    }
  }

  it("decode to numcodecs' bytes, every one (zarr-python, xarray and netcdf-c wrote them)", async () => {
    const codec = Blosc.fromConfig({ id: 'blosc' });
    let n = 0;
    for (const frame of frames(join(import.meta.dirname, '..', '..', 'fixtures'))) {
      if (!bloscDecoding(frame)) continue;
      const want = await codec.decode(frame);
      expect(Buffer.from(await decodeBlosc(frame)!).equals(Buffer.from(want))).toBe(true);
      n++;
    }
    expect(n).toBeGreaterThan(100);
  });
});

describe('damaged Blosc frames are refused', () => {
  const frame = frameOf('lz4-shuffle-f4');
  const u32 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset).getUint32(at, true);
  /** Where block 0's first compressed (not stored) stream's size is, and that size. */
  function compressedStream(f: Uint8Array): { at: number; size: number } {
    let at = u32(f, 16);
    const neblock = u32(f, 8) / f[3]!;
    for (;;) {
      const size = u32(f, at);
      if (size !== neblock) return { at, size };
      at += 4 + size;
    }
  }

  it('refuses streams that do not fill their block, or run past the frame', () => {
    const { at, size } = compressedStream(frame);
    const short = frame.slice();
    new DataView(short.buffer).setUint32(at, size - 5, true);
    expect(() => decodeBlosc(short)).toThrow(ChunkError);
    const long = frame.slice();
    new DataView(long.buffer).setUint32(at, frame.length, true);
    expect(() => decodeBlosc(long)).toThrow(/damaged/);
  });

  it('refuses a match before the start of its stream and a literal run past the block', () => {
    const dst = new Uint8Array(64);
    expect(() => lz4Block(Uint8Array.from([0x10, 65, 9, 0, 0x00]), 0, 5, dst, 0, 64)).toThrow(/before its block/);
    expect(() => lz4Block(Uint8Array.from([0xf0, 200, 65]), 0, 3, dst, 0, 64)).toThrow(/overflows/);
    expect(() => lz4Block(Uint8Array.from([0xf0, 255]), 0, 2, dst, 0, 64)).toThrow(/cut short/);
  });

  it('decodes BloscLZ runs and refuses its matches before the stream, literal runs past it, cut matches', () => {
    const dst = new Uint8Array(64);
    // A literal "a", a match of 4 at distance 1 (a run), a literal "b".
    expect(blosclzBlock(Uint8Array.from([0x00, 97, 0x40, 0x00, 0x00, 98]), 0, 6, dst, 0, 64)).toBe(6);
    expect(new TextDecoder().decode(dst.subarray(0, 6))).toBe('aaaaab');
    // As c-blosc: a match needs a byte after its distance.
    expect(() => blosclzBlock(Uint8Array.from([0x00, 97, 0x40, 0x00]), 0, 4, dst, 0, 64)).toThrow(/cut short/);
    expect(() => blosclzBlock(Uint8Array.from([0x00, 97, 0x40, 0x05, 0x00, 98]), 0, 6, dst, 0, 64)).toThrow(
      /before its block/,
    );
    expect(() => blosclzBlock(Uint8Array.from([0x1f, 1, 2, 3]), 0, 4, dst, 0, 64)).toThrow(/overflows/);
    expect(() => blosclzBlock(Uint8Array.from([0x00, 97, 0xe0]), 0, 3, dst, 0, 64)).toThrow(/cut short/);
  });

  it('decodes Snappy copies and refuses its short streams and copies before the stream', () => {
    const dst = new Uint8Array(16);
    // Length 5; a literal "a"; a copy of 4 from distance 1.
    expect(snappyBlock(Uint8Array.from([5, 0x00, 97, 0x01, 1]), 0, 5, dst, 0, 16)).toBe(5);
    expect(new TextDecoder().decode(dst.subarray(0, 5))).toBe('aaaaa');
    expect(() => snappyBlock(Uint8Array.from([5, 0x08, 97, 98, 99]), 0, 5, dst, 0, 16)).toThrow(/ends short/);
    expect(() => snappyBlock(Uint8Array.from([5, 0x00, 97, 0x01, 2]), 0, 5, dst, 0, 16)).toThrow(/before its block/);
    expect(() => snappyBlock(Uint8Array.from([40, 0x00, 97]), 0, 3, dst, 0, 16)).toThrow(/longer than its block/);
  });

  it('refuses what c-blosc refuses in a header: other format versions, codec versions, block sizes, stored sizes', async () => {
    const decode = await blosc.load({}, { itemSize: 4, maxBytes: 2 ** 26 });
    const refused = (f: Uint8Array) => Promise.resolve().then(() => decode(f));
    const versioned = frame.slice();
    versioned[0] = 3;
    await expect(refused(versioned)).rejects.toThrow(/format version 3/);
    const codecVersion = frame.slice();
    codecVersion[1] = 2;
    await expect(refused(codecVersion)).rejects.toThrow(/codec version 2/);
    const bigBlocks = frame.slice();
    new DataView(bigBlocks.buffer).setUint32(8, frame.length * 100, true);
    await expect(refused(bigBlocks)).rejects.toThrow(/block size/);
    const stored = frameOf('lz4-stored-f4');
    const short = stored.slice();
    new DataView(short.buffer).setUint32(4, 13000, true);
    await expect(refused(short)).rejects.toThrow(/stores 13000 bytes/);
    // numcodecs' WebAssembly build returns values for each (c-blosc's error code is dropped).
    const { default: Blosc } = await import('numcodecs/blosc');
    await expect(Blosc.fromConfig({ id: 'blosc' }).decode(codecVersion)).resolves.toBeInstanceOf(Uint8Array);
  });

  it('fed in parts, a damaged block leaves the frame to the whole-frame decode, which reports it', async () => {
    const { at, size } = compressedStream(frame);
    const bad = frame.slice();
    new DataView(bad.buffer).setUint32(at, size - 5, true);
    const decode = await blosc.load({}, { itemSize: 4, maxBytes: 2 ** 26 });
    const stream = new BloscBlockStream();
    for (let i = 0; i < bad.length; i += 3000) stream.push(bad.slice(i, i + 3000));
    expect(await stream.finish()).toBeNull();
    await expect(Promise.resolve().then(() => decode(bad))).rejects.toThrow(ChunkError);
  });

  it('leaves a frame declaring more than the bound whole, for its codec to refuse', async () => {
    const stream = new BloscBlockStream(1000);
    stream.push(frame);
    expect(await stream.finish()).toBeNull();
    const decode = await blosc.load({}, { itemSize: 4, maxBytes: 1000 });
    await expect(Promise.resolve().then(() => decode(frame))).rejects.toThrow(/over the limit/);
  });
});
