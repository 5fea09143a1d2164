import type { ByteSource } from './byte-source.ts';
import { lookup3 } from './checksum.ts';
import { Cursor, type Format } from './cursor.ts';
import { Hdf5Error } from './errors.ts';
import type { PageCache } from './page-cache.ts';

const SIGNATURE = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];

export interface Superblock {
  readonly version: number;
  /** Absolute offset of the superblock: the size of the user block before it. */
  readonly offset: number;
  readonly format: Format;
  /** Absolute address of the root group's object header. */
  readonly rootAddress: number;
  /** Absolute end-of-file address the superblock records. */
  readonly endOfFile: number | undefined;
  /** Version 0/1: the root group's B-tree and local heap from the symbol table entry's cache, if cached. */
  readonly rootSymbolTable: { readonly btree: number; readonly heap: number } | undefined;
  /** Version 2/3: the superblock extension's object header, if any. */
  readonly extension: number | undefined;
}

function isSignature(bytes: Uint8Array, at: number): boolean {
  return SIGNATURE.every((b, i) => bytes[at + i] === b);
}

/**
 * Finds the superblock at 0, 512, 1024, 2048, … (a user block may precede it) and parses versions 0–3.
 * `size` bounds the search when it is known.
 */
export async function readSuperblock(cache: PageCache, source: ByteSource, signal?: AbortSignal): Promise<Superblock> {
  const size = source.size ?? Number.MAX_SAFE_INTEGER;
  let offset = -1;
  for (let at = 0; at + 8 <= size && at <= 2 ** 40; at = at === 0 ? 512 : at * 2) {
    const probe = await cache.read(at, Math.min(8, size - at), 'superblock', signal).catch((e: unknown) => {
      if (at === 0) throw e;
      return undefined;
    });
    if (!probe) break;
    if (isSignature(probe, 0)) {
      offset = at;
      break;
    }
  }
  if (offset < 0) throw new Hdf5Error('superblock', 'no HDF5 signature found: this is not an HDF5 file');
  const head = await cache.read(offset, Math.min(256, cache.limit - offset), 'superblock', signal);
  const version = head[8];
  if (version === 0 || version === 1) return parseV0(head, offset, version);
  if (version === 2 || version === 3) return parseV2(head, offset, version);
  throw new Hdf5Error('superblock', `version ${String(version)} is not one this reader knows (0–3)`, {
    address: offset,
  });
}

function sizes(offsetSize: number, lengthSize: number, offset: number): void {
  for (const [what, n] of [
    ['size of offsets', offsetSize],
    ['size of lengths', lengthSize],
  ] as const) {
    if (n !== 2 && n !== 4 && n !== 8) throw new Hdf5Error('superblock', `${what} is ${n}`, { address: offset });
  }
}

function parseV0(head: Uint8Array, offset: number, version: number): Superblock {
  const c = new Cursor(head, offset, 'superblock', { offsetSize: 8, lengthSize: 8, base: offset });
  c.skip(9);
  c.skip(4); // free-space, root symbol table entry, reserved, shared header message versions
  const offsetSize = c.u8();
  const lengthSize = c.u8();
  sizes(offsetSize, lengthSize, offset);
  c.skip(1);
  c.skip(4); // group leaf and internal node K
  c.skip(4); // consistency flags
  if (version === 1) c.skip(4); // indexed storage K, reserved
  const format: Format = { offsetSize, lengthSize, base: offset };
  const f = new Cursor(head, offset, 'superblock', format);
  f.seek(c.pos);
  f.addr(); // base address: addresses are taken relative to where the superblock was found
  f.addr(); // free-space info (reserved)
  const endOfFile = f.addr();
  f.addr(); // driver information block
  f.addr(); // root entry: link name offset (an address-sized field)
  const rootAddress = f.defined('root group object header address');
  const cacheType = f.u32();
  f.skip(4);
  let rootSymbolTable: Superblock['rootSymbolTable'];
  if (cacheType === 1) {
    const btree = f.addr();
    const heap = f.addr();
    if (btree !== undefined && heap !== undefined) rootSymbolTable = { btree, heap };
  }
  return { version, offset, format, rootAddress, endOfFile, rootSymbolTable, extension: undefined };
}

function parseV2(head: Uint8Array, offset: number, version: number): Superblock {
  const offsetSize = head[9] ?? 0;
  const lengthSize = head[10] ?? 0;
  sizes(offsetSize, lengthSize, offset);
  const format: Format = { offsetSize, lengthSize, base: offset };
  const c = new Cursor(head, offset, 'superblock', format);
  c.seek(12);
  c.addr(); // base address
  const extension = c.addr();
  const endOfFile = c.addr();
  const rootAddress = c.defined('root group object header address');
  const end = c.pos;
  const stored = c.u32();
  if (lookup3(head.subarray(0, end)) !== stored) throw c.fail('checksum mismatch');
  return { version, offset, format, rootAddress, endOfFile, rootSymbolTable: undefined, extension };
}
