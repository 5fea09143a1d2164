/**
 * A store over a dropped or picked folder (`FolderFile[]`, paths relative to the folder). When the picked
 * folder contains the dataset folder (`ds.zarr/.zgroup`), the dataset root is found as in zips.
 *
 * @example const store = folderStore(files, 'ds.zarr'); await store.list('/');
 */
import type { FolderFile } from './types';
import { AbortedError, HttpError } from '../errors';
import { findDatasetRoot, listPaths, prefixBase } from './dataset-root';
import type { AbsolutePath, Listing, RangeQuery, RequestOptions, Store } from './types';

export class FolderStore implements Store {
  readonly description: string;
  readonly root: string;
  private readonly files: Map<string, Blob>;

  /** `root`: the folder inside the dropped one to read from (default: where the Zarr dataset is, or a throw). */
  constructor(files: readonly FolderFile[], name: string, root?: string) {
    this.files = new Map(files.map((f) => [f.path.replace(/\\/g, '/').replace(/^\.?\/+/, ''), f.file]));
    root ??= findDatasetRoot(this.files.keys(), name.replace(/\/$/, ''));
    if (root === undefined) {
      throw new HttpError(
        'not-found',
        0,
        `The folder "${name}" holds no Zarr dataset (no .zgroup, .zarray, .zattrs or zarr.json inside).`,
        { key: name },
      );
    }
    this.root = root;
    this.description = `${name.replace(/\/$/, '')}/${root}`;
  }

  private blob(key: string, options?: RequestOptions): Blob | undefined {
    if (options?.signal?.aborted) throw new AbortedError({ key, cause: options.signal.reason });
    return this.files.get(this.root + key.replace(/^\/+/, ''));
  }

  async get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const b = this.blob(key, options);
    return b ? new Uint8Array(await b.arrayBuffer()) : undefined;
  }

  async getRange(key: AbsolutePath, range: RangeQuery, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const b = this.blob(key, options);
    if (!b) return undefined;
    const part =
      'suffixLength' in range
        ? b.slice(Math.max(0, b.size - range.suffixLength))
        : b.slice(range.offset, range.offset + range.length);
    return new Uint8Array(await part.arrayBuffer());
  }

  async list(prefix: AbsolutePath): Promise<Listing> {
    return listPaths(this.files.keys(), this.root + prefixBase(prefix));
  }
}

/** The paths of a dropped folder, as the store keys them (`/` separators, no leading `./`). */
export function folderPaths(files: readonly FolderFile[]): Map<string, Blob> {
  return new Map(files.map((f) => [f.path.replace(/\\/g, '/').replace(/^\.?\/+/, ''), f.file]));
}

/** Creates a store over dropped/picked folder files. Throws `not-found` when no Zarr metadata is inside. */
export function folderStore(files: readonly FolderFile[], name: string): FolderStore {
  return new FolderStore(files, name);
}
