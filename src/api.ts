/**
 * The types of the one API through which the UI reaches the core (`openDataset` is in open.ts). Framework-free.
 *
 * @example
 * const ds = await openDataset({ kind: 'url', url: 'https://host/data.zarr#mode=nczarr,s3' });
 * const slice = await ds.read('/temp', [0, null, null], { signal });
 */
import type { Dataset, Variable } from './model/types';
import type { FolderFile, Source, Telemetry } from './store/types';
import type { EndpointAlias, S3Credentials } from './url/endpoints';

export type { EndpointAlias, FolderFile, S3Credentials, Source };

export interface OpenOptions {
  readonly signal?: AbortSignal | undefined;
  readonly aliases?: readonly EndpointAlias[] | undefined;
  /** Credentials for s3 URLs that have no alias with credentials. */
  readonly credentials?: (S3Credentials & { readonly region?: string | undefined }) | undefined;
  readonly onProgress?: ((p: Progress) => void) | undefined;
  /** Per-request timeout in ms for remote stores (default 30 000); failed requests are retried. */
  readonly timeoutMs?: number | undefined;
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
  readonly kind: 'html-chunks';
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
}

export interface OpenedDataset {
  readonly model: Dataset;
  /** The source as a canonical string (URL with its `#mode` fragment), for share links; never credentials. */
  readonly location: string;
  read(variablePath: string, selection: readonly DimSelection[], options?: ReadOptions): Promise<Slice>;
  telemetry(): Telemetry;
  /** What the reads so far found that concerns the whole dataset (each kind once). */
  notices?(): readonly DatasetNotice[];
  close(): void;
}
