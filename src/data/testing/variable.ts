/**
 * Test helpers: a model `Variable` built straight from `.zarray` / `zarr.json` (independent of the model readers),
 * a counting folder store, and the expected-values format of the fixture dumps.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import FileSystemStore from '@zarrita/storage/fs';
import type { AbsolutePath, RangeQuery } from '@zarrita/storage';
import type { Variable } from '../../model/types';
import { variableFromMetadata } from './variable-meta';
import type { RequestOptions, Store } from '../../store/types';

/** A Variable for the array at `key` of the folder `root` (Zarr v2 or v3). */
export function variableFromFolder(root: string, key: string): Variable {
  const dir = join(root, key);
  let meta: Record<string, unknown>;
  try {
    meta = JSON.parse(readFileSync(join(dir, '.zarray'), 'utf8')) as Record<string, unknown>;
  } catch {
    meta = JSON.parse(readFileSync(join(dir, 'zarr.json'), 'utf8')) as Record<string, unknown>;
  }
  return variableFromMetadata(key, meta);
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
