/**
 * Where the bytes of an HDF5 file come from: anything that reads a range (HTTP Range requests, S3, `Blob.slice`,
 * a buffer in memory). `read` may return fewer bytes than asked only at the end of the file.
 */
export interface ByteSource {
  /** The file's length in bytes, when known (bounds every offset; otherwise the superblock's end address does). */
  readonly size?: number | undefined;
  read(offset: number, length: number, signal?: AbortSignal): Promise<Uint8Array>;
}

/**
 * A source over bytes in memory.
 *
 * @example
 * const root = await openHdf5(bytesSource(new Uint8Array(await file.arrayBuffer())));
 */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: (offset, length) => Promise.resolve(bytes.subarray(offset, Math.min(bytes.length, offset + length))),
  };
}

/** A source over a `Blob` or `File`, read by `slice` (only the ranges asked for are read). */
export function blobSource(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
  };
}
