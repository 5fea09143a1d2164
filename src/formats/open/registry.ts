/**
 * The file formats read in place, by the magic bytes at their start (never by file name). Adding a format is a
 * folder beside `netcdf3/` and one line in `FORMATS`.
 *
 * @example
 * const store = await openFile(blobSource(file, file.name)); // undefined when no format knows the file
 */
import { AbortedError } from '../../errors';
import { netcdf3 } from '../netcdf3/format';
import { netcdf4 } from '../netcdf4/format';
import type { ByteSource, FileFormat, FileStore, OpenFormatOptions } from '../types';

export type { ByteSource, FileFormat, FileStore, OpenFormatOptions };

export const FORMATS: readonly FileFormat[] = [netcdf3, netcdf4];

/** Bytes read at once from the start of a file: enough to sniff, and the whole header of most files. */
export const FIRST_READ = 64 * 1024;

/** The format whose magic bytes start `head`, if any. */
export function sniffFormat(head: Uint8Array): FileFormat | undefined {
  return FORMATS.find((f) => f.sniff(head));
}

/**
 * Reads the file's first bytes and opens it with the format they name; undefined when no format knows them.
 * Errors of reading and of a damaged file (typed) are thrown.
 */
export async function openFile(source: ByteSource, options: OpenFormatOptions = {}): Promise<FileStore | undefined> {
  if (options.signal?.aborted) throw new AbortedError({ cause: options.signal.reason });
  const head = await source.read(0, Math.min(FIRST_READ, source.size), options.signal);
  const format = sniffFormat(head);
  return format?.open(withHead(source, head), { ...options, head });
}

/** The source with reads inside its first bytes answered from them (a copy each: a reader may keep or move it). */
function withHead(source: ByteSource, head: Uint8Array): ByteSource {
  return {
    ...source,
    read: (offset, length, signal) =>
      offset >= 0 && offset + length <= head.length
        ? Promise.resolve(head.slice(offset, offset + length))
        : source.read(offset, length, signal),
  };
}
