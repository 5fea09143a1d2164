/** Bob Jenkins' lookup3 `hashlittle`, the checksum of HDF5's version 2 metadata (object headers, B-trees, heaps). */
export function lookup3(k: Uint8Array, initval = 0): number {
  let length = k.length;
  let a = (0xdeadbeef + length + initval) >>> 0;
  let b = a;
  let c = a;
  let o = 0;
  const rot = (x: number, n: number) => (x << n) | (x >>> (32 - n));
  const word = (i: number) => (k[i]! | (k[i + 1]! << 8) | (k[i + 2]! << 16) | (k[i + 3]! << 24)) >>> 0;
  while (length > 12) {
    a = (a + word(o)) | 0;
    b = (b + word(o + 4)) | 0;
    c = (c + word(o + 8)) | 0;
    a = (a - c) | 0;
    a ^= rot(c, 4);
    c = (c + b) | 0; // prettier-ignore
    b = (b - a) | 0;
    b ^= rot(a, 6);
    a = (a + c) | 0; // prettier-ignore
    c = (c - b) | 0;
    c ^= rot(b, 8);
    b = (b + a) | 0; // prettier-ignore
    a = (a - c) | 0;
    a ^= rot(c, 16);
    c = (c + b) | 0; // prettier-ignore
    b = (b - a) | 0;
    b ^= rot(a, 19);
    a = (a + c) | 0; // prettier-ignore
    c = (c - b) | 0;
    c ^= rot(b, 4);
    b = (b + a) | 0; // prettier-ignore
    length -= 12;
    o += 12;
  }
  if (length === 0) return c >>> 0;
  // The tail: bytes o .. o+length-1 added into a, b, c little-endian (lookup3's fall-through switch).
  const tail = [0, 0, 0];
  for (let i = 0; i < length; i++) tail[i >> 2] = (tail[i >> 2]! + (k[o + i]! << ((i & 3) * 8))) >>> 0;
  a = (a + tail[0]!) | 0;
  b = (b + tail[1]!) | 0;
  c = (c + tail[2]!) | 0;
  c ^= b;
  c = (c - rot(b, 14)) | 0; // prettier-ignore
  a ^= c;
  a = (a - rot(c, 11)) | 0; // prettier-ignore
  b ^= a;
  b = (b - rot(a, 25)) | 0; // prettier-ignore
  c ^= b;
  c = (c - rot(b, 16)) | 0; // prettier-ignore
  a ^= c;
  a = (a - rot(c, 4)) | 0; // prettier-ignore
  b ^= a;
  b = (b - rot(a, 14)) | 0; // prettier-ignore
  c ^= b;
  c = (c - rot(b, 24)) | 0; // prettier-ignore
  return c >>> 0;
}
