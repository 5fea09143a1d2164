import type { Context } from './context.ts';
import type { Cursor } from './cursor.ts';
import { verify } from './object-header.ts';
import { chunkElement, checkElementSize } from './chunk-index-array-element.ts';
import { downProducts, grid, gridCoords, maxGrid, type ChunkGeometry, type ChunkIndex } from './chunk-index-types.ts';

interface Header {
  readonly elementSize: number;
  readonly pageBits: number;
  readonly count: number;
  readonly block: number | undefined;
}

async function header(ctx: Context, g: ChunkGeometry, address: number): Promise<Header> {
  const O = ctx.format.offsetSize;
  const c = await ctx.cursor(address, 4 + 1 + 1 + 1 + 1 + ctx.format.lengthSize + O + 4, 'fixed array header');
  c.signature('FAHD');
  verify(c, 'fixed array header');
  if (c.u8() !== 0) throw c.fail('version is not 0');
  const client = c.u8();
  if (client !== (g.filtered ? 1 : 0)) throw c.fail(`client ${client} for ${g.filtered ? 'filtered' : 'plain'} chunks`);
  const elementSize = c.u8();
  checkElementSize(c, g, elementSize);
  const pageBits = c.u8();
  const count = c.length('element count');
  const block = c.addr();
  if (pageBits > 31) throw c.fail(`pages of 2^${pageBits} elements`);
  const expected = maxGrid(g).reduce((a, b) => a * b, 1);
  if (count !== expected) throw c.fail(`${count} elements for ${expected} chunks`);
  return { elementSize, pageBits, count, block };
}

/** The fixed array chunk index (layout 4 type 3: fixed maximum shape), paged data blocks included. */
export function fixedArrayIndex(g: ChunkGeometry, address: number | undefined): ChunkIndex {
  const ctx = g.ctx;
  const O = ctx.format.offsetSize;
  const down = downProducts(maxGrid(g));
  let head: Promise<Header> | undefined;
  const pages = new Map<number, Promise<Cursor | undefined>>();

  /** The cursor over the page holding element `i` (the whole block when it is not paged) and i's index in it. */
  const pageOf = async (h: Header, i: number): Promise<[Cursor | undefined, number]> => {
    const block = h.block!;
    const pageSize = 2 ** h.pageBits;
    if (h.count <= pageSize) {
      const size = 4 + 1 + 1 + O + h.count * h.elementSize + 4;
      let p = pages.get(-1);
      if (!p) {
        p = ctx.cursor(block, size, 'fixed array data block').then((c) => {
          c.signature('FADB');
          verify(c, 'fixed array data block');
          return c;
        });
        pages.set(-1, p);
      }
      return [await p, 4 + 1 + 1 + O + i * h.elementSize];
    }
    const npages = Math.ceil(h.count / pageSize);
    const bitmap = Math.ceil(npages / 8);
    const prefix = 4 + 1 + 1 + O + bitmap + 4;
    const page = Math.floor(i / pageSize);
    let p = pages.get(page);
    if (!p) {
      p = (async () => {
        const head = await ctx.cursor(block, prefix, 'fixed array data block');
        head.signature('FADB');
        verify(head, 'fixed array data block');
        const initialised = ((head.bytes[4 + 1 + 1 + O + (page >> 3)] ?? 0) >> (7 - (page & 7))) & 1;
        if (!initialised) return undefined;
        const n = Math.min(pageSize, h.count - page * pageSize);
        const at = block + prefix + page * (pageSize * h.elementSize + 4);
        const c = await ctx.cursor(at, n * h.elementSize + 4, 'fixed array data block page');
        verify(c, 'fixed array data block page');
        return c;
      })();
      pages.set(page, p);
    }
    return [await p, (i % pageSize) * h.elementSize];
  };

  const get: ChunkIndex['get'] = async (scaled) => {
    if (address === undefined) return undefined;
    const h = await (head ??= header(ctx, g, address));
    if (h.block === undefined) return undefined;
    const i = scaled.reduce((a, s, d) => a + s * down[d]!, 0);
    if (i >= h.count) return undefined;
    const [c, at] = await pageOf(h, i);
    if (!c) return undefined;
    c.seek(at);
    return chunkElement(c, g, h.elementSize, scaled);
  };
  return {
    get,
    async all() {
      const out = [];
      for (const s of gridCoords(grid(g))) {
        const l = await get(s);
        if (l) out.push(l);
      }
      return out;
    },
  };
}
