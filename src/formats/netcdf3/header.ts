/**
 * The netCDF-3 header (classic CDF-1, 64-bit offset CDF-2, 64-bit data CDF-5), parsed as netcdf-c's v1hpg.c
 * reads it: magic, numrecs, dimensions, global attributes, variables (name, dimension ids, attributes, type,
 * vsize, begin). Every count and length is checked against the bytes the file has before anything is
 * allocated, so a hostile header ends in a `MetadataError`, never in a hang or a giant allocation.
 *
 * The parse is synchronous over the bytes read so far; when it needs more it throws `NeedMore` and
 * `readHeader` (read.ts) reads the next page and parses again.
 */
import { MetadataError } from '../../errors';
import { decodeEscaped } from '../../text/utf8';
import { type Nc3Type, nc3Type } from './types';

export type Nc3Version = 1 | 2 | 5;

export interface Nc3Attribute {
  readonly name: string;
  readonly type: Nc3Type;
  /** The values' bytes as stored (big-endian, without the padding). */
  readonly bytes: Uint8Array;
  readonly count: number;
}

export interface Nc3Dimension {
  readonly name: string;
  /** 0 for the record (unlimited) dimension. */
  readonly length: number;
}

export interface Nc3Variable {
  readonly name: string;
  readonly dimIds: readonly number[];
  readonly attributes: readonly Nc3Attribute[];
  readonly type: Nc3Type;
  /** The file offset of the variable's data (of its first record, for a record variable). */
  readonly begin: number;
}

export interface Nc3Header {
  readonly version: Nc3Version;
  /** The record count as stored; `null` when the header says STREAMING (indeterminate). */
  readonly numrecs: number | null;
  readonly dimensions: readonly Nc3Dimension[];
  readonly attributes: readonly Nc3Attribute[];
  readonly variables: readonly Nc3Variable[];
  /** Bytes the header takes. */
  readonly size: number;
}

/** The parse ran out of the bytes read so far: read at least `bytes` bytes and parse again. */
export class NeedMore extends Error {
  constructor(readonly bytes: number) {
    super(`need ${bytes} header bytes`);
    this.name = 'NeedMore';
  }
}

const NC_DIMENSION = 10;
const NC_VARIABLE = 11;
const NC_ATTRIBUTE = 12;
/** netcdf-c's NC_MAX_VAR_DIMS, which its reader enforces. */
const MAX_VAR_DIMS = 1024;

/** The magic number's version byte, or undefined when the bytes are no netCDF-3 file. */
export function nc3Version(head: Uint8Array): Nc3Version | undefined {
  if (head.length < 4 || head[0] !== 0x43 || head[1] !== 0x44 || head[2] !== 0x46) return undefined;
  const v = head[3];
  return v === 1 || v === 2 || v === 5 ? v : undefined;
}

class Cursor {
  pos = 4;
  private readonly view: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    readonly version: Nc3Version,
    private readonly fileSize: number,
    private readonly fail: (message: string) => MetadataError,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Bytes left in the file after the cursor. */
  get left(): number {
    return this.fileSize - this.pos;
  }

  need(n: number, what: string): void {
    if (n > this.left) throw this.fail(`${what} runs past the end of the file (${this.fileSize} bytes).`);
    if (this.pos + n > this.bytes.length) throw new NeedMore(this.pos + n);
  }

  u32(what: string): number {
    this.need(4, what);
    const v = this.view.getUint32(this.pos);
    this.pos += 4;
    return v;
  }

  u64(what: string): bigint {
    this.need(8, what);
    const v = this.view.getBigUint64(this.pos);
    this.pos += 8;
    return v;
  }

  /** A NON_NEG: 32 bits, 64 in CDF-5. */
  size(what: string): number {
    return this.version === 5 ? this.safe(this.u64(what), what) : this.u32(what);
  }

  /** An OFFSET: 32 bits in CDF-1, 64 otherwise. */
  offset(what: string): number {
    return this.version === 1 ? this.u32(what) : this.safe(this.u64(what), what);
  }

  safe(v: bigint, what: string): number {
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw this.fail(`${what} is ${v}, beyond any file.`);
    return Number(v);
  }

  take(n: number, what: string): Uint8Array {
    this.need(n, what);
    const b = this.bytes.slice(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }

  /** Skips the padding to the next multiple of 4 after `n` bytes. */
  pad(n: number, what: string): void {
    const p = (4 - (n % 4)) % 4;
    this.need(p, what);
    this.pos += p;
  }

  /** A count of items of at least `min` bytes each, bounded by the bytes the file has left. */
  count(min: number, what: string): number {
    const n = this.size(`the number of ${what}`);
    if (n * min > this.left) throw this.fail(`it says ${n} ${what}, more than its ${this.left} remaining bytes hold.`);
    return n;
  }
}

function readName(c: Cursor, what: string): string {
  const n = c.size(`the name length of ${what}`);
  if (n > c.left) throw new MetadataError(`the name of ${what} is ${n} bytes long, past the end of the file.`);
  const bytes = c.take(n, `the name of ${what}`);
  c.pad(n, `the name of ${what}`);
  const name = decodeEscaped(bytes);
  // Names become store keys of the virtual Zarr store: netCDF names never hold these.
  if (name === '' || name.includes('/') || name.includes('\0') || name.startsWith('.'))
    throw new MetadataError(`${what} has the name ${JSON.stringify(name)}, which netCDF does not allow.`);
  return name;
}

/** The tag of a list (NC_DIMENSION etc.) and its count; ABSENT is a zero tag and a zero count. */
function listHead(c: Cursor, tag: number, min: number, what: string): number {
  const t = c.u32(`the ${what} list`);
  const n = c.count(min, what);
  if (t === 0 && n === 0) return 0;
  if (t !== tag) throw new MetadataError(`the ${what} list has the tag ${t}, not ${tag}.`);
  return n;
}

function readAttributes(c: Cursor, owner: string): Nc3Attribute[] {
  const minItem = c.version === 5 ? 24 : 12;
  const n = listHead(c, NC_ATTRIBUTE, minItem, `attributes of ${owner}`);
  const out: Nc3Attribute[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const name = readName(c, `an attribute of ${owner}`);
    const what = `attribute ${name} of ${owner}`;
    if (seen.has(name)) throw new MetadataError(`${owner} has two attributes named ${name}.`);
    seen.add(name);
    const code = c.u32(`the type of ${what}`);
    const type = nc3Type(code);
    if (!type) throw new MetadataError(`${what} has the type code ${code}, which netCDF-3 does not have.`);
    const count = c.size(`the length of ${what}`);
    if (count * type.size > c.left) throw new MetadataError(`${what} says ${count} values, more than the file holds.`);
    const bytes = c.take(count * type.size, `the values of ${what}`);
    c.pad(bytes.length, `the values of ${what}`);
    out.push({ name, type, bytes, count });
  }
  return out;
}

/**
 * Parses a netCDF-3 header from its first bytes (`bytes`, of a file of `fileSize` bytes). Throws `NeedMore`
 * when the header is longer than `bytes`, a `MetadataError` when it is no valid header.
 */
export function parseHeader(bytes: Uint8Array, fileSize: number, key: string): Nc3Header {
  const version = nc3Version(bytes);
  if (version === undefined) throw new MetadataError('this is not a netCDF-3 file (no CDF magic number).', { key });
  const c = new Cursor(bytes, version, fileSize, (m) => new MetadataError(m));
  const raw = c.version === 5 ? c.u64('numrecs') : BigInt(c.u32('numrecs'));
  const streaming = raw === (version === 5 ? 0xffffffffffffffffn : 0xffffffffn);
  const numrecs = streaming ? null : c.safe(raw, 'numrecs');
  const nd = listHead(c, NC_DIMENSION, version === 5 ? 16 : 8, 'dimensions');
  const dimensions: Nc3Dimension[] = [];
  for (let i = 0; i < nd; i++) {
    const name = readName(c, `dimension ${i}`);
    if (dimensions.some((d) => d.name === name)) throw new MetadataError(`two dimensions are named ${name}.`);
    const length = c.size(`the length of dimension ${name}`);
    if (length === 0 && dimensions.some((d) => d.length === 0))
      throw new MetadataError(`dimension ${name} is a second unlimited dimension; netCDF-3 has one.`);
    dimensions.push({ name, length });
  }
  const attributes = readAttributes(c, 'the global attributes');
  const minVar = version === 5 ? 48 : 28;
  const nv = listHead(c, NC_VARIABLE, minVar, 'variables');
  const variables: Nc3Variable[] = [];
  const names = new Set<string>();
  for (let i = 0; i < nv; i++) {
    const name = readName(c, `variable ${i}`);
    if (names.has(name)) throw new MetadataError(`two variables are named ${name}.`);
    names.add(name);
    const rank = c.size(`the rank of variable ${name}`);
    if (rank > MAX_VAR_DIMS)
      throw new MetadataError(`variable ${name} has ${rank} dimensions (at most ${MAX_VAR_DIMS}).`);
    const dimIds: number[] = [];
    for (let k = 0; k < rank; k++) {
      const id = c.size(`a dimension id of variable ${name}`);
      const dim = dimensions[id];
      if (!dim) throw new MetadataError(`variable ${name} uses dimension id ${id}; the file has ${nd}.`);
      if (dim.length === 0 && k > 0)
        throw new MetadataError(
          `variable ${name} has the unlimited dimension ${dim.name} in position ${k}, not first.`,
        );
      dimIds.push(id);
    }
    const attrs = readAttributes(c, `variable ${name}`);
    const code = c.u32(`the type of variable ${name}`);
    const type = nc3Type(code);
    if (!type) throw new MetadataError(`variable ${name} has the type code ${code}, which netCDF-3 does not have.`);
    c.size(`the size of variable ${name}`); // vsize: netcdf-c recomputes it from the shape, and so do we.
    const begin = c.offset(`the data offset of variable ${name}`);
    variables.push({ name, dimIds, attributes: attrs, type, begin });
  }
  return { version, numrecs, dimensions, attributes, variables, size: c.pos };
}
