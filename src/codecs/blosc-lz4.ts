/**
 * The LZ4 block format (the streams inside Blosc frames written with `lz4` or `lz4hc`) and Blosc's byte shuffle,
 * decoded in TypeScript: long literal runs and long matches are copied with `set`/`copyWithin` (the engine's
 * memcpy), the shuffle is undone four bytes at a time. About twice as fast as numcodecs' WebAssembly build (no SIMD).
 */

import { damaged } from './blosc-frame';

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

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

/** One LZ4 sequence: literals, then a match of `len` bytes `offset` back (none for the last sequence). */
interface Lz4Sequence {
  readonly literals: number;
  readonly offset?: number;
  readonly len?: number;
}

/**
 * Every kind of sequence `lz4Block` decodes: short and long literal runs (with length bytes past 15 and 255), a
 * one-byte repeat, short, long and overlapping matches. A made-up field passed through a Blosc encoder need not have
 * them all (Blosc stores a stream that does not compress as it is): a real chunk with a kind the warm-up never ran
 * throws the compiled decoder away mid-chunk, on the path of the first picture.
 */
const SAMPLE: readonly Lz4Sequence[] = [
  { literals: 8, offset: 8, len: 6 },
  { literals: 40, offset: 1, len: 37 },
  { literals: 3, offset: 7, len: 300 },
  { literals: 300, offset: 200, len: 64 },
  { literals: 20 },
];

/** The length bytes after a token's nibble for a length of `n` past 15 (LZ4's 255-continued count). */
function extraLength(out: number[], n: number): void {
  for (; n >= 255; n -= 255) out.push(255);
  out.push(n);
}

/** An LZ4 block of `SAMPLE`'s sequences (literal bytes from a fixed sequence) and the size it decodes to. */
export function lz4Sample(): { readonly block: Uint8Array; readonly size: number } {
  const out: number[] = [];
  let size = 0;
  let seed = 7;
  for (const s of SAMPLE) {
    const match = s.len === undefined ? 0 : s.len - 4;
    out.push((Math.min(s.literals, 15) << 4) | Math.min(match, 15));
    if (s.literals >= 15) extraLength(out, s.literals - 15);
    for (let k = 0; k < s.literals; k++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      out.push(seed >>> 24);
    }
    size += s.literals;
    if (s.offset === undefined || s.len === undefined) continue;
    out.push(s.offset & 255, s.offset >>> 8);
    if (match >= 15) extraLength(out, match - 15);
    size += s.len;
  }
  return { block: new Uint8Array(out), size };
}

/** Runs `lz4Block` on `lz4Sample` `runs` times, so that the engine compiles it with every path taken. */
export function warmLz4(runs = 500): void {
  const { block, size } = lz4Sample();
  const dst = new Uint8Array(size);
  for (let k = 0; k < runs; k++) lz4Block(block, 0, block.length, dst, 0, size);
}
