/**
 * The slice's values as the Map colours them, masked cells NaN. A full disk is tens of millions of cells: a typed
 * array is copied natively and the mask applied in a plain loop (a mapping callback per cell took seconds).
 */
export function mapValues(v: ArrayLike<number>, mask: ArrayLike<number | boolean> | null | undefined): Float64Array {
  const out = new Float64Array(v.length);
  if (ArrayBuffer.isView(v) && !(v instanceof BigInt64Array || v instanceof BigUint64Array)) out.set(v);
  else for (let i = 0; i < v.length; i++) out[i] = Number(v[i]);
  if (mask) for (let i = 0; i < out.length; i++) if (mask[i]) out[i] = NaN;
  return out;
}
