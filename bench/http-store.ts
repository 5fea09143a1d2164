/** A minimal HTTP store for the benchmark page (Range reads; 404 = missing). */
import type { AbsolutePath, RangeQuery } from '@zarrita/storage';
import type { RequestOptions, Store } from '../src/store/types';

export class BenchHttpStore implements Store {
  readonly description: string;
  constructor(readonly base: string) {
    this.description = base;
  }
  async #fetch(
    key: AbsolutePath,
    headers: Record<string, string>,
    options?: RequestOptions,
  ): Promise<Uint8Array | undefined> {
    const res = await fetch(this.base + key, { headers, signal: options?.signal });
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`HTTP ${res.status} for ${key}`);
    return new Uint8Array(await res.arrayBuffer());
  }
  get(key: AbsolutePath, options?: RequestOptions) {
    return this.#fetch(key, {}, options);
  }
  getRange(key: AbsolutePath, r: RangeQuery, options?: RequestOptions) {
    const h = 'suffixLength' in r ? `bytes=-${r.suffixLength}` : `bytes=${r.offset}-${r.offset + r.length - 1}`;
    return this.#fetch(key, { Range: h }, options);
  }
}

/** An in-memory store (prefetched objects), so a decode benchmark measures decoding, not the network. */
export class MemoryStore implements Store {
  readonly description = 'memory';
  constructor(readonly objects: Map<string, Uint8Array>) {}
  async get(key: AbsolutePath) {
    const b = this.objects.get(key);
    return b && b.slice(); // a fresh buffer each time: the pool transfers (detaches) what it is given
  }
}
