/**
 * A data context: the decoded-chunk cache, the decode executor and counters, shared by every read that uses it.
 * Browsers get a worker pool by default; Node (CLI, tests) decodes in-process.
 */
import type { Store } from '../store/types';
import { ChunkCache, DEFAULT_CACHE_BYTES } from './cache';
import { type DecodeExecutor, InlineExecutor } from './pool/executor';
import { WorkerPool } from './pool/worker-pool';

export interface DataStats {
  /** Chunk objects requested from the store (including missing ones). */
  fetches: number;
  bytesFetched: number;
  decoded: number;
  /** Slice images made by the task that decoded the slice's one chunk (see pool/fused-image.ts). */
  imagesWithDecode: number;
  /** Chunks whose decode started with their first bytes (see `DecodeExecutor.decodeStream`). */
  decodedWhileArriving: number;
}

export interface DataContext {
  readonly cache: ChunkCache;
  readonly executor: DecodeExecutor;
  readonly stats: DataStats;
  /** Decoded shard indexes by store path (bounded). */
  readonly shardIndexes: Map<string, Promise<BigUint64Array | null>>;
  /** Chunk fetches in flight per read (default: max(16, 4 × decode concurrency)). */
  readonly fetchConcurrency?: number | undefined;
  close(): void;
}

export interface DataContextOptions {
  /** Byte budget of the decoded-chunk cache (default 256 MB); also the default largest slice. */
  readonly cacheBytes?: number | undefined;
  /** `true`: a worker pool (browsers only); `false`: decode in-process; a number: a pool of that size. */
  readonly workers?: boolean | number | undefined;
  readonly executor?: DecodeExecutor | undefined;
  readonly fetchConcurrency?: number | undefined;
}

/** Whether module workers can be started here (a browser page, not Node or a worker). */
export function canUseWorkers(): boolean {
  return typeof Worker === 'function' && typeof document !== 'undefined';
}

class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }
  override set(k: K, v: V): this {
    if (!this.has(k) && this.size >= this.max) this.delete(this.keys().next().value as K);
    return super.set(k, v);
  }
}

/** A new context. */
export function createDataContext(options: DataContextOptions = {}): DataContext {
  const w = options.workers ?? canUseWorkers();
  const executor =
    options.executor ?? (w === false ? new InlineExecutor() : new WorkerPool(typeof w === 'number' ? w : undefined));
  return {
    cache: new ChunkCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES),
    executor,
    stats: { fetches: 0, bytesFetched: 0, decoded: 0, imagesWithDecode: 0, decodedWhileArriving: 0 },
    shardIndexes: new BoundedMap(2048),
    fetchConcurrency: options.fetchConcurrency,
    close: () => executor.close(),
  };
}

let shared: DataContext | null = null;

/** The shared context used when a read passes none. */
export function defaultContext(): DataContext {
  shared ??= createDataContext();
  return shared;
}

const ids = new WeakMap<Store, number>();
let nextId = 1;

/** A per-process identity for a store, so cache keys of different datasets never collide. */
export function storeId(store: Store): number {
  let id = ids.get(store);
  if (id === undefined) {
    id = nextId++;
    ids.set(store, id);
  }
  return id;
}
