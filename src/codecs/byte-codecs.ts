/**
 * Bytes → bytes codecs: zarrita's (blosc, zlib, gzip, lz4, zstd, crc32c through its `registry`) plus the ones it
 * lacks (bz2, lzma, fletcher32, shuffle with netCDF's `elementsize: 0`).
 */
import { registry } from 'zarrita';
import { CodecError, ZarrviewError } from '../errors';
import { inflateBounded } from './bounded-inflate';
import { checksum32Decode, crc32cDecode } from './checksum32';
import { checkDeclaredSize } from './declared-size';

export type ByteDecoder = (bytes: Uint8Array) => Promise<Uint8Array> | Uint8Array;

/** Codec ids (without a `numcodecs.` prefix) that map bytes to bytes. */
export const BYTE_CODECS = new Set([
  'blosc',
  'zlib',
  'gzip',
  'lz4',
  'zstd',
  'crc32c',
  'bz2',
  'lzma',
  'fletcher32',
  'shuffle',
  'crc32',
  'adler32',
]);

/**
 * HDF5's Fletcher-32 (H5_checksum_fletcher32): 16-bit big-endian words, sums folded every 360 words, a trailing
 * odd byte as the high byte of a last word.
 */
export function fletcher32(data: Uint8Array): number {
  let sum1 = 0;
  let sum2 = 0;
  let i = 0;
  let words = data.length >> 1;
  while (words > 0) {
    let t = words > 360 ? 360 : words;
    words -= t;
    do {
      sum1 += ((data[i] as number) << 8) | (data[i + 1] as number);
      i += 2;
      sum2 += sum1;
    } while (--t);
    sum1 = (sum1 & 0xffff) + (sum1 >>> 16);
    sum2 = (sum2 & 0xffff) + (sum2 >>> 16);
  }
  if (data.length % 2) {
    sum1 += (data[i] as number) << 8;
    sum2 += sum1;
    sum1 = (sum1 & 0xffff) + (sum1 >>> 16);
    sum2 = (sum2 & 0xffff) + (sum2 >>> 16);
  }
  sum1 = (sum1 & 0xffff) + (sum1 >>> 16);
  sum2 = (sum2 & 0xffff) + (sum2 >>> 16);
  return ((sum2 << 16) | sum1) >>> 0;
}

function fletcher32Decode(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 4) throw new ZarrviewError('chunk', 'The chunk is too short to hold a Fletcher-32 checksum.');
  const body = bytes.subarray(0, bytes.length - 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset + bytes.length - 4, 4);
  const sum = fletcher32(body);
  // HDF5 (and so netcdf-c) stores it little-endian; old HDF5 files may hold it byte-reversed.
  if (view.getUint32(0, true) !== sum && view.getUint32(0, false) !== sum) {
    throw new ZarrviewError('chunk', 'The chunk failed its Fletcher-32 checksum: its bytes are corrupt.');
  }
  return body;
}

function unshuffle(data: Uint8Array, size: number): Uint8Array {
  // An element larger than the chunk leaves nothing to unshuffle (and must not loop `size` times).
  if (size <= 1 || size > data.length) return data;
  const n = Math.floor(data.length / size);
  const out = new Uint8Array(data.length);
  for (let b = 0; b < size; b++) {
    const base = b * n;
    for (let i = 0; i < n; i++) out[i * size + b] = data[base + i] as number;
  }
  out.set(data.subarray(n * size), n * size); // numcodecs leaves trailing bytes as they are
  return out;
}

async function bz2Decode(bytes: Uint8Array): Promise<Uint8Array> {
  const g = globalThis as { Buffer?: unknown };
  // seek-bzip allocates with the Node `Buffer` global, which browsers and workers lack.
  if (g.Buffer === undefined) g.Buffer = (await import('buffer')).Buffer;
  const mod = (await import('seek-bzip')) as unknown as { default?: Bunzip } & Bunzip;
  const bunzip = mod.default ?? mod;
  const B = g.Buffer as { from(a: Uint8Array): Uint8Array };
  return new Uint8Array(bunzip.decode(B.from(bytes)));
}
interface Bunzip {
  decode(input: Uint8Array): Uint8Array;
}

async function lzmaDecode(bytes: Uint8Array): Promise<Uint8Array> {
  // numcodecs' LZMA writes the .xz container by default; other formats fail here with the codec named.
  const { XzReadableStream } = await import('xz-decompress');
  const stream = new XzReadableStream(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream());
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

interface ZarritaCodec {
  decode(b: Uint8Array): Promise<Uint8Array> | Uint8Array;
}

async function fromZarrita(name: string, config: Record<string, unknown>): Promise<ByteDecoder> {
  const load = registry.get(name) ?? registry.get(`numcodecs.${name}`);
  if (!load) throw new ZarrviewError('codec', `No loader for ${name}.`);
  const entry = (await load()) as unknown as { fromConfig(c: unknown, m: unknown): ZarritaCodec };
  const codec = entry.fromConfig(config, { dataType: 'uint8', shape: [1], codecs: [], fillValue: null });
  return (b) => codec.decode(b);
}

/**
 * A decoder for a bytes → bytes codec; `itemSize` is the element size flowing through (for shuffle);
 * `maxBytes` bounds what a chunk may decompress to (compression bombs): zlib / gzip while inflating, blosc / lz4 /
 * zstd by the size their header declares.
 */
export async function byteDecoder(id: string, config: Record<string, unknown>, itemSize: number, maxBytes = 2 ** 30): Promise<ByteDecoder> {
  switch (id) {
    case 'zlib':
      return (b) => inflateBounded(b, 'deflate', maxBytes);
    case 'gzip':
      return (b) => inflateBounded(b, 'gzip', maxBytes);
    case 'bz2':
      return bz2Decode;
    case 'lzma':
      return lzmaDecode;
    case 'fletcher32':
      return fletcher32Decode;
    case 'crc32c':
      return crc32cDecode;
    case 'crc32':
    case 'adler32':
      return (b) => checksum32Decode(id, config, b);
    case 'shuffle': {
      const size = Number(config.elementsize ?? 0) || itemSize;
      if (!Number.isSafeInteger(size) || size < 0) {
        throw new CodecError('shuffle', `The shuffle filter's elementsize ${JSON.stringify(config.elementsize)} is not a byte count.`);
      }
      return (b) => unshuffle(b, size);
    }
    case 'blosc':
    case 'lz4':
    case 'zstd': {
      const decode = await fromZarrita(id, config);
      return (b) => {
        checkDeclaredSize(id, b, maxBytes);
        return decode(b);
      };
    }
    default:
      return fromZarrita(id, config);
  }
}
