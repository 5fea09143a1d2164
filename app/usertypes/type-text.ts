/**
 * A netCDF-4 user-defined type described for the Overview, pure: its heading (`compound obs_t`,
 * `enum cloud_t: ubyte`, `vlen int`, `opaque(11)`) and its parts (a compound's fields with their types, an enum's
 * members with their values).
 *
 * @example
 * describeType(obsType); // { heading: 'compound obs_t', parts: [{ name: 'day', text: 'byte' }, …] }
 */
import type { TypeRef, UserType } from '../core';

export interface TypePart {
  readonly name: string;
  /** A field's type (`float`, `char(3)`, `compound cmp1 {i: short, j: int}`), or an enum member's value. */
  readonly text: string;
}

export interface TypeDescription {
  readonly heading: string;
  /** The type's name (the heading of a vlen or opaque type does not hold it). */
  readonly name: string;
  readonly parts: readonly TypePart[];
  /** What `parts` lists: `fields`, `members`, or nothing. */
  readonly partsOf: 'fields' | 'members' | null;
}

/** A type as a field's or a vlen's element type: atomic names as they are, user types with their class. */
export function typeRefText(t: TypeRef, depth = 0): string {
  if (typeof t === 'string') return t;
  switch (t.kind) {
    case 'compound':
      return depth > 3
        ? `compound ${t.name}`
        : `compound ${t.name} {${t.fields.map((f) => `${f.name}: ${fieldTypeText(f.type, f.dims, depth + 1)}`).join(', ')}}`;
    case 'enum':
      return `enum ${t.name}: ${t.base}`;
    case 'vlen':
      return `vlen ${typeRefText(t.base, depth + 1)}`;
    case 'opaque':
      return `opaque(${t.size})`;
  }
}

function fieldTypeText(t: TypeRef, dims: readonly number[], depth: number): string {
  const base = typeRefText(t, depth);
  return dims.length ? `${base}(${dims.join(', ')})` : base;
}

/** The Overview's description of a variable's user-defined type. */
export function describeType(t: UserType): TypeDescription {
  switch (t.kind) {
    case 'compound':
      return {
        heading: `compound ${t.name}`,
        name: t.name,
        parts: t.fields.map((f) => ({ name: f.name, text: fieldTypeText(f.type, f.dims, 1) })),
        partsOf: 'fields',
      };
    case 'enum':
      return {
        heading: `enum ${t.name}: ${t.base}`,
        name: t.name,
        parts: t.members.map((m) => ({ name: m.name, text: m.value.toString() })),
        partsOf: 'members',
      };
    case 'vlen':
      return { heading: `vlen ${typeRefText(t.base, 1)}`, name: t.name, parts: [], partsOf: null };
    case 'opaque':
      return { heading: `opaque(${t.size})`, name: t.name, parts: [], partsOf: null };
  }
}
