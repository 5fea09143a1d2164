/**
 * A `RangeQuery` applied to bytes held whole, or to a byte range of another object (a reference's or a virtual
 * chunk's `offset` + `length`): the part asked for, clipped to what is there.
 *
 * @example subRange({ offset: 100, length: 50 }, { suffixLength: 10 }) // { offset: 140, length: 10 }
 */
import type { RangeQuery } from './types';

/** The part of `bytes` a range asks for (a view; clipped to the bytes). */
export function sliceRange(bytes: Uint8Array, range: RangeQuery | undefined): Uint8Array {
  if (!range) return bytes;
  if ('suffixLength' in range) return bytes.subarray(Math.max(0, bytes.length - range.suffixLength));
  return bytes.subarray(range.offset, range.offset + range.length);
}

/** The part of the span `offset` + `length` of an object a range of that span asks for (clipped to the span). */
export function subRange(
  span: { readonly offset: number; readonly length: number },
  range: RangeQuery | undefined,
): { offset: number; length: number } {
  if (!range) return { offset: span.offset, length: span.length };
  if ('suffixLength' in range) {
    const n = Math.min(range.suffixLength, span.length);
    return { offset: span.offset + span.length - n, length: n };
  }
  return {
    offset: span.offset + Math.min(range.offset, span.length),
    length: Math.max(0, Math.min(range.length, span.length - range.offset)),
  };
}
