/**
 * Where each variable's bytes are in a netCDF-3 file, as netcdf-c computes it (NC_var_shape, NC_computeshapes):
 * a non-record variable is one contiguous run at `begin`; a record variable has one slab per record at
 * `begin + r * recsize`, where `recsize` sums every record variable's slab rounded up to 4 bytes, except when
 * there is exactly one record variable (then its slab is not padded and its records follow each other).
 *
 * The virtual chunks: a variable whose bytes are one run (non-record, or the only record variable) is cut along
 * its leading dimensions into chunks of whole rows of about `CHUNK_TARGET` bytes, so a slice reads only the
 * rows it needs; any other record variable has a chunk per record (cut the same way inside the record).
 */
import { MetadataError } from '../../errors';
import type { Nc3Dimension, Nc3Header, Nc3Variable } from './header';

/** A variable that fits in this many bytes is one chunk. */
const WHOLE_LIMIT = 4 * 2 ** 20;
/** Bytes per chunk of a bigger variable (whole rows, so a little less or, for one huge row, exactly this). */
const CHUNK_TARGET = 2 * 2 ** 20;

export interface VarLayout {
  readonly variable: Nc3Variable;
  readonly dimensions: readonly Nc3Dimension[];
  /** The shape, with the record dimension's current length (numrecs). */
  readonly shape: readonly number[];
  readonly chunks: readonly number[];
  /** A record variable interleaved with others: one chunk per record, `recsize` bytes apart. */
  readonly interleaved: boolean;
  /** Bytes of one element. */
  readonly itemSize: number;
}

export interface Nc3Layout {
  readonly numrecs: number;
  /** Bytes from one record to the next. */
  readonly recsize: number;
  /** File offset of the first record (of the first record variable in the file). */
  readonly beginRec: number;
  readonly variables: readonly VarLayout[];
}

const product = (xs: readonly number[]) => xs.reduce((a, b) => a * b, 1);

/** Chunks of whole trailing rows of at most CHUNK_TARGET bytes (the whole variable when it is small). */
export function chooseChunks(shape: readonly number[], itemSize: number): number[] {
  const whole = shape.map((n) => Math.max(1, n));
  if (product(whole) * itemSize <= WHOLE_LIMIT) return whole;
  const chunks = [...whole];
  let block = itemSize;
  for (let i = whole.length - 1; i >= 0; i--) {
    const n = whole[i] as number;
    if (block * n <= CHUNK_TARGET) {
      block *= n;
      continue;
    }
    chunks[i] = Math.max(1, Math.floor(CHUNK_TARGET / block));
    for (let j = 0; j < i; j++) chunks[j] = 1;
    break;
  }
  return chunks;
}

function isRecord(v: Nc3Variable, dims: readonly Nc3Dimension[]): boolean {
  const first = v.dimIds[0];
  return first !== undefined && dims[first]?.length === 0;
}

/** Bytes of one record's slab (or the whole of a non-record variable), before padding. */
function slabBytes(v: Nc3Variable, dims: readonly Nc3Dimension[]): number {
  const lengths = v.dimIds.map((id) => dims[id]?.length ?? 0);
  const rest = isRecord(v, dims) ? lengths.slice(1) : lengths;
  const n = product(rest) * v.type.size;
  if (!Number.isSafeInteger(n)) throw new MetadataError(`variable ${v.name} is larger than any file can be.`);
  return n;
}

const pad4 = (n: number) => n + ((4 - (n % 4)) % 4);

/**
 * The layout of every variable. `fileSize` gives the record count of a file written in streaming mode
 * (numrecs unknown): the whole records the file holds.
 */
export function layoutOf(header: Nc3Header, fileSize: number): Nc3Layout {
  const dims = header.dimensions;
  const records = header.variables.filter((v) => isRecord(v, dims));
  const first = records[0];
  let recsize = records.reduce((n, v) => n + pad4(slabBytes(v, dims)), 0);
  if (records.length === 1 && first) recsize = slabBytes(first, dims);
  if (!Number.isSafeInteger(recsize)) throw new MetadataError('the records are larger than any file can be.');
  const beginRec = records.reduce((m, v) => Math.min(m, v.begin), first?.begin ?? 0);
  let numrecs = header.numrecs ?? 0;
  if (header.numrecs === null && first && recsize > 0) {
    // Streaming: the records whose every slab is in the file (the last record may stop after its last slab).
    const end = records.reduce((m, v) => Math.max(m, v.begin - beginRec + slabBytes(v, dims)), 0);
    numrecs = fileSize - beginRec < end ? 0 : Math.floor((fileSize - beginRec - end) / recsize) + 1;
  }
  if (records.length > 0 && !Number.isSafeInteger(numrecs * recsize))
    throw new MetadataError(`it says ${numrecs} records of ${recsize} bytes, more than any file holds.`);
  const variables = header.variables.map((v): VarLayout => {
    const record = isRecord(v, dims);
    const dimensions = v.dimIds.map((id) => dims[id] as Nc3Dimension);
    const shape = dimensions.map((d) => (d.length === 0 ? numrecs : d.length));
    const interleaved = record && records.length > 1;
    const chunks = interleaved ? [1, ...chooseChunks(shape.slice(1), v.type.size)] : chooseChunks(shape, v.type.size);
    if (!Number.isSafeInteger(product(shape) * v.type.size))
      throw new MetadataError(`variable ${v.name} is larger than any file can be.`);
    return { variable: v, dimensions, shape, chunks, interleaved, itemSize: v.type.size };
  });
  return { numrecs, recsize, beginRec, variables };
}

export interface ChunkRange {
  /** File offset of the chunk's first byte. */
  readonly offset: number;
  /** Bytes of the chunk in the file (less than `size` for a chunk at the edge of the array). */
  readonly length: number;
  /** Bytes of the whole chunk as Zarr decodes it. */
  readonly size: number;
}

/**
 * Element offset and valid element count of a chunk of a contiguous C-order array whose chunks are single
 * along the leading dimensions, cut along one, and whole along the rest: only the cut clips the run.
 */
function run(shape: readonly number[], chunks: readonly number[], coords: readonly number[]): [number, number] {
  let start = 0;
  let stride = 1;
  let count = -1;
  for (let i = shape.length - 1; i >= 0; i--) {
    const n = shape[i] as number;
    const ch = chunks[i] as number;
    const c = coords[i] as number;
    start += c * ch * stride;
    if (count < 0 && ch < n) count = Math.min(ch, n - c * ch) * stride;
    stride *= n;
  }
  return [start, count < 0 ? stride : count];
}

/** Where the chunk at `coords` is in the file; undefined for coordinates outside the chunk grid. */
export function chunkRange(v: VarLayout, coords: readonly number[], recsize: number): ChunkRange | undefined {
  const { shape, chunks, itemSize } = v;
  const rank = Math.max(1, shape.length);
  if (coords.length !== rank) return undefined;
  for (let i = 0; i < shape.length; i++) {
    const c = coords[i] as number;
    if (!Number.isInteger(c) || c < 0 || c * (chunks[i] as number) >= (shape[i] as number)) return undefined;
  }
  if (shape.length === 0)
    return coords[0] === 0 ? { offset: v.variable.begin, length: itemSize, size: itemSize } : undefined;
  const size = product(chunks) * itemSize;
  if (v.interleaved) {
    const [start, count] = run(shape.slice(1), chunks.slice(1), coords.slice(1));
    const offset = v.variable.begin + (coords[0] as number) * recsize + start * itemSize;
    return { offset, length: count * itemSize, size };
  }
  const [start, count] = run(shape, chunks, coords);
  return { offset: v.variable.begin + start * itemSize, length: count * itemSize, size };
}
