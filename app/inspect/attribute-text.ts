/** Attribute values as plain text, with their netCDF type. */
import { valueText, type Attribute } from '../core';

/** The value of an attribute as the user reads it (text as is, numbers comma-separated). */
export function attributeText(a: Attribute): string {
  if (a.type === 'char') return a.value;
  // A netCDF-4 user-defined type: each value as ncdump prints it (compounds in braces, enums by name).
  if (a.type === 'user') return a.value.map((x) => valueText(a.userType, x)).join(', ');
  if (a.type === 'string')
    return a.value.length === 1 ? (a.value[0] ?? '') : a.value.map((s) => JSON.stringify(s)).join(', ');
  return (a.value as readonly (number | bigint)[]).map((x) => String(x)).join(', ');
}
