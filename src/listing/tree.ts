/**
 * A file tree held in memory — a dropped or picked folder's files by relative path, each with its size and a way
 * to read its bytes — indexed by folder, and the question a drop asks of it: is it one dataset (opened as before:
 * src/opening/open-dropped.ts) or a place with several (listed by tree-lister.ts)?
 *
 * @example
 * const tree = treeOfFiles(source.files);
 * if (treeIsPlace(tree)) show(createTreeLister(tree, 'local:1/'));
 */
import type { FolderFile, Source } from '../store/types';
import { kindOfFileName, kindOfFolderListing, opensAsDataset } from './kind';
import type { EntryKind } from './types';

export interface TreeFile {
  readonly size: number;
  /** ISO 8601, when known (a File's last modification). */
  readonly date?: string | undefined;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** Files by relative path (`a/b.nc`: `/` separated, no leading `/` or `./`). */
export type FileTree = ReadonlyMap<string, TreeFile>;

/** One folder of a tree: the names of its files and sub-folders, and the bytes of every file under it. */
export interface TreeFolder {
  readonly files: string[];
  readonly folders: string[];
  bytes: number;
}

/** A dropped folder's path as the stores key it (`/` separators, no leading `./` or `/`). */
export const treePath = (path: string): string => path.replace(/\\/g, '/').replace(/^(\.?\/+)+/, '');

/** A tree over dropped or picked files (Blobs, read by `slice`). */
export function treeOfFiles(files: readonly FolderFile[]): FileTree {
  const tree = new Map<string, TreeFile>();
  for (const { path, file } of files) {
    const modified = (file as Partial<File>).lastModified;
    tree.set(treePath(path), {
      size: file.size,
      date: typeof modified === 'number' && modified > 0 ? new Date(modified).toISOString() : undefined,
      read: async (offset, length) => new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
    });
  }
  return tree;
}

const indexes = new WeakMap<FileTree, ReadonlyMap<string, TreeFolder>>();

/** The tree's folders by path (`''` for the top, else `a/b/`), computed once per tree. */
export function foldersOf(tree: FileTree): ReadonlyMap<string, TreeFolder> {
  const known = indexes.get(tree);
  if (known) return known;
  const folders = new Map<string, TreeFolder>([['', { files: [], folders: [], bytes: 0 }]]);
  for (const [path, file] of tree) {
    const parts = path.split('/');
    let at = '';
    folders.get('')!.bytes += file.size;
    for (const part of parts.slice(0, -1)) {
      const sub = `${at}${part}/`;
      let f = folders.get(sub);
      if (!f) {
        folders.set(sub, (f = { files: [], folders: [], bytes: 0 }));
        folders.get(at)!.folders.push(part);
      }
      f.bytes += file.size;
      at = sub;
    }
    folders.get(at)!.files.push(parts[parts.length - 1]!);
  }
  for (const f of folders.values()) {
    f.files.sort();
    f.folders.sort();
  }
  indexes.set(tree, folders);
  return folders;
}

/** A folder's kind by its children (a Zarr/NCZarr store, an Icechunk repository, or a plain folder). */
export function folderKind(folder: TreeFolder): EntryKind {
  return kindOfFolderListing(folder.files, folder.folders);
}

export interface TreeDataset {
  /** The file's path, or the store's folder (ending in `/`). */
  readonly path: string;
  readonly kind: EntryKind;
}

/** The datasets of a tree (stores not descended into), at most `limit`, in path order. */
export function datasetsOf(tree: FileTree, limit = Infinity): TreeDataset[] {
  const folders = foldersOf(tree);
  const out: TreeDataset[] = [];
  const visit = (at: string) => {
    const f = folders.get(at)!;
    for (const name of f.folders) {
      if (out.length >= limit) return;
      const sub = `${at}${name}/`;
      const kind = folderKind(folders.get(sub)!);
      if (kind === 'folder') visit(sub);
      else out.push({ path: sub, kind });
    }
    for (const name of f.files) {
      const kind = kindOfFileName(name);
      if (out.length < limit && opensAsDataset(kind)) out.push({ path: `${at}${name}`, kind });
    }
  };
  visit('');
  return out;
}

/**
 * Whether a dropped tree is a place to list rather than one dataset to open as before. One dataset: Zarr metadata,
 * or an Icechunk repository, at the top; a CFA master (`.nca`, or the only netCDF file at the top of a folder with
 * no store, its fragments below); a tree with one store or none. A place: two datasets or more, or one file in a
 * sub-folder (which the folder open does not look for).
 */
export function treeIsPlace(tree: FileTree): boolean {
  const top = foldersOf(tree).get('')!;
  if (folderKind(top) !== 'folder') return false;
  if ([...tree.keys()].some((p) => /\.nca$/i.test(p))) return false;
  const found = datasetsOf(tree, 2);
  if (found.length === 0) return false;
  if (found.length === 1) return found[0]!.path.includes('/') && !found[0]!.path.endsWith('/');
  const storeless = datasetsOf(tree).every((d) => !d.path.endsWith('/'));
  const topFiles = top.files.filter((n) => kindOfFileName(n) === 'netcdf');
  return !(storeless && topFiles.length === 1);
}

/**
 * The source that opens a tree's dataset from the dropped files: a store's folder as a folder of its own files (so
 * it opens as it does dropped alone), a zip as a zip, another file as a file.
 */
export function droppedSourceAt(
  files: readonly FolderFile[],
  path: string,
): Extract<Source, { kind: 'file' | 'zip-file' | 'folder' }> | undefined {
  const name = path.replace(/\/$/, '').split('/').pop()!;
  if (path.endsWith('/')) {
    const under = files
      .map((f) => ({ path: treePath(f.path), file: f.file }))
      .filter((f) => f.path.startsWith(path))
      .map((f) => ({ path: f.path.slice(path.length), file: f.file }));
    return under.length ? { kind: 'folder', files: under, name } : undefined;
  }
  const file = files.find((f) => treePath(f.path) === path)?.file;
  if (!file) return undefined;
  return kindOfFileName(name) === 'zip' ? { kind: 'zip-file', file, name } : { kind: 'file', file, name };
}
