/**
 * NumPy `.npy` (format 1.0) writer: magic, header dict padded to a 64-byte boundary, then C-order data.
 * See numpy/lib/format.py.
 */
import type { SliceData } from '../core';

/** The numpy dtype descriptor of a slice's data. Complex data (interleaved) uses `<c8` / `<c16`. */
export function npyDescr(data: SliceData, complex = false): string {
  if (data instanceof Float64Array) return complex ? '<c16' : '<f8';
  if (data instanceof Float32Array) return complex ? '<c8' : '<f4';
  if (data instanceof Int8Array) return '|i1';
  if (data instanceof Uint8Array) return '|u1';
  if (data instanceof Int16Array) return '<i2';
  if (data instanceof Uint16Array) return '<u2';
  if (data instanceof Int32Array) return '<i4';
  if (data instanceof Uint32Array) return '<u4';
  if (data instanceof BigInt64Array) return '<i8';
  if (data instanceof BigUint64Array) return '<u8';
  if (data.length > 0 && typeof data[0] === 'boolean') return '|b1';
  const width = Math.max(1, ...(data as readonly string[]).map((s) => [...String(s)].length));
  return `<U${width}`;
}

/** The header text (dict + padding + newline) numpy writes for a descr and shape. */
export function npyHeader(descr: string, shape: readonly number[]): string {
  const shapeText = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  const dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shapeText}, }`;
  const unpadded = 10 + dict.length + 1;
  const pad = (64 - (unpadded % 64)) % 64;
  return `${dict}${' '.repeat(pad)}\n`;
}

function littleEndian(): boolean {
  return new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
}

function payload(data: SliceData, descr: string): Uint8Array {
  if (ArrayBuffer.isView(data)) {
    if (!littleEndian()) throw new Error('NPY export needs a little-endian platform.');
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
  }
  if (descr === '|b1') return Uint8Array.from(data as readonly boolean[], (b) => (b ? 1 : 0));
  const width = Number(descr.slice(2));
  const out = new Uint32Array(data.length * width);
  (data as readonly string[]).forEach((s, i) => {
    let j = 0;
    for (const ch of String(s)) out[i * width + j++] = ch.codePointAt(0) ?? 0;
  });
  return new Uint8Array(out.buffer);
}

/** Encodes a slice as `.npy` bytes. `shape` is the slice's shape (complex: without the re/im lane). */
export function writeNpy(data: SliceData, shape: readonly number[], complex = false): Uint8Array {
  const descr = npyDescr(data, complex);
  const header = npyHeader(descr, shape);
  const body = payload(data, descr);
  const out = new Uint8Array(10 + header.length + body.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0], 0);
  out[8] = header.length & 0xff;
  out[9] = header.length >> 8;
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  out.set(body, 10 + header.length);
  return out;
}
