/**
 * Numeric storage types of decoded data, conversions between them (exact casts, two's-complement
 * reinterpretation) and numpy-style promotion, shared by packing and masking.
 */
import type { SliceData } from '../api';
import type { ValueType } from '../model/types';
import type { NumericAttrType } from './attributes';

export type NumType =
  'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'int64' | 'uint64' | 'float32' | 'float64';

const FROM_VALUE_TYPE: Partial<Record<ValueType | NumericAttrType, NumType>> = {
  byte: 'int8',
  ubyte: 'uint8',
  short: 'int16',
  ushort: 'uint16',
  int: 'int32',
  uint: 'uint32',
  int64: 'int64',
  uint64: 'uint64',
  float: 'float32',
  double: 'float64',
  half: 'float32',
  bool: 'uint8',
  // counts of the dtype's unit; NaT (the smallest int64) is masked by the decoder
  datetime64: 'int64',
  timedelta64: 'int64',
};

/** The numeric type of a netCDF/Zarr type name, or null for text, complex, opaque... */
export function numTypeOf(type: ValueType | NumericAttrType): NumType | null {
  return FROM_VALUE_TYPE[type] ?? null;
}

/** The numeric type a typed array holds, or null for strings/booleans. */
export function numTypeOfData(data: SliceData): NumType | null {
  if (data instanceof Int8Array) return 'int8';
  if (data instanceof Uint8Array) return 'uint8';
  if (data instanceof Int16Array) return 'int16';
  if (data instanceof Uint16Array) return 'uint16';
  if (data instanceof Int32Array) return 'int32';
  if (data instanceof Uint32Array) return 'uint32';
  if (data instanceof BigInt64Array) return 'int64';
  if (data instanceof BigUint64Array) return 'uint64';
  if (data instanceof Float32Array) return 'float32';
  if (data instanceof Float64Array) return 'float64';
  return null;
}

export function isFloat(t: NumType): boolean {
  return t === 'float32' || t === 'float64';
}

export function isSigned(t: NumType): boolean {
  return t === 'int8' || t === 'int16' || t === 'int32' || t === 'int64';
}

export function bits(t: NumType): number {
  return Number(/\d+$/.exec(t)?.[0] ?? 64);
}

/** The signed/unsigned integer type of the same width. */
export function flipSign(t: NumType): NumType {
  return (isSigned(t) ? `u${t}` : t.slice(1)) as NumType;
}

function range(t: NumType): [bigint, bigint] {
  const b = BigInt(bits(t));
  return isSigned(t) ? [-(1n << (b - 1n)), (1n << (b - 1n)) - 1n] : [0n, (1n << b) - 1n];
}

/** An element value: 64-bit integers as bigint, everything else as number. */
export type Scalar = number | bigint;

/**
 * Casts a value to a type if the type holds it exactly (netCDF4-python's "safe cast" of attributes), else null.
 * With `roundFloats`, a float type takes the nearest value instead (a Zarr `fill_value` is in the array's type).
 */
export function castExact(v: Scalar, t: NumType, roundFloats = false): Scalar | null {
  if (isFloat(t)) {
    const d = Number(v);
    const c = t === 'float32' ? Math.fround(d) : d;
    const exact = Number.isNaN(d) || (typeof v === 'bigint' ? Number.isFinite(c) && BigInt(c) === v : c === d);
    return roundFloats || exact ? c : null;
  }
  if (typeof v === 'number' && !Number.isInteger(v)) return null;
  const b = BigInt(v);
  const [lo, hi] = range(t);
  if (b < lo || b > hi) return null;
  return bits(t) === 64 ? b : Number(b);
}

/** Reinterprets the bits of an integer of type `from` as the other-signed type of the same width. */
export function reinterpret(v: Scalar, from: NumType): Scalar {
  const b = bits(from);
  if (b === 64) return isSigned(from) ? BigInt.asUintN(64, BigInt(v)) : BigInt.asIntN(64, BigInt(v));
  const n = Number(v);
  const m = 2 ** b;
  return isSigned(from) ? (n < 0 ? n + m : n) : n >= m / 2 ? n - m : n;
}

/** Converts a value to a type as numpy's `dtype.type(value)` does (integers wrap, fractions truncate). */
export function wrapInteger(v: Scalar, t: NumType): Scalar | null {
  if (isFloat(t)) return t === 'float32' ? Math.fround(Number(v)) : Number(v);
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  const b = typeof v === 'bigint' ? v : BigInt(Math.trunc(v));
  const w = isSigned(t) ? BigInt.asIntN(bits(t), b) : BigInt.asUintN(bits(t), b);
  return bits(t) === 64 ? w : Number(w);
}

/** A view of the same memory with the other-signed integer type (no copy, input untouched). */
export function reinterpretArray(data: SliceData, to: NumType): SliceData {
  if (!ArrayBuffer.isView(data)) return data;
  const { buffer, byteOffset } = data;
  const n = data.length;
  switch (to) {
    case 'int8':
      return new Int8Array(buffer, byteOffset, n);
    case 'uint8':
      return new Uint8Array(buffer, byteOffset, n);
    case 'int16':
      return new Int16Array(buffer, byteOffset, n);
    case 'uint16':
      return new Uint16Array(buffer, byteOffset, n);
    case 'int32':
      return new Int32Array(buffer, byteOffset, n);
    case 'uint32':
      return new Uint32Array(buffer, byteOffset, n);
    case 'int64':
      return new BigInt64Array(buffer, byteOffset, n);
    case 'uint64':
      return new BigUint64Array(buffer, byteOffset, n);
    default:
      return data;
  }
}
