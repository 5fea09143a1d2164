/**
 * kerchunk references in Parquet (fsspec's `LazyReferenceMapper` layout): a folder holding `.zmetadata`
 * (`{"metadata": {key: JSON}, "record_size": N}`) and, per variable, record files `<var>/refs.<k>.parq` of
 * `N` rows each — one row per chunk, in C order of the chunk grid, with columns `path`, `offset`, `size`,
 * `raw`. A row with `raw` is inline data; `path` with offset and size 0 a whole object; else a byte range; a
 * row with neither is a chunk with no reference (read as missing). Record files are read with hyparquet
 * (loaded by a dynamic import when the first one is needed; zstd, gzip, brotli, lz4 and snappy through
 * hyparquet-compressors) and kept in a small cache.
 *
 * @example
 * const set = await parquetReferences(folderStore, 'https://host/refs.parq');
 * new ReferenceStore(set, base, { openTarget, description }); // as for JSON references
 */
import { MetadataError, isZarrviewError } from '../../errors';
import type { Store } from '../../store/types';
import type { Reference, ReferenceSet } from './parse';
import { decodeRecord, type Row } from './parquet-record';

/** Record files kept decoded (each holds `record_size` rows: kerchunk writes 100,000 by default). */
const CACHED_RECORDS = 32;
/** Largest record size accepted (rows of one record file). */
const MAX_RECORD_SIZE = 10_000_000;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Whether a parsed `.zmetadata` is that of Parquet references (it has `record_size`). */
export function isParquetReferenceMetadata(doc: unknown): boolean {
  return isObject(doc) && isObject(doc.metadata) && doc.record_size !== undefined;
}

function rowReference(row: Row | undefined): Reference | undefined {
  if (!row) return undefined;
  if (row.raw) return { kind: 'bytes', bytes: row.raw };
  if (row.path === null) return undefined;
  if (row.offset < 0 || row.size < 0)
    return { kind: 'invalid', message: 'has an offset or size that is not a byte count.' };
  if (row.offset === 0 && row.size === 0) return { kind: 'whole', url: row.path };
  return { kind: 'range', url: row.path, offset: row.offset, length: row.size };
}

/** Chunks per dimension of an array's `.zarray` (`[1]` for a scalar), or undefined when it does not say. */
function chunkGrid(zarray: unknown): number[] | undefined {
  if (!isObject(zarray) || !Array.isArray(zarray.shape) || !Array.isArray(zarray.chunks)) return undefined;
  const { shape, chunks } = zarray as { shape: unknown[]; chunks: unknown[] };
  if (shape.length !== chunks.length) return undefined;
  const grid = shape.map((s, i) => {
    const c = chunks[i];
    return Number.isSafeInteger(s) && Number.isSafeInteger(c) && (c as number) > 0 && (s as number) >= 0
      ? Math.ceil((s as number) / (c as number))
      : NaN;
  });
  if (grid.some((g) => !Number.isFinite(g))) return undefined;
  return grid.length ? grid : [1];
}

/**
 * The reference set of a Parquet reference folder (`folder`: a store whose root is the folder). Throws
 * `MetadataError` when `.zmetadata` is missing or malformed.
 */
export async function parquetReferences(
  folder: Store,
  description: string,
  signal?: AbortSignal,
): Promise<ReferenceSet> {
  const bytes = await folder.get('/.zmetadata', { signal });
  if (!bytes)
    throw new MetadataError(`${description} has no .zmetadata: it is no Parquet reference set.`, { key: description });
  let doc: unknown;
  try {
    doc = JSON.parse(new TextDecoder().decode(bytes));
  } catch (e) {
    throw new MetadataError(`${description}/.zmetadata is not valid JSON.`, { key: description, cause: e });
  }
  if (!isParquetReferenceMetadata(doc))
    throw new MetadataError(
      `${description}/.zmetadata has no "metadata" and "record_size": it is no Parquet reference set.`,
      {
        key: description,
      },
    );
  const { metadata, record_size: recordSize } = doc as { metadata: Record<string, unknown>; record_size: unknown };
  if (!Number.isSafeInteger(recordSize) || (recordSize as number) < 1 || (recordSize as number) > MAX_RECORD_SIZE)
    throw new MetadataError(`${description}/.zmetadata has a record_size that is not a row count.`, {
      key: description,
    });
  const size = recordSize as number;
  const refs = new Map<string, Reference>();
  for (const [k, v] of Object.entries(metadata))
    refs.set(k.replace(/^\/+/, ''), { kind: 'inline', text: JSON.stringify(v) });
  if (!refs.has('.zmetadata'))
    refs.set('.zmetadata', { kind: 'inline', text: JSON.stringify({ metadata, zarr_consolidated_format: 1 }) });
  const records = new Map<string, Promise<Row[] | undefined>>();
  const record = (field: string, k: number, signal?: AbortSignal): Promise<Row[] | undefined> => {
    const file = `${field}/refs.${k}.parq`;
    let known = records.get(file);
    if (known) {
      records.delete(file); // most recently used last
      records.set(file, known);
      return known;
    }
    known = folder.get(`/${file}`, { signal }).then((b) => (b ? decodeRecord(b, file) : undefined));
    known.catch(() => records.delete(file));
    records.set(file, known);
    if (records.size > CACHED_RECORDS) records.delete(records.keys().next().value!);
    return known;
  };
  const lookup = async (key: string, signal?: AbortSignal): Promise<Reference | undefined> => {
    const slash = key.lastIndexOf('/');
    if (slash < 0) return undefined;
    const field = key.slice(0, slash);
    const grid = chunkGrid(metadata[`${field}/.zarray`]);
    const idx = key
      .slice(slash + 1)
      .split('.')
      .map(Number);
    if (!grid || idx.length !== grid.length || idx.some((x, d) => !Number.isSafeInteger(x) || x < 0 || x >= grid[d]!))
      return undefined;
    let n = 0;
    idx.forEach((x, d) => (n = n * grid[d]! + x));
    if (!Number.isSafeInteger(n)) return undefined;
    try {
      const rows = await record(field, Math.floor(n / size), signal);
      return rowReference(rows?.[n % size]);
    } catch (e) {
      if (isZarrviewError(e)) throw e;
      throw new MetadataError(`The Parquet reference of ${key} cannot be read: ${(e as Error).message}`, {
        key,
        cause: e,
      });
    }
  };
  return { version: 1, refs, lookup };
}
