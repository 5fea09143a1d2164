/**
 * netCDF-3 (classic CDF-1, 64-bit offset CDF-2, 64-bit data CDF-5) in the format registry: sniffed by `CDF\x01`,
 * `CDF\x02` or `CDF\x05`; opened by reading the header (in 64 KiB pages, only as far as it goes) into a
 * `Netcdf3Store`.
 */
import { MetadataError, isZarrviewError } from '../../errors';
import { concatBytes } from '../../bytes';
import type { ByteSource, FileFormat, OpenFormatOptions } from '../types';
import { type Nc3Header, NeedMore, nc3Version, parseHeader } from './header';
import { Netcdf3Store } from './store';

/** The first read, and each further page of a longer header. */
export const HEADER_PAGE = 64 * 1024;
/** The longest header read (real headers are kilobytes; a few of many thousand variables reach megabytes). */
export const MAX_HEADER_BYTES = 64 * 2 ** 20;

function damaged(e: unknown, key: string): unknown {
  if (isZarrviewError(e) && (e.key === key || e.code !== 'metadata')) return e;
  const why = e instanceof Error ? e.message : String(e);
  return new MetadataError(`is not a readable netCDF-3 file: ${why}`, { key, cause: e });
}

/** Reads and parses the header, extending the read only while the header goes on. */
export async function readHeader(source: ByteSource, options: OpenFormatOptions = {}): Promise<Nc3Header> {
  const key = source.description;
  let have = options.head ?? (await source.read(0, Math.min(HEADER_PAGE, source.size), options.signal));
  for (;;) {
    try {
      return parseHeader(have, source.size, key);
    } catch (e) {
      if (!(e instanceof NeedMore)) throw damaged(e, key);
      // Doubling keeps the parses of a long header few (each starts again from byte 0).
      const want = Math.min(source.size, Math.max(e.bytes, 2 * have.length, HEADER_PAGE));
      if (want > MAX_HEADER_BYTES)
        throw new MetadataError(`has a netCDF-3 header over ${MAX_HEADER_BYTES / 2 ** 20} MiB; not read.`, { key });
      const more = await source.read(have.length, want - have.length, options.signal);
      if (more.length < want - have.length)
        throw new MetadataError(`ended at ${have.length + more.length} bytes while its header was read.`, { key });
      have = concatBytes([have, more]);
    }
  }
}

export const netcdf3: FileFormat = {
  name: 'netCDF-3',
  sniff: (head) => nc3Version(head) !== undefined,
  open: async (source, options) => {
    const header = await readHeader(source, options);
    try {
      return new Netcdf3Store(source, header);
    } catch (e) {
      throw damaged(e, source.description);
    }
  },
};
