/** Typed access to the CF attributes of a model variable or group. */
import type { Attribute, NumericAttributeType } from '../model/types';

export function findAttribute(attributes: readonly Attribute[], name: string): Attribute | undefined {
  return attributes.find((a) => a.name === name);
}

/** Text of a `char` attribute, or the first element of a `string` attribute; undefined otherwise. */
export function textAttribute(attributes: readonly Attribute[], name: string): string | undefined {
  const a = findAttribute(attributes, name);
  if (!a) return undefined;
  if (a.type === 'char') return a.value;
  if (a.type === 'string') return a.value.length > 0 ? a.value.join(' ') : undefined;
  return undefined;
}

/** Attribute types whose values are numbers (text attributes are not). */
export type NumericAttrType = NumericAttributeType | 'int64' | 'uint64';

/** Numeric values of an attribute (int64 kept exact as bigint); undefined for text or a missing attribute. */
export function numericAttribute(
  attributes: readonly Attribute[],
  name: string,
): { type: NumericAttrType; values: readonly (number | bigint)[] } | undefined {
  const a = findAttribute(attributes, name);
  if (!a || a.type === 'char' || a.type === 'string' || a.type === 'user') return undefined;
  return { type: a.type, values: a.value };
}
