/** Attribute values as plain text, with their netCDF type. */
import type { Attribute } from '../core';

/** The value of an attribute as the user reads it (text as is, numbers comma-separated). */
export function attributeText(a: Attribute): string {
  if (a.type === 'char') return a.value;
  if (a.type === 'string')
    return a.value.length === 1 ? (a.value[0] ?? '') : a.value.map((s) => JSON.stringify(s)).join(', ');
  return (a.value as readonly (number | bigint)[]).map((x) => String(x)).join(', ');
}
