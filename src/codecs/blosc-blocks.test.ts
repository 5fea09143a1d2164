/**
 * Blosc frames decoded block by block as their bytes arrive give exactly the bytes numcodecs decodes them to
 * (frames and digests written by scripts/fixtures/make-blosc-blocks.py), whatever the parts, block order or codec.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BloscBlockStream } from './blosc-blocks';
import { blockEnds, bloscLayout, checkBloscFrame } from './blosc-frame';
import { createChunkDecoder, type ChunkSpec } from './pipeline';
import { blosc } from './byte-codecs';
import { ChunkError } from '../errors';

const DIR = join(import.meta.dirname, 'testdata', 'blosc-blocks');
const { cases } = JSON.parse(readFileSync(join(DIR, 'cases.json'), 'utf8')) as {
  cases: { name: string; dtype: string; length: number; sha256: string }[];
};
const frameOf = (name: string) => new Uint8Array(readFileSync(join(DIR, `${name}.blosc`)));
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const decodeFrame = await blosc.load({}, { itemSize: 1, maxBytes: 2 ** 26 });

/** The same frame with its blocks stored in reverse order (as writers with threads store them, in some order). */
function reversedBlocks(frame: Uint8Array): Uint8Array {
  const layout = bloscLayout(frame)!;
  const { starts, ends } = blockEnds(frame, layout)!;
  const out = frame.slice();
  const view = new DataView(out.buffer);
  let at = 16 + 4 * layout.nblocks;
  for (let i = layout.nblocks - 1; i >= 0; i--) {
    out.set(frame.subarray(starts[i]!, ends[i]!), at);
    view.setUint32(16 + 4 * i, at, true);
    at += ends[i]! - starts[i]!;
  }
  return out;
}

/** Feeds `frame` in parts of `size` bytes and finishes. */
async function byParts(frame: Uint8Array, size: number): Promise<Uint8Array | null> {
  const stream = new BloscBlockStream();
  for (let at = 0; at < frame.length; at += size) stream.push(frame.slice(at, at + size));
  return stream.finish();
}

describe('Blosc frames block by block', () => {
  it('has frames of many blocks, with a short last block', () => {
    const blocks = cases.map((c) => bloscLayout(frameOf(c.name))?.nblocks ?? 1);
    expect(Math.max(...blocks)).toBeGreaterThan(20);
    expect(blocks.filter((n) => n >= 3).length).toBeGreaterThanOrEqual(5);
  });

  for (const c of cases)
    it(`decodes ${c.name} to numcodecs' bytes, in any parts and any block order`, async () => {
      const frame = frameOf(c.name);
      expect(sha(await decodeFrame(frame))).toBe(c.sha256);
      const layout = bloscLayout(frame);
      for (const f of layout && layout.nblocks > 1 ? [frame, reversedBlocks(frame)] : [frame])
        for (const size of [1, 7, 1000, 4096, 65536, f.length]) {
          const out = await byParts(f, size);
          if (!layout) expect(out).toBeNull();
          else {
            expect(out?.length).toBe(c.length);
            expect(sha(out!)).toBe(c.sha256);
          }
        }
    });

  it('leaves frames it cannot split to the whole-frame decoder: stored copies, bad starts, truncated bodies', async () => {
    const frame = frameOf('lz4-shuffle-f4');
    const copied = frame.slice();
    copied[2] = copied[2]! | 0x02;
    expect(bloscLayout(copied)).toBeNull();
    const bad = frame.slice();
    new DataView(bad.buffer).setUint32(16, 3, true); // a start inside the header
    expect(await byParts(bad, 1000)).toBeNull();
    const stream = new BloscBlockStream();
    stream.push(frame.slice(0, frame.length - 10));
    expect(await stream.finish()).toBeNull();
  });

  it('gives null (for the whole-frame decoder to decode and report) when a block does not decode', async () => {
    const frame = frameOf('blosclz-shuffle-u4');
    const start = new DataView(frame.buffer).getUint32(16 + 4, true); // block 1: its first stream's size, wrong
    new DataView(frame.buffer).setUint32(start, new DataView(frame.buffer).getUint32(start, true) - 3, true);
    expect(await byParts(frame, 4096)).toBeNull();
    await expect(Promise.resolve().then(() => decodeFrame(frame))).rejects.toThrow(ChunkError);
  });
});

describe('a chunk decoder fed its bytes as they arrive', () => {
  const spec = (codecs: ChunkSpec['codecs']): ChunkSpec => ({
    dtype: '<f4',
    zarrFormat: 2,
    order: 'C',
    shape: [40001],
    codecs,
  });

  it('gives what decoding the whole chunk gives, for Blosc (early) and other codecs (at the end)', async () => {
    const frame = frameOf('lz4-shuffle-f4');
    const decoder = await createChunkDecoder(spec([{ id: 'blosc', configuration: { cname: 'lz4' } }]));
    const whole = await decoder.decode(frame.slice());
    const stream = decoder.stream();
    for (let at = 0; at < frame.length; at += 5000) stream.push(frame.slice(at, at + 5000));
    expect(Array.from((await stream.finish()).data as Float32Array)).toEqual(Array.from(whole.data as Float32Array));
    // The parts were not all of it: the whole chunk given at the end is decoded instead.
    const partial = decoder.stream();
    partial.push(frame.slice(0, 100));
    expect((await partial.finish(frame.slice())).data).toEqual(whole.data);
  });
});

describe('damaged Blosc frames are refused, not decoded into made-up values', () => {
  const frame = frameOf('lz4-shuffle-f4');

  it('accepts every frame numcodecs wrote, and one stored as it is (clevel 0)', async () => {
    for (const c of cases) expect(() => checkBloscFrame(frameOf(c.name))).not.toThrow();
    const { default: Blosc } = await import('numcodecs/blosc');
    const stored = await Blosc.fromConfig({ id: 'blosc', cname: 'lz4', clevel: 0 }).encode(
      new Uint8Array(1000).fill(9),
    );
    expect(stored[2]! & 2).toBe(2); // the memcpyed flag: no blocks
    expect(() => checkBloscFrame(stored)).not.toThrow();
    expect(await decodeFrame(stored)).toEqual(new Uint8Array(1000).fill(9));
    expect(() => checkBloscFrame(stored.subarray(0, 900))).toThrow(/truncated/);
  });

  it('refuses a truncated frame (the decoder alone returns values for the missing blocks)', async () => {
    const cut = frame.slice(0, frame.length - 500);
    expect(() => checkBloscFrame(cut)).toThrow(ChunkError);
    expect(() => checkBloscFrame(cut)).toThrow(/truncated/);
    await expect(Promise.resolve().then(() => decodeFrame(cut))).rejects.toThrow(/blosc chunk is damaged/);
    expect(() => checkBloscFrame(frame.subarray(0, 10))).toThrow(/fewer than a Blosc header/);
  });

  it('refuses a block start outside the frame', async () => {
    const bad = frame.slice();
    new DataView(bad.buffer).setUint32(16 + 4 * 2, frame.length + 100, true);
    expect(() => checkBloscFrame(bad)).toThrow(/block starts/);
    await expect(Promise.resolve().then(() => decodeFrame(bad))).rejects.toThrow(ChunkError);
  });

  it('decodes a frame with trailing bytes after it (its header says where it ends)', async () => {
    const padded = new Uint8Array(frame.length + 8);
    padded.set(frame);
    expect(() => checkBloscFrame(padded)).not.toThrow();
  });
});
