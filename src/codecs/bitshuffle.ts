/**
 * Blosc's bit shuffle (the bitshuffle library's layout, as c-blosc 1 applies it to each block) undone in TypeScript.
 * A block of `n` items of `s` bytes, `n` a multiple of 8, is stored as `8 s` rows of `n` bits: row `8 j + k` holds
 * bit `k` of byte `j` of every item, item `i` at bit `i % 8` of the row's byte `i / 8`. A block whose item count is
 * not a multiple of 8 is stored as it is (c-blosc 1 shuffles no part of it).
 */

/** Undoes the bit shuffle of `src[0, size)` (items of `typesize` bytes) into `dst` from `at`. */
export function bitunshuffle(src: Uint8Array, size: number, typesize: number, dst: Uint8Array, at: number): void {
  const n = Math.floor(size / typesize);
  if (n % 8 !== 0 || n === 0) {
    dst.set(src.subarray(0, size), at);
    return;
  }
  const rowBytes = n / 8;
  for (let j = 0; j < typesize; j++) {
    const base = j * 8 * rowBytes;
    for (let q = 0; q < rowBytes; q++) {
      // The eight rows of byte j, for items 8q .. 8q + 7: bit m of row k is bit k of item 8q + m's byte j.
      let lo = 0; // rows 0-3, one byte each
      let hi = 0; // rows 4-7
      for (let k = 0; k < 4; k++) {
        lo |= (src[base + k * rowBytes + q] as number) << (8 * k);
        hi |= (src[base + (k + 4) * rowBytes + q] as number) << (8 * k);
      }
      // An 8 × 8 bit transpose (row k at byte k, column m at bit m): 2 × 2, then 4 × 4, then 8 × 8 blocks swapped.
      let t = (lo ^ (lo >>> 7)) & 0x00aa00aa;
      lo = lo ^ t ^ (t << 7);
      t = (hi ^ (hi >>> 7)) & 0x00aa00aa;
      hi = hi ^ t ^ (t << 7);
      t = (lo ^ (lo >>> 14)) & 0x0000cccc;
      lo = lo ^ t ^ (t << 14);
      t = (hi ^ (hi >>> 14)) & 0x0000cccc;
      hi = hi ^ t ^ (t << 14);
      const a = (lo & 0x0f0f0f0f) | ((hi & 0x0f0f0f0f) << 4);
      const b = ((lo >>> 4) & 0x0f0f0f0f) | (hi & 0xf0f0f0f0);
      // Byte m of the transposed matrix is item 8q + m's byte j.
      const o = at + 8 * q * typesize + j;
      dst[o] = a & 255;
      dst[o + typesize] = (a >>> 8) & 255;
      dst[o + 2 * typesize] = (a >>> 16) & 255;
      dst[o + 3 * typesize] = a >>> 24;
      dst[o + 4 * typesize] = b & 255;
      dst[o + 5 * typesize] = (b >>> 8) & 255;
      dst[o + 6 * typesize] = (b >>> 16) & 255;
      dst[o + 7 * typesize] = b >>> 24;
    }
  }
}
