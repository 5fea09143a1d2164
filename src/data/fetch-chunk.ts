/**
 * Fetching the encoded bytes of one chunk through the Store. For sharded (v3) arrays the shard index is read once
 * per shard (a byte-range read of its end or start) and each inner chunk is a byte-range read of the shard;
 * stores without ranges read the whole shard once.
 */
import type { AbsolutePath } from '@zarrita/storage';
import { createDecoder } from '../codecs/pipeline';
import { normalizeCodec } from '../codecs/normalize';
import { ChunkError } from '../errors';
import type { Store } from '../store/types';
import type { ArraySpec, ShardSpec } from './array-spec';

const EMPTY = 0xffffffffffffffffn;

/** Per-reader memo of shard indexes and whole shards, keyed by store path. */
export interface ShardMemo {
  readonly indexes: Map<string, Promise<BigUint64Array | null>>;
  readonly shards: Map<string, Promise<Uint8Array | undefined>>;
}

export function newShardMemo(): ShardMemo {
  return { indexes: new Map(), shards: new Map() };
}

export interface FetchOptions {
  readonly signal?: AbortSignal | undefined;
  readonly memo: ShardMemo;
  /** Prefix of memo keys that tells stores apart (the memo may outlive one store: a long-lived context). */
  readonly memoPrefix?: string | undefined;
  /** Each part of the chunk's bytes as it arrives (see `RequestOptions.onPart`); not for whole-shard reads. */
  readonly onPart?: ((part: Uint8Array, offset: number) => void) | undefined;
  /** The read's priority, handed to the store (`RequestOptions.priority`). */
  readonly priority?: 'normal' | 'low' | undefined;
}

function indexSize(shard: ShardSpec): number {
  const n = shard.perShard.reduce((a, b) => a * b, 1);
  const checksums = shard.indexCodecs.filter((c) => normalizeCodec(c).id === 'crc32c').length;
  return n * 16 + checksums * 4;
}

async function decodeIndex(shard: ShardSpec, bytes: Uint8Array): Promise<BigUint64Array> {
  const decode = await createDecoder({
    dtype: 'uint64',
    zarrFormat: 3,
    order: 'C',
    shape: [...shard.perShard, 2],
    codecs: shard.indexCodecs.length ? shard.indexCodecs : [{ id: 'bytes', configuration: { endian: 'little' } }],
  });
  return (await decode(bytes)).data as BigUint64Array;
}

function wholeShard(store: Store, path: AbsolutePath, opts: FetchOptions): Promise<Uint8Array | undefined> {
  const key = `${opts.memoPrefix ?? ''}${path}`;
  let p = opts.memo.shards.get(key);
  if (!p) {
    p = store.get(path, { signal: opts.signal });
    p.catch(() => opts.memo.shards.delete(key));
    opts.memo.shards.set(key, p);
  }
  return p;
}

function readIndex(
  store: Store,
  shard: ShardSpec,
  path: AbsolutePath,
  opts: FetchOptions,
): Promise<BigUint64Array | null> {
  const key = `${opts.memoPrefix ?? ''}${path}`;
  let p = opts.memo.indexes.get(key);
  if (!p) {
    const size = indexSize(shard);
    p = (async () => {
      let bytes: Uint8Array | undefined;
      if (store.getRange) {
        const range = shard.indexLocation === 'end' ? { suffixLength: size } : { offset: 0, length: size };
        bytes = await store.getRange(path, range, { signal: opts.signal });
      } else {
        const all = await wholeShard(store, path, opts);
        bytes = all && (shard.indexLocation === 'end' ? all.subarray(all.length - size) : all.subarray(0, size));
      }
      if (!bytes) return null;
      if (bytes.length !== size) {
        throw new ChunkError(`The shard index of ${path} has ${bytes.length} bytes; ${size} were expected.`, {
          key: path,
        });
      }
      return decodeIndex(shard, bytes);
    })();
    p.catch(() => opts.memo.indexes.delete(key));
    opts.memo.indexes.set(key, p);
  }
  return p;
}

/**
 * The encoded bytes of the chunk at grid `coords` (an inner chunk for sharded arrays), or undefined when the
 * chunk does not exist (the fill value applies).
 */
export async function fetchChunk(
  store: Store,
  spec: ArraySpec,
  coords: readonly number[],
  opts: FetchOptions,
): Promise<Uint8Array | undefined> {
  const path = spec.objectPath(coords);
  const shard = spec.shard;
  const request = { signal: opts.signal, onPart: opts.onPart, priority: opts.priority };
  if (!shard) return store.get(path, request);
  const index = await readIndex(store, shard, path, opts);
  if (!index) return undefined;
  let flat = 0;
  coords.forEach((c, d) => (flat = flat * (shard.perShard[d] as number) + (c % (shard.perShard[d] as number))));
  const offset = index[flat * 2] as bigint;
  const length = index[flat * 2 + 1] as bigint;
  if (offset === EMPTY && length === EMPTY) return undefined;
  const range = { offset: Number(offset), length: Number(length) };
  if (store.getRange) return store.getRange(path, range, request);
  const all = await wholeShard(store, path, opts);
  return all?.subarray(range.offset, range.offset + range.length);
}
