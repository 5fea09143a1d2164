/** Variable-length string codecs: numcodecs/v3 `vlen-utf8`, `vlen-bytes`, and numcodecs `json2`. */
import { ChunkError } from '../errors';
import { decodeUtf8 } from './dtype';

const latin1 = new TextDecoder('latin1');

/** `uint32 count`, then per item `uint32 length` + bytes (all little-endian). */
export function decodeVlen(bytes: Uint8Array, n: number, id: string): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 4) throw new ChunkError(`The ${id} chunk is truncated.`);
  const count = view.getUint32(0, true);
  if (count !== n) throw new ChunkError(`The ${id} chunk holds ${count} items; ${n} were expected.`);
  const out = new Array<string>(n);
  let pos = 4;
  for (let i = 0; i < n; i++) {
    if (pos + 4 > bytes.length) throw new ChunkError(`The ${id} chunk is truncated.`);
    const len = view.getUint32(pos, true);
    pos += 4;
    if (pos + len > bytes.length) throw new ChunkError(`The ${id} chunk is truncated.`);
    const item = bytes.subarray(pos, pos + len);
    out[i] = id === 'vlen-bytes' ? latin1.decode(item) : decodeUtf8(item);
    pos += len;
  }
  return out;
}

/** numcodecs JSON: `[...items, "|O", shape]`. */
export function decodeJson2(bytes: Uint8Array, n: number): string[] {
  const parsed = JSON.parse(decodeUtf8(bytes)) as unknown[];
  const items = parsed.slice(0, Math.max(0, parsed.length - 2));
  if (items.length !== n) throw new ChunkError(`The json2 chunk holds ${items.length} items; ${n} were expected.`);
  return items.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
}
