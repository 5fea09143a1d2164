/**
 * Node-only (CLI): a store over a local directory with `list()`, and a `ByteSource` over a local file (for
 * local zips). Never imported by browser code.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { AbortedError, HttpError, UsageError } from '../errors';
import type { AbsolutePath, Listing, RangeQuery, RequestOptions, Store } from './types';
import type { ByteSource } from './zip-reader';

function check(signal: AbortSignal | undefined, key: string): void {
  if (signal?.aborted) throw new AbortedError({ key, cause: signal.reason });
}

function isMissing(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}

export class NodeFolderStore implements Store {
  readonly description: string;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.description = root;
  }

  /** The file of a key; keys with `..` segments are refused (they would leave the dataset). */
  private file(key: string): string {
    const parts = key.split('/').filter((p) => p !== '' && p !== '.');
    if (parts.includes('..')) throw new UsageError(`The key "${key}" leaves the dataset folder.`, { key });
    return path.join(this.root, ...parts);
  }

  async get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined> {
    check(options?.signal, key);
    try {
      return new Uint8Array(await fs.readFile(this.file(key), { signal: options?.signal }));
    } catch (e) {
      if (isMissing(e)) return undefined;
      check(options?.signal, key);
      throw new HttpError('network', 0, `Could not read ${this.file(key)}: ${(e as Error).message}`, { key, cause: e });
    }
  }

  async getRange(key: AbsolutePath, range: RangeQuery, options?: RequestOptions): Promise<Uint8Array | undefined> {
    check(options?.signal, key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.file(key), 'r');
    } catch (e) {
      if (isMissing(e)) return undefined;
      throw new HttpError('network', 0, `Could not open ${this.file(key)}: ${(e as Error).message}`, { key, cause: e });
    }
    try {
      const size = (await handle.stat()).size;
      const start = 'suffixLength' in range ? Math.max(0, size - range.suffixLength) : Math.min(range.offset, size);
      const end = 'suffixLength' in range ? size : Math.min(size, range.offset + range.length);
      const buf = new Uint8Array(Math.max(0, end - start));
      if (buf.length) await handle.read(buf, 0, buf.length, start);
      return buf;
    } finally {
      await handle.close();
    }
  }

  async list(prefix: AbsolutePath, options?: RequestOptions): Promise<Listing> {
    check(options?.signal, prefix);
    try {
      const entries = await fs.readdir(this.file(prefix), { withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort();
      const folders = entries
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
      return { files, folders };
    } catch (e) {
      if (isMissing(e)) return { files: [], folders: [] };
      throw new HttpError('network', 0, `Could not list ${this.file(prefix)}: ${(e as Error).message}`, {
        key: prefix,
        cause: e,
      });
    }
  }
}

/** A ByteSource over a local file (reads by offset, for local zips). */
export async function nodeFileSource(file: string): Promise<ByteSource> {
  const stat = await fs.stat(file);
  return {
    size: stat.size,
    description: path.basename(file),
    read: async (offset, length, signal) => {
      check(signal, file);
      const handle = await fs.open(file, 'r');
      try {
        const buf = new Uint8Array(length);
        const { bytesRead } = await handle.read(buf, 0, length, offset);
        return buf.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
  };
}
