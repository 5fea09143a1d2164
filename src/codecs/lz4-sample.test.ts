import { describe, expect, it } from 'vitest';
import { lz4Block, lz4Sample, warmLz4 } from './blosc-lz4';

// numcodecs' LZ4 (the LZ4 library in WebAssembly) reads a block after a 4-byte little-endian size.
const { default: LZ4 } = await import('numcodecs/lz4');

describe('the LZ4 warm-up block', () => {
  it('is a block the LZ4 library decodes as lz4Block does', async () => {
    const { block, size } = lz4Sample();
    const framed = new Uint8Array(4 + block.length);
    new DataView(framed.buffer).setUint32(0, size, true);
    framed.set(block, 4);
    const expected = await LZ4.fromConfig({ id: 'lz4', acceleration: 1 }).decode(framed);
    expect(expected.length).toBe(size);
    const dst = new Uint8Array(size);
    expect(lz4Block(block, 0, block.length, dst, 0, size)).toBe(size);
    expect(dst).toEqual(expected);
  });

  it('has long literal runs, one-byte repeats, long and overlapping matches (the paths a made-up field can miss)', () => {
    const { block, size } = lz4Sample();
    // Tokens with 15 in either nibble carry length bytes; 255 among them continues a length.
    expect(block[0]! >> 4).toBeLessThan(15);
    expect([...block].filter((b) => b === 255).length).toBeGreaterThan(0);
    const dst = new Uint8Array(size);
    lz4Block(block, 0, block.length, dst, 0, size);
    // The one-byte repeat: 37 copies of the byte before it (after 8 + 6 + 40 bytes).
    expect(new Set(dst.subarray(54, 91))).toEqual(new Set([dst[53]]));
    expect(() => warmLz4(3)).not.toThrow();
  });
});
