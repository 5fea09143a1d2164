/**
 * netCDF-4 and HDF5 in the format registry: sniffed by the HDF5 signature (`\x89HDF\r\n\x1a\n`) at byte 0 or at
 * 512, 1024, 2048 … (a user block); opened by reading every object header through the HDF5 reader's page cache
 * (no data) into a `Netcdf4Store`.
 */
import { MetadataError, isZarrviewError } from '../../errors';
import { type Hdf5File, openHdf5 } from '../hdf5/index';
import { nczarrDocuments } from '../nczarr-docs';
import type { ByteSource, FileFormat, FileStore, OpenFormatOptions } from '../types';
import { describe, unreadableKeys } from './metadata';
import { Netcdf4Store } from './store';
import { attr, readNetcdf4Tree } from './walk';

const SIGNATURE = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];

/** Whether the HDF5 signature is at `at` in `head`. */
const signatureAt = (head: Uint8Array, at: number) => SIGNATURE.every((b, i) => head[at + i] === b);

/** The HDF5 signature at 0, 512, 1024, … within the bytes read. */
export function isHdf5(head: Uint8Array): boolean {
  if (signatureAt(head, 0)) return true;
  for (let at = 512; at + SIGNATURE.length <= head.length; at *= 2) if (signatureAt(head, at)) return true;
  return false;
}

function damaged(e: unknown, key: string): unknown {
  if (isZarrviewError(e) && e.code !== 'metadata') return e;
  const why = e instanceof Error ? e.message : String(e);
  return new MetadataError(`is not a readable netCDF-4/HDF5 file: ${why}`, { key, cause: e });
}

/**
 * The file as a store, its hierarchy read whole; external links are followed to the files `sibling` gives (they
 * are named as lost where it gives none).
 */
export async function openNetcdf4(
  source: ByteSource,
  signal?: AbortSignal,
  sibling?: OpenFormatOptions['sibling'],
): Promise<FileStore> {
  let file: Hdf5File;
  try {
    const bounded = (s: ByteSource) => ({
      size: s.size,
      description: s.description,
      read: (o: number, n: number, sig?: AbortSignal) => s.read(o, n, sig ?? signal),
    });
    const openExternal = sibling && (async (name: string) => bounded(await sibling(name, signal)));
    const root = await openHdf5(bounded(source), { signal, openExternal });
    file = root.file;
    const tree = await readNetcdf4Tree(file);
    const classic = attr(tree.attributes, '_nc3_strict') !== undefined;
    const { docs, plans } = describe(tree);
    // netcdf-c's test of a netCDF-4 file (NC4_isnetcdf4): a root marker, else two reserved attributes anywhere.
    const isNetcdf4 = classic || attr(tree.attributes, '_NCProperties') !== undefined || (tree.markers ?? 0) >= 2;
    return new Netcdf4Store(
      source,
      file,
      classic ? 'netCDF-4 classic model' : 'netCDF-4',
      { superblockVersion: file.superblock.version, isNetcdf4 },
      nczarrDocuments(docs),
      plans,
      unreadableKeys(tree),
    );
  } catch (e) {
    throw damaged(e, source.description);
  }
}

export const netcdf4: FileFormat = {
  name: 'netCDF-4/HDF5',
  sniff: isHdf5,
  open: (source, options) => openNetcdf4(source, options?.signal, options?.sibling),
};
