/**
 * What a place holds, as the browser and `zarrview ls` show it. A place is a location with nothing to open at its
 * root: an S3 prefix, an HTTP folder with an index, a THREDDS catalog, a STAC catalog/collection/item.
 */

/** Where a listing comes from; a plain value (it goes in share links as `url`, plus `dataset` for THREDDS). */
export type Place =
  | { readonly kind: 's3'; readonly url: string }
  | { readonly kind: 'http'; readonly url: string }
  | { readonly kind: 'thredds'; readonly url: string; readonly dataset?: string | undefined }
  | { readonly kind: 'stac'; readonly url: string }
  /** A dropped or picked folder (tree.ts): `local:<tree id>/<path>/`; it has no address, so no share link. */
  | { readonly kind: 'local'; readonly url: string };

/**
 * What an entry is. `folder`, `catalog` and `item` are places (listed when opened); the others are datasets
 * (opened). `file` is an object of no known kind.
 */
export type EntryKind =
  | 'folder'
  | 'catalog'
  | 'item'
  | 'zarr'
  | 'nczarr'
  | 'icechunk'
  | 'refs'
  | 'netcdf'
  | 'netcdf3'
  | 'netcdf4'
  | 'zip'
  | 'opendap'
  | 'file';

export interface Entry {
  /** The name shown (a key's last segment, a catalog's dataset name, a STAC asset key). */
  readonly name: string;
  readonly kind: EntryKind;
  /** The kind comes from the name or a media type only (refined by `probe`). */
  readonly guessed: boolean;
  /** Bytes, when the listing gives them. */
  readonly size?: number | undefined;
  /** ISO 8601, when the listing gives it. */
  readonly date?: string | undefined;
  /** A place to list next (folders, catalogs, items). */
  readonly place?: Place | undefined;
  /** The dataset URL to open (datasets). */
  readonly open?: string | undefined;
  /** What the lister reads to probe it: an S3 key from the bucket root, or a URL. */
  readonly key?: string | undefined;
  /** A short remark: an OPeNDAP-only dataset, a link to another host. */
  readonly note?: string | undefined;
  /** Why this entry cannot be read (its bytes, its metadata); it is listed, and does not open. */
  readonly error?: string | undefined;
  /** What its first bytes say it is, in words (`netCDF-3 64-bit offset`), once probed. */
  readonly format?: string | undefined;
  /** Why its first bytes could not be read by a probe (it still opens, or says why then). */
  readonly probeFailed?: string | undefined;
}

export interface ListPage {
  readonly entries: readonly Entry[];
  /** The cursor of the next page; absent on the last one. */
  readonly next?: string | undefined;
  /** A title for the place when its document has one (THREDDS catalog name, STAC title). */
  readonly title?: string | undefined;
  /** The place's document is still arriving: more entries will follow (an index page read as a stream). */
  readonly arriving?: boolean | undefined;
}

export interface ListRequest {
  /** From the previous page's `next`. */
  readonly cursor?: string | undefined;
  /** Only names starting with this (server-side for S3: the ListObjectsV2 prefix). */
  readonly prefixFilter?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Entries per page (S3: max-keys, at most 1000). */
  readonly pageSize?: number | undefined;
}

/** Is this entry a place to list (rather than a dataset to open)? */
export const isPlaceEntry = (e: Entry): boolean => e.kind === 'folder' || e.kind === 'catalog' || e.kind === 'item';
