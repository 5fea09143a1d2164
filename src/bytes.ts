/** Byte helpers shared by the codecs and the text encoders. */

/** The total length of the parts. */
export function bytesLength(parts: readonly Uint8Array[]): number {
  return parts.reduce((n, p) => n + p.length, 0);
}

/** The parts one after another in a new array, or in `out` (at least `bytesLength(parts)` long). */
export function concatBytes(
  parts: readonly Uint8Array[],
  out: Uint8Array = new Uint8Array(bytesLength(parts)),
): Uint8Array {
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
