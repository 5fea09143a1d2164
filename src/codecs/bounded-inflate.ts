/**
 * zlib / gzip decompression with a bound on the output: a chunk that inflates past `maxBytes` (a compression
 * bomb: a few KB that expand to gigabytes) stops there with a chunk error instead of exhausting memory.
 * Streams through `DecompressionStream` (browsers, workers, Node ≥ 18), as zarrita's own codecs do.
 */
import { ZarrviewError } from '../errors';

export async function inflateBounded(bytes: Uint8Array, format: 'deflate' | 'gzip', maxBytes: number): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream(format));
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ZarrviewError('chunk', `The chunk inflates to more than ${maxBytes} bytes, more than its elements can fill; it was not read.`);
    }
    parts.push(value);
  }
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
