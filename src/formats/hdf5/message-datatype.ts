import { Cursor } from './cursor.ts';

export type ByteOrder = 'le' | 'be';
export type StringPadding = 'nullterm' | 'nullpad' | 'spacepad';
export type Charset = 'ascii' | 'utf-8';

export interface CompoundMember {
  readonly name: string;
  readonly offset: number;
  readonly type: Datatype;
}

export interface EnumMember {
  readonly name: string;
  readonly value: number | bigint;
}

/**
 * An HDF5 datatype. `size` is the bytes one element takes in the file (for variable-length types, the size of the
 * reference to the global heap: 4 + offset size + 4).
 */
export type Datatype =
  | {
      readonly class: 'integer';
      readonly size: number;
      readonly order: ByteOrder;
      readonly signed: boolean;
      readonly bitOffset: number;
      readonly precision: number;
    }
  | {
      readonly class: 'float';
      readonly size: number;
      /** `vax` is VAX's mixed order, read as it is not. */
      readonly order: ByteOrder | 'vax';
      readonly bitOffset: number;
      readonly precision: number;
      readonly exponent: { readonly location: number; readonly size: number; readonly bias: number };
      readonly mantissa: { readonly location: number; readonly size: number };
      readonly signLocation: number;
      /** How the mantissa is normalised: `implied` leading 1 (IEEE), `set` (stored, x87 extended), `none`. */
      readonly normalization?: 'none' | 'set' | 'implied';
    }
  | { readonly class: 'time'; readonly size: number; readonly order: ByteOrder; readonly precision: number }
  | { readonly class: 'string'; readonly size: number; readonly padding: StringPadding; readonly charset: Charset }
  | {
      readonly class: 'bitfield';
      readonly size: number;
      readonly order: ByteOrder;
      readonly bitOffset: number;
      readonly precision: number;
    }
  | { readonly class: 'opaque'; readonly size: number; readonly tag: string }
  | { readonly class: 'compound'; readonly size: number; readonly members: readonly CompoundMember[] }
  | { readonly class: 'reference'; readonly size: number; readonly kind: 'object' | 'region' }
  | { readonly class: 'enum'; readonly size: number; readonly base: Datatype; readonly members: readonly EnumMember[] }
  | { readonly class: 'vlen'; readonly size: number; readonly base: Datatype }
  | {
      readonly class: 'vlen-string';
      readonly size: number;
      readonly padding: StringPadding;
      readonly charset: Charset;
    }
  | { readonly class: 'array'; readonly size: number; readonly dims: readonly number[]; readonly base: Datatype };

const PADDING: readonly StringPadding[] = ['nullterm', 'nullpad', 'spacepad'];
const MAX_TYPE_DEPTH = 32;
const MAX_MEMBERS = 65_536;

function padding(c: Cursor, v: number): StringPadding {
  const p = PADDING[v];
  if (!p) throw c.fail(`string padding ${v} is not one of 0–2`);
  return p;
}

function charset(c: Cursor, v: number): Charset {
  if (v === 0) return 'ascii';
  if (v === 1) return 'utf-8';
  throw c.fail(`character set ${v} is not ASCII (0) or UTF-8 (1)`);
}

/** Parses a datatype message (all classes, versions 1–4) at the cursor. */
export function parseDatatype(c: Cursor, depth = 0): Datatype {
  if (depth > MAX_TYPE_DEPTH) throw c.fail(`datatypes nested more than ${MAX_TYPE_DEPTH} deep`);
  const classVersion = c.u8();
  const cls = classVersion & 0x0f;
  const version = classVersion >> 4;
  if (version < 1 || version > 4) throw c.fail(`datatype version ${version}`);
  const b0 = c.u8();
  const b1 = c.u8();
  c.u8();
  const bits = b0 | (b1 << 8);
  const size = c.u32();
  const order: ByteOrder = b0 & 1 ? 'be' : 'le';
  switch (cls) {
    case 0: {
      const bitOffset = c.u16();
      const precision = c.u16();
      return { class: 'integer', size, order, signed: (b0 & 0x08) !== 0, bitOffset, precision };
    }
    case 1: {
      const bitOffset = c.u16();
      const precision = c.u16();
      const eLoc = c.u8();
      const eSize = c.u8();
      const mLoc = c.u8();
      const mSize = c.u8();
      const bias = c.u32();
      const vax = (b0 & 0x41) === 0x41;
      return {
        class: 'float',
        size,
        order: vax ? 'vax' : order,
        bitOffset,
        precision,
        exponent: { location: eLoc, size: eSize, bias },
        mantissa: { location: mLoc, size: mSize },
        signLocation: b1,
        normalization: (['none', 'set', 'implied', 'none'] as const)[(b0 >> 4) & 3],
      };
    }
    case 2:
      return { class: 'time', size, order, precision: c.u16() };
    case 3:
      return { class: 'string', size, padding: padding(c, b0 & 0x0f), charset: charset(c, b0 >> 4) };
    case 4: {
      const bitOffset = c.u16();
      const precision = c.u16();
      return { class: 'bitfield', size, order, bitOffset, precision };
    }
    case 5: {
      const tagLength = b0;
      const start = c.pos;
      const raw = c.take(Math.min(tagLength, c.remaining));
      const nul = raw.indexOf(0);
      c.seek(start + Math.min(tagLength, raw.length));
      return { class: 'opaque', size, tag: new TextDecoder().decode(nul < 0 ? raw : raw.subarray(0, nul)) };
    }
    case 6:
      return { class: 'compound', size, members: compoundMembers(c, version, bits, size, depth) };
    case 7: {
      const kind = b0 & 0x0f;
      if (kind > 1) throw c.fail(`reference type ${kind} (only object and region references of HDF5 1.10 are read)`);
      return { class: 'reference', size, kind: kind === 0 ? 'object' : 'region' };
    }
    case 8: {
      const base = parseDatatype(c, depth + 1);
      const n = bits;
      const names: string[] = [];
      for (let i = 0; i < n; i++) names.push(memberName(c, version));
      const members: EnumMember[] = [];
      const vc = new Cursor(c.take(n * base.size), c.address, c.structure, c.format);
      for (const name of names) members.push({ name, value: enumValue(vc, base) });
      return { class: 'enum', size, base, members };
    }
    case 9: {
      const base = parseDatatype(c, depth + 1);
      if ((b0 & 0x0f) === 1) {
        return { class: 'vlen-string', size, padding: padding(c, b0 >> 4), charset: charset(c, b1 & 0x0f) };
      }
      return { class: 'vlen', size, base };
    }
    case 10: {
      const rank = c.u8();
      if (rank > 32) throw c.fail(`array datatype of rank ${rank}`);
      if (version < 3) c.skip(3);
      const dims: number[] = [];
      for (let i = 0; i < rank; i++) dims.push(c.u32());
      if (version < 3) c.skip(4 * rank); // permutation indices
      const base = parseDatatype(c, depth + 1);
      const n = dims.reduce((a, b) => a * b, 1);
      // The element count must agree with the declared size: decoding loops over it.
      if (n * base.size !== size || n > 2 ** 31) throw c.fail(`array of ${n} × ${base.size} bytes declared ${size}`);
      return { class: 'array', size, dims, base };
    }
    default:
      throw c.fail(`datatype class ${cls} is not one of 0–10`);
  }
}

function memberName(c: Cursor, version: number): string {
  const start = c.pos;
  const name = c.cstring();
  // Versions 1 and 2 pad names to a multiple of 8 bytes (the NUL counted).
  if (version < 3) c.align(8, start);
  return name;
}

function compoundMembers(c: Cursor, version: number, n: number, size: number, depth: number): CompoundMember[] {
  if (n > MAX_MEMBERS) throw c.fail(`${n} compound members`);
  const members: CompoundMember[] = [];
  const offsetBytes = size < 256 ? 1 : size < 65536 ? 2 : size < 16777216 ? 3 : 4;
  for (let i = 0; i < n; i++) {
    const name = memberName(c, version);
    const offset = version >= 3 ? c.uint(offsetBytes) : c.u32();
    if (version === 1) {
      // Version 1 members carry their own dimensions: an old form of an array member.
      const rank = c.u8();
      c.skip(3 + 4 + 4);
      const dims: number[] = [];
      for (let d = 0; d < 4; d++) dims.push(c.u32());
      const base = parseDatatype(c, depth + 1);
      if (rank > 4) throw c.fail(`compound member of rank ${rank}`);
      const used = dims.slice(0, rank);
      const count = used.reduce((a, b) => a * b, 1);
      const type: Datatype = rank === 0 ? base : { class: 'array', size: base.size * count, dims: used, base };
      members.push({ name, offset, type });
    } else {
      members.push({ name, offset, type: parseDatatype(c, depth + 1) });
    }
    const last = members[members.length - 1]!;
    if (last.offset + last.type.size > size) throw c.fail(`compound member "${name}" ends past the compound's size`);
  }
  return members;
}

function enumValue(c: Cursor, base: Datatype): number | bigint {
  if (base.class !== 'integer') throw c.fail(`enum base type is ${base.class}, not an integer`);
  const bytes = c.take(base.size);
  return readInteger(bytes, 0, base.size, base.order, base.signed);
}

/** An integer of 1–8 bytes: a number up to 4 bytes, a bigint for 8 (other sizes as number when exact). */
export function readInteger(
  b: Uint8Array,
  at: number,
  size: number,
  order: ByteOrder,
  signed: boolean,
): number | bigint {
  let v = 0n;
  for (let i = 0; i < size; i++) {
    const byte = b[order === 'le' ? at + size - 1 - i : at + i] ?? 0;
    v = (v << 8n) | BigInt(byte);
  }
  if (signed && size > 0 && v >= 1n << BigInt(size * 8 - 1)) v -= 1n << BigInt(size * 8);
  return size >= 8 ? v : Number(v);
}
