/**
 * The decompressed size a compressed chunk declares in its own header, read before decoding so that a chunk
 * claiming more than the bound is refused without allocating (compression bombs):
 * - blosc: bytes 4–7 of the 16-byte header, `nbytes` (little endian);
 * - lz4 (numcodecs): a 4-byte little-endian size before the LZ4 block;
 * - zstd: the frame header's Frame_Content_Size, when the frame has one.
 * zlib and gzip carry no size and are bounded while inflating (bounded-inflate.ts).
 */
import { ChunkError } from '../errors';

const ZSTD_MAGIC = 0xfd2fb528;

function zstdContentSize(b: Uint8Array, view: DataView): number | undefined {
  if (b.length < 6 || view.getUint32(0, true) !== ZSTD_MAGIC) return undefined;
  const fhd = b[4] as number;
  const fcsFlag = fhd >> 6;
  const singleSegment = (fhd >> 5) & 1;
  const dictIdFlag = fhd & 3;
  const pos = 5 + (singleSegment ? 0 : 1) + [0, 1, 2, 4][dictIdFlag]!;
  const fcsBytes = [singleSegment ? 1 : 0, 2, 4, 8][fcsFlag]!;
  if (fcsBytes === 0 || pos + fcsBytes > b.length) return undefined;
  if (fcsBytes === 1) return b[pos] as number;
  if (fcsBytes === 2) return view.getUint16(pos, true) + 256;
  if (fcsBytes === 4) return view.getUint32(pos, true);
  const lo = view.getUint32(pos, true);
  const hi = view.getUint32(pos + 4, true);
  return hi * 2 ** 32 + lo;
}

/** The size `bytes` says it decompresses to under codec `id`, or undefined when it says nothing. */
export function declaredSize(id: string, bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (id) {
    case 'blosc':
      return bytes.length >= 16 ? view.getUint32(4, true) : undefined;
    case 'lz4':
      return bytes.length >= 4 ? view.getUint32(0, true) : undefined;
    case 'zstd':
      return zstdContentSize(bytes, view);
    default:
      return undefined;
  }
}

/** Throws a chunk error when `bytes` declares a decompressed size over `maxBytes`. */
export function checkDeclaredSize(id: string, bytes: Uint8Array, maxBytes: number): void {
  const n = declaredSize(id, bytes);
  if (n !== undefined && n > maxBytes) {
    throw new ChunkError(
      `The ${id} chunk says it decompresses to ${n.toLocaleString('en-US')} bytes, over the limit of ${maxBytes.toLocaleString('en-US')}: it was not decompressed.`,
    );
  }
}
