/**
 * HDF5's scale-offset filter (id 6, H5Zscaleoffset.c) undone. Its 20 client data values: scale type (0 floats by
 * decimal scale, 2 integers), scale factor (D, or integers' minimum bits), elements per chunk, class (0 integer,
 * 1 float), size, sign, byte order (0 little, 1 big), whether a fill value is defined, and the fill value's bytes
 * (little-endian, from value 8 on). A chunk starts with 21 bytes: the minimum bits (4 bytes, little-endian), the
 * size of the minimum value, the minimum value (little-endian); then each value's `minbits` low bits, most
 * significant first. A value of all ones is the fill value (when one is defined); the others are offsets from the
 * minimum (floats: integers to divide by 10^D, in the type's own precision). Values at full precision are stored
 * as they are, little-endian. The result is in the dataset's byte order.
 */
import { ChunkError, CodecError } from '../errors';
import { AecError, BitReader } from './aec';
import type { BytesCodec, CodecConfig } from './codec';

const HEADER = 21;

interface Params {
  readonly scaleType: number;
  /** As C's `int`: the cd value is unsigned. */
  readonly scaleFactor: number;
  readonly n: number;
  readonly float: boolean;
  readonly size: number;
  readonly signed: boolean;
  readonly bigEndian: boolean;
  /** The fill value's bytes (little-endian, `size` of them), when one is defined. */
  readonly fill: Uint8Array | undefined;
}

function params(config: CodecConfig): Params {
  const cd = config.cd_values;
  const fail = (why: string) => new CodecError('hdf5-scaleoffset', `The scale-offset filter's parameters ${why}.`);
  if (!Array.isArray(cd) || cd.length !== 20 || !cd.every((v) => Number.isInteger(v) && v >= 0 && v < 2 ** 32))
    throw fail('are not its 20 values');
  const v = cd as number[];
  const float = v[3] === 1;
  const size = v[4] as number;
  if (v[3] !== 0 && !float) throw fail(`name an unknown class (${v[3]})`);
  if (float ? size !== 4 && size !== 8 : ![1, 2, 4, 8].includes(size)) throw fail(`name a size of ${size} bytes`);
  if (float && v[0] !== 0) throw fail('ask for the E-scale method, which HDF5 does not implement');
  if (!float && v[0] !== 2) throw fail(`give integers the scale type ${v[0]}`);
  let fill: Uint8Array | undefined;
  if (v[7] === 1) {
    fill = new Uint8Array(size);
    for (let i = 0; i < size; i++) fill[i] = ((v[8 + (i >> 2)] as number) >>> ((i & 3) * 8)) & 0xff;
  }
  return {
    scaleType: v[0] as number,
    scaleFactor: (v[1] as number) | 0,
    n: v[2] as number,
    float,
    size,
    signed: v[5] === 1,
    bigEndian: v[6] === 1,
    fill,
  };
}

/** Swaps each `size`-byte value of `b` in place. */
function swap(b: Uint8Array, size: number): void {
  for (let at = 0; at + size <= b.length; at += size) b.subarray(at, at + size).reverse();
}

const MASK64 = (1n << 64n) - 1n;

/** The chunk's `p.n` values decoded, as little-endian bytes. */
function postprocess(p: Params, raw: (i: number) => bigint, minbits: number, minval: bigint): Uint8Array {
  const out = new Uint8Array(p.n * p.size);
  const view = new DataView(out.buffer);
  const allOnes = (1n << BigInt(minbits)) - 1n;
  const fill = p.fill ? new DataView(p.fill.buffer) : undefined;
  if (!p.float) {
    const bits = BigInt(p.size * 8);
    const mask = (1n << bits) - 1n;
    const fillBits = fill ? BigInt.asUintN(p.size * 8, readLe(p.fill as Uint8Array)) : 0n;
    for (let i = 0; i < p.n; i++) {
      const r = raw(i);
      const x = fill && r === allOnes ? fillBits : (r + minval) & mask;
      writeLe(out, i * p.size, p.size, x);
    }
    return out;
  }
  // (type)(int raw) / pow(10, D) + min, each step in the type's own precision.
  const d = p.scaleFactor;
  const f32 = p.size === 4;
  const round = f32 ? Math.fround : (x: number) => x;
  const scale = round(Number(`1e${d}`));
  const minView = new DataView(new ArrayBuffer(8));
  minView.setBigUint64(0, minval & MASK64, true);
  const min = f32 ? minView.getFloat32(0, true) : minView.getFloat64(0, true);
  const fillValue = fill ? (f32 ? fill.getFloat32(0, true) : fill.getFloat64(0, true)) : 0;
  for (let i = 0; i < p.n; i++) {
    const r = raw(i);
    const int = Number(f32 ? BigInt.asIntN(32, r) : BigInt.asIntN(64, r));
    const x = fill && r === allOnes ? fillValue : round(round(round(int) / scale) + min);
    if (f32) view.setFloat32(i * 4, x, true);
    else view.setFloat64(i * 8, x, true);
  }
  return out;
}

function readLe(b: Uint8Array): bigint {
  let x = 0n;
  for (let i = b.length - 1; i >= 0; i--) x = (x << 8n) | BigInt(b[i] as number);
  return x;
}

function writeLe(out: Uint8Array, at: number, size: number, x: bigint): void {
  if (size <= 4) {
    let v = Number(x);
    for (let i = 0; i < size; i++, v = Math.floor(v / 256)) out[at + i] = v & 0xff;
    return;
  }
  for (let i = 0; i < size; i++, x >>= 8n) out[at + i] = Number(x & 0xffn);
}

/** One chunk decoded (H5Z__filter_scaleoffset, reverse direction). */
export function scaleoffsetDecode(p: Params, bytes: Uint8Array, maxBytes: number): Uint8Array {
  const sizeOut = p.n * p.size;
  if (sizeOut > maxBytes)
    throw new ChunkError(`The scale-offset chunk says it holds ${sizeOut} bytes, over the limit of ${maxBytes}.`);
  // Integers at their full width were stored as they are.
  if (!p.float && p.scaleFactor === p.size * 8) return bytes;
  if (bytes.length < HEADER) throw new ChunkError('The scale-offset chunk is too short to hold its header.');
  const minbits = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  const minvalSize = Math.min(8, bytes[4] as number);
  const minval = readLe(bytes.subarray(5, 5 + minvalSize));
  if (minbits > p.size * 8)
    throw new ChunkError(`The scale-offset chunk says its values have ${minbits} bits, more than their type.`);
  const body = bytes.subarray(HEADER);
  let out: Uint8Array;
  if (minbits === p.size * 8) {
    if (body.length < sizeOut) throw new ChunkError('The scale-offset chunk ends before its values.');
    out = body.slice(0, sizeOut);
  } else {
    if (body.length < Math.ceil((p.n * minbits) / 8))
      throw new ChunkError('The scale-offset chunk ends before its values.');
    const reader = new BitReader(body);
    const wide = minbits > 32;
    const raw = (): bigint => {
      if (minbits === 0) return 0n;
      if (!wide) return BigInt(reader.read(minbits));
      const hi = reader.read(minbits - 32);
      return (BigInt(hi) << 32n) | BigInt(reader.read(32));
    };
    try {
      out = postprocess(p, raw, minbits, minval);
    } catch (cause) {
      if (!(cause instanceof AecError)) throw cause;
      throw new ChunkError('The scale-offset chunk ends before its values.', { cause });
    }
  }
  if (p.bigEndian) swap(out, p.size);
  return out;
}

export const hdf5ScaleOffset: BytesCodec = {
  kind: 'bytes',
  load(config, { maxBytes }) {
    const p = params(config);
    if (!p.float && p.scaleFactor > p.size * 8)
      throw new CodecError('hdf5-scaleoffset', `The scale-offset filter asks for more bits than its type has.`);
    const q = !p.float && p.scaleFactor < 0 ? { ...p, scaleFactor: 0 } : p;
    return (bytes) => scaleoffsetDecode(q, bytes, maxBytes);
  },
};
