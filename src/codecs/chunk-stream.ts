/**
 * A chunk's decode fed its encoded bytes part by part as they arrive (`ChunkDecoder.stream` in pipeline.ts): a Blosc
 * frame's blocks are decompressed as they come in (`BloscBlockStream`), zlib and gzip inflate as their parts come
 * (`InflateStream`); the rest of the codec chain runs once the last part is in. Any other chain waits for all of it.
 */
import { bytesLength, concatBytes } from '../bytes';
import { CodecError, type ZarrviewError, isZarrviewError } from '../errors';
import { giveBack, takeScratch } from '../memory/spare-buffers';
import { InflateStream } from './bounded-inflate';
import { BloscBlockStream } from './blosc-blocks';
import { normalizeCodecs } from './normalize';
import type { ChunkSpec, DecodedChunk } from './pipeline';

/** A chunk's encoded bytes given part by part as they arrive (see `ChunkDecoder.stream`). */
export interface ChunkStream {
  push(part: Uint8Array): void;
  /**
   * The decoded chunk, once every part is in; `whole` instead of the parts when they were not all of the chunk.
   * Rejects as `decode` does.
   */
  finish(whole?: Uint8Array): Promise<DecodedChunk>;
  /**
   * The chunk's first values decoded so far, in the memory the decoded chunk's values will have (so that work on
   * them can start before the last byte): only where the chain's values are its outermost codec's output as it is
   * (Blosc, then floats in this machine's byte order); absent otherwise.
   */
  valuesSoFar?(): Float32Array | Float64Array | null;
}

/** The error of codec `id` failing on a chunk (an error of ours passes as it is). */
export function decodeFailure(id: string, cause: unknown): ZarrviewError {
  if (isZarrviewError(cause)) return cause;
  const why = cause instanceof Error ? cause.message : String(cause);
  return new CodecError(id, `A chunk could not be decoded with "${id}" (corrupt or truncated data): ${why}`, { cause });
}

/** The codecs a chunk stream inflates as their bytes arrive, with their `DecompressionStream` format. */
const INFLATE_FORMATS = new Map<string, 'deflate' | 'gzip'>([
  ['zlib', 'deflate'],
  ['gzip', 'gzip'],
]);

/** Whether a chunk's decode starts before its last byte (`ChunkDecoder.stream`): Blosc, zlib or gzip outermost. */
export function decodesWhileArriving(spec: ChunkSpec): boolean {
  const id = normalizeCodecs(spec.codecs).at(-1)?.id;
  return id !== undefined && (id === 'blosc' || INFLATE_FORMATS.has(id));
}

/** Whether a decoded chunk's values lie in the memory of `bytes` (then that memory is theirs). */
function sharesMemory(data: DecodedChunk['data'], bytes: Uint8Array): boolean {
  return ArrayBuffer.isView(data) && data.buffer === bytes.buffer;
}

/** The outermost codec of a chain when it works on bytes: its id and the most its output may be. */
export interface OuterCodec {
  readonly id: string;
  readonly maxBytes: number;
}

/** The float arrays a chain's values may be, by item size. */
const FLOATS = { 4: Float32Array, 8: Float64Array } as const;

/**
 * The stream of a chain whose decode is `run(input, from)` (the steps from `from` down; all by default); `outer` is
 * its outermost bytes codec (null when there is none) and `inner` the index of the step after it. `direct`: the
 * chain's values are the outer codec's output as it is, floats of this many bytes in this machine's byte order.
 */
export function chunkStream(
  outer: OuterCodec | null,
  run: (input: Uint8Array, from?: number) => Promise<DecodedChunk>,
  inner: number,
  direct: 4 | 8 | null = null,
): ChunkStream {
  if (outer?.id === 'blosc') {
    const blocks = new BloscBlockStream(outer.maxBytes);
    const Floats = direct ? FLOATS[direct] : null;
    return {
      push: (part) => blocks.push(part),
      ...(Floats && {
        valuesSoFar() {
          const d = blocks.decoded();
          if (!d || d.out.byteOffset % Floats.BYTES_PER_ELEMENT !== 0) return null;
          return new Floats(
            d.out.buffer as ArrayBuffer,
            d.out.byteOffset,
            Math.floor(d.bytes / Floats.BYTES_PER_ELEMENT),
          );
        },
      }),
      async finish(whole) {
        if (whole) return run(whole);
        const decompressed = await blocks.finish();
        // Not a frame decoded by blocks (or a block failed): the whole frame, as `decode` does it.
        return decompressed ? run(decompressed, inner) : run(blocks.bytes());
      },
    };
  }
  const format = outer ? INFLATE_FORMATS.get(outer.id) : undefined;
  if (outer && format) {
    // zlib and gzip inflate as the parts come; the other steps run once all of it is in.
    const stream = new InflateStream(format, outer.maxBytes);
    return {
      push: (part) => stream.push(part),
      async finish(whole) {
        if (whole) {
          stream.cancel();
          return run(whole);
        }
        const inflated = await stream.finish().catch((cause: unknown) => {
          throw decodeFailure(outer.id, cause);
        });
        return run(inflated, inner);
      },
    };
  }
  const parts: Uint8Array[] = [];
  return {
    push: (part) => void parts.push(part),
    async finish(whole) {
      if (whole) return run(whole);
      // The encoded bytes in one piece, in working space given back once decoded (memory/spare-buffers.ts).
      const bytes = concatBytes(parts, takeScratch(bytesLength(parts)));
      try {
        const chunk = await run(bytes);
        // Kept only where no step handed back the bytes themselves (a raw chunk's values are a view of them).
        if (!sharesMemory(chunk.data, bytes)) giveBack(bytes.buffer as ArrayBuffer);
        return chunk;
      } catch (e) {
        giveBack(bytes.buffer as ArrayBuffer);
        throw e;
      }
    },
  };
}
