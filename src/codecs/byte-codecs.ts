/**
 * Bytes → bytes codecs: zarrita's (blosc, lz4, zstd, loaded through its `registry`) plus the ones it lacks or gets
 * wrong (bz2, lzma, fletcher32, crc32/adler32, crc32c that checks its checksum, shuffle with netCDF's
 * `elementsize: 0`, zlib/gzip bounded while inflating). Each is a `BytesCodec` listed in `registry.ts`.
 */
import { ChunkError, CodecError } from '../errors';
import { inflateBounded } from './bounded-inflate';
import { warmBloscDecoder } from './blosc-blocks';
import { decodeBlosc } from './blosc-decode';
import { unshuffle } from './blosc-lz4';
import { checksum32Decode, crc32cDecode } from './checksum32';
import { type BytesCodec, type ByteDecoder, type CodecConfig, numberParam } from './codec';
import { checkDeclaredSize } from './declared-size';

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
  if (bytes.length < 4) throw new ChunkError('The chunk is too short to hold a Fletcher-32 checksum.');
  const body = bytes.subarray(0, bytes.length - 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset + bytes.length - 4, 4);
  const sum = fletcher32(body);
  // HDF5 (and so netcdf-c) stores it little-endian; old HDF5 files may hold it byte-reversed.
  if (view.getUint32(0, true) !== sum && view.getUint32(0, false) !== sum) {
    throw new ChunkError('The chunk failed its Fletcher-32 checksum: its bytes are corrupt.');
  }
  return body;
}

/** numcodecs' Shuffle filter undone: Blosc's byte shuffle over the whole chunk (trailing bytes as they are). */
function shuffleDecode(data: Uint8Array, size: number): Uint8Array {
  // An element larger than the chunk leaves nothing to unshuffle (and must not loop `size` times).
  if (size <= 1 || size > data.length) return data;
  const out = new Uint8Array(data.length);
  unshuffle(data, data.length, size, out, 0);
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
  /** numcodecs' WebAssembly codecs (blosc, lz4, zstd) also encode. */
  encode?(b: Uint8Array): Promise<Uint8Array> | Uint8Array;
}

async function zarritaCodec(name: string, config: CodecConfig): Promise<ZarritaCodec> {
  const { registry } = await import('zarrita');
  const load = registry.get(name) ?? registry.get(`numcodecs.${name}`);
  if (!load) throw new CodecError(name, `No loader for ${name}.`);
  const entry = (await load()) as unknown as { fromConfig(c: unknown, m: unknown): ZarritaCodec };
  return entry.fromConfig(config, { dataType: 'uint8', shape: [1], codecs: [], fillValue: null });
}

async function fromZarrita(name: string, config: CodecConfig): Promise<ByteDecoder> {
  const codec = await zarritaCodec(name, config);
  return (b) => codec.decode(b);
}

/** Encodes and decodes `size` zero bytes once (see `BytesCodec.warm`). */
async function warmZarrita(name: string, config: CodecConfig, size: number): Promise<void> {
  const codec = await zarritaCodec(name, config);
  if (!codec.encode) return;
  await codec.decode(await codec.encode(new Uint8Array(size)));
}

/** A zarrita codec whose output is bounded by the size its header declares (compression bombs). */
function zarritaBounded(id: string, ncdump?: BytesCodec['ncdump']): BytesCodec {
  return {
    kind: 'bytes',
    async load(config, { maxBytes }) {
      const decode = await fromZarrita(id, config);
      return (b) => {
        checkDeclaredSize(id, b, maxBytes);
        return decode(b);
      };
    },
    warm: (config, size) => warmZarrita(id, config, size),
    ...(ncdump ? { ncdump } : {}),
  };
}

const BLOSC_SHUFFLE: Record<string, number> = { noshuffle: 0, shuffle: 1, bitshuffle: 2 };
const BLOSC_CODES: Record<string, number> = { blosclz: 0, lz4: 1, lz4hc: 2, snappy: 3, zlib: 4, zstd: 5 };

/**
 * Blosc, decoded by blosc-decode.ts (c-blosc's checks; numcodecs' WebAssembly build drops its error code), bounded by
 * the size the header declares. numcodecs' encoder only makes the warm-up frame: the decoder run on a made-up field
 * encoded as configured, so that its loops are compiled before a real chunk arrives.
 */
export const blosc: BytesCodec = {
  kind: 'bytes',
  load:
    (_c, { maxBytes }) =>
    (b) => {
      checkDeclaredSize('blosc', b, maxBytes);
      return decodeBlosc(b);
    },
  async warm(config) {
    const codec = await zarritaCodec('blosc', config);
    if (codec.encode) await warmBloscDecoder((b) => codec.encode!(b));
  },
  ncdump: (c) => {
    const code = typeof c.cname === 'string' ? BLOSC_CODES[c.cname] : undefined;
    const shuffle = typeof c.shuffle === 'string' ? (BLOSC_SHUFFLE[c.shuffle] ?? 1) : numberParam(c, 'shuffle', 1);
    return { filter: `32001,0,0,0,0,${numberParam(c, 'clevel', 5)},${shuffle},${code ?? 0}` };
  },
};
export const lz4 = zarritaBounded('lz4');
export const zstd = zarritaBounded('zstd', (c) => ({ filter: `32015,${numberParam(c, 'level', 0)}` }));

export const zlib: BytesCodec = {
  kind: 'bytes',
  load:
    (_c, { maxBytes }) =>
    (b) =>
      inflateBounded(b, 'deflate', maxBytes),
  ncdump: (c) => ({ deflateLevel: numberParam(c, 'level', 1) }),
};

export const gzip: BytesCodec = {
  kind: 'bytes',
  load:
    (_c, { maxBytes }) =>
    (b) =>
      inflateBounded(b, 'gzip', maxBytes),
  ncdump: (c) => ({ deflateLevel: numberParam(c, 'level', 1) }),
};

export const bz2: BytesCodec = {
  kind: 'bytes',
  load: () => bz2Decode,
  addToZarrita: true,
  ncdump: (c) => ({ filter: `307,${numberParam(c, 'level', 9)}` }),
};

export const lzma: BytesCodec = { kind: 'bytes', load: () => lzmaDecode, addToZarrita: true };

export const fletcher32Codec: BytesCodec = {
  kind: 'bytes',
  load: () => fletcher32Decode,
  addToZarrita: true,
  ncdump: () => ({ fletcher32: true }),
};

export const crc32c: BytesCodec = { kind: 'bytes', load: () => crc32cDecode };

export const crc32: BytesCodec = {
  kind: 'bytes',
  load: (c) => (b) => checksum32Decode('crc32', c, b),
  addToZarrita: true,
};

export const adler32: BytesCodec = {
  kind: 'bytes',
  load: (c) => (b) => checksum32Decode('adler32', c, b),
  addToZarrita: true,
};

export const shuffle: BytesCodec = {
  kind: 'bytes',
  load(config, { itemSize }) {
    const size = Number(config.elementsize ?? 0) || itemSize;
    if (!Number.isSafeInteger(size) || size < 0) {
      throw new CodecError(
        'shuffle',
        `The shuffle filter's elementsize ${JSON.stringify(config.elementsize)} is not a byte count.`,
      );
    }
    return (b) => shuffleDecode(b, size);
  },
  ncdump: () => ({ shuffle: true }),
};
