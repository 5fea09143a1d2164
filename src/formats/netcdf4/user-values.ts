/**
 * Values of netCDF-4 user-defined types in the JSON form the model reads them in (src/model/user-types.ts):
 * data elements from their stored bytes (every byte of a `char` kept; vlen sequences and strings read from the
 * global heap), attribute values from what the HDF5 reader decoded.
 */
import { UnsupportedError } from '../../errors';
import { type DocValue, docJson } from '../nczarr-docs';
import type { Datatype, Hdf5Value } from '../hdf5/index';

/** What reading a vlen needs: the file's address size and base, and its global heap. */
export interface HeapAccess {
  readonly offsetSize: number;
  readonly base: number;
  object(id: { readonly collection: number; readonly index: number }): Promise<Uint8Array>;
  /** Elements of all vlen sequences still allowed (decremented). */
  budget: number;
}

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).toUpperCase().padStart(2, '0')).join('');

function integer(t: Datatype & { class: 'integer' }, b: Uint8Array, at: number): number | bigint {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const le = t.order === 'le';
  switch (t.size) {
    case 1:
      return t.signed ? v.getInt8(at) : v.getUint8(at);
    case 2:
      return t.signed ? v.getInt16(at, le) : v.getUint16(at, le);
    case 4:
      return t.signed ? v.getInt32(at, le) : v.getUint32(at, le);
    case 8:
      return t.signed ? v.getBigInt64(at, le) : v.getBigUint64(at, le);
    default:
      throw new UnsupportedError(`integers of ${t.size} bytes are not read.`);
  }
}

function float(t: Datatype & { class: 'float' }, b: Uint8Array, at: number): number {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (t.order === 'vax') throw new UnsupportedError('VAX floating-point numbers are not read.');
  if (t.size === 4) return v.getFloat32(at, t.order === 'le');
  if (t.size === 8) return v.getFloat64(at, t.order === 'le');
  throw new UnsupportedError(`floating-point numbers of ${t.size} bytes are not read.`);
}

/** Bytes as a string of char codes 0–255 (a `char` keeps its byte, whatever it is). */
const bytesText = (b: Uint8Array): string => String.fromCharCode(...b);

/** The heap object a vlen element points to, or null for a NULL one (address 0 or undefined). */
async function heapObject(
  b: Uint8Array,
  at: number,
  h: HeapAccess,
): Promise<{ length: number; data: Uint8Array } | null> {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const length = v.getUint32(at, true);
  let raw = 0;
  let ones = true;
  for (let i = h.offsetSize - 1; i >= 0; i--) {
    const x = b[at + 4 + i] ?? 0;
    if (x !== 0xff) ones = false;
    raw = raw * 256 + x;
  }
  if (ones || raw === 0) return null;
  const index = v.getUint32(at + 4 + h.offsetSize, true);
  return { length, data: await h.object({ collection: h.base + raw, index }) };
}

/** One stored element of `t` at `at` in `b` as its JSON value. */
export async function elementValue(t: Datatype, b: Uint8Array, at: number, h: HeapAccess): Promise<DocValue> {
  switch (t.class) {
    case 'integer':
      return integer(t, b, at);
    case 'enum':
      return elementValue(t.base, b, at, h);
    case 'float':
      return float(t, b, at);
    case 'string': {
      const raw = b.subarray(at, at + t.size);
      if (t.size === 1) return bytesText(raw);
      const nul = raw.indexOf(0);
      return new TextDecoder().decode(nul < 0 ? raw : raw.subarray(0, nul));
    }
    case 'opaque':
      return hex(b.subarray(at, at + t.size));
    case 'array': {
      const n = t.dims.reduce((x, y) => x * y, 1);
      const out: DocValue[] = [];
      for (let i = 0; i < n; i++) out.push(await elementValue(t.base, b, at + i * t.base.size, h));
      return out;
    }
    case 'compound': {
      const out: DocValue[] = [];
      for (const m of t.members) out.push(await elementValue(m.type, b, at + m.offset, h));
      return out;
    }
    case 'vlen-string': {
      const o = await heapObject(b, at, h);
      if (!o) return null;
      const s = o.data.subarray(0, Math.min(o.length, o.data.length));
      const nul = s.indexOf(0);
      return new TextDecoder().decode(nul < 0 ? s : s.subarray(0, nul));
    }
    case 'vlen': {
      const o = await heapObject(b, at, h);
      if (!o) return [];
      h.budget -= o.length;
      if (h.budget < 0) throw new UnsupportedError('the variable-length sequences hold more elements than allowed.');
      if (o.length * t.base.size > o.data.length)
        throw new UnsupportedError(`a sequence of ${o.length} elements does not fit its ${o.data.length} bytes.`);
      const out: DocValue[] = [];
      for (let i = 0; i < o.length; i++) out.push(await elementValue(t.base, o.data, i * t.base.size, h));
      return out;
    }
    default:
      throw new UnsupportedError(`HDF5 ${t.class} values are not read as netCDF values.`);
  }
}

/** A value the HDF5 reader decoded (an attribute's) as its JSON value. */
export function decodedValue(t: Datatype, v: Hdf5Value | undefined): DocValue {
  switch (t.class) {
    case 'integer':
    case 'float':
      return typeof v === 'number' || typeof v === 'bigint' ? v : 0;
    case 'enum':
      return decodedValue(t.base, v);
    case 'string':
    case 'vlen-string':
      // A 1-byte string decoded as UTF-8 keeps an ASCII byte; another byte cannot be told (README.md).
      return typeof v === 'string' ? (t.size === 1 ? v.slice(0, 1) : v) : '';
    case 'opaque':
      return v instanceof Uint8Array ? hex(v) : '';
    case 'array':
      return (Array.isArray(v) ? (v as Hdf5Value[]) : []).map((x) => decodedValue(t.base, x));
    case 'vlen':
      return (Array.isArray(v) ? (v as Hdf5Value[]) : []).map((x) => decodedValue(t.base, x));
    case 'compound': {
      const rec = (typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {}) as Record<string, Hdf5Value>;
      return t.members.map((m) => decodedValue(m.type, rec[m.name]));
    }
    default:
      return null;
  }
}

/** The JSON value of an element whose bytes are all zero (HDF5's fill where a file defines none). */
export function zeroValue(t: Datatype): DocValue {
  switch (t.class) {
    case 'integer':
      return t.size === 8 ? 0n : 0;
    case 'enum':
      return zeroValue(t.base);
    case 'float':
      return 0;
    case 'string':
      return t.size === 1 ? '\0' : '';
    case 'opaque':
      return '00'.repeat(t.size);
    case 'array':
      return Array.from({ length: t.dims.reduce((x, y) => x * y, 1) }, () => zeroValue(t.base));
    case 'compound':
      return t.members.map((m) => zeroValue(m.type));
    case 'vlen':
      return [];
    default:
      return null;
  }
}

/**
 * The Zarr fill value of a variable of a user type: for an enum its integer, else the JSON text of one element (the
 * model's fill of vlen-utf8 text). `_FillValue` when the writer set one, else zero bytes (HDF5's default; netCDF
 * has no default fill for user types).
 */
export function userFill(t: Datatype, attrs: readonly { readonly name: string; readonly value: DocValue }[]): DocValue {
  const att = attrs.find((a) => a.name === '_FillValue')?.value;
  const value = Array.isArray(att) ? ((att as readonly DocValue[])[0] ?? zeroValue(t)) : zeroValue(t);
  return t.class === 'enum' ? value : docJson(value);
}
