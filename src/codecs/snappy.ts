/**
 * The Snappy block format (Blosc's `snappy` streams), decoded in TypeScript with the checks of the reference decoder:
 * a stream whose preamble promises more than its share of the block, whose elements read or write past its ends or
 * copy from before its start, or that ends short of its promised length, is damaged.
 *
 * A stream is the decompressed length (a little-endian base-128 varint), then elements, each a tag byte whose low two
 * bits say what follows: 0, a literal (length − 1 in the tag's upper six bits, or in the next 1–4 bytes when those
 * bits are 60–63); 1, a copy of 4–11 bytes from an 11-bit distance; 2 and 3, a copy of 1–64 bytes from a 16- or 32-bit
 * distance (little endian).
 */

import { damaged } from './blosc-frame';

/**
 * Decodes the Snappy stream `src[ip, iend)` into `dst` from `op`, writing no further than `oend`; returns where the
 * output ended.
 */
export function snappyBlock(
  src: Uint8Array,
  ip: number,
  iend: number,
  dst: Uint8Array,
  op: number,
  oend: number,
): number {
  let length = 0;
  for (let shift = 0; ; shift += 7) {
    if (ip >= iend || shift > 28) throw damaged('a Snappy stream has no valid length');
    const b = src[ip++] as number;
    length += (b & 127) * 2 ** shift;
    if (b < 128) break;
  }
  if (length > oend - op) throw damaged('a Snappy stream is longer than its block');
  const low = op;
  const end = op + length;
  while (ip < iend) {
    const tag = src[ip++] as number;
    const kind = tag & 3;
    if (kind === 0) {
      let n = (tag >>> 2) + 1;
      if (n > 60) {
        const bytes = n - 60;
        if (ip + bytes > iend) throw damaged('a Snappy literal is cut short');
        n = 0;
        for (let k = 0; k < bytes; k++) n += (src[ip + k] as number) * 2 ** (8 * k);
        n += 1;
        ip += bytes;
      }
      if (ip + n > iend || op + n > end) throw damaged('a Snappy literal overflows its block');
      if (n < 16) for (let k = 0; k < n; k++) dst[op + k] = src[ip + k] as number;
      else dst.set(src.subarray(ip, ip + n), op);
      ip += n;
      op += n;
      continue;
    }
    let len: number;
    let offset: number;
    if (kind === 1) {
      if (ip + 1 > iend) throw damaged('a Snappy copy is cut short');
      len = 4 + ((tag >>> 2) & 7);
      offset = ((tag >>> 5) << 8) | (src[ip++] as number);
    } else if (kind === 2) {
      if (ip + 2 > iend) throw damaged('a Snappy copy is cut short');
      len = (tag >>> 2) + 1;
      offset = (src[ip] as number) | ((src[ip + 1] as number) << 8);
      ip += 2;
    } else {
      if (ip + 4 > iend) throw damaged('a Snappy copy is cut short');
      len = (tag >>> 2) + 1;
      offset =
        ((src[ip] as number) |
          ((src[ip + 1] as number) << 8) |
          ((src[ip + 2] as number) << 16) |
          ((src[ip + 3] as number) << 24)) >>>
        0;
      ip += 4;
    }
    const m = op - offset;
    if (offset === 0 || m < low) throw damaged('a Snappy copy points before its block');
    if (op + len > end) throw damaged('a Snappy copy overflows its block');
    if (offset >= len) dst.copyWithin(op, m, m + len);
    else for (let k = 0; k < len; k++) dst[op + k] = dst[m + k] as number;
    op += len;
  }
  if (op !== end) throw damaged('a Snappy stream ends short of its length');
  return op;
}
