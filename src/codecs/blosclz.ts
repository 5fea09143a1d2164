/**
 * The BloscLZ format (Blosc's own compressor, `blosclz`, derived from FastLZ level 2), decoded in TypeScript, with
 * the checks of c-blosc's decoder: a stream that would read or write past its ends, or refer before its start,
 * is damaged.
 *
 * A stream is a run of instructions, each starting with a control byte `c` (the first one's top three bits are a
 * format marker): `c < 32` copies the next `c + 1` bytes as they are; otherwise it copies a match of length
 * `(c >> 5) + 2` (7 + 2 or more when `c >> 5` is 7: bytes of 255 and a last byte add to it) from a distance of
 * `((c & 31) << 8) + d + 1` back, `d` being the byte after the length; `c & 31 = 31` with `d = 255` introduces a far
 * distance, two big-endian bytes plus 8192.
 */

import { damaged } from './blosc-frame';

const MAX_DISTANCE = 8191;

/**
 * Decodes the BloscLZ stream `src[ip, iend)` into `dst` from `op`, writing no further than `oend`; returns where the
 * output ended (as c-blosc, a match that ends the input is not copied: the size check then fails).
 */
export function blosclzBlock(
  src: Uint8Array,
  ip: number,
  iend: number,
  dst: Uint8Array,
  op: number,
  oend: number,
): number {
  const low = op;
  if (ip >= iend) return op;
  let ctrl = (src[ip++] as number) & 31;
  for (;;) {
    if (ctrl >= 32) {
      let len = (ctrl >>> 5) - 1;
      let ofs = (ctrl & 31) << 8;
      let code: number;
      if (len === 6) {
        do {
          if (ip + 1 >= iend) throw damaged('a BloscLZ match is cut short');
          code = src[ip++] as number;
          len += code;
        } while (code === 255);
      } else if (ip + 1 >= iend) throw damaged('a BloscLZ match is cut short');
      code = src[ip++] as number;
      len += 3;
      let ref = op - ofs - code;
      if (code === 255 && ofs === 31 << 8) {
        if (ip + 1 >= iend) throw damaged('a BloscLZ match is cut short');
        ofs = ((src[ip] as number) << 8) + (src[ip + 1] as number);
        ip += 2;
        ref = op - ofs - MAX_DISTANCE;
      }
      if (op + len > oend) throw damaged('a BloscLZ match overflows its block');
      if (ref - 1 < low) throw damaged('a BloscLZ match points before its block');
      if (ip >= iend) break;
      ctrl = src[ip++] as number;
      ref--;
      if (ref === op - 1) dst.fill(dst[ref] as number, op, op + len);
      else if (op - ref >= len) dst.copyWithin(op, ref, ref + len);
      else for (let k = 0; k < len; k++) dst[op + k] = dst[ref + k] as number;
      op += len;
    } else {
      const n = ctrl + 1;
      if (op + n > oend || ip + n > iend) throw damaged('a BloscLZ literal run overflows its block');
      if (n < 16) for (let k = 0; k < n; k++) dst[op + k] = src[ip + k] as number;
      else dst.set(src.subarray(ip, ip + n), op);
      op += n;
      ip += n;
      if (ip >= iend) break;
      ctrl = src[ip++] as number;
    }
  }
  return op;
}
