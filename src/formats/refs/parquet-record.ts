/**
 * One record file of Parquet references decoded with hyparquet (loaded by a dynamic import on first use), after
 * checks that keep a damaged file from hanging or exhausting it: every column chunk names a schema column, and
 * every page header (read with hyparquet's own header reader) has sizes inside its chunk and at most the row
 * group's rows; decompressed pages are bounded.
 */
import type { FileMetaData } from 'hyparquet';
import { MetadataError } from '../../errors';

/** One row: a chunk's reference. */
export interface Row {
  readonly path: string | null;
  readonly offset: number;
  readonly size: number;
  readonly raw: Uint8Array | null;
}

/** Largest decompressed page of a record file (its header says the size; a damaged one must not allocate more). */
const MAX_PAGE_BYTES = 256 * 2 ** 20;
/** Most pages of one column chunk. */
const MAX_PAGES = 100_000;

type HeaderReader = (reader: { view: DataView; offset: number }) => {
  type: string;
  uncompressed_page_size: number;
  compressed_page_size: number;
  data_page_header?: { num_values: number } | undefined;
  data_page_header_v2?:
    | {
        num_values: number;
        num_rows: number;
        definition_levels_byte_length: number;
        repetition_levels_byte_length: number;
      }
    | undefined;
  dictionary_page_header?: { num_values: number } | undefined;
};

/**
 * Throws when a column chunk names no leaf of the schema (hyparquet would find that out only after it has
 * started reading every column, leaving their failures unhandled), or when a page header is out of bounds
 * (hyparquet trusts them: a negative page size loops for ever).
 */
function check(metadata: FileMetaData, buffer: ArrayBuffer, parquetHeader: HeaderReader): void {
  const leaves = new Set<string>();
  const walk = (i: number, prefix: string[]): number => {
    const el = metadata.schema[i];
    if (!el) throw new Error('the schema is shorter than its elements say');
    const path = i === 0 ? prefix : [...prefix, el.name];
    let next = i + 1;
    for (let c = 0; c < (el.num_children ?? 0); c++) next = walk(next, path);
    if (!el.num_children) leaves.add(path.join('\u0000'));
    return next;
  };
  walk(0, []);
  for (const group of metadata.row_groups) {
    const rows = Number(group.num_rows);
    for (const column of group.columns) {
      const meta = column.meta_data;
      if (!meta || !leaves.has(meta.path_in_schema.join('\u0000')))
        throw new Error('a column chunk names no column of the schema');
      const start = Number(meta.dictionary_page_offset ?? meta.data_page_offset);
      const end = start + Number(meta.total_compressed_size);
      if (!(start >= 0 && end <= buffer.byteLength && start <= end))
        throw new Error('a column chunk lies outside the file');
      const reader = { view: new DataView(buffer, 0, end), offset: start };
      for (let pages = 0; reader.offset < end - 1; pages++) {
        const h = parquetHeader(reader);
        const values =
          h.data_page_header?.num_values ??
          h.data_page_header_v2?.num_values ??
          h.dictionary_page_header?.num_values ??
          0;
        if (
          pages > MAX_PAGES ||
          !(h.compressed_page_size >= 0 && reader.offset + h.compressed_page_size <= end) ||
          !(h.uncompressed_page_size >= 0 && h.uncompressed_page_size <= MAX_PAGE_BYTES) ||
          !(values >= 0 && values <= Math.max(rows, h.dictionary_page_header ? values : 0)) ||
          !((h.data_page_header_v2?.num_rows ?? 0) <= rows) ||
          !levelsInside(h)
        )
          throw new Error('a page header is out of bounds');
        reader.offset += h.compressed_page_size;
      }
    }
  }
}

/** A version-2 data page's level bytes lie inside the page (hyparquet loops for ever on some that do not). */
function levelsInside(h: ReturnType<HeaderReader>): boolean {
  const v2 = h.data_page_header_v2;
  if (!v2) return true;
  const levels = v2.definition_levels_byte_length + v2.repetition_levels_byte_length;
  return (
    v2.definition_levels_byte_length >= 0 && v2.repetition_levels_byte_length >= 0 && levels <= h.compressed_page_size
  );
}

function toNumber(x: unknown): number {
  const n = typeof x === 'bigint' ? Number(x) : typeof x === 'number' ? x : 0;
  return Number.isSafeInteger(n) && n >= 0 ? n : -1;
}

function toBytes(x: unknown): Uint8Array | null {
  if (x instanceof Uint8Array) return x;
  if (typeof x === 'string') return new TextEncoder().encode(x);
  return null;
}

/** The rows of a record file (`key`: its path, for messages); `MetadataError` when it is damaged. */
export async function decodeRecord(bytes: Uint8Array, key: string): Promise<Row[]> {
  const [{ parquetMetadata, parquetReadObjects, parquetSchema }, { parquetHeader }, { compressors }] =
    await Promise.all([import('hyparquet'), import('hyparquet/src/column.js'), import('hyparquet-compressors')]);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const file = { byteLength: buffer.byteLength, slice: (s: number, e?: number) => buffer.slice(s, e) };
  let rows: Record<string, unknown>[];
  try {
    const metadata = parquetMetadata(buffer);
    parquetSchema(metadata);
    check(metadata, buffer, parquetHeader as unknown as HeaderReader);
    const bounded = Object.fromEntries(
      // SNAPPY stays hyparquet's own (JavaScript): hysnappy compiles WebAssembly synchronously, which browsers
      // refuse on the main thread past 4 KB.
      Object.entries(compressors)
        .filter(([codec]) => codec !== 'SNAPPY')
        .map(([codec, decompress]) => [
          codec,
          (input: Uint8Array, outputLength: number) => {
            if (!(outputLength <= MAX_PAGE_BYTES)) throw new Error(`a page says it holds ${outputLength} bytes`);
            return decompress(input, outputLength);
          },
        ]),
    );
    rows = await parquetReadObjects({ file, metadata, compressors: bounded, utf8: false });
  } catch (e) {
    throw new MetadataError(`The Parquet reference file is damaged: ${(e as Error).message}`, { key, cause: e });
  }
  return rows.map((r) => ({
    path: typeof r.path === 'string' ? r.path : r.path instanceof Uint8Array ? new TextDecoder().decode(r.path) : null,
    offset: toNumber(r.offset),
    size: toNumber(r.size),
    raw: toBytes(r.raw),
  }));
}
