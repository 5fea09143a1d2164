/** Python source fragments: string literals, dict literals and index expressions that are always valid Python. */

import type { DimSelection } from '../api';

/** A Python string literal for any text (JSON's escapes are valid in Python 3 string literals). */
export function pyStr(s: string): string {
  return JSON.stringify(s)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export type PyValue = string | number | boolean | null | { readonly [k: string]: PyValue };

/** A Python literal of a JSON-like value (`True`, `None`, nested dicts). */
export function pyLiteral(v: PyValue): string {
  if (v === null) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : `float(${pyStr(String(v))})`;
  if (typeof v === 'string') return pyStr(v);
  return `{${Object.entries(v)
    .map(([k, x]) => `${pyStr(k)}: ${pyLiteral(x)}`)
    .join(', ')}}`;
}

/** A shell word in single quotes (`'it'\''s'`). */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A numpy index of a view's selection (`0, :, 2:10:2`; `...` for a scalar), every kept dimension thinned by `stride`. */
export function pyIndex(selection: readonly DimSelection[], stride: number, rank: number): string {
  if (rank === 0) return '...';
  return selection
    .map((sel) => {
      if (sel === null) return stride > 1 ? `::${stride}` : ':';
      if (typeof sel === 'number') return String(sel);
      const step = (sel.step ?? 1) * stride;
      return `${sel.start}:${sel.stop}${step > 1 ? `:${step}` : ''}`;
    })
    .join(', ');
}
