/** numcodecs' CRC32 and Adler32 checksum codecs: a little-endian uint32 before (or, `location: "end"`, after) the data. */
import { ChunkError } from '../errors';

/** A table-driven reflected CRC-32 for polynomial `poly` (its table built at first use). */
function reflectedCrc32(poly: number): (data: Uint8Array) => number {
  let table: Uint32Array | null = null;
  return (data) => {
    if (!table) {
      table = new Uint32Array(256);
      for (let n = 0; n < 256; n++) {
        let c = n;
        for (let k = 0; k < 8; k++) c = c & 1 ? poly ^ (c >>> 1) : c >>> 1;
        table[n] = c >>> 0;
      }
    }
    let crc = 0xffffffff;
    for (let i = 0; i < data.length; i++) crc = (table[(crc ^ (data[i] as number)) & 0xff] as number) ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
}

/** zlib's CRC-32. */
export const crc32 = reflectedCrc32(0xedb88320);

/** zlib's Adler-32. */
export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length;) {
    const end = Math.min(data.length, i + 3800);
    for (; i < end; i++) {
      a += data[i] as number;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** CRC-32C (Castagnoli), the Zarr v3 `crc32c` codec's checksum. */
export const crc32c = reflectedCrc32(0x82f63b78);

/**
 * Verifies and strips the Zarr v3 `crc32c` checksum (4 bytes little-endian after the data). zarrita's codec
 * strips it without checking, so corrupt chunks (and shard indexes) would pass as data.
 */
export function crc32cDecode(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 4) throw new ChunkError('The chunk is too short to hold a crc32c checksum.');
  const body = bytes.subarray(0, bytes.length - 4);
  const stored = new DataView(bytes.buffer, bytes.byteOffset + bytes.length - 4, 4).getUint32(0, true);
  if (stored !== crc32c(body)) throw new ChunkError('The chunk failed its crc32c checksum: its bytes are corrupt.');
  return body;
}

/** Verifies and strips the checksum of a `crc32` / `adler32` chunk. */
export function checksum32Decode(
  id: 'crc32' | 'adler32',
  config: Record<string, unknown>,
  bytes: Uint8Array,
): Uint8Array {
  if (bytes.length < 4) throw new ChunkError(`The chunk is too short to hold a ${id} checksum.`);
  const atEnd = config.location === 'end';
  const body = atEnd ? bytes.subarray(0, bytes.length - 4) : bytes.subarray(4);
  const at = atEnd ? bytes.length - 4 : 0;
  const stored = new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0, true);
  const sum = id === 'crc32' ? crc32(body) : adler32(body);
  if (stored !== sum) throw new ChunkError(`The chunk failed its ${id} checksum: its bytes are corrupt.`);
  return body;
}
