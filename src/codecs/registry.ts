/**
 * The codecs this viewer decodes, by id (without a `numcodecs.` prefix), as zarrita's codec registry lists its
 * own: the pipeline, `checkCodecs`, zarrita's extra registrations and `ncdump -s` all read this one list. Each
 * entry is light; its implementation (and library: numcodecs' WASM, seek-bzip, xz-decompress) loads on first use.
 * A new codec is one file exporting a `CodecDef` (see `codec.ts`) and one line below.
 *
 * @example
 * codecDef('numcodecs.zlib')?.kind;                                // 'bytes'
 * ncdumpSpecial({ id: 'zlib', configuration: { level: '4' } });    // { deflateLevel: 4 }
 */
import {
  astype,
  bitround,
  castValue,
  categorize,
  delta,
  fixedscaleoffset,
  packbits,
  quantize,
  scaleOffset,
} from './array-filters';
import {
  adler32,
  blosc,
  bz2,
  crc32,
  crc32c,
  fletcher32Codec,
  gzip,
  lz4,
  lzma,
  shuffle,
  zlib,
  zstd,
} from './byte-codecs';
import type { CodecDef, NcdumpSpecial } from './codec';
import { hdf5Precision } from './hdf5-precision';
import { hdf5Nbit, hdf5ScaleOffset, hdf5Szip } from './hdf5-on-demand';
import { normalizeCodec } from './normalize';

const CODECS: ReadonlyMap<string, CodecDef> = new Map<string, CodecDef>([
  ['blosc', blosc],
  ['zlib', zlib],
  ['gzip', gzip],
  ['lz4', lz4],
  ['zstd', zstd],
  ['bz2', bz2],
  ['lzma', lzma],
  ['shuffle', shuffle],
  ['fletcher32', fletcher32Codec],
  ['crc32c', crc32c],
  ['crc32', crc32],
  ['adler32', adler32],
  ['delta', delta],
  ['fixedscaleoffset', fixedscaleoffset],
  ['scale_offset', scaleOffset],
  ['quantize', quantize],
  ['bitround', bitround],
  ['astype', astype],
  ['cast_value', castValue],
  ['packbits', packbits],
  ['categorize', categorize],
  ['hdf5-szip', hdf5Szip],
  ['hdf5-scaleoffset', hdf5ScaleOffset],
  ['hdf5-nbit', hdf5Nbit],
  ['hdf5-precision', hdf5Precision],
]);

/** The codec of an id (with or without `numcodecs.`), or undefined when this viewer does not decode it. */
export function codecDef(id: string): CodecDef | undefined {
  return CODECS.get(id.startsWith('numcodecs.') ? id.slice('numcodecs.'.length) : id);
}

/** Every codec id, with its definition. */
export function codecEntries(): [string, CodecDef][] {
  return [...CODECS];
}

/** How `ncdump -s` describes a codec of a variable (nothing for codecs netcdf-c does not name). */
export function ncdumpSpecial(codec: {
  readonly id: string;
  readonly configuration: Readonly<Record<string, unknown>>;
}): NcdumpSpecial {
  const { id, configuration } = normalizeCodec(codec);
  return codecDef(id)?.ncdump?.(configuration) ?? {};
}
