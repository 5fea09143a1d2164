import type { Context } from './context.ts';
import { Hdf5Error } from './errors.ts';

/** A global heap id as stored in a variable-length element or a region reference. */
export interface GlobalHeapId {
  readonly collection: number;
  readonly index: number;
}

/**
 * Reads objects of global heap collections ("GCOL"): each collection is parsed once and kept, so the elements of a
 * vlen attribute cost one read per collection.
 */
export class GlobalHeap {
  private readonly collections = new Map<number, Promise<Map<number, Uint8Array>>>();

  constructor(private readonly ctx: Context) {}

  async object(id: GlobalHeapId): Promise<Uint8Array> {
    let c = this.collections.get(id.collection);
    if (!c) {
      c = this.readCollection(id.collection);
      this.collections.set(id.collection, c);
      c.catch(() => this.collections.delete(id.collection));
    }
    const objects = await c;
    const data = objects.get(id.index);
    if (!data) {
      throw new Hdf5Error('global heap', `no object ${id.index} in the collection`, { address: id.collection });
    }
    return data;
  }

  private async readCollection(address: number): Promise<Map<number, Uint8Array>> {
    const { ctx } = this;
    const head = await ctx.cursor(address, 8 + ctx.format.lengthSize, 'global heap collection');
    head.signature('GCOL');
    const version = head.u8();
    if (version !== 1) throw head.fail(`version ${version}`);
    head.skip(3);
    const size = head.length('collection size');
    if (size < head.pos) throw head.fail(`collection size ${size} is smaller than its header`);
    const c = await ctx.cursorUpTo(address, size, 'global heap collection');
    c.seek(head.pos);
    const objects = new Map<number, Uint8Array>();
    const objectHeader = 8 + ctx.format.lengthSize;
    while (c.remaining >= objectHeader) {
      const index = c.u16();
      c.u16(); // reference count
      c.skip(4);
      const objectSize = c.length('object size');
      if (index === 0) break; // free space: the rest of the collection
      objects.set(index, c.take(objectSize));
      c.align(8);
    }
    return objects;
  }
}
