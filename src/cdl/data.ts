/**
 * The data section of one variable as ncdump prints it (vardata.c): ` name = v, v, v ;` for rank ≤ 1, one
 * line per row of the last dimension (`\n  ...`) for rank ≥ 2, lines wrapped before reaching 80 columns with
 * a four-space continuation, fill values as `_`, char arrays as strings along the last dimension.
 */
import type { Slice } from '../api';
import type { Variable } from '../model/types';
import { encodeEscaped } from '../text/utf8';
import { cdlCharData, cdlName, cdlString } from './escape';
import { doubleData, floatData, precisionGiven } from './number';
import { type CFormat, formatC, parseCFormat } from './printf';
import { userValueText } from './user-values';

/** ncdump wraps when an element would end past column 78 (its lput with max_len 80, counted its way). */
const WRAP_AFTER = 78;

const DEFAULT_FILL: Partial<Record<string, number | bigint | string>> = {
  short: -32767,
  ushort: 65535,
  int: -2147483647,
  uint: 4294967295,
  int64: -9223372036854775806n,
  uint64: 18446744073709551614n,
  float: 9.969209968386869e36,
  double: 9.969209968386869e36,
  char: '\0',
  string: '',
};

/**
 * The fill value ncdump compares against: the `_FillValue` attribute, else netCDF's default fill for the type
 * — none for byte and ubyte, as netCDF defines. (netcdf-c 4.9.3 does not list Zarr's fill_value as
 * `_FillValue`, so ncdump prints such values as numbers.)
 */
export function effectiveFill(v: Variable): number | bigint | string | boolean | undefined {
  const att = v.attributes.find((a) => a.name === '_FillValue');
  if (att) {
    const x = att.value;
    return typeof x === 'string' ? x : (x[0] as number | bigint | string | undefined);
  }
  return DEFAULT_FILL[v.type];
}

/** Columns as ncdump counts them: bytes of UTF-8 (an escaped invalid byte of src/text/utf8.ts is one). */
function width(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += c >= 0xdc00 && c <= 0xdfff ? 1 : 3;
  }
  return n;
}

class Lines {
  out = '';
  col = 0;
  constructor(private readonly indent: string) {}
  put(text: string) {
    const w = width(text);
    if (this.col + w > WRAP_AFTER && w > 2) {
      this.out += `\n${this.indent}    `;
      this.col = this.indent.length + 4;
    }
    this.out += text;
    this.col += w;
  }
  raw(text: string) {
    this.out += text;
    const nl = text.lastIndexOf('\n');
    this.col = nl < 0 ? this.col + width(text) : width(text.slice(nl + 1));
  }
}

function isFill(x: unknown, fill: unknown, type: string): boolean {
  if (fill === undefined) return false;
  if (typeof x === 'number' && typeof fill === 'number') {
    if (Number.isNaN(fill)) return Number.isNaN(x);
    return type === 'float' ? x === Math.fround(fill) : x === fill;
  }
  if (typeof x === 'bigint')
    return typeof fill === 'bigint' ? x === fill : typeof fill === 'number' && x === BigInt(Math.trunc(fill));
  return x === fill;
}

function formatValue(x: unknown, type: string): string {
  if (typeof x === 'string') return `"${cdlString(x)}"`;
  if (typeof x === 'boolean') return x ? '1' : '0';
  if (typeof x === 'bigint') return x.toString();
  if (typeof x === 'number') {
    if (type === 'float' || type === 'half') return floatData(x);
    if (type === 'double' || type === 'complex64' || type === 'complex128') return doubleData(x);
    return String(x);
  }
  return String(x);
}

/** One char element as bytes in a string of char codes 0–255 (text beyond Latin-1 as its UTF-8 bytes). */
function charBytes(c: string): string {
  if (c === '') return '\0';
  if (c.length === 1 && c.charCodeAt(0) <= 0xff) return c;
  // Bytes of invalid UTF-8 come as the escapes of src/text/utf8.ts.
  return String.fromCharCode(...encodeEscaped(c));
}

/** Char data as one byte string (char codes 0–255) per row of the last dimension, trailing NULs removed. */
function charRows(slice: Slice): string[] {
  const shape = slice.shape;
  const n = shape.length === 0 ? 1 : (shape[shape.length - 1] ?? 0);
  const d = slice.data;
  const elems: ArrayLike<string> | Uint8Array = Array.isArray(d) ? (d as readonly string[]) : (d as Uint8Array);
  const at = (i: number): string => {
    const x = elems[i];
    return typeof x === 'number' ? String.fromCharCode(x) : charBytes(x ?? '');
  };
  const rows: string[] = [];
  const total = shape.reduce((a, b) => a * b, 1);
  for (let i = 0; i < total; i += n) {
    let row = '';
    for (let j = i; j < i + n && j < total; j++) row += at(j);
    rows.push(row.replace(/\0+$/, ''));
  }
  if (total === 0 && shape.length <= 1) rows.push('');
  return rows;
}

function charLiteral(bytes: string): string {
  // ncdump breaks a char string after every newline, even a final one (which leaves an empty "" after it).
  return `"${bytes.split('\n').map(cdlCharData).join('\\n",\n    "')}"`;
}

/** The data lines of a variable (starting ` name = `, ending ` ;\n`), indented for its group depth. */
export interface DataFormatOptions {
  /** `-t`: a value of a time variable as date text (`2000-01-01 06`), or null to print the number. */
  readonly time?: ((x: number | bigint) => string | null) | undefined;
}

/**
 * Record braces of ncdump's print_rows: a dimension after the first that is UNLIMITED opens `{` where a block
 * along it starts and closes `}` after its last row. Per row (index over all but the last dimension): how many
 * open before it and close after it.
 */
function recordMarks(v: Variable, shape: readonly number[]): (row: number) => { open: number; close: number } {
  const rank = shape.length;
  const levels = v.dimensions.map((d, l) => (l > 0 && l < rank && d.unlimited ? l : -1)).filter((l) => l > 0);
  if (levels.length === 0) return () => ({ open: 0, close: 0 });
  return (row) => {
    const cor: number[] = new Array<number>(Math.max(0, rank - 1)).fill(0);
    for (let k = rank - 2, r = row; k >= 0; k--) {
      const n = shape[k] ?? 1;
      cor[k] = r % n;
      r = Math.floor(r / n);
    }
    let open = 0;
    let close = 0;
    for (const l of levels) {
      const inner = cor.slice(l, rank - 1);
      if (inner.every((c) => c === 0)) open++;
      if (inner.every((c, i) => c === (shape[l + i] ?? 1) - 1)) close++;
    }
    return { open, close };
  };
}

/** The variable's `C_format` (a char attribute), unless `-p` gave its type's precision (ncdump's get_fmt). */
function cFormatOf(v: Variable): CFormat | undefined {
  if (precisionGiven(v.type)) return undefined;
  const att = v.attributes.find((a) => a.name === 'C_format');
  if (!att || att.type !== 'char' || typeof att.value !== 'string') return undefined;
  return parseCFormat(att.value, v.type);
}

export function formatVariableData(v: Variable, slice: Slice, indent: string, opts: DataFormatOptions = {}): string {
  const L = new Lines(indent);
  L.raw(`${indent} ${cdlName(v.name)} =`);
  // ncdump counts the raw name's bytes, not the escaped name it prints (vardata.c:
  // set_indent(strlen(vp->name) + 4 + indent_get())).
  L.col = indent.length + 1 + width(v.name) + 2;
  const rank = slice.shape.length;
  const marks = recordMarks(v, slice.shape);
  if (v.type === 'char') {
    const rows = charRows(slice);
    if (rank <= 1) L.raw(` ${charLiteral(rows[0] ?? '')} ;\n`);
    else {
      rows.forEach((r, i) => {
        const m = marks(i);
        L.raw(`\n  ${'{'.repeat(m.open)}${charLiteral(r)}${'}'.repeat(m.close)}${i === rows.length - 1 ? ' ;' : ','}`);
      });
    }
    if (rank > 1) L.raw('\n');
    return L.out;
  }
  const data = slice.data as ArrayLike<unknown>;
  const fill = effectiveFill(v);
  const total = slice.shape.reduce((a, b) => a * b, 1);
  const rowLen = rank <= 1 ? total : (slice.shape[rank - 1] ?? 0);
  const complex = slice.complex === true;
  const user = v.userType ? userValueText(v, v.userType) : undefined;
  const cfmt = user || complex ? undefined : cFormatOf(v);
  const value = (i: number): string => {
    if (user) return user(data[i]);
    if (complex) return `${formatValue(data[2 * i], v.type)}+${formatValue(data[2 * i + 1], v.type)}i`;
    let x = data[i];
    if (typeof x === 'string' && v.type === 'string' && v.itemSize > 0) {
      // netcdf-c hands out fixed-size strings as C strings (cut at NUL); an empty one is NULL, printed NIL.
      const nul = x.indexOf('\0');
      if (nul >= 0) x = x.slice(0, nul);
      // An element of a missing chunk is the fill value itself (a string), not NULL.
      if (x === '' && slice.missingMask?.[i] !== 1) return 'NIL';
    }
    if (isFill(x, fill, v.type)) return '_';
    if (opts.time && (typeof x === 'number' || typeof x === 'bigint')) {
      const t = opts.time(x);
      if (t !== null) return `"${t}"`;
    }
    if (cfmt && (typeof x === 'bigint' || (typeof x === 'number' && Number.isFinite(x))))
      return formatC(x, v.type, cfmt);
    return formatValue(x, v.type);
  };
  if (rank <= 1) L.raw(' ');
  for (let i = 0; i < total; i++) {
    const inRow = rowLen === 0 ? 0 : i % rowLen;
    const m = rank > 1 && rowLen > 0 ? marks(Math.floor(i / rowLen)) : { open: 0, close: 0 };
    if (rank > 1 && inRow === 0) {
      // ncdump prints two spaces but counts the group's indent too (vardata.c: set_indent(2 + indent_get())).
      L.raw('\n  ');
      L.col += indent.length;
      for (let k = 0; k < m.open; k++) L.put('{');
    }
    const last = i === total - 1;
    const rowEnd = inRow === rowLen - 1;
    const closes = rowEnd ? '}'.repeat(m.close) : '';
    if (last) {
      L.put(value(i) + closes);
      L.raw(' ;');
    } else if (rowEnd && rank > 1) {
      L.put(value(i) + closes);
      L.raw(',');
    } else L.put(`${value(i)}, `);
  }
  if (total === 0) L.raw(' ;');
  L.raw('\n');
  return L.out;
}
