/**
 * Values of netCDF-4 user-defined types as ncdump prints them (dumplib.c: the `*_typ_tostring` functions) and
 * its fill-value test (`*_val_equals`), quirks included: a compound's `char` field is a string (`{"jan"}`, trailing
 * NULs dropped, other bytes escaped as chars_tostring does), numbers inside user types use `%.7g`/`%.15g`, enum
 * names in data are printed as they are (escaped only as a top-level attribute value, print_name), a value no enum
 * member has is `_UNDEFINED` when it is 0.
 */
import type { NcAtomicType, TypeRef, UserType, UserValue, Variable } from '../model/types';
import { parseUserValue, userValue } from '../model/user-types';
import { doubleData, floatData } from './number';

const HEX = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).toUpperCase().padStart(2, '0')).join('');

/** chars_tostring: bytes (char codes 0–255) in quotes, trailing NULs dropped. */
function charsText(bytes: string): string {
  const s = bytes.replace(/\0+$/, '');
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) & 0xff;
    const ch = String.fromCharCode(c);
    // The escape is a backslash before the character itself (a raw newline after `\`), as chars_tostring writes it.
    if ('\b\f\n\r\t\v\\\'"'.includes(ch)) out += `\\${ch}`;
    else if (c >= 0x20 && c < 0x7f) out += ch;
    else out += `\\${c.toString(8).padStart(3, '0')}`;
  }
  return `${out}"`;
}

const STRING_ESC: Record<string, string> = {
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\n', // ncstring_typ_tostring writes \v as \n
  '\\': '\\\\',
  "'": "\\'",
  '"': '\\"',
};

/** ncstring_typ_tostring: quoted, control characters in octal, other characters as they are; NULL is `NIL`. */
function stringText(s: string | null): string {
  if (s === null) return 'NIL';
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    const e = STRING_ESC[ch];
    if (e !== undefined) out += e;
    else if (c < 0x20 || c === 0x7f) out += `\\${c.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

function atomicText(t: NcAtomicType, v: UserValue): string {
  switch (t) {
    case 'float':
      return floatData(Number(v));
    case 'double':
      return doubleData(Number(v));
    case 'string':
      return stringText(typeof v === 'string' ? v : null);
    case 'char':
      return typeof v === 'string' ? v.slice(0, 1).replace('\0', '') : '';
    default:
      return typeof v === 'number' || typeof v === 'bigint' ? v.toString() : '0';
  }
}

/** An enum value's member name (`_UNDEFINED` for an unnamed 0); undefined where ncdump stops with an error. */
export function enumName(t: UserType & { kind: 'enum' }, v: UserValue): string | undefined {
  const hit = t.members.find((m) => BigInt(m.value) === BigInt(typeof v === 'bigint' ? v : Number(v)));
  if (hit) return hit.name;
  return Number(v) === 0 ? '_UNDEFINED' : undefined;
}

const elements = (v: UserValue): readonly UserValue[] => (Array.isArray(v) ? (v as readonly UserValue[]) : []);

/** One value of type `t` as ncdump's typ_tostring prints it. */
export function valueText(t: TypeRef, v: UserValue): string {
  if (typeof t === 'string') return atomicText(t, v);
  switch (t.kind) {
    case 'enum':
      return enumName(t, v) ?? String(v);
    case 'opaque':
      return `0X${v instanceof Uint8Array ? HEX(v) : ''}`;
    case 'vlen':
      return `{${elements(v)
        .map((x) => valueText(t.base, x))
        .join(', ')}}`;
    case 'compound': {
      const parts = t.fields.map((f, i) => {
        const x = elements(v)[i] ?? null;
        if (f.dims.length === 0)
          return f.type === 'char' ? charsText(typeof x === 'string' ? x : '') : valueText(f.type, x);
        const items = elements(x);
        if (f.type !== 'char') return `{${items.map((e) => valueText(f.type, e)).join(', ')}}`;
        // A char array field: one string per row of its last dimension.
        const len = f.dims[f.dims.length - 1] ?? 1;
        const rows: string[] = [];
        for (let r = 0; r < items.length; r += len)
          rows.push(
            charsText(
              items
                .slice(r, r + len)
                .map((c) => (typeof c === 'string' ? c || '\0' : '\0'))
                .join(''),
            ),
          );
        return `{${rows.join(', ')}}`;
      });
      return `{${parts.join(', ')}}`;
    }
  }
}

const FLT_EPSILON = 1.1920928955078125e-7;
const DBL_EPSILON = 2.220446049250313e-16;

function closeTo(a: number, b: number, eps: number): boolean {
  if (a > 0 !== b > 0) return false;
  if (Number.isFinite(a) && Number.isFinite(b)) return Math.abs(a - b) <= Math.abs(eps * b);
  return (Number.isNaN(a) && Number.isNaN(b)) || (!Number.isFinite(a) && !Number.isFinite(b) && !Number.isNaN(a + b));
}

/** Bytes of one value in memory as ncdump steps over them (a vlen is an nc_vlen_t, a string a pointer). */
function memSize(t: TypeRef): number {
  if (typeof t !== 'string') return t.kind === 'vlen' ? 16 : t.size;
  return { byte: 1, ubyte: 1, char: 1, short: 2, ushort: 2, int: 4, uint: 4, float: 4 }[t as string] ?? 8;
}

/**
 * ncdump's `val_equals(type, fill, v)`. Its quirks are kept where they decide what it prints: a compound's array
 * field is compared by its first element only, a vlen's elements at a stride of 16 bytes (its nc_vlen_t size;
 * elements that stride reaches past the end count as different).
 */
export function valueEquals(t: TypeRef, fill: UserValue, v: UserValue): boolean {
  if (typeof t === 'string') {
    if (t === 'float') return closeTo(Number(fill), Number(v), FLT_EPSILON);
    if (t === 'double') return closeTo(Number(fill), Number(v), DBL_EPSILON);
    if (t === 'char')
      return (
        (typeof fill === 'string' ? fill.charCodeAt(0) || 0 : 0) === (typeof v === 'string' ? v.charCodeAt(0) || 0 : 0)
      );
    if (t === 'string') return fill === v;
    return typeof fill === typeof v ? fill === v : BigInt(Number(fill)) === BigInt(Number(v));
  }
  switch (t.kind) {
    case 'enum':
      return valueEquals(t.base, fill, v);
    case 'opaque':
      return fill instanceof Uint8Array && v instanceof Uint8Array && HEX(fill) === HEX(v);
    case 'vlen': {
      const a = elements(fill);
      const b = elements(v);
      if (a.length !== b.length) return false;
      const base = memSize(t.base);
      for (let i = 0; i < a.length; i++) {
        const at = (i * 16) / base;
        if (!Number.isInteger(at) || at >= a.length) return false;
        if (!valueEquals(t.base, a[at] ?? null, b[at] ?? null)) return false;
      }
      return true;
    }
    case 'compound':
      return t.fields.every((f, i) => {
        const a = elements(fill)[i] ?? null;
        const b = elements(v)[i] ?? null;
        return f.dims.length === 0
          ? valueEquals(f.type, a, b)
          : valueEquals(f.type, elements(a)[0] ?? null, elements(b)[0] ?? null);
      });
  }
}

/**
 * How one element of variable `v` of user type `t` is printed in its data: `_` when it equals the variable's
 * `_FillValue` (ncdump has no default fill for user types), else its value. Elements are enum integers, or the JSON
 * text the store hands on for the other classes.
 */
export function userValueText(v: Variable, t: UserType): (x: unknown) => string {
  const att = v.attributes.find((a) => a.name === '_FillValue');
  const fill = att?.type === 'user' && att.userType === t && att.value.length === 1 ? att.value[0] : undefined;
  return (x) => {
    const value: UserValue =
      typeof x === 'string' && x !== ''
        ? parseUserValue(x, t)
        : typeof x === 'number' || typeof x === 'bigint'
          ? x
          : userValue(null, t);
    return fill !== undefined && valueEquals(t, fill, value) ? '_' : valueText(t, value);
  };
}
