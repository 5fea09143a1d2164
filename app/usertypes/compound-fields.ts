/**
 * The members of a netCDF-4 compound type as the viewer offers them, pure: numeric members (atomic numbers and
 * enums, nested compounds flattened as `outer.inner`, small array members one element each as `vals[1]` or
 * `matr[1,2]`) are plottable; strings, chars, vlens, opaques and arrays of those are shown as text. A member's
 * values are taken out of the elements of a slice parsed once (`parsedElements`).
 *
 * @example
 * const layout = compoundLayout(obsType);
 * layout.numeric.map((f) => f.key); // ['day', 'elev', …, 'xx.i', 'vals[0]', 'vals[1]']
 * fieldNumbers(parsedElements(texts, obsType), layout.numeric[0]!); // { values: Float64Array, … }
 */
import { parseUserValue, type CompoundField, type TypeRef, type UserType, type UserValue } from '../core';

export type CompoundType = UserType & { readonly kind: 'compound' };

/** Array members with more elements than this are not split into plottable elements (a note says so). */
export const MAX_ARRAY_ELEMENTS = 16;

const NUMERIC = new Set(['byte', 'ubyte', 'short', 'ushort', 'int', 'uint', 'int64', 'uint64', 'float', 'double']);

/** One member as the viewer offers it. */
export interface FieldSpec {
  /** Its name in the Field selector and in share links: `relhum`, `xx.i`, `vals[1]`, `matr[1,2]`. */
  readonly key: string;
  /** The member's own type (for an array member, the type of one element). */
  readonly type: TypeRef;
  /** The compound field definition it comes from (the innermost one for nested compounds). */
  readonly field: CompoundField;
  /** Field positions from the outer compound inwards. */
  readonly steps: readonly number[];
  /** The element of an array member (flat, C order), or null for the whole member. */
  readonly element: number | null;
  /** Plottable: an atomic number or an enum (its integers). */
  readonly numeric: boolean;
}

export interface CompoundLayout {
  readonly numeric: readonly FieldSpec[];
  readonly text: readonly FieldSpec[];
  /** Members left out of the plottable ones, and why. */
  readonly notes: readonly string[];
}

/** Whether a type's values are numbers the viewer can plot (atomic numbers, enums). */
export function isNumericType(t: TypeRef): boolean {
  return typeof t === 'string' ? NUMERIC.has(t) : t.kind === 'enum';
}

const product = (dims: readonly number[]) => dims.reduce((a, b) => a * b, 1);

/** `[1,2]` of flat index `i` in an array of `dims` (C order). */
function indexText(dims: readonly number[], i: number): string {
  const out: number[] = [];
  let rest = i;
  for (let d = dims.length - 1; d >= 0; d--) {
    const n = dims[d] ?? 1;
    out.unshift(rest % n);
    rest = Math.floor(rest / n);
  }
  return `[${out.join(',')}]`;
}

/** The members of compound type `t`, numeric first in definition order, then text members. */
export function compoundLayout(t: CompoundType): CompoundLayout {
  const numeric: FieldSpec[] = [];
  const text: FieldSpec[] = [];
  const notes: string[] = [];
  const visit = (c: CompoundType, prefix: string, steps: readonly number[]) => {
    c.fields.forEach((f, i) => {
      const key = prefix + f.name;
      const at = [...steps, i];
      const whole = { key, type: f.type, field: f, steps: at, element: null };
      if (f.dims.length === 0) {
        if (typeof f.type !== 'string' && f.type.kind === 'compound') return visit(f.type, `${key}.`, at);
        if (isNumericType(f.type)) numeric.push({ ...whole, numeric: true });
        else text.push({ ...whole, numeric: false });
        return;
      }
      const n = product(f.dims);
      if (!isNumericType(f.type)) {
        text.push({ ...whole, numeric: false });
        return;
      }
      if (n > MAX_ARRAY_ELEMENTS) {
        notes.push(`${key}(${f.dims.join(', ')}) has ${n} elements: shown as text only.`);
        text.push({ ...whole, numeric: false });
        return;
      }
      for (let e = 0; e < n; e++)
        numeric.push({ ...whole, key: key + indexText(f.dims, e), element: e, numeric: true });
    });
  };
  visit(t, '', []);
  return { numeric, text, notes };
}

/** The field a key names (numeric or text), or undefined. */
export function findField(layout: CompoundLayout, key: string): FieldSpec | undefined {
  return layout.numeric.find((f) => f.key === key) ?? layout.text.find((f) => f.key === key);
}

const parsed = new WeakMap<readonly string[], readonly UserValue[]>();

/**
 * The elements of a slice of a compound variable (one JSON text each, '' for an element never written) as values,
 * parsed once per slice data: choosing another field parses nothing again.
 */
export function parsedElements(texts: readonly string[], t: UserType): readonly UserValue[] {
  const known = parsed.get(texts);
  if (known) return known;
  const out = texts.map((s) => (s === '' ? null : parseUserValue(s, t)));
  parsed.set(texts, out);
  return out;
}

const items = (v: UserValue | undefined): readonly UserValue[] => (Array.isArray(v) ? (v as readonly UserValue[]) : []);

/** The value of field `f` in one compound value (undefined where the value has no such part). */
export function fieldValue(v: UserValue, f: FieldSpec): UserValue | undefined {
  let x: UserValue | undefined = v;
  for (const s of f.steps) x = items(x)[s];
  return f.element === null ? x : items(x)[f.element];
}

/** A value as a plotted number (64-bit integers rounded to the nearest double; anything else NaN). */
export function toNumber(v: UserValue | undefined): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return NaN;
}

/**
 * A numeric field's values over a slice's elements; `mask` marks elements that are missing (NaN) or `isFill` (their
 * own member value kept: the "Raw values" switch shows it).
 */
export function fieldNumbers(
  elements: readonly UserValue[],
  f: FieldSpec,
  isFill: (v: UserValue) => boolean = () => false,
): { values: Float64Array; mask: Uint8Array | null } {
  const values = new Float64Array(elements.length);
  let mask: Uint8Array | null = null;
  elements.forEach((v, i) => {
    if (v === null || isFill(v)) {
      mask ??= new Uint8Array(elements.length);
      mask[i] = 1;
    }
    values[i] = v === null ? NaN : toNumber(fieldValue(v, f));
  });
  return { values, mask };
}
