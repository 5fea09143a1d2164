/**
 * Sources the user hands over rather than names: a dropped or chosen file (a netCDF file read in place by
 * `Blob.slice`, a reference set, a zip under any name), a zip, a folder (a dataset, or Parquet references).
 */
import { ZipError, isZarrviewError } from '../errors';
import { type FolderStore, folderStore } from '../store/folder-store';
import type { FolderFile, Source, Telemetry } from '../store/types';
import { ZipStore, blobSource } from '../store/zip-store';
import { openFolderNonZarr } from './open-folder';
import { openRefsFile, openRefsFolder } from './open-refs';
import { openStore, type OpenStoreOptions, type OpenedStore } from './open-store';

/** A file or folder name without its folders and extension: the dataset's name. */
export function stem(name: string): string {
  const base =
    name
      .replace(/[/\\]+$/, '')
      .split(/[/\\]/)
      .pop() ?? name;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** Opens a dropped or chosen file, zip or folder. */
export async function openDropped(
  source: Extract<Source, { kind: 'file' | 'zip-file' | 'folder' }>,
  options: OpenStoreOptions,
  telemetry: Telemetry,
): Promise<OpenedStore> {
  switch (source.kind) {
    case 'file': {
      const name = stem(source.name);
      const refs = /\.json$/i.test(source.name)
        ? await openRefsFile(source.file, source.name, options, telemetry, openStore)
        : undefined;
      if (refs) return refs; // a kerchunk reference set (open-refs.ts)
      const bytes = blobSource(source.file, source.name);
      const { openFile } = await import('../formats/open/registry');
      const store = await openFile(bytes, { signal: options.signal });
      if (store) return { store, mode: { medium: 'file' }, name, telemetry, location: source.name };
      // Not a format read in place: a zip, whatever its name, or nothing Zarrview reads.
      const zip = await ZipStore.open(bytes, {
        stem: name,
        maxEntryBytes: options.maxEntryBytes,
        signal: options.signal,
      }).catch((e: unknown) => {
        if (!(e instanceof ZipError)) throw e;
        throw new ZipError(`${e.message} Nor is it a netCDF file (netCDF-3, netCDF-4/HDF5).`, {
          key: source.name,
          cause: e,
        });
      });
      return { store: zip, mode: { medium: 'zip' }, name, telemetry, location: source.name };
    }
    case 'zip-file': {
      const name = stem(source.name);
      const store = await ZipStore.open(blobSource(source.file, source.name), {
        stem: name,
        maxEntryBytes: options.maxEntryBytes,
        signal: options.signal,
      });
      return { store, mode: { medium: 'zip' }, name, telemetry, location: source.name };
    }
    case 'folder': {
      const files: readonly FolderFile[] = source.files;
      let store: FolderStore;
      try {
        store = folderStore(files, source.name);
      } catch (e) {
        // No Zarr dataset inside: an Icechunk repository or a CFA master with its fragments (open-folder.ts).
        if (!isZarrviewError(e) || e.code !== 'not-found') throw e;
        const other = await openFolderNonZarr(files, source.name, options, telemetry, openStore);
        if (other) return other;
        throw e;
      }
      const refs = await openRefsFolder(store, source.name, options, telemetry, openStore);
      if (refs) return refs; // Parquet references (open-refs.ts)
      // A picked parent folder: the dataset folder inside names the dataset (`ds.zarr/` → `ds`).
      const name = stem(store.root ? store.root.replace(/\/$/, '') : source.name);
      return { store, mode: { medium: 'file' }, name, telemetry, location: source.name };
    }
  }
}
