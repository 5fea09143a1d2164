/**
 * HDF5's n-bit filter (id 5, H5Znbit.c) undone: each value's significant bits (its datatype's precision, from
 * its bit offset) were packed one after the other, most significant first; here they go back to their place,
 * the padding bits zero, giving the bytes of the file's datatype. The client data describe the whole datatype:
 * the count of values, "nothing to do" (full precision), the chunk's element count, then the type — atomic
 * (1: size, order 0 little / 1 big, precision, offset), array (2: size, base type), compound (3: size, member
 * count, each member's offset and type) or no-op (4: size; its bytes are packed whole).
 */
import { ChunkError, CodecError } from '../errors';
import type { BytesCodec, CodecConfig } from './codec';

const ATOMIC = 1;
const ARRAY = 2;
const COMPOUND = 3;
const NOOPTYPE = 4;
/** Nesting of array and compound types deeper than this is refused (HDF5 allows 4096 parameters in all). */
const MAX_DEPTH = 64;

class NbitError extends Error {}

interface Atomic {
  readonly size: number;
  readonly order: number;
  readonly precision: number;
  readonly offset: number;
}

/** The packed stream: byte `j`, with `bits` bits of it not yet read (H5Znbit's `j` and `buf_len`). */
class Packed {
  j = 0;
  bits = 8;
  constructor(readonly buffer: Uint8Array) {}
  byte(): number {
    if (this.j >= this.buffer.length) throw new NbitError('The n-bit chunk ends before its last value.');
    return this.buffer[this.j] as number;
  }
  next(): void {
    this.j++;
    this.bits = 8;
  }
}

const low = (n: number) => (n >= 8 ? 0xff : (1 << n) - 1);

/** H5Z__nbit_decompress_one_byte: the significant bits of byte `k` of a value at `at`. */
function oneByte(out: Uint8Array, at: number, k: number, begin: number, end: number, s: Packed, p: Atomic): void {
  let val = s.byte();
  let datOffset = 0;
  let datLen: number;
  if (begin !== end) {
    if (k === begin) datLen = 8 - ((p.size * 8 - p.precision - p.offset) % 8);
    else if (k === end) {
      datLen = 8 - (p.offset % 8);
      datOffset = 8 - datLen;
    } else datLen = 8;
  } else {
    datOffset = p.offset % 8;
    datLen = p.precision;
  }
  if (s.bits > datLen) {
    out[at + k] = ((val >> (s.bits - datLen)) & low(datLen)) << datOffset;
    s.bits -= datLen;
    return;
  }
  out[at + k] = ((val & low(s.bits)) << (datLen - s.bits)) << datOffset;
  datLen -= s.bits;
  s.next();
  if (datLen === 0) return;
  val = s.byte();
  out[at + k] = (out[at + k] as number) | (((val >> (s.bits - datLen)) & low(datLen)) << datOffset);
  s.bits -= datLen;
}

function atomic(out: Uint8Array, at: number, s: Packed, p: Atomic): void {
  if (p.size === 0 || p.precision > p.size * 8 || p.precision + p.offset > p.size * 8)
    throw new NbitError('The n-bit parameters give a value an invalid precision or offset.');
  if (at + p.size > out.length) throw new NbitError('The n-bit parameters place a value outside its element.');
  if (p.precision === 0) return;
  const len = p.size * 8;
  if (p.order === 0) {
    const begin =
      (p.precision + p.offset) % 8 !== 0 ? Math.floor((p.precision + p.offset) / 8) : (p.precision + p.offset) / 8 - 1;
    const end = Math.floor(p.offset / 8);
    for (let k = begin; k >= end; k--) oneByte(out, at, k, begin, end, s, p);
  } else {
    const begin = Math.floor((len - p.precision - p.offset) / 8);
    const end = p.offset % 8 !== 0 ? Math.floor((len - p.offset) / 8) : (len - p.offset) / 8 - 1;
    for (let k = begin; k <= end; k++) oneByte(out, at, k, begin, end, s, p);
  }
}

/** A no-op type's bytes, packed whole (not byte-aligned in the stream). */
function noop(out: Uint8Array, at: number, s: Packed, size: number): void {
  if (at + size > out.length) throw new NbitError('The n-bit parameters place a value outside its element.');
  for (let i = 0; i < size; i++) {
    let val = s.byte();
    let datLen = 8;
    out[at + i] = (val & low(s.bits)) << (datLen - s.bits);
    datLen -= s.bits;
    s.next();
    if (datLen === 0) continue;
    val = s.byte();
    out[at + i] = (out[at + i] as number) | ((val >> (s.bits - datLen)) & low(datLen));
    s.bits -= datLen;
  }
}

/** The datatype description in the client data, walked from `at` (H5Z_NBIT_PARMS_AVAIL's checks). */
class Parms {
  constructor(
    readonly v: readonly number[],
    public at: number,
  ) {}
  take(): number {
    if (this.at >= this.v.length) throw new NbitError('The n-bit parameters stop short of the datatype.');
    return this.v[this.at++] as number;
  }
  peek(): number {
    if (this.at >= this.v.length) throw new NbitError('The n-bit parameters stop short of the datatype.');
    return this.v[this.at] as number;
  }
}

function array(out: Uint8Array, at: number, s: Packed, q: Parms, depth: number): void {
  if (depth > MAX_DEPTH) throw new NbitError('The n-bit datatype is nested too deeply.');
  const total = q.take();
  const base = q.take();
  if (at + total > out.length) throw new NbitError('The n-bit parameters place an array outside its element.');
  if (base === ATOMIC) {
    const p = { size: q.take(), order: q.take(), precision: q.take(), offset: q.take() };
    if (p.size === 0) throw new NbitError('The n-bit parameters give an atomic type no size.');
    const n = Math.floor(total / p.size);
    for (let i = 0; i < n; i++) atomic(out, at + i * p.size, s, p);
  } else if (base === ARRAY || base === COMPOUND) {
    const size = q.peek();
    if (size === 0) throw new NbitError('The n-bit parameters give an element type no size.');
    const n = Math.floor(total / size);
    // As H5Znbit.c: the walk starts over at the base type for each element, and stays there after the last.
    const begin = q.at;
    for (let i = 0; i < n; i++) {
      if (base === ARRAY) array(out, at + i * size, s, q, depth + 1);
      else compound(out, at + i * size, s, q, depth + 1);
      q.at = begin;
    }
  } else if (base === NOOPTYPE) {
    q.take();
    noop(out, at, s, total);
  } else throw new NbitError(`The n-bit parameters name an unknown class (${base}).`);
}

function compound(out: Uint8Array, at: number, s: Packed, q: Parms, depth: number): void {
  if (depth > MAX_DEPTH) throw new NbitError('The n-bit datatype is nested too deeply.');
  const size = q.take();
  const members = q.take();
  let used = 0;
  for (let i = 0; i < members; i++) {
    const offset = q.take();
    const cls = q.take();
    const memberSize = q.peek();
    const prev = used;
    used += memberSize;
    if (used > size || used <= prev || offset + memberSize > size)
      throw new NbitError('The n-bit parameters give a compound member outside its compound.');
    if (cls === ATOMIC) {
      q.take();
      atomic(out, at + offset, s, { size: memberSize, order: q.take(), precision: q.take(), offset: q.take() });
    } else if (cls === ARRAY) array(out, at + offset, s, q, depth + 1);
    else if (cls === COMPOUND) compound(out, at + offset, s, q, depth + 1);
    else if (cls === NOOPTYPE) {
      q.take();
      noop(out, at + offset, s, memberSize);
    } else throw new NbitError(`The n-bit parameters name an unknown class (${cls}).`);
  }
}

function clientData(config: CodecConfig): number[] {
  const cd = config.cd_values;
  if (!Array.isArray(cd) || cd.length < 5 || !cd.every((v) => Number.isInteger(v) && v >= 0))
    throw new CodecError('hdf5-nbit', 'The n-bit filter needs its parameters (at least 5 values).');
  if (cd[0] !== cd.length)
    throw new CodecError('hdf5-nbit', `The n-bit filter says it has ${cd[0]} parameters, not ${cd.length}.`);
  if (cd[4] === 0) throw new CodecError('hdf5-nbit', 'The n-bit filter gives its datatype no size.');
  return cd as number[];
}

/** One chunk decoded (H5Z__nbit_decompress). */
export function nbitDecode(cd: readonly number[], packed: Uint8Array, maxBytes: number): Uint8Array {
  const n = cd[2] as number;
  const size = cd[4] as number;
  if (n * size > maxBytes)
    throw new ChunkError(`The n-bit chunk says it holds ${n * size} bytes, over the limit of ${maxBytes}.`);
  const out = new Uint8Array(n * size);
  const s = new Packed(packed);
  try {
    if (cd[3] === ATOMIC) {
      const q = new Parms(cd, 4);
      const p = { size: q.take(), order: q.take(), precision: q.take(), offset: q.take() };
      for (let i = 0; i < n; i++) atomic(out, i * size, s, p);
    } else if (cd[3] === ARRAY || cd[3] === COMPOUND) {
      const q = new Parms(cd, 4);
      for (let i = 0; i < n; i++) {
        q.at = 4;
        if (cd[3] === ARRAY) array(out, i * size, s, q, 0);
        else compound(out, i * size, s, q, 0);
      }
    } else throw new NbitError(`The n-bit parameters name an unknown class (${cd[3]}).`);
  } catch (cause) {
    if (!(cause instanceof NbitError)) throw cause;
    throw new ChunkError(`The n-bit chunk cannot be unpacked: ${cause.message}`, { cause });
  }
  return out;
}

export const hdf5Nbit: BytesCodec = {
  kind: 'bytes',
  load(config, { maxBytes }) {
    const cd = clientData(config);
    // Full precision everywhere: the filter stored the bytes as they are.
    if (cd[1] !== 0) return (bytes) => bytes;
    return (bytes) => nbitDecode(cd, bytes, maxBytes);
  },
};
