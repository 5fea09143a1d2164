/** Test and benchmark helper: a model `Variable` built straight from `.zarray` / `zarr.json` JSON (no node APIs). */
import type { Codec, FillValue, Variable } from '../../model/types';

function fill(v: unknown): FillValue {
  if (v === 'NaN') return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  if (Array.isArray(v) && v.length === 2) return [Number(v[0]), Number(v[1])];
  return null;
}

/** A Variable for the array at store key `key` whose metadata (`.zarray` or `zarr.json` content) is `meta`. */
export function variableFromMetadata(key: string, meta: Record<string, unknown>): Variable {
  const v3 = meta.zarr_format === 3;
  const shape = meta.shape as number[];
  let codecs: Codec[];
  let chunks: number[];
  let sep: '.' | '/';
  let prefix: '' | 'c/' = '';
  let dtype: string;
  if (v3) {
    chunks = (meta.chunk_grid as { configuration: { chunk_shape: number[] } }).configuration.chunk_shape;
    codecs = (meta.codecs as { name: string; configuration?: Record<string, unknown> }[]).map((c) => ({
      id: c.name,
      configuration: c.configuration ?? {},
    }));
    const enc = meta.chunk_key_encoding as { name: string; configuration?: { separator?: '.' | '/' } };
    sep = enc.configuration?.separator ?? (enc.name === 'v2' ? '.' : '/');
    prefix = enc.name === 'default' ? 'c/' : '';
    dtype = meta.data_type as string;
  } else {
    chunks = meta.chunks as number[];
    const list = [...((meta.filters as Record<string, unknown>[] | null) ?? [])];
    if (meta.compressor) list.push(meta.compressor as Record<string, unknown>);
    codecs = list.map(({ id, ...configuration }) => ({ id: String(id), configuration }));
    sep = (meta.dimension_separator as '.' | '/' | undefined) ?? '.';
    dtype = meta.dtype as string;
  }
  const name = key.slice(key.lastIndexOf('/') + 1);
  return {
    name,
    path: `/${key}`,
    type: 'double',
    dtype,
    itemSize: 0,
    endianness: 'little',
    dimensions: [],
    shape,
    chunks,
    order: meta.order === 'F' ? 'F' : 'C',
    fillValue: fill(meta.fill_value),
    codecs,
    storage: shape.length === 0 ? 'scalar' : 'chunked',
    attributes: [],
    zarr: { zarrFormat: v3 ? 3 : 2, key, chunkSeparator: sep, chunkKeyPrefix: prefix, metadata: meta },
  };
}
