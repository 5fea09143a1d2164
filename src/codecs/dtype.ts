/**
 * Zarr data types (v2 `<f4`/`|S8`/`<M8[ns]` spellings and v3 names) parsed into one descriptor, and the
 * conversion of stored bytes into the in-memory form every later stage uses ("values"):
 *
 * | kind                  | values                                                        |
 * | --------------------- | ------------------------------------------------------------- |
 * | int/uint ≤ 4 bytes    | Int8Array … Uint32Array                                       |
 * | int/uint 8 bytes      | BigInt64Array / BigUint64Array                                |
 * | float 2/4/8           | Float32Array (half is widened) / Float32Array / Float64Array  |
 * | complex 8/16          | Float32Array / Float64Array, interleaved (re, im)             |
 * | bool                  | Uint8Array (0/1)                                              |
 * | datetime / timedelta  | BigInt64Array (count of `unit`)                               |
 * | bytes / unicode / vlen| string[]                                                      |
 * | structured (records)  | string[]: each record's JSON text (records.ts)                |
 */
import { ChunkError, UnsupportedError } from '../errors';
import { decodeEscaped } from '../text/utf8';
import { float16ToFloat32 } from './half';
import { type RecordLayout, isRecordDtype, parseRecordLayout, recordTexts } from './records';

export type DtypeKind =
  | 'int'
  | 'uint'
  | 'float'
  | 'complex'
  | 'bool'
  | 'datetime'
  | 'timedelta'
  | 'bytes'
  | 'unicode'
  | 'vlen-utf8'
  | 'vlen-bytes'
  | 'structured';

export interface Dtype {
  readonly kind: DtypeKind;
  /** Bytes per stored element (0 for variable length). */
  readonly itemSize: number;
  readonly endian: 'little' | 'big' | 'none';
  /** datetime64/timedelta64 unit, e.g. `ns`, `10s`. */
  readonly unit?: string | undefined;
  /** A structured dtype's fields (records.ts). */
  readonly record?: RecordLayout | undefined;
}

export type NumericValues =
  | Int8Array
  | Uint8Array
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | BigInt64Array
  | BigUint64Array;

export type Values = NumericValues | string[];

const V3: Record<string, [DtypeKind, number]> = {
  bool: ['bool', 1],
  int8: ['int', 1],
  int16: ['int', 2],
  int32: ['int', 4],
  int64: ['int', 8],
  uint8: ['uint', 1],
  uint16: ['uint', 2],
  uint32: ['uint', 4],
  uint64: ['uint', 8],
  float16: ['float', 2],
  float32: ['float', 4],
  float64: ['float', 8],
  complex64: ['complex', 8],
  complex128: ['complex', 16],
  string: ['vlen-utf8', 0],
  bytes: ['vlen-bytes', 0],
};

const V2_KIND: Record<string, DtypeKind> = {
  i: 'int',
  u: 'uint',
  f: 'float',
  c: 'complex',
  b: 'bool',
  M: 'datetime',
  m: 'timedelta',
  S: 'bytes',
  U: 'unicode',
  O: 'vlen-utf8',
};

/**
 * Parses a Zarr data type.
 *
 * @example parseDtype('<M8[ns]') // { kind: 'datetime', itemSize: 8, endian: 'little', unit: 'ns' }
 */
export function parseDtype(dtype: string, endian: 'little' | 'big' = 'little'): Dtype {
  if (isRecordDtype(dtype)) {
    let descr: unknown;
    try {
      descr = JSON.parse(dtype);
    } catch (cause) {
      throw new UnsupportedError(`The data type "${dtype}" is not supported.`, { cause });
    }
    const record = parseRecordLayout(descr);
    return { kind: 'structured', itemSize: record.itemSize, endian: 'none', record };
  }
  const v3 = V3[dtype];
  if (v3) return { kind: v3[0], itemSize: v3[1], endian: v3[1] > 1 ? endian : 'none' };
  // v3 raw bits r<8n>: fixed n-byte values (NCZarr aliases them as strings).
  const raw = /^r(\d+)$/.exec(dtype);
  if (raw && Number(raw[1]) % 8 === 0 && Number(raw[1]) > 0)
    return { kind: 'bytes', itemSize: Number(raw[1]) / 8, endian: 'none' };
  const dt = /^(?:numpy\.)?(datetime|timedelta)64(?:\[(\w+)\])?$/.exec(dtype);
  if (dt)
    return { kind: dt[1] === 'datetime' ? 'datetime' : 'timedelta', itemSize: 8, endian, unit: dt[2] ?? 'generic' };
  const m = /^([<>|=]?)([iufcbMmSUO])(\d*)(?:\[(\w+)\])?$/.exec(dtype);
  if (!m) throw new UnsupportedError(`The data type "${dtype}" is not supported.`);
  const kind = V2_KIND[m[2] as string] as DtypeKind;
  let size = m[3] ? Number(m[3]) : 0;
  if (kind === 'unicode') size *= 4;
  if (kind === 'datetime' || kind === 'timedelta') size = 8;
  if (kind === 'bool' && size === 0) size = 1;
  const order = m[1] === '>' ? 'big' : m[1] === '|' || size <= 1 ? 'none' : 'little';
  const out: Dtype = { kind, itemSize: size, endian: kind === 'bytes' || kind === 'vlen-utf8' ? 'none' : order };
  if (m[4] !== undefined) return { ...out, unit: m[4] };
  if (kind === 'datetime' || kind === 'timedelta') return { ...out, unit: 'generic' };
  return out;
}

/** Number of typed-array lanes per element (2 for complex, else 1). */
export function lanes(d: Dtype): number {
  return d.kind === 'complex' ? 2 : 1;
}

/** Bytes per element of the in-memory values (not of storage): half widens to 4, strings count 16. */
export function valueSize(d: Dtype): number {
  if (d.kind === 'float' && d.itemSize === 2) return 4;
  if (isStringKind(d)) {
    return Math.max(16, d.itemSize * (d.kind === 'structured' ? 4 : 2));
  }
  return d.itemSize;
}

export function isStringKind(d: Dtype): boolean {
  return (
    d.kind === 'bytes' ||
    d.kind === 'unicode' ||
    d.kind === 'vlen-utf8' ||
    d.kind === 'vlen-bytes' ||
    d.kind === 'structured'
  );
}

type Ctor = { new (n: number): NumericValues; new (b: ArrayBuffer, o: number, n: number): NumericValues };

/** The typed array constructor of a numeric dtype's values. */
export function valuesCtor(d: Dtype): Ctor {
  const s = d.itemSize;
  switch (d.kind) {
    case 'int':
      return (s === 1 ? Int8Array : s === 2 ? Int16Array : s === 4 ? Int32Array : BigInt64Array) as unknown as Ctor;
    case 'uint':
      return (s === 1 ? Uint8Array : s === 2 ? Uint16Array : s === 4 ? Uint32Array : BigUint64Array) as unknown as Ctor;
    case 'float':
      return (s === 8 ? Float64Array : Float32Array) as unknown as Ctor;
    case 'complex':
      return (s === 16 ? Float64Array : Float32Array) as unknown as Ctor;
    case 'bool':
      return Uint8Array as unknown as Ctor;
    case 'datetime':
    case 'timedelta':
      return BigInt64Array as unknown as Ctor;
    default:
      throw new UnsupportedError(`No numeric form for ${d.kind} data.`);
  }
}

/** Swaps every `size`-byte word of `bytes` in place. */
export function byteswap(bytes: Uint8Array, size: number): void {
  for (let i = 0; i + size <= bytes.length; i += size) {
    for (let a = i, b = i + size - 1; a < b; a++, b--) {
      const t = bytes[a] as number;
      bytes[a] = bytes[b] as number;
      bytes[b] = t;
    }
  }
}

const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');

function fixedStrings(bytes: Uint8Array, d: Dtype, n: number): string[] {
  const out = new Array<string>(n);
  const size = d.itemSize;
  if (d.kind === 'bytes') {
    for (let i = 0; i < n; i++) {
      let end = i * size + size;
      while (end > i * size && bytes[end - 1] === 0) end--;
      const s = bytes.subarray(i * size, end);
      // numpy `|S` holds bytes; netCDF writes UTF-8 into them: UTF-8, each invalid byte kept as an escape
      // (src/text/utf8.ts) so that the CLI prints it as ncdump does, byte for byte.
      out[i] = s.every((b) => b < 0x80) ? latin1.decode(s) : decodeEscaped(s);
    }
    return out;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = d.endian !== 'big';
  for (let i = 0; i < n; i++) {
    let s = '';
    for (let c = 0; c < size / 4; c++) {
      const cp = view.getUint32(i * size + c * 4, little);
      if (cp === 0) break;
      s += String.fromCodePoint(cp);
    }
    out[i] = s;
  }
  return out;
}

/** Decodes UTF-8 bytes (used by the vlen codecs). */
export function decodeUtf8(b: Uint8Array): string {
  return utf8.decode(b);
}

/**
 * Interprets `n` stored elements of `d` in `bytes` as values (see the module table). Never mutates `bytes`.
 */
export function bytesToValues(bytes: Uint8Array, d: Dtype, n: number): Values {
  const need = n * d.itemSize;
  // Longer is as wrong as shorter: a chunk holds exactly its elements (a corrupt or mislabelled object otherwise).
  if (bytes.byteLength !== need) {
    throw new ChunkError(`The chunk holds ${bytes.byteLength} bytes; ${need} were expected.`);
  }
  if (d.kind === 'bytes' || d.kind === 'unicode') return fixedStrings(bytes, d, n);
  if (d.kind === 'structured' && d.record) return recordTexts(bytes, d.record, n);
  let b = bytes.subarray(0, need);
  const word = d.kind === 'complex' ? d.itemSize / 2 : d.itemSize;
  // `new Uint8Array(b)` copies; `b.slice()` would not when `b` is a Node Buffer (its slice is a view), and the
  // byte swap would then corrupt the caller's bytes.
  if (d.endian === 'big' && word > 1) {
    b = new Uint8Array(b);
    byteswap(b, word);
  } else if (b.byteOffset % word !== 0) {
    b = new Uint8Array(b);
  }
  if (d.kind === 'float' && d.itemSize === 2) {
    return float16ToFloat32(new Uint16Array(b.buffer, b.byteOffset, n));
  }
  const Ctor = valuesCtor(d);
  return new Ctor(b.buffer as ArrayBuffer, b.byteOffset, n * lanes(d));
}
