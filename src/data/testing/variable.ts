/**
 * Test helpers: a model `Variable` built straight from `.zarray` / `zarr.json` (independent of the model readers),
 * a counting folder store, and the expected-values format of the fixture dumps.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import FileSystemStore from '@zarrita/storage/fs';
import type { AbsolutePath, RangeQuery } from '@zarrita/storage';
import type { Codec, FillValue, Variable } from '../../model/types';
import type { RequestOptions, Store } from '../../store/types';

function fill(v: unknown): FillValue {
  if (v === 'NaN') return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  if (Array.isArray(v) && v.length === 2) return [Number(v[0]), Number(v[1])];
  return null;
}

/** A Variable for the array at `key` of the folder `root` (Zarr v2 or v3). */
export function variableFromFolder(root: string, key: string): Variable {
  const dir = join(root, key);
  let meta: Record<string, unknown>;
  try {
    meta = JSON.parse(readFileSync(join(dir, '.zarray'), 'utf8')) as Record<string, unknown>;
  } catch {
    meta = JSON.parse(readFileSync(join(dir, 'zarr.json'), 'utf8')) as Record<string, unknown>;
  }
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

/** A folder store that counts requests and bytes, and records the keys asked for. */
export class CountingStore implements Store {
  readonly #fs: FileSystemStore;
  readonly description: string;
  requests = 0;
  bytes = 0;
  readonly keys: string[] = [];
  /** Optional delay per request (ms). */
  latency = 0;

  constructor(root: string) {
    this.#fs = new FileSystemStore(root);
    this.description = `${root}/`;
  }

  async #wait(options?: RequestOptions): Promise<void> {
    if (this.latency > 0) await new Promise((r) => setTimeout(r, this.latency));
    options?.signal?.throwIfAborted();
  }

  async get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined> {
    this.requests++;
    this.keys.push(key);
    await this.#wait(options);
    const b = await this.#fs.get(key);
    this.bytes += b?.byteLength ?? 0;
    return b;
  }

  async getRange(key: AbsolutePath, range: RangeQuery, options?: RequestOptions): Promise<Uint8Array | undefined> {
    this.requests++;
    this.keys.push(key);
    await this.#wait(options);
    const b = await this.#fs.getRange(key, range);
    this.bytes += b?.byteLength ?? 0;
    return b;
  }
}

/** One array of an expected-values dump (zarr-python's reading). */
export interface ExpectedArray {
  readonly dtype: string;
  readonly shape: number[];
  readonly values: unknown[];
}

/** Normalises a read value and an expected value to comparable JSON-like form. */
export function comparable(v: unknown): unknown {
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number' && Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return 'Infinity';
  if (v === -Infinity) return '-Infinity';
  return v;
}
