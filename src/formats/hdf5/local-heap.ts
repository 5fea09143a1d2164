import type { Context } from './context.ts';
import { utf8 } from './cursor.ts';
import { Hdf5Error } from './errors.ts';

/** A local heap's data segment (names of an old-style group, soft link values). */
export interface LocalHeap {
  readonly address: number;
  readonly data: Uint8Array;
}

/** Reads a local heap ("HEAP") and its data segment. */
export async function readLocalHeap(ctx: Context, address: number): Promise<LocalHeap> {
  const c = await ctx.cursor(address, 8 + 2 * ctx.format.lengthSize + ctx.format.offsetSize, 'local heap');
  c.signature('HEAP');
  const version = c.u8();
  if (version !== 0) throw c.fail(`local heap version ${version}`);
  c.skip(3);
  const size = c.length('data segment size');
  c.lengthOrUnlimited(); // head of the free list
  const dataAddress = c.defined('data segment');
  const data = (await ctx.cursor(dataAddress, size, 'local heap data segment')).bytes;
  return { address, data };
}

/** The NUL-terminated string at `offset` of the heap. */
export function heapString(heap: LocalHeap, offset: number, structure: string): string {
  if (offset >= heap.data.length) {
    throw new Hdf5Error(structure, `name offset ${offset} is outside the local heap (${heap.data.length} bytes)`, {
      address: heap.address,
    });
  }
  const end = heap.data.indexOf(0, offset);
  if (end < 0) {
    throw new Hdf5Error(structure, `unterminated name at offset ${offset} of the local heap`, {
      address: heap.address,
    });
  }
  return utf8(heap.data.subarray(offset, end));
}
