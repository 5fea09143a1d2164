/**
 * Blosc 1 frames whose blocks are LZ4-compressed (`lz4` and `lz4hc` write the same format), with byte shuffle or
 * none, decoded in TypeScript: long literal runs and long matches are copied with `set`/`copyWithin` (the engine's
 * memcpy), the byte shuffle is undone four bytes at a time. This is the codec of most Zarr stores written with
 * numcodecs' defaults, and about twice as fast as numcodecs' WebAssembly build (no SIMD). Every other frame
 * (other codecs, bit shuffle, Blosc2's extended header, format versions other than 2) gives null and is left to
 * numcodecs. A frame whose blocks do not decode to their stated sizes is refused as damaged.
 */

import { BITSHUFFLE, checkBloscFrame, damaged, DONT_SPLIT, HEADER, MEMCPYED, SHUFFLE, u32 } from './blosc-frame';

/** The codec field of the header flags (bits 5-7) of LZ4 blocks. */
const LZ4_FORMAT = 1;
/** Items of more bytes than this are never split into streams. */
const MAX_SPLITS = 16;
/** Blocks of fewer items than this are never split into streams. */
const MIN_ITEMS = 128;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Whether this decoder reads the frame (from its first 16 bytes). */
export function isBloscLz4(frame: Uint8Array): boolean {
  if (frame.length < HEADER || frame[0] !== 2) return false;
  const flags = frame[2] as number;
  if (flags & MEMCPYED) return true;
  return flags >> 5 === LZ4_FORMAT && !(flags & BITSHUFFLE);
}

/** The decompressed bytes of a frame `isBloscLz4` accepts, or null for any other frame. */
export function decodeBloscLz4(frame: Uint8Array): Uint8Array | null {
  if (!isBloscLz4(frame)) return null;
  const flags = frame[2] as number;
  const nbytes = u32(frame, 4);
  const blocksize = u32(frame, 8);
  const cbytes = u32(frame, 12);
  checkBloscFrame(frame);
  const out = new Uint8Array(nbytes);
  if (flags & MEMCPYED) {
    out.set(frame.subarray(HEADER, HEADER + nbytes));
    return out;
  }
  if (nbytes === 0) return out;
  if (blocksize === 0) throw damaged('its block size is 0');
  const nblocks = Math.ceil(nbytes / blocksize);
  const tmp = new Uint8Array(blocksize);
  for (let i = 0; i < nblocks; i++) decodeBloscLz4Block(frame, i, cbytes, out, tmp);
  return out;
}

/**
 * Decodes block `i` of a blocked frame `isBloscLz4` accepts (its bytes before `end`) into its place in `out` (the
 * frame's decompressed bytes); `tmp` is scratch space of the block size.
 */
export function decodeBloscLz4Block(frame: Uint8Array, i: number, end: number, out: Uint8Array, tmp: Uint8Array): void {
  const flags = frame[2] as number;
  const typesize = frame[3] as number;
  const nbytes = u32(frame, 4);
  const blocksize = u32(frame, 8);
  const start = u32(frame, HEADER + 4 * i);
  const size = Math.min(blocksize, nbytes - i * blocksize);
  // A whole block is split into one stream per byte of an item unless the writer says not; writers from before that
  // flag split only items of at most 16 bytes, in blocks of at least 128 items (c-blosc decodes them so still).
  const split =
    !(flags & DONT_SPLIT) && size === blocksize && typesize <= MAX_SPLITS && Math.floor(size / typesize) >= MIN_ITEMS;
  const nsplits = split ? typesize : 1;
  if ((flags & SHUFFLE) !== 0 && typesize > 1) {
    decodeBlock(frame, start, end, tmp, 0, size, nsplits);
    unshuffle(tmp, size, typesize, out, i * blocksize);
  } else decodeBlock(frame, start, end, out, i * blocksize, size, nsplits);
}

/** Decodes one block's `nsplits` streams (each a 4-byte size and an LZ4 block) into `dst[base, base + size)`. */
function decodeBlock(
  src: Uint8Array,
  start: number,
  end: number,
  dst: Uint8Array,
  base: number,
  size: number,
  nsplits: number,
): void {
  const neblock = size / nsplits;
  if (!Number.isInteger(neblock)) throw damaged('a block does not split into its streams');
  let ip = start;
  let op = base;
  for (let j = 0; j < nsplits; j++) {
    if (ip < HEADER || ip + 4 > end) throw damaged('its table of block starts points outside the frame');
    const n = u32(src, ip);
    ip += 4;
    if (n > end - ip) throw damaged('a compressed stream runs past the end of the frame');
    if (n === neblock) dst.set(src.subarray(ip, ip + n), op);
    else if (lz4Block(src, ip, ip + n, dst, op, op + neblock) !== op + neblock) {
      throw damaged('a block does not decompress to its stated size');
    }
    ip += n;
    op += neblock;
  }
}

/**
 * Decodes the LZ4 block `src[ip, iend)` into `dst` from `op`, writing no further than `oend`; returns where the
 * output ended. Offsets before `op`'s stream start are refused (Blosc compresses each stream alone).
 */
export function lz4Block(src: Uint8Array, ip: number, iend: number, dst: Uint8Array, op: number, oend: number): number {
  const low = op;
  while (ip < iend) {
    const token = src[ip++] as number;
    let lit = token >>> 4;
    if (lit === 15) {
      let b: number;
      do {
        if (ip >= iend) throw damaged('an LZ4 sequence is cut short');
        b = src[ip++] as number;
        lit += b;
      } while (b === 255);
    }
    if (lit > 0) {
      if (ip + lit > iend || op + lit > oend) throw damaged('an LZ4 literal run overflows its block');
      if (lit < 32) for (let k = 0; k < lit; k++) dst[op + k] = src[ip + k] as number;
      else dst.set(src.subarray(ip, ip + lit), op);
      ip += lit;
      op += lit;
    }
    if (ip >= iend) break; // the last sequence has literals only
    if (ip + 2 > iend) throw damaged('an LZ4 sequence is cut short');
    const offset = (src[ip] as number) | ((src[ip + 1] as number) << 8);
    ip += 2;
    let len = token & 15;
    if (len === 15) {
      let b: number;
      do {
        if (ip >= iend) throw damaged('an LZ4 sequence is cut short');
        b = src[ip++] as number;
        len += b;
      } while (b === 255);
    }
    len += 4;
    const m = op - offset;
    if (offset === 0 || m < low) throw damaged('an LZ4 match points before its block');
    if (op + len > oend) throw damaged('an LZ4 match overflows its block');
    if (offset === 1) dst.fill(dst[m] as number, op, op + len);
    else if (len < 32) for (let k = 0; k < len; k++) dst[op + k] = dst[m + k] as number;
    else if (offset >= len) dst.copyWithin(op, m, m + len);
    else {
      // An overlapping match repeats the last `offset` bytes: copy runs that double, each from before its target.
      for (let k = 0; k < len;) {
        const n = Math.min(len - k, offset + k);
        dst.copyWithin(op + k, m, m + n);
        k += n;
      }
    }
    op += len;
  }
  return op;
}

/** Undoes Blosc's byte shuffle of `src[0, size)` into `dst` from `at` (trailing bytes of a partial item as they are). */
export function unshuffle(src: Uint8Array, size: number, typesize: number, dst: Uint8Array, at: number): void {
  const n = Math.floor(size / typesize);
  const words = LITTLE_ENDIAN && n % 4 === 0 && src.byteOffset % 4 === 0 && (dst.byteOffset + at) % 4 === 0;
  if (words && (typesize === 4 || typesize === 8)) {
    const s = new Uint32Array(src.buffer, src.byteOffset, (n * typesize) / 4);
    const d = new Uint32Array(dst.buffer, dst.byteOffset + at, (n * typesize) / 4);
    if (typesize === 4) transpose4(s, d, n / 4, 0, 1, 0);
    else {
      transpose4(s, d, n / 4, 0, 2, 0);
      transpose4(s, d, n / 4, n, 2, 1);
    }
  } else {
    for (let j = 0; j < typesize; j++) {
      const from = j * n;
      for (let i = 0; i < n; i++) dst[at + i * typesize + j] = src[from + i] as number;
    }
  }
  const done = n * typesize;
  if (done < size) dst.set(src.subarray(done, size), at + done);
}

/**
 * Interleaves four byte planes of `w` words each, starting at word `from` of `s` (plane k at `from + k * w`): item
 * `i` takes byte `i` of each plane, in plane order, as one word, written to `d[i * step + part]` (4-byte items: step
 * 1; 8-byte items: step 2, part 0 for bytes 0–3 and 1 for bytes 4–7).
 */
function transpose4(s: Uint32Array, d: Uint32Array, w: number, from: number, step: number, part: number): void {
  const p0 = from;
  const p1 = p0 + w;
  const p2 = p1 + w;
  const p3 = p2 + w;
  for (let q = 0; q < w; q++) {
    const a = s[p0 + q] as number;
    const b = s[p1 + q] as number;
    const c = s[p2 + q] as number;
    const e = s[p3 + q] as number;
    const t0 = (a & 0x00ff00ff) | ((b & 0x00ff00ff) << 8);
    const t1 = ((a >>> 8) & 0x00ff00ff) | (b & 0xff00ff00);
    const t2 = (c & 0x00ff00ff) | ((e & 0x00ff00ff) << 8);
    const t3 = ((c >>> 8) & 0x00ff00ff) | (e & 0xff00ff00);
    const o = 4 * q * step + part;
    d[o] = (t0 & 0xffff) | (t2 << 16);
    d[o + step] = (t1 & 0xffff) | (t3 << 16);
    d[o + 2 * step] = (t0 >>> 16) | (t2 & 0xffff0000);
    d[o + 3 * step] = (t1 >>> 16) | (t3 & 0xffff0000);
  }
}
