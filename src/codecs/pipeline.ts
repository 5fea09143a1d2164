/**
 * The chunk decoder: encoded chunk bytes → values with shape and strides (see `dtype.ts` for the value forms).
 * One pipeline for Zarr v2 (filters + compressor, `order`) and v3 (codec chain with `transpose`/`bytes`), so
 * nothing downstream branches on the format.
 *
 * @example
 * const decode = await createDecoder({ dtype: '<f4', zarrFormat: 2, order: 'C', shape: [10], codecs: [{ id: 'zlib', configuration: { level: 4 } }] });
 * const chunk = await decode(bytes); // { data: Float32Array(10), shape: [10], stride: [1] }
 */
import { CodecError } from '../errors';
import { chunkStream, decodeFailure, type ChunkStream } from './chunk-stream';
import type { ArrayFilter, ByteDecoder } from './codec';
import { type Dtype, type Values, bytesToValues, parseDtype } from './dtype';
import { normalizeCodecs } from './normalize';
import { codecDef } from './registry';
import { decodeJson2, decodeVlen } from './vlen';

export interface CodecSpec {
  readonly id: string;
  readonly configuration: Readonly<Record<string, unknown>>;
}

/** Everything a worker needs to decode a chunk of an array (plain data: it crosses `postMessage`). */
export interface ChunkSpec {
  /** The Zarr data type as the metadata spells it (`<f4`, `float32`, `|S8`, `<M8[ns]`). */
  readonly dtype: string;
  readonly zarrFormat: 2 | 3;
  /** v2 memory order; v3 expresses order with a `transpose` codec. */
  readonly order: 'C' | 'F';
  /** Chunk shape (the inner chunk shape for sharded arrays). */
  readonly shape: readonly number[];
  /** v2: filters then compressor; v3: the codec chain (without `sharding_indexed`). */
  readonly codecs: readonly CodecSpec[];
}

export interface DecodedChunk {
  readonly data: Values;
  readonly shape: readonly number[];
  /** Element strides (complex elements count as one). */
  readonly stride: readonly number[];
}

type Step =
  | { kind: 'bytes'; id: string; decode: ByteDecoder; maxBytes: number }
  | { kind: 'interpret'; dtype: Dtype }
  | { kind: 'vlen'; id: string }
  | {
      kind: 'filter';
      id: string;
      filter: ArrayFilter;
      config: Record<string, unknown>;
      decoded: Dtype;
      encoded: Dtype;
    };

/** Element strides of a C-order array of `shape`. */
export function cStrides(shape: readonly number[]): number[] {
  const s = new Array<number>(shape.length);
  let acc = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    s[i] = acc;
    acc *= shape[i] as number;
  }
  return s;
}

function permutation(order: unknown, rank: number): number[] {
  const reversed = Array.from({ length: rank }, (_, i) => rank - 1 - i);
  if (order === 'F') return reversed;
  if (order === 'C' || order === undefined) return Array.from({ length: rank }, (_, i) => i);
  if (Array.isArray(order) && order.length === rank) return order.map(Number);
  throw new CodecError('transpose', `The transpose order ${JSON.stringify(order)} does not fit ${rank} dimensions.`);
}

/** Strides of a chunk stored transposed by `perm` (encoded dim i = decoded dim perm[i]). */
export function permutedStrides(shape: readonly number[], perm: readonly number[]): number[] {
  const encoded = perm.map((p) => shape[p] as number);
  const es = cStrides(encoded);
  const stride = new Array<number>(shape.length).fill(0);
  perm.forEach((p, i) => (stride[p] = es[i] as number));
  return stride;
}

function unsupported(id: string): CodecError {
  return new CodecError(
    id,
    `The codec "${id}" is not supported by this viewer, so chunks that use it cannot be shown. ` +
      'Re-encode the array with a common codec (zlib, zstd, blosc) to view it.',
  );
}

/**
 * The most a compressed stream of a chunk may inflate to: generous (filters and checksums change sizes, vlen
 * chunks have none known), yet bounded, so a bomb cannot take the memory.
 */
export function inflateLimit(shape: readonly number[], itemSize: number): number {
  const n = shape.reduce((a, b) => a * b, 1);
  return Math.max(64 * 2 ** 20, 4 * n * Math.max(itemSize, 8));
}

async function plan(spec: ChunkSpec): Promise<{ steps: Step[]; stored: Dtype; perm: number[] | null }> {
  const rank = spec.shape.length;
  let cur = parseDtype(spec.dtype);
  let perm: number[] | null = spec.zarrFormat === 2 && spec.order === 'F' ? permutation('F', rank) : null;
  const steps: Step[] = [];
  for (const { id, configuration: config } of normalizeCodecs(spec.codecs)) {
    const def = codecDef(id);
    if (id === 'transpose') perm = permutation(config.order, rank);
    else if (def?.kind === 'filter') {
      const encoded = def.encodedDtype(config, cur);
      steps.push({ kind: 'filter', id, filter: def, config, decoded: cur, encoded });
      cur = encoded;
    } else if (id === 'bytes') {
      const endian = config.endian === 'big' ? 'big' : 'little';
      cur = cur.endian === 'none' ? cur : { ...cur, endian };
      steps.push({ kind: 'interpret', dtype: cur });
    } else if (id === 'vlen-utf8' || id === 'vlen-bytes' || id === 'json2') steps.push({ kind: 'vlen', id });
    else if (def?.kind === 'bytes') {
      try {
        const maxBytes = inflateLimit(spec.shape, cur.itemSize);
        steps.push({
          kind: 'bytes',
          id,
          decode: await def.load(config, { itemSize: cur.itemSize, maxBytes }),
          maxBytes,
        });
      } catch (cause) {
        throw new CodecError(id, `The codec "${id}" could not be loaded.`, { cause });
      }
    } else throw unsupported(id);
  }
  return { steps, stored: cur, perm };
}

/**
 * The item size of a chain's values where they are its outermost codec's output as it is — float32 or float64,
 * nothing after that codec but their reading as values, which `bytesToValues` does without a copy unless it swaps
 * big-endian bytes — else null (see `ChunkStream.valuesSoFar`).
 */
function directFloats(steps: readonly Step[], stored: Dtype): 4 | 8 | null {
  if (!steps.slice(0, -1).every((s) => s.kind === 'interpret')) return null;
  const floats = stored.kind === 'float' && (stored.itemSize === 4 || stored.itemSize === 8);
  return floats && stored.endian !== 'big' ? stored.itemSize : null;
}

const STRUCTURAL = new Set(['transpose', 'bytes', 'vlen-utf8', 'vlen-bytes', 'json2']);

/** Throws `CodecError` naming the first codec of the chain this viewer cannot decode (cheap: loads nothing). */
export function checkCodecs(codecs: readonly CodecSpec[]): void {
  for (const { id } of normalizeCodecs(codecs)) {
    if (!STRUCTURAL.has(id) && !codecDef(id)) throw unsupported(id);
  }
}

/** The id of the codec applied last when encoding (the first one decoding runs), e.g. `blosc`. */
export function outermostCodec(spec: ChunkSpec): string | undefined {
  return normalizeCodecs(spec.codecs).at(-1)?.id;
}

export { decodesWhileArriving, type ChunkStream } from './chunk-stream';
export { chunkBytes, warmCodecs } from './warm';

/** Builds the decoder of a chunk spec; codecs are loaded once here. Unknown codecs throw `CodecError`. */
export async function createDecoder(spec: ChunkSpec): Promise<(bytes: Uint8Array) => Promise<DecodedChunk>> {
  const decoder = await createChunkDecoder(spec);
  return (bytes) => decoder.decode(bytes);
}

export interface ChunkDecoder {
  decode(bytes: Uint8Array): Promise<DecodedChunk>;
  /**
   * A decode fed the chunk's bytes as they arrive: where the outermost codec is Blosc, its blocks are decompressed
   * as they come in (`BloscBlockStream`), so that little is left to do after the last byte; the rest of the chain
   * runs at the end. The result is the one `decode` gives for the same bytes.
   */
  stream(): ChunkStream;
}

/** Builds the decoder (and streaming decoder) of a chunk spec; codecs are loaded once here. */
export async function createChunkDecoder(spec: ChunkSpec): Promise<ChunkDecoder> {
  const { steps, stored, perm } = await plan(spec);
  const n = spec.shape.reduce((a, b) => a * b, 1);
  const stride = perm ? permutedStrides(spec.shape, perm) : cStrides(spec.shape);
  // The steps run backwards, from the outermost codec (the last) down to `from`'s.
  const run = async (input: Uint8Array, from = steps.length - 1): Promise<DecodedChunk> => {
    let raw = true;
    let state: Uint8Array | Values = input;
    let atDtype = stored; // dtype of the data at the current point, going backwards
    for (let i = from; i >= 0; i--) {
      const step = steps[i] as Step;
      const id = step.kind === 'interpret' ? 'bytes' : step.id;
      try {
        if (step.kind === 'bytes') {
          if (!raw) throw new CodecError(step.id, `"${step.id}" met decoded values; the codec order is invalid.`);
          state = await step.decode(state as Uint8Array);
        } else if (step.kind === 'interpret') {
          state = bytesToValues(state as Uint8Array, step.dtype, n);
          raw = false;
        } else if (step.kind === 'vlen') {
          state =
            step.id === 'json2' ? decodeJson2(state as Uint8Array, n) : decodeVlen(state as Uint8Array, n, step.id);
          raw = false;
        } else {
          if (raw && !step.filter.readsBytes) state = bytesToValues(state as Uint8Array, step.encoded, n);
          raw = false;
          state = step.filter.decode(step.config, state as Values, step.decoded, n);
          atDtype = step.decoded;
        }
      } catch (cause) {
        throw decodeFailure(id, cause);
      }
    }
    if (raw) {
      try {
        state = bytesToValues(state as Uint8Array, atDtype, n);
      } catch (cause) {
        throw decodeFailure('bytes', cause);
      }
    }
    return { data: state as Values, shape: spec.shape, stride };
  };
  const outer = steps[steps.length - 1];
  return {
    decode: (bytes) => run(bytes),
    stream: () =>
      chunkStream(outer?.kind === 'bytes' ? outer : null, run, steps.length - 2, directFloats(steps, stored)),
  };
}
