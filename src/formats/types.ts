/**
 * What a file format answers (see README.md): is this file mine (`sniff`, by its first bytes), and the file
 * opened as a `Store` whose metadata is the netCDF model in NCZarr form and whose chunk keys are byte ranges of
 * the file with the codecs `.zarray` names.
 */
import type { Store } from '../store/types';
import type { ByteSource } from '../store/zip-reader';

export type { ByteSource };

export interface OpenFormatOptions {
  readonly signal?: AbortSignal | undefined;
  /** The file's first bytes, already read (`FIRST_READ` of them, or the whole of a smaller file). */
  readonly head?: Uint8Array | undefined;
  /**
   * The bytes of another file named relative to this one's folder (`name` as the file gives it: an HDF5 external
   * link); throws a typed error when it cannot be reached. Absent where the file was opened alone.
   */
  readonly sibling?: ((name: string, signal?: AbortSignal) => Promise<ByteSource>) | undefined;
}

/** A store made from a file read in place. */
export interface FileStore extends Store {
  /** The file format as ncdump's `_Format` names it (`classic`, `64-bit offset`, `cdf5`, `netCDF-4`). */
  readonly fileFormat: string;
}

export interface FileFormat {
  /** Short name for messages, e.g. `netCDF-3`. */
  readonly name: string;
  /** Whether a file starting with `head` (its first bytes, up to `FIRST_READ`) is of this format. */
  sniff(head: Uint8Array): boolean;
  /** Opens the file; throws a typed error (`MetadataError` for a damaged header) when it cannot. */
  open(source: ByteSource, options?: OpenFormatOptions): Promise<FileStore>;
}
