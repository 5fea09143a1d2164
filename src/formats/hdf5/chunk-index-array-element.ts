import type { Cursor } from './cursor.ts';
import { chunkBytes, location, type ChunkGeometry, type ChunkLocation } from './chunk-index-types.ts';

/**
 * A chunk element of a fixed or extensible array at the cursor: the address, and for filtered chunks the stored
 * size (in the bytes the element size leaves) and the filter mask. `undefined` when the chunk was never written.
 */
export function chunkElement(
  c: Cursor,
  g: ChunkGeometry,
  elementSize: number,
  scaled: readonly number[],
): ChunkLocation | undefined {
  const start = c.pos;
  const address = c.addr();
  let size = chunkBytes(g);
  let mask = 0;
  if (g.filtered) {
    size = c.uint(elementSize - g.ctx.format.offsetSize - 4, 'chunk size');
    mask = c.u32();
  }
  c.seek(start + elementSize);
  return address === undefined ? undefined : location(g, scaled, address, size, mask);
}

/** Checks an array header's element size against what the dataset's chunks need. */
export function checkElementSize(c: Cursor, g: ChunkGeometry, elementSize: number): void {
  const O = g.ctx.format.offsetSize;
  const ok = g.filtered ? elementSize > O + 4 && elementSize <= O + 12 : elementSize === O;
  if (!ok) throw c.fail(`elements of ${elementSize} bytes do not fit ${g.filtered ? 'filtered' : 'unfiltered'} chunks`);
}
