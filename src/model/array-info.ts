/**
 * Array metadata of either Zarr version (`.zarray`, v3 `zarr.json`), validated and normalised:
 * shape, chunks, dtype, fill value, codec chain, chunk keys, and `metadata` — the array metadata in the v3
 * shape zarrita uses internally (`zarr_format: 3, node_type: 'array', shape, data_type, chunk_grid,
 * chunk_key_encoding, codecs, fill_value, attributes: {}`, plus `dimension_names` when known). For v2 arrays
 * the codecs there are zarrita's translation (`transpose` for F order, `bytes` with the endian, then the v2
 * filters and compressor under their ids); `data_type` is the v3 name when one exists, else the v2 typestr.
 */
import { MetadataError } from '../errors';
import { type DtypeContext, type TypeInfo, v2Type, v3Type } from './dtype';
import { readFill, readStringFill } from './fill';
import { type Json, type JsonObject, asCounts, isObject, toPlain, unparse } from './json';
import type { RecordLayout } from '../codecs/records';
import { structuredArray } from './structured';
import type { Codec, FillValue } from './types';

export interface ArrayInfo {
  readonly zarrFormat: 2 | 3;
  readonly metaKey: string;
  readonly shape: readonly number[];
  readonly chunks: readonly number[];
  readonly dtype: string;
  readonly typeInfo: TypeInfo;
  readonly order: 'C' | 'F';
  readonly fill: FillValue;
  readonly codecs: readonly Codec[];
  readonly chunkSeparator: '.' | '/';
  readonly chunkKeyPrefix: '' | 'c/';
  /** v3 `dimension_names`. */
  readonly dimensionNames?: readonly (string | null)[] | undefined;
  readonly metadata: Readonly<Record<string, unknown>>;
  /** The stored codec list as JSON text (for `_Codecs`), undefined when there are none. */
  readonly codecsText?: string | undefined;
  /** A v2 structured dtype's fields (then `dtype` is its JSON text, `typeInfo.type` is `compound`). */
  readonly record?: RecordLayout | undefined;
}

const V3_NAMES: Record<string, string> = {
  b1: 'bool',
  i1: 'int8',
  u1: 'uint8',
  i2: 'int16',
  u2: 'uint16',
  i4: 'int32',
  u4: 'uint32',
  i8: 'int64',
  u8: 'uint64',
  f2: 'float16',
  f4: 'float32',
  f8: 'float64',
  c8: 'complex64',
  c16: 'complex128',
};

function checkShapes(shape: number[], chunks: number[], key: string) {
  if (chunks.length !== shape.length) {
    throw new MetadataError(`chunks ${JSON.stringify(chunks)} and shape ${JSON.stringify(shape)} differ in rank.`, {
      key,
    });
  }
  if (chunks.some((c, i) => c === 0 && (shape[i] ?? 0) > 0)) throw new MetadataError('a chunk length is 0.', { key });
}

function codecOf(v: Json, key: string): Codec {
  if (!isObject(v) || typeof v.id !== 'string') throw new MetadataError('a filter or compressor has no "id".', { key });
  const { id, ...rest } = v;
  return { id, configuration: toPlain(rest) as Record<string, unknown> };
}

/** Parses a v2 `.zarray` document. */
export function parseV2Array(meta: JsonObject, key: string, ctx: DtypeContext): ArrayInfo {
  const shape = asCounts(meta.shape);
  if (!shape) throw new MetadataError('"shape" is missing or not a list of non-negative integers.', { key });
  const chunks = asCounts(meta.chunks);
  if (!chunks) throw new MetadataError('"chunks" is missing or not a list of non-negative integers.', { key });
  checkShapes(shape, chunks, key);
  // A numpy structured dtype (the list form): a compound (structured.ts).
  const structured = Array.isArray(meta.dtype) ? structuredArray(meta.dtype, meta.fill_value ?? null, key) : undefined;
  if (typeof meta.dtype !== 'string' && !structured)
    throw new MetadataError('"dtype" is missing or not a string.', { key });
  const dtypeText = structured?.dtype ?? (meta.dtype as string);
  const filters = meta.filters === undefined || meta.filters === null ? [] : meta.filters;
  if (!Array.isArray(filters)) throw new MetadataError('"filters" must be a list or null.', { key });
  const codecs = filters.map((f) => codecOf(f, key));
  if (meta.compressor !== undefined && meta.compressor !== null) codecs.push(codecOf(meta.compressor, key));
  const vlen = codecs.some((c) => c.id === 'vlen-utf8' || c.id === 'vlen-bytes' || c.id === 'json2');
  const typeInfo = structured?.typeInfo ?? v2Type(dtypeText, { ...ctx, vlenString: vlen });
  if (!typeInfo) throw new MetadataError(`unsupported dtype ${JSON.stringify(meta.dtype)}.`, { key });
  const order = meta.order === 'F' ? 'F' : 'C';
  if (meta.order !== undefined && meta.order !== 'C' && meta.order !== 'F')
    throw new MetadataError('"order" must be "C" or "F".', { key });
  const sep = meta.dimension_separator === '/' ? '/' : '.';
  const fillJson = meta.fill_value ?? null;
  const fill = structured
    ? structured.fill
    : /^[|<>]?S\d+$/.test(dtypeText)
      ? readStringFill(fillJson, dtypeText, key)
      : readFill(fillJson, typeInfo.type, typeInfo.itemSize, 2, key);
  // netcdf-c 4.9.0 wrote char as `<U1` holding one byte per char: read those bytes as `|S1`.
  const dtype = typeInfo.type === 'char' && /^[<>|=]?U1$/.test(dtypeText) ? '|S1' : dtypeText;
  const m = /^([<>|=]?)([a-zA-Z])(\d+)$/.exec(dtype);
  const v3Name = m ? V3_NAMES[`${m[2]}${m[3]}`] : undefined;
  const v3Codecs: unknown[] = [];
  if (order === 'F' && shape.length > 1)
    v3Codecs.push({ name: 'transpose', configuration: { order: shape.map((_, i) => shape.length - 1 - i) } });
  if (!vlen)
    v3Codecs.push({ name: 'bytes', configuration: { endian: typeInfo.endianness === 'big' ? 'big' : 'little' } });
  for (const c of codecs) v3Codecs.push({ name: c.id, configuration: c.configuration });
  const stored: Json[] = [...filters];
  if (meta.compressor !== undefined && meta.compressor !== null) stored.push(meta.compressor);
  return {
    codecsText: stored.length > 0 ? unparse(stored) : undefined,
    ...(structured ? { record: structured.record } : {}),
    zarrFormat: 2,
    metaKey: key,
    shape,
    chunks,
    dtype,
    typeInfo,
    order,
    fill,
    codecs,
    chunkSeparator: sep,
    chunkKeyPrefix: '',
    metadata: {
      zarr_format: 3,
      node_type: 'array',
      shape,
      data_type: v3Name ?? dtype,
      chunk_grid: { name: 'regular', configuration: { chunk_shape: chunks } },
      chunk_key_encoding: { name: 'v2', configuration: { separator: sep } },
      codecs: v3Codecs,
      fill_value: toPlain(fillJson),
      attributes: {},
    },
  };
}

/** Parses a v3 array `zarr.json` document. `typeAlias` is NCZarr's `_nczarr_array.type_alias`. */
export function parseV3Array(meta: JsonObject, key: string, typeAlias?: string): ArrayInfo {
  const shape = asCounts(meta.shape);
  if (!shape) throw new MetadataError('"shape" is missing or not a list of non-negative integers.', { key });
  const grid = meta.chunk_grid;
  const cfg = isObject(grid) && isObject(grid.configuration) ? grid.configuration : undefined;
  if (!isObject(grid) || grid.name !== 'regular' || !cfg)
    throw new MetadataError('"chunk_grid" must be a regular grid.', { key });
  const chunks = asCounts(cfg.chunk_shape);
  if (!chunks) throw new MetadataError('"chunk_grid.configuration.chunk_shape" is not a list of integers.', { key });
  checkShapes(shape, chunks, key);
  const dt = meta.data_type;
  if (typeof dt !== 'string') throw new MetadataError('"data_type" is missing or not a string.', { key });
  const typeInfo = v3Type(dt, typeAlias);
  if (!typeInfo) throw new MetadataError(`unsupported data_type ${JSON.stringify(dt)}.`, { key });
  if (!Array.isArray(meta.codecs)) throw new MetadataError('"codecs" must be a list.', { key });
  const codecs: Codec[] = meta.codecs.map((c) => {
    if (!isObject(c) || typeof c.name !== 'string') throw new MetadataError('a codec has no "name".', { key });
    return {
      id: c.name,
      configuration: (isObject(c.configuration) ? toPlain(c.configuration) : {}) as Record<string, unknown>,
    };
  });
  const enc = meta.chunk_key_encoding;
  const encName = isObject(enc) ? enc.name : 'default';
  const encSep = isObject(enc) && isObject(enc.configuration) ? enc.configuration.separator : undefined;
  const chunkSeparator = encSep === '.' ? '.' : encSep === '/' ? '/' : encName === 'v2' ? '.' : '/';
  const bytes = codecs.find((c) => c.id === 'bytes');
  const endianness =
    typeInfo.itemSize > 1 && bytes ? (bytes.configuration.endian === 'big' ? 'big' : 'little') : typeInfo.endianness;
  let dimensionNames: (string | null)[] | undefined;
  if (Array.isArray(meta.dimension_names)) {
    dimensionNames = meta.dimension_names.map((n) => (typeof n === 'string' ? n : null));
    if (dimensionNames.length !== shape.length)
      throw new MetadataError('"dimension_names" and "shape" differ in length.', { key });
  }
  return {
    codecsText: meta.codecs.length > 0 ? unparse(meta.codecs) : undefined,
    zarrFormat: 3,
    metaKey: key,
    shape,
    chunks,
    dtype: dt,
    typeInfo: { ...typeInfo, endianness },
    order: 'C',
    fill: readFill(meta.fill_value ?? null, typeInfo.type, typeInfo.itemSize, 3, key),
    codecs,
    chunkSeparator,
    chunkKeyPrefix: encName === 'v2' ? '' : 'c/',
    dimensionNames,
    metadata: { ...(toPlain(meta) as Record<string, unknown>), attributes: {} },
  };
}
