import { lookup3 } from './checksum.ts';
import type { Context } from './context.ts';
import { Cursor } from './cursor.ts';
import { Hdf5Error } from './errors.ts';

/** Message types this reader interprets (HDF5 File Format Specification, section IV.A.2). */
export const MSG = {
  nil: 0x00,
  dataspace: 0x01,
  linkInfo: 0x02,
  datatype: 0x03,
  fillValueOld: 0x04,
  fillValue: 0x05,
  link: 0x06,
  externalFiles: 0x07,
  layout: 0x08,
  groupInfo: 0x0a,
  filterPipeline: 0x0b,
  attribute: 0x0c,
  continuation: 0x10,
  symbolTable: 0x11,
  attributeInfo: 0x15,
} as const;

/** Message flag: the message is stored elsewhere (a committed datatype, the shared message heap). */
export const FLAG_SHARED = 0x02;

export interface Message {
  readonly type: number;
  readonly flags: number;
  /** Absolute file offset of the message's data. */
  readonly address: number;
  readonly data: Uint8Array;
  /** The message's creation order, when the header tracks it (attributes of netCDF-4 files do). */
  readonly creationOrder?: number;
}

export interface ObjectHeader {
  readonly address: number;
  readonly version: 1 | 2;
  readonly messages: readonly Message[];
  /**
   * Where the first continuation block that lies past the end of the file starts (a truncated file): the messages
   * before it are kept, those in it (and in the blocks it would have led to) are missing.
   */
  readonly lostAt?: number | undefined;
}

interface Block {
  readonly address: number;
  readonly length: number;
}

/**
 * Reads the object header at `address` (versions 1 and 2) with all its continuation blocks; version 2 checksums are
 * verified. A continuation that points back into a block already read is refused; one that lies past the end of
 * the file (a truncated file) is skipped and noted as `lostAt`.
 */
export async function readObjectHeader(ctx: Context, address: number): Promise<ObjectHeader> {
  const prefix = await ctx.cursorUpTo(address, 64, 'object header');
  if (prefix.remaining >= 4 && prefix.bytes[0] === 0x4f && prefix.bytes[1] === 0x48) {
    return readV2(ctx, address, prefix);
  }
  return readV1(ctx, address, prefix);
}

async function readV1(ctx: Context, address: number, prefix: Cursor): Promise<ObjectHeader> {
  const version = prefix.u8();
  if (version !== 1) throw prefix.fail(`version ${version} is not 1 or 2 (not an object header?)`);
  prefix.skip(1);
  prefix.u16(); // message count: the blocks are read to their end instead
  prefix.u32(); // reference count
  const size = prefix.u32();
  const messages: Message[] = [];
  const pending: Block[] = [{ address: address + 16, length: size }];
  const seen = new Set<number>();
  let lostAt: number | undefined;
  let first = true;
  while (pending.length > 0) {
    const block = pending.shift()!;
    guardBlock(ctx, seen, block, address);
    if (!first && pastEnd(ctx, block)) {
      lostAt ??= block.address;
      continue;
    }
    first = false;
    const c = await ctx.cursor(block.address, block.length, 'object header');
    while (c.remaining >= 8) {
      const type = c.u16();
      const len = c.u16();
      const flags = c.u8();
      c.skip(3);
      const at = c.pos;
      const data = c.take(len);
      pushMessage(ctx, messages, pending, { type, flags, address: block.address + at, data }, c);
    }
  }
  return { address, version: 1, messages, lostAt };
}

async function readV2(ctx: Context, address: number, prefix: Cursor): Promise<ObjectHeader> {
  prefix.signature('OHDR');
  const version = prefix.u8();
  if (version !== 2) throw prefix.fail(`version ${version} of an "OHDR" header`);
  const flags = prefix.u8();
  if (flags & 0x20) prefix.skip(16); // access, modification, change and birth times
  if (flags & 0x10) prefix.skip(4); // attribute phase change values
  const chunkSize = prefix.uint(1 << (flags & 3), 'chunk size');
  const start = prefix.pos;
  const whole = await ctx.cursor(address, start + chunkSize + 4, 'object header');
  verify(whole, 'object header');
  const creationOrder = (flags & 0x04) !== 0;
  const messages: Message[] = [];
  const pending: Block[] = [];
  whole.seek(start);
  parseV2Messages(ctx, whole, start + chunkSize, creationOrder, address, messages, pending);
  const seen = new Set<number>([address]);
  let lostAt: number | undefined;
  while (pending.length > 0) {
    const block = pending.shift()!;
    guardBlock(ctx, seen, block, address);
    if (pastEnd(ctx, block)) {
      lostAt ??= block.address;
      continue;
    }
    const c = await ctx.cursor(block.address, block.length, 'object header continuation');
    c.signature('OCHK');
    verify(c, 'object header continuation');
    c.seek(4);
    parseV2Messages(ctx, c, block.length - 4, creationOrder, block.address, messages, pending);
  }
  return { address, version: 2, messages, lostAt };
}

function parseV2Messages(
  ctx: Context,
  c: Cursor,
  end: number,
  creationOrder: boolean,
  blockAddress: number,
  messages: Message[],
  pending: Block[],
): void {
  const headerSize = creationOrder ? 6 : 4;
  while (end - c.pos >= headerSize) {
    const type = c.u8();
    const len = c.u16();
    const flags = c.u8();
    const order = creationOrder ? { creationOrder: c.u16() } : {};
    if (c.pos + len > end) throw c.fail(`message of ${len} bytes runs past its block`);
    const at = c.pos;
    const data = c.take(len);
    pushMessage(ctx, messages, pending, { type, flags, address: blockAddress + at, data, ...order }, c);
  }
}

function pushMessage(ctx: Context, messages: Message[], pending: Block[], m: Message, c: Cursor): void {
  if (messages.length >= ctx.limits.maxMessages) throw c.fail(`more than ${ctx.limits.maxMessages} messages`);
  if (m.type === MSG.continuation) {
    const mc = new Cursor(m.data, m.address, 'continuation message', ctx.format);
    const address = mc.defined('continuation block');
    const length = mc.length();
    pending.push({ address, length });
    return;
  }
  if (m.type !== MSG.nil) messages.push(m);
}

/** A block that ends past the end of the file: the file was cut short there. */
const pastEnd = (ctx: Context, block: Block) => block.address + block.length > ctx.cache.limit;

function guardBlock(ctx: Context, seen: Set<number>, block: Block, header: number): void {
  if (seen.has(block.address)) {
    throw new Hdf5Error('object header', `continuation block at ${block.address} is read twice (a cycle)`, {
      address: header,
    });
  }
  if (seen.size > ctx.limits.maxContinuations) {
    throw new Hdf5Error('object header', `more than ${ctx.limits.maxContinuations} continuation blocks`, {
      address: header,
    });
  }
  seen.add(block.address);
}

/** Checks the lookup3 checksum in a structure's last four bytes. */
export function verify(c: Cursor, structure: string): void {
  const n = c.bytes.length;
  if (n < 4) throw c.fail(`${structure} too short for its checksum`);
  const stored = (c.bytes[n - 4]! | (c.bytes[n - 3]! << 8) | (c.bytes[n - 2]! << 16) | (c.bytes[n - 1]! << 24)) >>> 0;
  if (lookup3(c.bytes.subarray(0, n - 4)) !== stored) throw c.fail(`${structure} checksum mismatch`);
}
