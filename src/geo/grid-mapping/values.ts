/** Numbers of a grid mapping's attributes (CF allows one or two values for standard_parallel). */
import { numericAttribute, textAttribute } from '../../cf/attributes';
import type { Attribute } from '../../model/types';

/** The attribute's first value as a finite number, or undefined (absent, text, NaN). */
export function num(attrs: readonly Attribute[], name: string): number | undefined {
  return nums(attrs, name)[0];
}

/** All values of a numeric attribute (a number written as text counts too), finite ones only. */
export function nums(attrs: readonly Attribute[], name: string): number[] {
  const a = numericAttribute(attrs, name);
  if (a) return a.values.map(Number).filter(Number.isFinite);
  const t = textAttribute(attrs, name);
  if (t === undefined) return [];
  return t
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter(Number.isFinite);
}
