import type { AbsolutePath, AsyncReadable, GetOptions, RangeQuery } from '@zarrita/storage';

export type { AbsolutePath, RangeQuery };

/** Where a dataset comes from. */
export type Source =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'zip-file'; readonly file: Blob; readonly name: string }
  /** One dropped or picked file of a format read in place (src/formats: netCDF-3), or a zip. */
  | { readonly kind: 'file'; readonly file: Blob; readonly name: string }
  | { readonly kind: 'folder'; readonly files: readonly FolderFile[]; readonly name: string }
  /** Dropped or picked files opened as one dataset (src/aggregate/dropped.ts): `members` are paths among `files`. */
  | {
      readonly kind: 'dropped-join';
      readonly files: readonly FolderFile[];
      readonly members: readonly string[];
      readonly name: string;
      /** The dimension or scalar coordinate to join along; chosen from the members when absent. */
      readonly join?: string | undefined;
    };

/** A file of a dropped or picked folder, keyed by its path relative to the folder (`a/.zarray`). */
export interface FolderFile {
  readonly path: string;
  readonly file: Blob;
}

/** One level of a listing: names relative to the listed prefix. */
export interface Listing {
  /** Object names directly under the prefix (no slash). */
  readonly files: readonly string[];
  /** Sub-folder names directly under the prefix (no slash). */
  readonly folders: readonly string[];
}

export interface RequestOptions extends GetOptions {
  /**
   * Called whenever the request makes progress (response headers, each part of the body): the timeout counts idle
   * time from the request's start or its last progress, not the whole transfer (see timeout.ts).
   */
  readonly onActivity?: (() => void) | undefined;
  /**
   * Called with each part of the body as it arrives and its offset in the body (stores that read by parts; the
   * others call nothing). The part is the caller's: it may be transferred. A request tried again restarts at 0.
   */
  readonly onPart?: ((part: Uint8Array, offset: number) => void) | undefined;
  /**
   * The read's priority (`low`: a prefetch), for stores whose objects are reads of other stores (a join's chunk is
   * a read of its member's): their reads keep it. Other stores ignore it.
   */
  readonly priority?: 'normal' | 'low' | undefined;
}

/**
 * A GET that another thread (a decode worker) may make itself: a public URL needing no credentials and no headers.
 * The store's limits still apply: its concurrency limit through `acquire`, its time limit without progress as
 * `idleMs`. Retries are the caller's to give up on: it falls back to `get`, which has them all.
 */
export interface DirectRequest {
  readonly url: string;
  /**
   * A place among the store's requests in flight (its concurrency limit), held until the release is called (calling
   * it again does nothing).
   */
  acquire?(signal?: AbortSignal): Promise<() => void>;
  /** Whether other requests wait for a place now (a place given back early then starts one at once). */
  crowded?(): boolean;
  /** The store's time limit without progress (ms): the other thread gives up after it and the caller falls back. */
  readonly idleMs?: number | undefined;
  /** A 403 means the object is missing (an S3 bucket that denies listing answers 403 for absent keys), as a 404. */
  readonly forbiddenIsMissing?: boolean | undefined;
  /**
   * Report a request made this way, for telemetry: `bytes` read (0 for a missing object), or `failed` when it did
   * not bring the object and the store's own request follows (a failed attempt and its retry, as the store counts
   * its own).
   */
  done(bytes: number, failed?: boolean): void;
}

/**
 * The store every reader and the data path use: zarrita's `AsyncReadable` (`get`, `getRange`), plus listing
 * where the medium can list (S3, folders, zips), and a human description for messages.
 */
export interface Store extends AsyncReadable {
  get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined>;
  getRange?(key: AbsolutePath, range: RangeQuery, options?: RequestOptions): Promise<Uint8Array | undefined>;
  /** Lists one level under `prefix` (an absolute path ending in `/`, or `/` for the root). */
  list?(prefix: AbsolutePath, options?: RequestOptions): Promise<Listing>;
  /** Where the data lives, for messages: a URL, `folder name/`, `file.zip`. */
  readonly description: string;
  /** The object as a request another thread can make (see `DirectRequest`), where the store allows it. */
  direct?(key: AbsolutePath): DirectRequest | undefined;
  /** A file read in place through src/formats: its format as ncdump's `_Format` names it (`classic`, `cdf5`). */
  readonly fileFormat?: string | undefined;
  /** A netCDF-4/HDF5 file: the superblock version and whether netCDF-4 wrote it, as `ncdump -s` shows them. */
  readonly fileSpecial?: FileSpecial | undefined;
  /** A version of a versioned repository (Icechunk): which one and how it was written. */
  readonly repository?: RepositoryVersion | undefined;
  /** A versioned repository's branches, tags and snapshots. */
  history?(signal?: AbortSignal): Promise<RepositoryHistory>;
  /** Where a virtual, versioned or aggregated dataset's bytes come from (see `SourceSummary`). */
  sources?(signal?: AbortSignal): Promise<SourceSummary>;
  /** Fragment files of an aggregation found missing so far, as the dataset names them. */
  missingFragments?(): readonly string[];
}

/** Where the bytes of a virtual, versioned or aggregated dataset come from (plain data for the Report). */
export interface SourceSummary {
  readonly kind: 'kerchunk' | 'icechunk' | 'cfa';
  /** Chunks (kerchunk: references) by where their bytes are: inside the document or repository, or elsewhere. */
  readonly chunks: {
    /** Bytes held in the document or manifest itself. */
    readonly inline: number;
    /** Chunk objects of the repository (Icechunk). */
    readonly native: number;
    /** Byte ranges or whole objects of other files. */
    readonly virtual: number;
  };
  /** What the other files are (`netCDF-4/HDF5`, `netCDF-3`, `Zarr`, `other`), with how many of each. */
  readonly formats: Readonly<Record<string, number>>;
  /** Hosts the dataset reads from besides its own (`host:port`, `s3://bucket`, `local files`). */
  readonly hosts: readonly string[];
  /** Icechunk: the repository's spec version and writer. */
  readonly specVersion?: number | undefined;
  readonly implementation?: string | undefined;
  /** kerchunk: the document's version (0 or 1). */
  readonly referenceVersion?: number | undefined;
  /** What is only partly known (a Parquet set's records not all read, a listing the server refused). */
  readonly partial?: string | undefined;
}

/** A repository's history, newest snapshot first (plain data for the history panel). */
export interface RepositoryHistory {
  readonly branches: readonly { readonly name: string; readonly snapshot: string }[];
  readonly tags: readonly { readonly name: string; readonly snapshot: string }[];
  readonly snapshots: readonly {
    readonly id: string;
    readonly parent: string | undefined;
    readonly message: string;
    readonly writtenAt: number;
    readonly metadataNames: readonly string[];
  }[];
  /** Only the branches and tags named so far are known (spec 1 where the store cannot list `refs/`). */
  readonly partial: boolean;
}

/** The version of a repository a store reads (plain data, kept in the model). */
export interface RepositoryVersion {
  readonly format: 'icechunk';
  readonly specVersion: number;
  /** The writing library as the repository names it (`ic-2.2.2`); empty when it does not say. */
  readonly implementation: string;
  /** What the location asked for (`main` when it named nothing). */
  readonly ref: { readonly kind: 'branch' | 'tag' | 'snapshot'; readonly name: string };
  readonly snapshot: {
    readonly id: string;
    readonly message: string;
    /** Milliseconds since 1970 (UTC). */
    readonly writtenAt: number;
  };
}

/** What `ncdump -s` says of an HDF5 file as a whole (`_SuperblockVersion`, `_IsNetcdf4`). */
export interface FileSpecial {
  readonly superblockVersion: number;
  readonly isNetcdf4: boolean;
}

/** Counters the UI's telemetry panel shows. */
export interface Telemetry {
  requests: number;
  bytes: number;
  retries: number;
  failures: number;
  cacheHits: number;
  cacheMisses: number;
  chunksDecoded: number;
  /** Chunks a read found already loaded (or loading) by a prefetch. */
  prefetchHits: number;
  /** Slice images made by the worker task that decoded the slice's one chunk. */
  imagesWithDecode: number;
  /** Chunks decoded while their bytes arrived (Blosc blocks as they came in). */
  decodedWhileArriving: number;
}

export function emptyTelemetry(): Telemetry {
  return {
    requests: 0,
    bytes: 0,
    retries: 0,
    failures: 0,
    cacheHits: 0,
    cacheMisses: 0,
    chunksDecoded: 0,
    prefetchHits: 0,
    imagesWithDecode: 0,
    decodedWhileArriving: 0,
  };
}
