/**
 * The types of the one API through which the UI reaches the core (`openDataset` is in open.ts). Framework-free.
 *
 * @example
 * const ds = await openDataset({ kind: 'url', url: 'https://host/data.zarr#mode=nczarr,s3' });
 * const slice = await ds.read('/temp', [0, null, null], { signal });
 */
import type { Dataset, Variable } from './model/types';
import type { FolderFile, RepositoryHistory, RepositoryVersion, Source, SourceSummary, Telemetry } from './store/types';
import type { EndpointAlias, S3Credentials } from './url/endpoints';

export type { EndpointAlias, FolderFile, RepositoryHistory, RepositoryVersion, S3Credentials, Source, SourceSummary };

export interface OpenOptions {
  readonly signal?: AbortSignal | undefined;
  readonly aliases?: readonly EndpointAlias[] | undefined;
  /** Credentials for s3 URLs that have no alias with credentials. */
  readonly credentials?: (S3Credentials & { readonly region?: string | undefined }) | undefined;
  readonly onProgress?: ((p: Progress) => void) | undefined;
  /** Per-request timeout in ms for remote stores (default 30 000); failed requests are retried. */
  readonly timeoutMs?: number | undefined;
  /**
   * Show the hierarchy before every array is read: arrays whose names the group metadata gives (NCZarr, a
   * listing) stay pending (`Group.pending`) until `load` reads them. Default false: everything is read at open.
   */
  readonly lazy?: boolean | undefined;
}

/**
 * One entry of a selection per dimension: an index (the dimension is dropped), `null` (all of it), or a
 * range with an optional step (every k-th element).
 */
export type DimSelection = number | null | { readonly start: number; readonly stop: number; readonly step?: number };

export interface Progress {
  readonly done: number;
  readonly total: number;
  readonly bytes: number;
}

export type SliceData =
  | Int8Array
  | Uint8Array
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | BigInt64Array
  | BigUint64Array
  | Float32Array
  | Float64Array
  | readonly string[]
  | readonly boolean[];

/** A read slice in C order. Complex values are interleaved (re, im) with `complex: true`. */
export interface Slice {
  readonly variable: Variable;
  readonly shape: readonly number[];
  readonly data: SliceData;
  readonly complex?: boolean;
  /** Flat indices of elements whose chunk could not be read (shown masked), with the reason. */
  readonly failedChunks?: readonly { readonly chunk: readonly number[]; readonly message: string }[];
  /** With `failedChunks`: 1 for each element (C order, as `data`) whose chunk could not be read. */
  readonly failedMask?: Uint8Array | undefined;
  /** Fixed-size string variables: 1 for each element whose chunk does not exist (it holds the fill value). */
  readonly missingMask?: Uint8Array | undefined;
  /** Chunks the server answered with a web page (HTML) in this read: read as missing (the fill value). */
  readonly htmlChunks?: number | undefined;
}

/** Something the reads of a dataset found that the user should know once (not an error of one slice). */
export interface DatasetNotice {
  /** Chunks answered with an HTML page; fragment files of an aggregation missing. */
  readonly kind: 'html-chunks' | 'missing-fragments';
  /** What it means and what to do. */
  readonly message: string;
  /** How many chunks so far. */
  readonly count: number;
  /** A variable it concerns (the first one read). */
  readonly variable: string;
}

export interface ReadOptions {
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((p: Progress) => void) | undefined;
  /**
   * Read every k-th element along each kept (not indexed) dimension: a thinned preview of a selection too big to
   * read whole (a `BudgetError` carries the smallest stride that fits).
   */
  readonly stride?: number | undefined;
  /** `low`: a prefetch — its decodes wait for reads the user waits for; a later read served by it is counted. */
  readonly priority?: 'normal' | 'low' | undefined;
  /**
   * Called as each chunk's part of a slice of several chunks is in place (a progressive display); not called
   * when the slice is one whole chunk or is served whole (already read, or joined to a read in flight).
   */
  readonly onChunk?: ((part: SlicePart) => void) | undefined;
}

/** A part of a slice being read: the chunk just assembled, in the slice's (C-order) values. */
export interface SlicePart {
  /** The slice's shape and its values so far: elements of chunks not yet assembled hold nothing yet. */
  readonly shape: readonly number[];
  readonly data: SliceData;
  /** The part just filled: first index and count along each dimension of the slice. */
  readonly start: readonly number[];
  readonly count: readonly number[];
}

export interface OpenedDataset {
  /** The model as read so far (the latest; a new object after each load that changed it). */
  readonly model: Dataset;
  /** Reads pending variables (full paths) in parallel; resolves with the model that holds them. */
  load(paths: readonly string[], options?: { readonly signal?: AbortSignal | undefined }): Promise<Dataset>;
  /** Reads everything still pending (the CDL, the report); `onProgress` counts variables. */
  loadAll(options?: {
    readonly signal?: AbortSignal | undefined;
    readonly onProgress?: ((done: number, total: number) => void) | undefined;
  }): Promise<Dataset>;
  /**
   * A variable ready to show (a full path or a bare name): read when pending, with the pending variables its axes
   * need (coordinate variables, CF `coordinates`); undefined when the dataset has no such variable.
   */
  loadVariable(path: string, options?: { readonly signal?: AbortSignal | undefined }): Promise<Variable | undefined>;
  /** Called with each new model; returns the unsubscribe function. */
  subscribe(listener: (model: Dataset) => void): () => void;
  /** The source as a canonical string (URL with its `#mode` fragment), for share links; never credentials. */
  readonly location: string;
  read(variablePath: string, selection: readonly DimSelection[], options?: ReadOptions): Promise<Slice>;
  telemetry(): Telemetry;
  /** What the reads so far found that concerns the whole dataset (each kind once). */
  notices?(): readonly DatasetNotice[];
  /** A versioned repository (Icechunk): its branches, tags and snapshots; absent for every other dataset. */
  history?(options?: { readonly signal?: AbortSignal | undefined }): Promise<RepositoryHistory>;
  /**
   * A virtual, versioned or aggregated dataset (kerchunk references, Icechunk, CFA): where its bytes come from
   * (for the Report and the Overview); may read every manifest. Absent for every other dataset.
   */
  sources?(options?: { readonly signal?: AbortSignal | undefined }): Promise<SourceSummary>;
  close(): void;
}
