/**
 * HDF5's szip filter (id 4) undone as HDF5 does it with libaec's szip interface (SZ_BufftoBuffDecompress): a
 * 4-byte little-endian size of the decoded chunk, then an adaptive entropy coded stream (aec.ts). The four client
 * data values are the options mask (MSB = 16 for big-endian samples, NN = 32 for the preprocessor), pixels per
 * block, bits per pixel and pixels per scanline. 32- and 64-bit pixels are coded as bytes, each byte plane in
 * turn (de-interleaved here); a scanline that is not a whole number of blocks was padded to one (dropped here).
 */
import { ChunkError, CodecError } from '../errors';
import { AecError, aecDecode } from './aec';
import type { BytesCodec, CodecConfig } from './codec';

const MSB = 16;
const NN = 32;

export interface SzipParams {
  readonly mask: number;
  readonly pixelsPerBlock: number;
  readonly bitsPerPixel: number;
  readonly pixelsPerScanline: number;
}

/** The filter's four client data values (`cd_values`), or a codec error naming what is wrong. */
export function szipParams(config: CodecConfig): SzipParams {
  const cd = config.cd_values;
  if (!Array.isArray(cd) || cd.length !== 4 || !cd.every((v) => Number.isInteger(v) && v >= 0))
    throw new CodecError('hdf5-szip', 'The szip filter needs its 4 parameters (mask, block, bits, scanline).');
  const [mask, pixelsPerBlock, bitsPerPixel, pixelsPerScanline] = cd as number[];
  const bpp = bitsPerPixel as number;
  const ppb = pixelsPerBlock as number;
  const pps = pixelsPerScanline as number;
  if (!((bpp >= 1 && bpp <= 32) || bpp === 64) || ppb < 1 || ppb > 32 || pps < 1 || pps > ppb * 128)
    throw new CodecError('hdf5-szip', `The szip parameters ${cd.join(',')} are invalid.`);
  return { mask: mask as number, pixelsPerBlock: ppb, bitsPerPixel: bpp, pixelsPerScanline: pps };
}

/** SZ_BufftoBuffDecompress: `stream` (without HDF5's size header) decoded to `size` bytes. */
export function szipDecompress(stream: Uint8Array, size: number, p: SzipParams): Uint8Array {
  const J = p.pixelsPerBlock;
  const pps = p.pixelsPerScanline;
  const rsi = Math.ceil(pps / J);
  const interleaved = p.bitsPerPixel === 32 || p.bitsPerPixel === 64;
  const bitsPerSample = interleaved ? 8 : p.bitsPerPixel;
  const pixel = bitsPerSample > 16 ? 4 : bitsPerSample > 8 ? 2 : 1;
  const padded = pps % J !== 0;
  const scanlines = Math.ceil(size / pixel / pps);
  const decodedSize = padded ? rsi * J * pixel * scanlines : size;
  let out = aecDecode(stream, decodedSize, {
    bitsPerSample,
    blockSize: J,
    rsi,
    msb: (p.mask & MSB) !== 0,
    preprocess: (p.mask & NN) !== 0,
  });
  if (padded) {
    // Each scanline was padded to `rsi` whole blocks.
    const line = pps * pixel;
    const paddedLine = rsi * J * pixel;
    const kept = new Uint8Array(scanlines * line);
    for (let s = 0; s < scanlines; s++) kept.set(out.subarray(s * paddedLine, s * paddedLine + line), s * line);
    out = kept.subarray(0, size);
  }
  if (!interleaved) return out;
  const w = p.bitsPerPixel / 8;
  const count = Math.floor(size / w);
  const dest = new Uint8Array(size);
  for (let i = 0; i < count; i++) for (let j = 0; j < w; j++) dest[i * w + j] = out[j * count + i] as number;
  return dest;
}

export const hdf5Szip: BytesCodec = {
  kind: 'bytes',
  load(config, { maxBytes }) {
    const p = szipParams(config);
    return (bytes) => {
      if (bytes.length < 4) throw new ChunkError('The szip chunk is too short to hold its size.');
      const size = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
      if (size > maxBytes)
        throw new ChunkError(
          `The szip chunk says it decompresses to ${size.toLocaleString('en-US')} bytes, over the limit of ${maxBytes.toLocaleString('en-US')}: it was not decompressed.`,
        );
      try {
        return szipDecompress(bytes.subarray(4), size, p);
      } catch (cause) {
        if (!(cause instanceof AecError)) throw cause;
        throw new ChunkError(`The szip chunk is corrupt: ${cause.message}`, { cause });
      }
    };
  },
};
