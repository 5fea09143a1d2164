/**
 * What an entry is, from what can be known cheaply: a file by its name (then by its first bytes, `kindOfBytes`,
 * when it is selected), a folder by the names of its children (a Zarr/NCZarr store by its metadata objects, an
 * Icechunk repository by its `repo` object or `refs/` + `snapshots/` folders), a STAC asset by its media type.
 */
import type { EntryKind } from './types';

/** A file's kind by its name: netCDF/HDF5 suffixes, zips, kerchunk reference JSON. */
export function kindOfFileName(name: string): EntryKind {
  const n = name.toLowerCase();
  if (/\.(nc|nc3|nc4|netcdf|cdf|h5|hdf5|he5|hdf|h5netcdf)$/.test(n)) return 'netcdf';
  if (n.endsWith('.zip')) return 'zip';
  if (/\.(json|parq|parquet)$/.test(n) && /(ref|kerchunk|combined|virtual)/.test(n)) return 'refs';
  return 'file';
}

/** A folder's kind by its name alone (before its children are listed). */
export function kindOfFolderName(name: string): EntryKind {
  const n = name.toLowerCase();
  if (/\.(zarr|zr3|ome\.zarr)$/.test(n)) return 'zarr';
  if (n.endsWith('.icechunk')) return 'icechunk';
  if (n.endsWith('.parq')) return 'refs';
  return 'folder';
}

/** Metadata objects of a Zarr store's root. */
export const ZARR_ROOT_OBJECTS = ['zarr.json', '.zgroup', '.zarray', '.zmetadata', '.zattrs'] as const;

/**
 * A folder's kind from its children's names: `zarr` when it has Zarr metadata objects (whether NCZarr is decided
 * by reading them, `isNczarrText`), `icechunk` for a repository, `refs` for a Parquet reference folder, else
 * `folder`. Files and folders are names without slashes.
 */
export function kindOfFolderListing(files: readonly string[], folders: readonly string[]): EntryKind {
  const f = new Set(files);
  const d = new Set(folders);
  if (f.has('.nczarr')) return 'nczarr';
  if (ZARR_ROOT_OBJECTS.some((k) => f.has(k))) return 'zarr';
  if (f.has('repo') || (d.has('refs') && d.has('snapshots'))) return 'icechunk';
  return 'folder';
}

/** The root metadata objects read to tell NCZarr from Zarr, in that order. */
export const STORE_ROOT_DOCS = ['zarr.json', '.zattrs', '.zgroup'] as const;

/**
 * A folder's kind from its children's names, NCZarr told from Zarr by reading the root metadata objects it has
 * (`read`: a child's first bytes, undefined when absent).
 */
export async function kindOfStore(
  files: readonly string[],
  folders: readonly string[],
  read: (name: string) => Promise<Uint8Array | undefined>,
): Promise<EntryKind> {
  const kind = kindOfFolderListing(files, folders);
  if (kind !== 'zarr') return kind;
  for (const doc of STORE_ROOT_DOCS) {
    if (!files.includes(doc)) continue;
    const bytes = await read(doc);
    if (bytes && isNczarrText(new TextDecoder().decode(bytes))) return 'nczarr';
  }
  return 'zarr';
}

/** netCDF-C writes `_nczarr_superblock` (or `_NCZARR_SUPERBLOCK` before 4.9.1) in a root group's metadata. */
export function isNczarrText(text: string): boolean {
  return /"_nczarr_(superblock|group)"/i.test(text);
}

/** A file's kind by its first bytes: netCDF-3 (`CDF\x01|\x02|\x05`), HDF5/netCDF-4 (`\x89HDF\r\n\x1a\n`), zip. */
export function kindOfBytes(bytes: Uint8Array): EntryKind | undefined {
  const b = (i: number) => bytes[i] ?? -1;
  if (b(0) === 0x43 && b(1) === 0x44 && b(2) === 0x46 && [1, 2, 5].includes(b(3))) return 'netcdf3';
  const hdf = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];
  if (hdf.every((v, i) => b(i) === v)) return 'netcdf4';
  if (b(0) === 0x50 && b(1) === 0x4b && b(2) === 0x03 && b(3) === 0x04) return 'zip';
  if (b(0) === 0x7b) return undefined; // JSON: a reference file or not, the name said
  return 'file';
}

/** What a file's first bytes say it is, in words (the netCDF-3 variant, netCDF-4/HDF5, zip, no dataset). */
export function formatOfBytes(bytes: Uint8Array): string | undefined {
  const kind = kindOfBytes(bytes);
  if (kind === 'netcdf3')
    return bytes[3] === 1 ? 'netCDF-3 classic' : bytes[3] === 2 ? 'netCDF-3 64-bit offset' : 'CDF-5';
  if (kind === 'netcdf4') return 'netCDF-4/HDF5';
  if (kind === 'zip') return 'zip';
  if (kind === 'file') return 'not a dataset';
  return undefined;
}

/** A STAC asset's kind by its media type, roles and href. */
export function kindOfAsset(type: string | undefined, roles: readonly string[], href: string): EntryKind {
  const t = (type ?? '').toLowerCase();
  const path = href.split(/[?#]/)[0]!.replace(/\/+$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (t.includes('icechunk') || roles.includes('icechunk')) return 'icechunk';
  if (t.includes('zarr')) return 'zarr';
  if (t.includes('netcdf') || t.includes('x-hdf') || t.includes('hdf5')) return 'netcdf';
  if (roles.some((r) => r === 'references' || r === 'kerchunk' || r === 'index') && /\.(json|parq)$/i.test(last))
    return 'refs';
  if (t.includes('kerchunk')) return 'refs';
  const byFolder = kindOfFolderName(last);
  if (byFolder !== 'folder') return byFolder;
  return kindOfFileName(last);
}

/** Whether the kind is a dataset that opens (not a place, not an unknown file). */
export const opensAsDataset = (k: EntryKind): boolean =>
  k !== 'folder' && k !== 'catalog' && k !== 'item' && k !== 'file' && k !== 'opendap';
