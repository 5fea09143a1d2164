/**
 * Zarr data types (v2 typestr like `<f4`, `|S8`, `<M8[ns]`; v3 names like `float32`, `string`, `r64`) → the
 * netCDF type netcdf-c shows, the storage item size and byte order.
 */
import type { ValueType } from './types';

export interface TypeInfo {
  readonly type: ValueType;
  /** Bytes per element in storage; 0 for variable-length strings. */
  readonly itemSize: number;
  readonly endianness: 'little' | 'big' | 'none';
  /** For fixed-size strings: the maximum length in bytes (|Sn) or characters (<Un). */
  readonly maxStrlen?: number;
}

const V2_INT: Record<string, ValueType> = {
  i1: 'byte',
  u1: 'ubyte',
  i2: 'short',
  u2: 'ushort',
  i4: 'int',
  u4: 'uint',
  i8: 'int64',
  u8: 'uint64',
  f2: 'half',
  f4: 'float',
  f8: 'double',
  b1: 'bool',
  c8: 'complex64',
  c16: 'complex128',
};

const V3: Record<string, [ValueType, number]> = {
  bool: ['bool', 1],
  int8: ['byte', 1],
  uint8: ['ubyte', 1],
  int16: ['short', 2],
  uint16: ['ushort', 2],
  int32: ['int', 4],
  uint32: ['uint', 4],
  int64: ['int64', 8],
  uint64: ['uint64', 8],
  float16: ['half', 2],
  float32: ['float', 4],
  float64: ['double', 8],
  complex64: ['complex64', 8],
  complex128: ['complex128', 16],
};

export interface DtypeContext {
  /** The 4.9.0 NCZarr quirk: `<U1` holding one byte per char means NC_CHAR. */
  readonly nczarr: boolean;
  /** Vlen string codec present (v2 `|O` + vlen-utf8). */
  readonly vlenString?: boolean;
}

function endian(c: string, size: number): 'little' | 'big' | 'none' {
  if (size <= 1) return 'none';
  return c === '>' ? 'big' : c === '<' ? 'little' : 'none';
}

/** Reads a v2 typestr; undefined when it is not one netcdf-c or this viewer knows. */
export function v2Type(dtype: string, ctx: DtypeContext): TypeInfo | undefined {
  const m = /^([<>|=]?)([a-zA-Z])(\d*)(\[[^\]]+\])?$/.exec(dtype);
  if (!m) return undefined;
  const [, bo = '', kind = '', nText = '', unit] = m;
  const n = nText === '' ? 0 : Number(nText);
  if (kind === 'S') {
    // netcdf-c (ncz_dtype2nctype): NCZarr's `>S1` is char; `|S1` (and any S1 in pure Zarr, which has no char
    // type — NCZarr spec Appendix D) is a string of at most one byte.
    if (n === 1 && ctx.nczarr && bo === '>') return { type: 'char', itemSize: 1, endianness: 'none' };
    return { type: 'string', itemSize: n, endianness: 'none', maxStrlen: n };
  }
  if (kind === 'U') {
    if (n === 1 && ctx.nczarr) return { type: 'char', itemSize: 1, endianness: 'none' };
    return { type: 'string', itemSize: 4 * n, endianness: endian(bo, 4), maxStrlen: n };
  }
  if (kind === 'O') return ctx.vlenString ? { type: 'string', itemSize: 0, endianness: 'none' } : undefined;
  if (kind === 'M' || kind === 'm') {
    if (n !== 8 || !unit) return undefined;
    return { type: kind === 'M' ? 'datetime64' : 'timedelta64', itemSize: 8, endianness: endian(bo, 8) };
  }
  if (kind === 'V') return { type: 'opaque', itemSize: n, endianness: 'none' };
  const type = V2_INT[`${kind}${n}`];
  if (!type) return undefined;
  return { type, itemSize: n, endianness: endian(bo, n) };
}

/** Reads a v3 data_type name (string form only). */
export function v3Type(dataType: string, typeAlias?: string): TypeInfo | undefined {
  const known = V3[dataType];
  if (known) {
    if (typeAlias === 'char' && dataType === 'uint8') return { type: 'char', itemSize: 1, endianness: 'none' };
    return { type: known[0], itemSize: known[1], endianness: known[1] > 1 ? 'little' : 'none' };
  }
  if (dataType === 'string') return { type: 'string', itemSize: 0, endianness: 'none' };
  const r = /^r(\d+)$/.exec(dataType);
  if (r) {
    const bytes = Number(r[1]) / 8;
    if (typeAlias === 'string') return { type: 'string', itemSize: bytes, endianness: 'none', maxStrlen: bytes };
    return { type: 'opaque', itemSize: bytes, endianness: 'none' };
  }
  return undefined;
}

/** NCZarr attribute dtype (`<i4`, `>S1`, `|J0`, `|S12`, v3 names) → netCDF type, or 'json'. */
export function attributeType(dtype: string): ValueType | 'json' | undefined {
  if (dtype === '|J0' || dtype === 'json') return 'json';
  if (dtype === 'char') return 'char';
  const v3 = v3Type(dtype);
  if (v3) return v3.type;
  const m = /^[<>|=]?([a-zA-Z])(\d+)$/.exec(dtype);
  if (!m) return undefined;
  if (m[1] === 'S' || m[1] === 'U') return m[2] === '1' ? 'char' : 'string';
  return v2Type(dtype, { nczarr: true })?.type;
}
