/** Zarr `fill_value` JSON → the model's `FillValue` for a given type. */
import { MetadataError } from '../errors';
import { type Json, JsonNumber, unparse } from './json';
import type { FillValue, ValueType } from './types';

function base64(text: string): Uint8Array | undefined {
  try {
    const bin = atob(text);
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

const latin1 = new TextDecoder('latin1');

function hexFloat(text: string, itemSize: number): number {
  const bits = BigInt(text);
  const buf = new DataView(new ArrayBuffer(8));
  if (itemSize === 4) {
    buf.setUint32(0, Number(bits));
    return buf.getFloat32(0);
  }
  buf.setBigUint64(0, bits);
  return buf.getFloat64(0);
}

function special(s: string): number | undefined {
  if (s === 'NaN') return NaN;
  if (s === 'Infinity') return Infinity;
  if (s === '-Infinity') return -Infinity;
  return undefined;
}

/** Fixed-width bytes as text: Latin-1, trailing NUL padding removed. */
function paddedText(b: Uint8Array): string {
  return latin1.decode(b).replace(/\0+$/, '');
}

function bytesFill(v: Json[]): string | undefined {
  const bytes = v.map((x) => (x instanceof JsonNumber && x.isInteger ? x.toNumber() : -1));
  if (bytes.some((b) => b < 0 || b > 255)) return undefined;
  return paddedText(Uint8Array.from(bytes));
}

function throwBad(bad: () => MetadataError): never {
  throw bad();
}

/** Converts a fill value; throws a `MetadataError` naming `key` when it does not fit the type. */
export function readFill(v: Json, type: ValueType, itemSize: number, zarrFormat: 2 | 3, key: string): FillValue {
  if (v === null) return null;
  const shown = unparse(v);
  const bad = () =>
    new MetadataError(
      `fill_value ${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown} does not fit type ${type}.`,
      { key },
    );
  switch (type) {
    case 'int64':
    case 'uint64':
    case 'datetime64':
    case 'timedelta64':
      if (v instanceof JsonNumber && v.isInteger) return v.toBigInt();
      if (typeof v === 'string' && type.endsWith('64') && /^-?\d+$/.test(v)) return BigInt(v);
      if (typeof v === 'string' && v === 'NaT') return -9223372036854775808n;
      throw bad();
    case 'byte':
    case 'ubyte':
    case 'short':
    case 'ushort':
    case 'int':
    case 'uint':
      if (v instanceof JsonNumber && Number.isFinite(v.toNumber())) return v.toNumber();
      if (typeof v === 'boolean') return v ? 1 : 0;
      throw bad();
    case 'half':
    case 'float':
    case 'double': {
      if (v instanceof JsonNumber) return v.toNumber();
      if (typeof v === 'string') {
        const s = special(v);
        if (s !== undefined) return s;
        if (zarrFormat === 3 && /^0x[0-9a-fA-F]+$/.test(v)) return hexFloat(v, itemSize);
      }
      throw bad();
    }
    case 'bool':
      if (typeof v === 'boolean') return v;
      if (v instanceof JsonNumber) return v.toNumber() !== 0;
      throw bad();
    case 'complex64':
    case 'complex128': {
      if (Array.isArray(v) && v.length === 2) {
        const part = (x: Json) =>
          x instanceof JsonNumber ? x.toNumber() : typeof x === 'string' ? (special(x) ?? NaN) : NaN;
        return [part(v[0] ?? null), part(v[1] ?? null)];
      }
      throw bad();
    }
    case 'char':
    case 'string': {
      if (typeof v !== 'string') {
        if (v instanceof JsonNumber && type === 'char') return String.fromCharCode(v.toNumber());
        // zarr-python writes 0 as the fill value of object (vlen string) arrays: it means none.
        if (v instanceof JsonNumber && type === 'string') return null;
        // Zarr v3 r<bits> (NCZarr's string alias): the fill value is a list of byte values, NUL-padded.
        if (Array.isArray(v) && zarrFormat === 3 && type === 'string') return bytesFill(v) ?? throwBad(bad);
        throw bad();
      }
      return v;
    }
    case 'compound':
    case 'vlen':
      // A netCDF-4 user type's fill is the JSON text of one element (src/model/user-types.ts).
      return typeof v === 'string' ? v : null;
    case 'opaque': {
      if (typeof v === 'string') return base64(v) ?? new TextEncoder().encode(v);
      if (Array.isArray(v)) return Uint8Array.from(v.map((x) => (x instanceof JsonNumber ? x.toNumber() : 0)));
      throw bad();
    }
  }
}

/** v2 fixed-string fill values (`|Sn`) are base64; decode them to text. */
export function readStringFill(v: Json, dtype: string, key: string): string | null {
  if (v === null) return null;
  if (typeof v !== 'string') throw new MetadataError(`fill_value of ${dtype} must be a string.`, { key });
  if (/^[|<>]?S\d+$/.test(dtype)) {
    const b = base64(v);
    if (b) return paddedText(b);
  }
  return v;
}
