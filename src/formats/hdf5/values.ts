import { getFloat16 } from '@petamoriken/float16';
import { wideFloat } from './float-bits.ts';
import { UnsupportedError } from '../../errors.ts';
import { Cursor, utf8, type Format } from './cursor.ts';
import { Hdf5Error } from './errors.ts';
import type { GlobalHeap, GlobalHeapId } from './global-heap.ts';
import { readInteger, type Datatype } from './message-datatype.ts';

/** An object reference: the absolute address of the object header it names (`undefined` for a null reference). */
export class ObjectRef {
  constructor(readonly address: number | undefined) {}
}

/** A dataset region reference: the global heap object holding the dataset's address and the selection. */
export class RegionRef {
  constructor(readonly heap: GlobalHeapId | undefined) {}
}

/**
 * A decoded value: numbers (integers up to 32 bits, floats), bigints (64-bit integers), strings, bytes (opaque),
 * arrays (array and vlen elements, flat in row-major order), records (compound), references. Enum values are their
 * integers (the names are in the datatype).
 */
export type Hdf5Value =
  | number
  | bigint
  | string
  | Uint8Array
  | ObjectRef
  | RegionRef
  | readonly Hdf5Value[]
  | { readonly [member: string]: Hdf5Value };

/** True when decoding the type needs the global heap (variable-length data). */
export function needsHeap(t: Datatype): boolean {
  switch (t.class) {
    case 'vlen':
    case 'vlen-string':
      return true;
    case 'compound':
      return t.members.some((m) => needsHeap(m.type));
    case 'array':
    case 'enum':
      return needsHeap(t.base);
    default:
      return false;
  }
}

/**
 * Decodes `count` elements of `type` from `bytes` (row-major). Variable-length elements are read from the global
 * heap; `maxElements` bounds the elements of all vlen sequences together.
 */
export async function decodeValues(
  type: Datatype,
  bytes: Uint8Array,
  count: number,
  format: Format,
  heap: GlobalHeap,
  maxElements: number,
): Promise<Hdf5Value[]> {
  if (count * type.size > bytes.length) {
    throw new Hdf5Error('value', `${count} elements of ${type.size} bytes need more than the ${bytes.length} stored`);
  }
  if (count > maxElements) throw new Hdf5Error('value', `${count} elements are more than the ${maxElements} allowed`);
  const budget = { left: maxElements };
  const out: Hdf5Value[] = [];
  if (!needsHeap(type)) {
    for (let i = 0; i < count; i++) out.push(decodeOne(type, bytes, i * type.size, format));
    return out;
  }
  for (let i = 0; i < count; i++) out.push(await decodeAsync(type, bytes, i * type.size, format, heap, budget));
  return out;
}

function view(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

function decodeString(raw: Uint8Array, padding: 'nullterm' | 'nullpad' | 'spacepad'): string {
  let end = raw.length;
  if (padding === 'spacepad') {
    while (end > 0 && (raw[end - 1] === 0x20 || raw[end - 1] === 0)) end--;
  } else {
    const nul = raw.indexOf(0);
    if (nul >= 0) end = nul;
  }
  return utf8(raw.subarray(0, end));
}

function decodeOne(t: Datatype, b: Uint8Array, at: number, format: Format): Hdf5Value {
  switch (t.class) {
    case 'integer':
    case 'bitfield':
    case 'time': {
      const signed = t.class === 'integer' && t.signed;
      const le = t.order === 'le';
      if (t.size === 1) return signed ? (b[at]! << 24) >> 24 : b[at]!;
      if (t.size === 2) return signed ? view(b).getInt16(at, le) : view(b).getUint16(at, le);
      if (t.size === 4) return signed ? view(b).getInt32(at, le) : view(b).getUint32(at, le);
      if (t.size === 8) return signed ? view(b).getBigInt64(at, le) : view(b).getBigUint64(at, le);
      return readInteger(b, at, t.size, t.order, signed);
    }
    case 'float': {
      if (t.order === 'vax') throw new UnsupportedError('VAX floating-point numbers are not read.');
      const le = t.order === 'le';
      if (t.size === 4) return view(b).getFloat32(at, le);
      if (t.size === 8) return view(b).getFloat64(at, le);
      if (t.size === 2) return getFloat16(view(b), at, le);
      return wideFloat(t, b.subarray(at, at + t.size));
    }
    case 'string':
      return decodeString(b.subarray(at, at + t.size), t.padding);
    case 'opaque':
      return b.slice(at, at + t.size);
    case 'reference': {
      const c = new Cursor(b.subarray(at, at + t.size), at, 'reference', format);
      if (t.kind === 'object') {
        const zero = b.subarray(at, at + format.offsetSize).every((x) => x === 0);
        return new ObjectRef(zero ? undefined : c.addr());
      }
      const collection = c.addr();
      const index = c.u32();
      return new RegionRef(collection === undefined || index === 0 ? undefined : { collection, index });
    }
    case 'enum':
      return decodeOne(t.base, b, at, format);
    case 'compound': {
      const rec: Record<string, Hdf5Value> = {};
      for (const m of t.members) rec[m.name] = decodeOne(m.type, b, at + m.offset, format);
      return rec;
    }
    case 'array': {
      const n = t.dims.reduce((x, y) => x * y, 1);
      const out: Hdf5Value[] = [];
      for (let i = 0; i < n; i++) out.push(decodeOne(t.base, b, at + i * t.base.size, format));
      return out;
    }
    case 'vlen':
    case 'vlen-string':
      throw new Hdf5Error('value', 'variable-length data needs the global heap');
  }
}

async function decodeAsync(
  t: Datatype,
  b: Uint8Array,
  at: number,
  format: Format,
  heap: GlobalHeap,
  budget: { left: number },
): Promise<Hdf5Value> {
  switch (t.class) {
    case 'vlen':
    case 'vlen-string': {
      const c = new Cursor(b.subarray(at, at + t.size), at, 'variable-length element', format);
      const length = c.u32();
      const collection = c.addr();
      const index = c.u32();
      if (length === 0 || collection === undefined || collection === format.base) return t.class === 'vlen' ? [] : '';
      const data = await heap.object({ collection, index });
      if (t.class === 'vlen-string') return decodeString(data.subarray(0, Math.min(length, data.length)), 'nullterm');
      budget.left -= length;
      if (budget.left < 0) throw c.fail('variable-length sequences hold more elements than allowed');
      if (length * t.base.size > data.length) throw c.fail(`sequence of ${length} elements in ${data.length} bytes`);
      const out: Hdf5Value[] = [];
      for (let i = 0; i < length; i++) out.push(await decodeAsync(t.base, data, i * t.base.size, format, heap, budget));
      return out;
    }
    case 'compound': {
      const rec: Record<string, Hdf5Value> = {};
      for (const m of t.members) rec[m.name] = await decodeAsync(m.type, b, at + m.offset, format, heap, budget);
      return rec;
    }
    case 'array': {
      const n = t.dims.reduce((x, y) => x * y, 1);
      const out: Hdf5Value[] = [];
      for (let i = 0; i < n; i++) out.push(await decodeAsync(t.base, b, at + i * t.base.size, format, heap, budget));
      return out;
    }
    default:
      return decodeOne(t, b, at, format);
  }
}
