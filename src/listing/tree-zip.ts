/**
 * A dropped zip as a file tree (tree.ts): its entries by path, from the central directory read once, so that a zip
 * holding several datasets is asked `treeIsPlace` and listed as a dropped folder is (tree-lister.ts). `files()` makes
 * the entries the Blobs a dropped folder's files are — a stored entry a slice of the zip (nothing copied), a
 * deflated one inflated once, within a bound for the whole zip — so that its datasets open, and join, as dropped
 * files do.
 *
 * @example
 * const zip = await readZipTree(file, { description: file.name });
 * if (treeIsPlace(zip.tree)) addDropped({ kind: 'folder', name: file.name, files: await zip.files() });
 */
import { ZipError } from '../errors';
import type { FolderFile } from '../store/types';
import {
  blobSource,
  entryDataOffset,
  inflateEntry,
  readEntryData,
  readZipDirectory,
  type ZipEntry,
} from '../store/zip-reader';
import { treePath, type FileTree, type TreeFile } from './tree';

/** Bound of the bytes a zip's deflated entries may inflate to, all together, when it is listed (512 MiB). */
export const ZIP_TREE_MAX_BYTES = 2 ** 29;

export interface ZipTree {
  /** The zip's files by path (their bytes read from the zip when asked for). */
  readonly tree: FileTree;
  /** The files as Blobs, by path; throws `ZipError` past the bound or for a damaged entry. */
  files(signal?: AbortSignal): Promise<FolderFile[]>;
}

export interface ZipTreeOptions {
  /** The zip's name, in messages. */
  readonly description?: string | undefined;
  readonly maxBytes?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** Reads a zip's directory; throws `ZipError` when it is not a zip. */
export async function readZipTree(zip: Blob, options: ZipTreeOptions = {}): Promise<ZipTree> {
  const description = options.description ?? 'zip file';
  const src = blobSource(zip, description);
  const all = await readZipDirectory(src, options.signal);
  const entries = new Map<string, ZipEntry>();
  for (const e of all.values()) if (!e.name.endsWith('/')) entries.set(treePath(e.name), e);
  const maxBytes = options.maxBytes ?? ZIP_TREE_MAX_BYTES;
  const inflated = [...entries.values()].filter((e) => e.method !== 0).reduce((n, e) => n + e.size, 0);

  const blobs = new Map<string, Promise<Blob>>();
  const blobOf = (path: string, entry: ZipEntry, signal?: AbortSignal): Promise<Blob> => {
    let p = blobs.get(path);
    if (!p) {
      p = (async () => {
        if (entry.method === 0 && entry.compressedSize === entry.size) {
          const at = await entryDataOffset(src, entry, signal);
          return zip.slice(at, at + entry.size);
        }
        if (entry.method !== 8)
          throw new ZipError(
            `"${entry.name}" in ${description} uses zip compression method ${entry.method}; only stored and deflate are read.`,
            { key: entry.name },
          );
        const data = await readEntryData(src, entry, signal);
        const bytes = await inflateEntry(data, Math.min(entry.size, maxBytes), entry.name, signal);
        return new Blob([bytes as Uint8Array<ArrayBuffer>]);
      })();
      p.catch(() => blobs.delete(path));
      blobs.set(path, p);
    }
    return p;
  };

  const tree = new Map<string, TreeFile>();
  for (const [path, entry] of entries)
    tree.set(path, {
      size: entry.size,
      read: async (offset, length) => {
        const blob = await blobOf(path, entry);
        return new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer());
      },
    });

  const files = async (signal?: AbortSignal): Promise<FolderFile[]> => {
    if (inflated > maxBytes)
      throw new ZipError(
        `${description} holds several datasets, but listing them means decompressing ${inflated} bytes, over the limit of ${maxBytes}: unzip it and drop the folder.`,
        { key: description },
      );
    const out: FolderFile[] = [];
    for (const [path, entry] of entries) out.push({ path, file: await blobOf(path, entry, signal) });
    return out;
  };
  return { tree, files };
}
