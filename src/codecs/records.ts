/**
 * numpy structured (record) data types, as Zarr v2 writes them in `.zarray`'s `"dtype"` (numpy's `descr`, the
 * list form: `[["a", "<i4"], ["b", "<f8", [2]], ["c", [["x", "<f4"]]], ["", "|V4"]]`), and their records read
 * from chunk bytes. numpy lays the fields out packed, one after the other in list order; a gap (an aligned dtype,
 * or one with explicit offsets) is written as an unnamed `|V` field, which is padding. Each field has its own byte
 * order. A record reads as the JSON text of the list of its fields' values (the form src/model/user-types.ts reads
 * back, `parseUserValue`): an array field as the flat list of its elements in C order, int64 as integer text,
 * non-finite floats as `"NaN"`, `"Infinity"`, `"-Infinity"`, `|S` bytes as chars (one string of one byte code per
 * char; `|S1` one char), `<U` as a string cut at its first NUL, `|b1` as 0/1, `<f2` widened, complex as
 * `[re, im]`, datetime64/timedelta64 as their int64 count, `|V` as upper-case hex.
 *
 * @example
 * const r = parseRecordLayout(JSON.parse('[["a","<i4"],["b","<f8",[2]]]'));
 * r.itemSize; // 20
 * recordTexts(bytes, r, 1); // ['[1,[2.5,-1]]']
 */
import { UnsupportedError } from '../errors';
import { float16ToFloat32 } from './half';

/** What one field element is, as the bytes hold it. */
export type RecordScalar =
  | { readonly kind: 'int' | 'uint' | 'float'; readonly size: number; readonly little: boolean }
  | { readonly kind: 'bool' }
  | { readonly kind: 'complex'; readonly size: number; readonly little: boolean }
  | { readonly kind: 'datetime' | 'timedelta'; readonly unit: string; readonly little: boolean }
  | { readonly kind: 'bytes'; readonly size: number }
  | { readonly kind: 'unicode'; readonly chars: number; readonly little: boolean }
  | { readonly kind: 'void'; readonly size: number }
  | { readonly kind: 'record'; readonly layout: RecordLayout };

export interface RecordField {
  /** The field's name ('' for padding, which `fields` leaves out). */
  readonly name: string;
  /** Byte offset in the record. */
  readonly offset: number;
  /** numpy sub-array shape (`[]` for a scalar field). */
  readonly shape: readonly number[];
  readonly type: RecordScalar;
  /** Bytes of one element. */
  readonly size: number;
}

export interface RecordLayout {
  /** The named fields, in order (padding left out). */
  readonly fields: readonly RecordField[];
  /** Bytes of one record (padding included). */
  readonly itemSize: number;
}

/** Records nested deeper than this are refused (a hostile document cannot exhaust the stack). */
const MAX_DEPTH = 32;

const bad = (why: string) => new UnsupportedError(`The structured data type cannot be read: ${why}.`);

function scalarOf(typestr: string, where: string): { type: RecordScalar; size: number } {
  const m = /^([<>|=]?)([a-zA-Z])(\d*)(?:\[(\w+)\])?$/.exec(typestr);
  if (!m) throw bad(`field ${where} has the type ${JSON.stringify(typestr)}`);
  const [, order = '', kind = '', nText = '', unit] = m;
  const n = nText === '' ? 0 : Number(nText);
  const little = order !== '>';
  switch (kind) {
    case 'i':
    case 'u':
      if (![1, 2, 4, 8].includes(n)) break;
      return { type: { kind: kind === 'i' ? 'int' : 'uint', size: n, little }, size: n };
    case 'f':
      if (![2, 4, 8].includes(n)) break;
      return { type: { kind: 'float', size: n, little }, size: n };
    case 'c':
      if (n !== 8 && n !== 16) break;
      return { type: { kind: 'complex', size: n, little }, size: n };
    case 'b':
      if (n !== 1) break;
      return { type: { kind: 'bool' }, size: 1 };
    case 'M':
    case 'm':
      if (n !== 8) break;
      return { type: { kind: kind === 'M' ? 'datetime' : 'timedelta', unit: unit ?? 'generic', little }, size: 8 };
    case 'S':
      if (n < 1) break;
      return { type: { kind: 'bytes', size: n }, size: n };
    case 'U':
      if (n < 1) break;
      return { type: { kind: 'unicode', chars: n, little }, size: 4 * n };
    case 'V':
      if (n < 1) break;
      return { type: { kind: 'void', size: n }, size: n };
  }
  throw bad(`field ${where} has the type ${JSON.stringify(typestr)}, which has no fixed-size reading here`);
}

function shapeOf(j: unknown, where: string): number[] {
  if (j === undefined) return [];
  const list = typeof j === 'number' ? [j] : j;
  if (!Array.isArray(list) || !list.every((d) => Number.isInteger(d) && (d as number) >= 0))
    throw bad(`field ${where} has the shape ${JSON.stringify(j)}`);
  return list as number[];
}

function layoutOf(descr: unknown, prefix: string, depth: number): RecordLayout {
  if (depth > MAX_DEPTH) throw bad(`records are nested more than ${MAX_DEPTH} deep`);
  if (!Array.isArray(descr) || descr.length === 0) throw bad(`${prefix || 'the dtype'} is not a list of fields`);
  const fields: RecordField[] = [];
  const names = new Set<string>();
  let offset = 0;
  for (const entry of descr as unknown[]) {
    if (!Array.isArray(entry) || entry.length < 2 || entry.length > 3)
      throw bad(`a field of ${prefix || 'the dtype'} is not [name, type] or [name, type, shape]`);
    const [nameJ, typeJ, shapeJ] = entry as [unknown, unknown, unknown];
    // numpy writes a titled field as [[title, name], type].
    const name = Array.isArray(nameJ) && nameJ.length === 2 ? nameJ[1] : nameJ;
    if (typeof name !== 'string') throw bad(`a field name of ${prefix || 'the dtype'} is not text`);
    const where = JSON.stringify(prefix + name);
    if (name !== '' && names.has(name)) throw bad(`the field name ${where} is repeated`);
    names.add(name);
    const shape = shapeOf(shapeJ, where);
    const one =
      typeof typeJ === 'string'
        ? scalarOf(typeJ, where)
        : (() => {
            const layout = layoutOf(typeJ, `${prefix}${name}.`, depth + 1);
            return { type: { kind: 'record', layout } as RecordScalar, size: layout.itemSize };
          })();
    const count = shape.reduce((a, b) => a * b, 1);
    const field: RecordField = { name, offset, shape, type: one.type, size: one.size };
    // An unnamed field is padding (numpy's descr of an aligned dtype or one with offsets).
    if (name !== '') fields.push(field);
    else if (one.type.kind !== 'void') throw bad(`an unnamed field of ${prefix || 'the dtype'} is not padding (|V)`);
    offset += one.size * count;
  }
  if (fields.length === 0) throw bad(`${prefix || 'the dtype'} has no named field`);
  return { fields, itemSize: offset };
}

/** Reads a structured dtype (numpy's descr list, as Zarr v2 writes it). Throws `UnsupportedError` naming the field. */
export function parseRecordLayout(descr: unknown): RecordLayout {
  return layoutOf(descr, '', 0);
}

/** Whether a Zarr dtype string is a structured dtype's JSON text (how the model's `Variable.dtype` carries it). */
export const isRecordDtype = (dtype: string): boolean => dtype.startsWith('[');

const latin1 = (b: number) => String.fromCharCode(b);

function floatJson(x: number): string {
  if (Number.isNaN(x)) return '"NaN"';
  if (!Number.isFinite(x)) return x > 0 ? '"Infinity"' : '"-Infinity"';
  return Object.is(x, -0) ? '-0' : String(x);
}

const HEX = '0123456789ABCDEF';

function scalarJson(view: DataView, at: number, t: RecordScalar): string {
  switch (t.kind) {
    case 'int':
    case 'uint': {
      const s = t.kind === 'int';
      if (t.size === 1) return String(s ? view.getInt8(at) : view.getUint8(at));
      if (t.size === 2) return String(s ? view.getInt16(at, t.little) : view.getUint16(at, t.little));
      if (t.size === 4) return String(s ? view.getInt32(at, t.little) : view.getUint32(at, t.little));
      return String(s ? view.getBigInt64(at, t.little) : view.getBigUint64(at, t.little));
    }
    case 'float': {
      if (t.size === 8) return floatJson(view.getFloat64(at, t.little));
      if (t.size === 4) return floatJson(view.getFloat32(at, t.little));
      return floatJson(float16ToFloat32(Uint16Array.of(view.getUint16(at, t.little)))[0] as number);
    }
    case 'complex': {
      const h = t.size / 2;
      const get = (o: number) => (h === 8 ? view.getFloat64(o, t.little) : view.getFloat32(o, t.little));
      return `[${floatJson(get(at))},${floatJson(get(at + h))}]`;
    }
    case 'bool':
      return view.getUint8(at) ? '1' : '0';
    case 'datetime':
    case 'timedelta':
      return String(view.getBigInt64(at, t.little));
    case 'bytes': {
      const chars: string[] = [];
      for (let i = 0; i < t.size; i++) chars.push(JSON.stringify(latin1(view.getUint8(at + i))));
      return t.size === 1 ? (chars[0] as string) : `[${chars.join(',')}]`;
    }
    case 'unicode': {
      let s = '';
      for (let c = 0; c < t.chars; c++) {
        const cp = view.getUint32(at + 4 * c, t.little);
        if (cp === 0) break;
        s += cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd';
      }
      return JSON.stringify(s);
    }
    case 'void': {
      let s = '"';
      for (let i = 0; i < t.size; i++) {
        const b = view.getUint8(at + i);
        s += (HEX[b >> 4] as string) + (HEX[b & 15] as string);
      }
      return `${s}"`;
    }
    case 'record':
      return recordJson(view, at, t.layout);
  }
}

function recordJson(view: DataView, at: number, layout: RecordLayout): string {
  const parts = layout.fields.map((f) => {
    if (f.shape.length === 0) return scalarJson(view, at + f.offset, f.type);
    const n = f.shape.reduce((a, b) => a * b, 1);
    const items: string[] = [];
    for (let i = 0; i < n; i++) {
      const one = scalarJson(view, at + f.offset + i * f.size, f.type);
      // `|S` elements are char arrays of their own: flattened into the field's list with the other dimensions.
      items.push(f.type.kind === 'bytes' && f.type.size > 1 ? one.slice(1, -1) : one);
    }
    return `[${items.join(',')}]`;
  });
  return `[${parts.join(',')}]`;
}

/** The `n` records of `layout` in `bytes` as JSON texts (see the module doc). */
export function recordTexts(bytes: Uint8Array, layout: RecordLayout, n: number): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = recordJson(view, i * layout.itemSize, layout);
  return out;
}

/** The JSON text of a record of zero bytes (what a missing chunk holds when the array has no fill value). */
export function zeroRecordText(layout: RecordLayout): string {
  return recordTexts(new Uint8Array(layout.itemSize), layout, 1)[0] as string;
}
