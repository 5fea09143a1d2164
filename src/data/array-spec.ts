/**
 * What the data path needs to know about an array, derived once from a model `Variable`: the chunk grid, chunk
 * keys, the decode spec, sharding, and the fill value.
 */
import type { AbsolutePath } from '@zarrita/storage';
import type { ChunkSpec, CodecSpec } from '../codecs/pipeline';
import { type Dtype, parseDtype } from '../codecs/dtype';
import { zeroRecordText } from '../codecs/records';
import { normalizeCodec } from '../codecs/normalize';
import { UnsupportedError } from '../errors';
import type { FillValue, Variable } from '../model/types';

export interface ShardSpec {
  /** Shard shape in elements (the outer chunk). */
  readonly shape: readonly number[];
  /** Inner chunks per shard along each dimension. */
  readonly perShard: readonly number[];
  readonly indexCodecs: readonly CodecSpec[];
  readonly indexLocation: 'start' | 'end';
}

export interface ArraySpec {
  /** Identity of the array within its store, for cache keys. */
  readonly id: string;
  readonly shape: readonly number[];
  /** The decode unit's shape (inner chunks of a sharded array). */
  readonly chunks: readonly number[];
  readonly dtype: Dtype;
  readonly fill: FillValue;
  readonly chunk: ChunkSpec;
  readonly shard: ShardSpec | null;
  /** Store path of the object holding the chunk (the shard, for sharded arrays) at grid coordinates `coords`. */
  objectPath(coords: readonly number[]): AbsolutePath;
}

function v3Chain(variable: Variable): CodecSpec[] {
  if (variable.codecs.length > 0) return [...variable.codecs];
  const meta = variable.zarr.metadata as { codecs?: { name: string; configuration?: Record<string, unknown> }[] };
  return (meta.codecs ?? []).map((c) => ({ id: c.name, configuration: c.configuration ?? {} }));
}

function toCodecSpecs(list: unknown): CodecSpec[] {
  if (!Array.isArray(list)) return [];
  return list.map((c: { name?: string; id?: string; configuration?: Record<string, unknown> }) => ({
    id: String(c.name ?? c.id),
    configuration: c.configuration ?? {},
  }));
}

/** Builds the data spec of a variable. Scalars are arrays of shape [] with one chunk. */
export function arraySpec(variable: Variable): ArraySpec {
  const z = variable.zarr;
  const rank = variable.shape.length;
  let codecs: CodecSpec[] = z.zarrFormat === 3 ? v3Chain(variable) : [...variable.codecs];
  let chunks = rank === 0 ? [] : [...variable.chunks];
  let shard: ShardSpec | null = null;
  const first = codecs[0] ? normalizeCodec(codecs[0]) : null;
  if (first?.id === 'sharding_indexed') {
    if (codecs.length > 1) {
      throw new UnsupportedError(`${variable.path}: codecs after sharding_indexed are not supported.`);
    }
    const cfg = first.configuration;
    const inner = (cfg.chunk_shape as number[] | undefined) ?? chunks;
    shard = {
      shape: chunks,
      perShard: chunks.map((c, i) => Math.max(1, Math.round(c / (inner[i] ?? c)))),
      indexCodecs: toCodecSpecs(cfg.index_codecs),
      indexLocation: cfg.index_location === 'start' ? 'start' : 'end',
    };
    codecs = toCodecSpecs(cfg.codecs);
    chunks = [...inner];
  }
  const prefix = z.chunkKeyPrefix;
  const sep = z.chunkSeparator;
  const base = z.key === '' ? '' : `${z.key}/`;
  const objectPath = (coords: readonly number[]): AbsolutePath => {
    const grid = shard ? coords.map((c, i) => Math.floor(c / (shard?.perShard[i] ?? 1))) : coords;
    const name = grid.length === 0 ? (prefix === 'c/' ? 'c' : '0') : `${prefix}${grid.join(sep)}`;
    return `/${base}${name}` as AbsolutePath;
  };
  // NCZarr v3 stores char as uint8 (`type_alias: "char"`): read it as the one-byte text netCDF means.
  const dtype = variable.type === 'char' && variable.dtype === 'uint8' ? '|S1' : variable.dtype;
  const parsed = parseDtype(dtype);
  return {
    id: `${z.key}|${dtype}`,
    shape: variable.shape,
    chunks,
    dtype: parsed,
    // Records of a missing chunk without a fill value are zero bytes, as numbers are zeros.
    fill: variable.fillValue === null && parsed.record ? zeroRecordText(parsed.record) : variable.fillValue,
    chunk: { dtype, zarrFormat: z.zarrFormat, order: variable.order, shape: chunks, codecs },
    shard,
    objectPath,
  };
}
