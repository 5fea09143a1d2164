/**
 * HDF5 datatypes as the netCDF model's Zarr dtypes, attributes as NCZarr attributes, and the filter pipeline as a
 * Zarr codec chain. What netCDF-4 hides (dimension-scale bookkeeping) is left out, as ncdump leaves it out.
 */
import { nativeIntegerSize } from '../../codecs/hdf5-precision';
import { decodeEscaped } from '../../text/utf8';
import type { DocAttribute, DocValue } from '../nczarr-docs';
import type { Attribute, Datatype, Filter, Hdf5Value } from '../hdf5/index';
import type { TypeTable } from './user-types';
import { decodedValue } from './user-values';

/** Attributes netcdf-c keeps for itself (dimension scales, ids, the classic-model flag). */
const HIDDEN = new Set([
  'CLASS',
  'NAME',
  'REFERENCE_LIST',
  'DIMENSION_LIST',
  '_Netcdf4Dimid',
  '_Netcdf4Coordinates',
  '_nc3_strict',
]);

/**
 * The Zarr dtype a variable of this type is read as: integers and floats in their byte order, 1-byte strings as
 * netCDF `char` (`>S1`), variable-length strings as `|O` (vlen-utf8), enums as their integer base type. Types
 * the model has no netCDF type for yet (compound, vlen, opaque, array, reference) are opaque bytes (`|V<size>`).
 */
export function dtypeOf(t: Datatype): string {
  switch (t.class) {
    case 'integer':
    case 'bitfield': {
      const kind = t.class === 'integer' && t.signed ? 'i' : 'u';
      if (![1, 2, 4, 8].includes(t.size)) return `|V${t.size}`;
      // Fewer significant bits than bytes (n-bit data): the native integer HDF5 converts them to (`reducedPrecision`).
      if (reducedPrecision(t)) return `${t.order === 'le' ? '<' : '>'}${kind}${nativeIntegerSize(t.precision)}`;
      return t.size === 1 ? `|${kind}1` : `${t.order === 'le' ? '<' : '>'}${kind}${t.size}`;
    }
    case 'float':
      // As netcdf-c reads them (the native type HDF5 converts to): half precision as `float`, wider ones (x87
      // extended, quad) as `double` (netcdf-c names those `string` and cannot read them), in the file's byte order;
      // the store converts the values (metadata.ts `widen`).
      if (t.order === 'vax') return `|V${t.size}`;
      return `${t.order === 'le' ? '<' : '>'}f${t.size <= 4 ? 4 : 8}`;
    case 'string':
      return t.size === 1 ? '>S1' : `|S${t.size}`;
    case 'vlen-string':
      return '|O';
    case 'enum':
      return dtypeOf(t.base);
    default:
      return `|V${t.size}`;
  }
}

/**
 * The size of the native integer HDF5 converts an integer attribute to (H5Tget_native_type): the smallest that
 * holds it, the widest (8 bytes) for a wider one, whose values the conversion clips to that type's range.
 */
const nativeSize = (size: number): number => [1, 2, 4].find((n) => size <= n) ?? 8;

function nativeIntegers(t: Datatype & { class: 'integer' }, values: readonly Hdf5Value[]): Hdf5Value[] {
  if (nativeSize(t.size) !== 8 || t.size === 8) return [...values];
  const [lo, hi] = t.signed ? [-(1n << 63n), (1n << 63n) - 1n] : [0n, (1n << 64n) - 1n];
  return values.map((v) => {
    if (typeof v !== 'number' && typeof v !== 'bigint') return v;
    const b = BigInt(v);
    return b < lo ? lo : b > hi ? hi : b;
  });
}

/** The NCZarr attribute type of an attribute's datatype, or undefined when no netCDF attribute type fits. */
function attributeType(t: Datatype): string | undefined {
  switch (t.class) {
    case 'integer':
      return `<${t.signed ? 'i' : 'u'}${nativeSize(t.size)}`;
    case 'float':
      return t.order === 'vax' ? undefined : `<f${t.size <= 4 ? 4 : 8}`;
    case 'string':
      return '>S1';
    case 'vlen-string':
      return '|S128';
    case 'enum':
      return attributeType(t.base);
    default:
      return undefined;
  }
}

/** Char attribute text from its bytes: without trailing NULs, invalid UTF-8 kept as escapes (src/text/utf8.ts). */
function charText(bytes: Uint8Array): string {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return decodeEscaped(bytes.subarray(0, end));
}

/** Char attribute text: without the trailing NULs a fixed-length string is padded with. */
const text = (v: Hdf5Value | undefined): string => (typeof v === 'string' ? v.replace(/\0+$/, '') : '');

function numbers(values: readonly Hdf5Value[]): DocValue {
  const list = values.map((v) => (typeof v === 'number' || typeof v === 'bigint' ? v : 0));
  return list.length === 1 ? (list[0] as number | bigint) : list;
}

/**
 * A fixed-length string attribute as netcdf-c reads it (read_hdf5_att): a scalar is `char` text of all its bytes
 * (NULs inside kept, the trailing ones dropped as ncdump drops them, bytes that are not UTF-8 kept as escapes), a
 * null dataspace empty `char` text, and an array (one element too) a `string` attribute whose elements end at
 * their first NUL (padding spaces kept).
 */
function fixedStringAttribute(a: Attribute): DocAttribute {
  if (a.shape === null) return { name: a.name, type: '>S1', value: '' };
  if (a.shape.length === 0)
    return { name: a.name, type: '>S1', value: a.bytes ? charText(a.bytes) : text(a.value?.[0]) };
  const size = a.datatype.size;
  const bytes = a.bytes;
  const value = (a.value ?? []).map((v, i) => {
    if (!bytes) return text(v);
    const raw = bytes.subarray(i * size, (i + 1) * size);
    const nul = raw.indexOf(0);
    return decodeEscaped(nul < 0 ? raw : raw.subarray(0, nul));
  });
  return { name: a.name, type: '|S128', value };
}

/**
 * The attribute as the model shows it, or undefined for the ones netCDF-4 hides and types netCDF has no attribute
 * type for (listed by the caller).
 */
export function docAttribute(a: Attribute, table?: TypeTable): DocAttribute | 'hidden' | 'unsupported' {
  if (HIDDEN.has(a.name)) return 'hidden';
  // A user-defined type's values go as JSON under the type's path (src/model/user-types.ts).
  const user = table?.describable(a.datatype) ? table.find(a.datatype) : undefined;
  if (user) return { name: a.name, type: user.path, value: (a.value ?? []).map((x) => decodedValue(a.datatype, x)) };
  const type = attributeType(a.datatype);
  if (!type) return 'unsupported';
  const values = a.value ?? [];
  if (a.datatype.class === 'string') return fixedStringAttribute(a);
  if (a.datatype.class === 'vlen-string') {
    const list = values.map((v) => (typeof v === 'string' ? v : ''));
    return { name: a.name, type, value: list.length === 1 ? (list[0] as string) : list };
  }
  return {
    name: a.name,
    type,
    value: numbers(a.datatype.class === 'integer' ? nativeIntegers(a.datatype, values) : values),
  };
}

/**
 * The Zarr codec chain (in write order) of an HDF5 filter pipeline: deflate → zlib, shuffle, fletcher32, bzip2,
 * zstd, blosc, szip, n-bit, scale-offset. A filter nothing here decodes (LZF, …) is kept under its HDF5 name, so that
 * reading the variable says which filter is missing; the metadata stays readable.
 */
export function codecsOf(filters: readonly Filter[], itemSize: number, t?: Datatype): DocValue[] {
  const int = t?.class === 'enum' ? t.base : t;
  const precision =
    int?.class === 'integer' && reducedPrecision(int)
      ? [
          new Map<string, DocValue>([
            ['id', 'hdf5-precision'],
            ['stored', `${int.order === 'le' ? '<' : '>'}${int.signed ? 'i' : 'u'}${int.size}`],
            ['precision', int.precision],
            ['offset', int.bitOffset],
          ]),
        ]
      : [];
  return [...precision, ...filters.map((f) => hdf5Codec(f, itemSize))];
}

/**
 * An integer of 1, 2, 4 or 8 bytes with fewer significant bits (or padding below them): netcdf-c reads it as the
 * native integer of its precision (H5Tget_native_type), which the `hdf5-precision` step gives.
 */
function reducedPrecision(t: Datatype & { class: 'integer' | 'bitfield' }): boolean {
  return t.class === 'integer' && [1, 2, 4, 8].includes(t.size) && (t.precision < t.size * 8 || t.bitOffset !== 0);
}

function hdf5Codec(f: Filter, itemSize: number): DocValue {
  const cd = f.clientData;
  // ncdump -s shows a plugin filter as `_Filter = "id,cd0,cd1,…"` with the file's own parameters.
  // For szip, netcdf-c keeps the two parameters the writer gave out of the four the filter stores, the options
  // masked to H5_SZIP_ALL_MASKS (chip | ec | nn = 2 | 4 | 32): hdf5open.c get_filter_info.
  const params = f.id === 4 && cd.length === 4 ? [(cd[0] ?? 0) & 38, cd[1] ?? 0] : cd;
  const own: [string, DocValue] = ['hdf5_filter', [f.id, ...params].join(',')];
  switch (f.id) {
    case 1:
      return new Map<string, DocValue>([
        ['id', 'zlib'],
        ['level', cd[0] ?? 1],
      ]);
    case 2:
      return new Map<string, DocValue>([
        ['id', 'shuffle'],
        ['elementsize', cd[0] ?? itemSize],
      ]);
    case 3:
      return new Map<string, DocValue>([['id', 'fletcher32']]);
    case 307:
      return new Map<string, DocValue>([['id', 'bz2'], ['level', cd[0] ?? 9], own]);
    case 32015:
      return new Map<string, DocValue>([['id', 'zstd'], ['level', cd[0] ?? 1], own]);
    case 32001:
      return new Map<string, DocValue>([['id', 'blosc'], own]);
    // szip, n-bit and scale-offset decode from all the client data the filter stores (src/codecs/hdf5-*.ts).
    case 4:
      return new Map<string, DocValue>([['id', 'hdf5-szip'], ['cd_values', [...cd]], own]);
    case 5:
      return new Map<string, DocValue>([['id', 'hdf5-nbit'], ['cd_values', [...cd]], own]);
    case 6:
      return new Map<string, DocValue>([['id', 'hdf5-scaleoffset'], ['cd_values', [...cd]], own]);
    default:
      return new Map<string, DocValue>([['id', `hdf5-filter-${f.name ?? f.id}`], own]);
  }
}
