/** Turns dropped items and picked files into a `Source` (zip file or folder). */
import type { FolderFile, Source } from '../core';

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Every file under a directory entry, with paths relative to it. */
async function walk(dir: FileSystemDirectoryEntry, prefix: string, out: FolderFile[]): Promise<void> {
  const reader = dir.createReader();
  // readEntries returns at most ~100 entries per call; read until empty.
  for (let batch = await readEntries(reader); batch.length; batch = await readEntries(reader)) {
    for (const e of batch) {
      if (e.isDirectory) await walk(e as FileSystemDirectoryEntry, `${prefix}${e.name}/`, out);
      else out.push({ path: `${prefix}${e.name}`, file: await fileOf(e as FileSystemFileEntry) });
    }
  }
}

/** The source of a drop: the first folder, zip file, or other file (read in place: src/formats). */
export async function sourceFromDrop(items: DataTransferItemList): Promise<Source | null> {
  const entries = Array.from(items)
    .filter((i) => i.kind === 'file')
    .map((i) => ({ entry: i.webkitGetAsEntry?.() ?? null, file: i.getAsFile() }));
  for (const { entry, file } of entries) {
    if (entry?.isDirectory) {
      const files: FolderFile[] = [];
      await walk(entry as FileSystemDirectoryEntry, '', files);
      return { kind: 'folder', files, name: entry.name };
    }
    if (file) return sourceFromFile(file);
  }
  return null;
}

/**
 * The source of one dropped or chosen file: a `.zip` is a zip; any other file is sniffed by its first bytes
 * (netCDF-3, netCDF-4/HDF5, a reference set, or a zip under another name) and read in place, never whole.
 */
export function sourceFromFile(file: File): Source {
  return /\.zip$/i.test(file.name)
    ? { kind: 'zip-file', file, name: file.name }
    : { kind: 'file', file, name: file.name };
}

/** The source of a folder picked with `webkitdirectory`: paths lose the picked folder's own name. */
export function sourceFromPickedFolder(list: FileList): Source | null {
  const files = Array.from(list);
  const first = files[0];
  if (!first) return null;
  const rel = (f: File) => f.webkitRelativePath || f.name;
  const top = rel(first).split('/')[0] ?? 'folder';
  const cut = `${top}/`;
  return {
    kind: 'folder',
    name: top,
    files: files.map((f) => ({ path: rel(f).startsWith(cut) ? rel(f).slice(cut.length) : rel(f), file: f })),
  };
}
