/**
 * A chunk of an aggregated array as plain little-endian values of its dtype: the fragment's block (read through
 * the data path) copied into a chunk of the full chunk shape (an edge chunk is padded with the fill value, as Zarr
 * stores edge chunks), each value converted to the aggregated dtype.
 */
import type { SliceData } from '../../api';

type Numeric = Exclude<SliceData, readonly string[] | readonly boolean[]>;

const ARRAYS: Record<string, new (n: number) => Numeric> = {
  i1: Int8Array,
  u1: Uint8Array,
  i2: Int16Array,
  u2: Uint16Array,
  i4: Int32Array,
  u4: Uint32Array,
  i8: BigInt64Array,
  u8: BigUint64Array,
  f4: Float32Array,
  f8: Float64Array,
};

/** The typed array class of a numeric Zarr v2 dtype (`<f4`, `|u1`), or undefined for other types. */
export function arrayFor(dtype: string): (new (n: number) => Numeric) | undefined {
  return ARRAYS[dtype.slice(1)];
}

function convert(x: number | bigint, big: boolean): number | bigint {
  if (big) return typeof x === 'bigint' ? x : BigInt(Math.trunc(Number.isFinite(x) ? x : 0));
  return typeof x === 'bigint' ? Number(x) : x;
}

/**
 * The chunk's bytes: `block` (C order, shape `count`) at the chunk's origin, in a chunk of shape `chunk` whose
 * other elements hold `fill`.
 */
export function chunkBytes(
  dtype: string,
  chunk: readonly number[],
  count: readonly number[],
  block: Numeric,
  fill: number | bigint,
): Uint8Array {
  const Ctor = arrayFor(dtype)!;
  const n = chunk.reduce((a, b) => a * b, 1);
  const out = new Ctor(n);
  const big = out instanceof BigInt64Array || out instanceof BigUint64Array;
  const set = out as unknown as { [i: number]: number | bigint; fill(v: number | bigint): void };
  const whole = count.every((c, d) => c === chunk[d]);
  if (!whole) set.fill(convert(fill, big));
  const rank = chunk.length;
  const rows = count.slice(0, -1).reduce((a, b) => a * b, 1);
  const rowLength = rank === 0 ? 1 : count[rank - 1]!;
  const index = new Array<number>(Math.max(0, rank - 1)).fill(0);
  for (let r = 0; r < rows; r++) {
    let at = 0;
    for (let d = 0; d < rank - 1; d++) at = at * chunk[d]! + index[d]!;
    at *= rank === 0 ? 1 : chunk[rank - 1]!;
    const from = r * rowLength;
    for (let i = 0; i < rowLength; i++) set[at + i] = convert(block[from + i]!, big);
    for (let d = rank - 2; d >= 0; d--) {
      if (++index[d]! < count[d]!) break;
      index[d] = 0;
    }
  }
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
