/**
 * Writes small zip files in memory for tests (stored or deflated entries, optional directory entries), so
 * tests need no zip tool. Independent of the reader: it writes local headers, central directory and EOCD.
 *
 * @example const zip = await makeZip([{ name: 'ds/.zgroup', data: '{"zarr_format":2}' }], { deflate: true });
 */
import { concatBytes } from '../../bytes';

export interface ZipInput {
  readonly name: string;
  readonly data: Uint8Array | string;
  /** Write this entry stored even when `deflate` is set. */
  readonly stored?: boolean;
  /** Lie about the uncompressed size in the headers (zip-bomb tests). */
  readonly declaredSize?: number;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

async function deflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const cs = new CompressionStream('deflate-raw');
  const out = new Response(new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(cs));
  return new Uint8Array(await out.arrayBuffer());
}

export async function makeZip(
  inputs: readonly ZipInput[],
  options: { deflate?: boolean; comment?: string } = {},
): Promise<Uint8Array> {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const input of inputs) {
    const raw = typeof input.data === 'string' ? enc.encode(input.data) : input.data;
    const name = enc.encode(input.name);
    const deflate = options.deflate && !input.stored && !input.name.endsWith('/');
    const body = deflate ? await deflateRaw(raw) : raw;
    const crc = crc32(raw);
    const size = input.declaredSize ?? raw.length;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true); // UTF-8 names
    local.setUint16(8, deflate ? 8 : 0, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, body.length, true);
    local.setUint32(22, size, true);
    local.setUint16(26, name.length, true);
    parts.push(new Uint8Array(local.buffer), name, body);
    const cd = new DataView(new ArrayBuffer(46));
    cd.setUint32(0, 0x02014b50, true);
    cd.setUint16(4, 20, true);
    cd.setUint16(6, 20, true);
    cd.setUint16(8, 0x0800, true);
    cd.setUint16(10, deflate ? 8 : 0, true);
    cd.setUint32(16, crc, true);
    cd.setUint32(20, body.length, true);
    cd.setUint32(24, size, true);
    cd.setUint16(28, name.length, true);
    cd.setUint32(42, offset, true);
    central.push(new Uint8Array(cd.buffer), name);
    offset += 30 + name.length + body.length;
  }
  const cdSize = central.reduce((n, p) => n + p.length, 0);
  const comment = enc.encode(options.comment ?? '');
  const eocd = new DataView(new ArrayBuffer(22));
  eocd.setUint32(0, 0x06054b50, true);
  eocd.setUint16(8, inputs.length, true);
  eocd.setUint16(10, inputs.length, true);
  eocd.setUint32(12, cdSize, true);
  eocd.setUint32(16, offset, true);
  eocd.setUint16(20, comment.length, true);
  return concatBytes([...parts, ...central, new Uint8Array(eocd.buffer), comment]);
}
