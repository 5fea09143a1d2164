/** IEEE 754 binary16 → binary32, for `<f2` data (Node 20 has no Float16Array; the slice API is float32). */

const table = new Float32Array(65536);
let built = false;

function build(): void {
  for (let h = 0; h < 65536; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const exp = (h >> 10) & 0x1f;
    const frac = h & 0x3ff;
    let v: number;
    if (exp === 0) v = frac * 2 ** -24;
    else if (exp === 31) v = frac === 0 ? Infinity : NaN;
    else v = (1 + frac / 1024) * 2 ** (exp - 15);
    table[h] = sign * v;
  }
  built = true;
}

/** Widens half-precision bit patterns to a new Float32Array. */
export function float16ToFloat32(bits: Uint16Array): Float32Array {
  if (!built) build();
  const out = new Float32Array(bits.length);
  for (let i = 0; i < bits.length; i++) out[i] = table[bits[i] as number] as number;
  return out;
}
