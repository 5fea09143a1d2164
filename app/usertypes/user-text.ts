/**
 * Values of netCDF-4 user-defined types as table cells, pure: a vlen as the comma-separated list of its elements,
 * an opaque as hex (`0X0102…`), a compound as ncdump prints it (`{1, 0.5, {"ab"}}`), a text member of a compound
 * as text. Long texts are cut (`…`) for the cell; the whole text goes into its title.
 *
 * @example
 * cellText(vlenOfFloat, [10, 11, 12]);                 // { text: '10, 11, 12', title: '10, 11, 12' }
 * cellText(opaque4, new Uint8Array([1, 2, 3, 4]));      // { text: '0X01020304', title: '0X01020304' }
 */
import { valueText, type TypeRef, type UserValue } from '../core';
import type { FieldSpec } from './compound-fields';

/** Characters of a cell's text before it is cut with `…`. */
export const CELL_CHARS = 60;

export interface CellText {
  readonly text: string;
  /** The whole text (the cell's title attribute). */
  readonly title: string;
}

const items = (v: UserValue): readonly UserValue[] => (Array.isArray(v) ? (v as readonly UserValue[]) : []);

/** `text` cut to `max` characters (code points) with `…`, and the whole text. */
export function cut(text: string, max = CELL_CHARS): CellText {
  const chars = Array.from(text);
  return { text: chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text, title: text };
}

/** A value of type `t` as one line of text: a vlen's elements comma-separated, strings as they are. */
export function userText(t: TypeRef, v: UserValue): string {
  if (t === 'string') return typeof v === 'string' ? v : 'NIL';
  if (t === 'char') return typeof v === 'string' ? v.replace(/\0+$/, '') : '';
  if (typeof t !== 'string' && t.kind === 'vlen')
    return items(v)
      .map((x) => valueText(t.base, x))
      .join(', ');
  return valueText(t, v);
}

/** A value of type `t` as a table cell. */
export function cellText(t: TypeRef, v: UserValue): CellText {
  return cut(userText(t, v));
}

/** The text of a text member of a compound (`field` from `compoundLayout`), given its value. */
export function fieldText(f: FieldSpec, v: UserValue | undefined): string {
  if (v === undefined) return '';
  const dims = f.element === null ? f.field.dims : [];
  if (dims.length === 0) return userText(f.type, v);
  const list = items(v);
  if (f.type === 'char') {
    // A char array: one string per row of its last dimension.
    const len = dims[dims.length - 1] ?? 1;
    const rows: string[] = [];
    for (let r = 0; r < list.length; r += len)
      rows.push(
        list
          .slice(r, r + len)
          .map((c) => (typeof c === 'string' ? c : ''))
          .join('')
          .replace(/\0+$/, ''),
      );
    return rows.length === 1 ? (rows[0] ?? '') : rows.map((r) => JSON.stringify(r)).join(', ');
  }
  return list.map((x) => userText(f.type, x)).join(', ');
}
