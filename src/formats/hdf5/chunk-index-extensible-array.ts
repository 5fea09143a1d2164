import type { Context } from './context.ts';
import { Cursor, log2 } from './cursor.ts';
import { verify } from './object-header.ts';
import { chunkElement, checkElementSize } from './chunk-index-array-element.ts';
import { downProducts, grid, gridCoords, maxGrid, type ChunkGeometry, type ChunkIndex } from './chunk-index-types.ts';

interface Header {
  readonly elementSize: number;
  readonly maxBits: number;
  readonly indexElements: number;
  readonly minElements: number;
  readonly minPointers: number;
  readonly pageElements: number;
  /** One past the highest element ever set: the elements after it are unset. */
  readonly maxIndexSet: number;
  readonly indexBlock: number | undefined;
  /** Per super block: data blocks, elements per data block, first element index, first data block index. */
  readonly superBlocks: readonly { ndblks: number; dblkElements: number; startIndex: number; startBlock: number }[];
}

async function header(ctx: Context, g: ChunkGeometry, address: number): Promise<Header> {
  const L = ctx.format.lengthSize;
  const c = await ctx.cursor(address, 4 + 1 + 1 + 6 + 6 * L + ctx.format.offsetSize + 4, 'extensible array header');
  c.signature('EAHD');
  verify(c, 'extensible array header');
  if (c.u8() !== 0) throw c.fail('version is not 0');
  const client = c.u8();
  if (client !== (g.filtered ? 1 : 0)) throw c.fail(`client ${client} for ${g.filtered ? 'filtered' : 'plain'} chunks`);
  const elementSize = c.u8();
  checkElementSize(c, g, elementSize);
  const maxBits = c.u8();
  const indexElements = c.u8();
  const minElements = c.u8();
  const minPointers = c.u8();
  const pageBits = c.u8();
  c.skip(4 * L); // super and data block counts and sizes
  const maxIndexSet = c.length('maximum index set');
  c.skip(L);
  const indexBlock = c.addr();
  const pow2 = (n: number) => n > 0 && 2 ** log2(n) === n;
  if (maxBits < 1 || maxBits > 53 || !pow2(minElements) || !pow2(minPointers) || pageBits > 31) {
    throw c.fail(`parameters ${maxBits}/${minElements}/${minPointers}/${pageBits} are not valid`);
  }
  const nsblks = 1 + (maxBits - log2(minElements));
  if (nsblks < 1 || nsblks > 64) throw c.fail(`${nsblks} super blocks`);
  const superBlocks: Header['superBlocks'][number][] = [];
  let startIndex = 0;
  let startBlock = 0;
  for (let s = 0; s < nsblks; s++) {
    const ndblks = 2 ** Math.floor(s / 2);
    const dblkElements = 2 ** Math.floor((s + 1) / 2) * minElements;
    superBlocks.push({ ndblks, dblkElements, startIndex, startBlock });
    startIndex += ndblks * dblkElements;
    startBlock += ndblks;
  }
  return {
    elementSize,
    maxBits,
    indexElements,
    minElements,
    minPointers,
    pageElements: 2 ** pageBits,
    maxIndexSet,
    indexBlock,
    superBlocks,
  };
}

/** A cursor of its own at `pos` over a block's bytes (blocks are shared by concurrent lookups). */
function at0(c: Cursor, pos: number): Cursor {
  const out = new Cursor(c.bytes, c.address, c.structure, c.format);
  out.seek(pos);
  return out;
}

/** The extensible array chunk index (layout 4 type 4: one unlimited dimension). */
export function extensibleArrayIndex(g: ChunkGeometry, address: number | undefined): ChunkIndex {
  const ctx = g.ctx;
  const O = ctx.format.offsetSize;
  const rank = g.chunk.length;
  // The unlimited dimension is moved first ("swizzled") before the chunk's linear index is taken.
  const unlimited = Math.max(0, g.maxshape.indexOf(null));
  const order = [unlimited, ...Array.from({ length: rank }, (_, i) => i).filter((i) => i !== unlimited)];
  const counts = maxGrid(g);
  const down = downProducts(order.map((d) => counts[d]!));
  const arrayOffsetBytes = (h: Header) => Math.ceil(h.maxBits / 8);
  let head: Promise<Header> | undefined;
  const blocks = new Map<string, Promise<Cursor>>();

  const block = (key: string, read: () => Promise<Cursor>): Promise<Cursor> => {
    let p = blocks.get(key);
    if (!p) {
      p = read();
      blocks.set(key, p);
    }
    return p;
  };
  const checked = async (at: number, size: number, sig: string, what: string): Promise<Cursor> => {
    const c = await ctx.cursor(at, size, what);
    c.signature(sig);
    verify(c, what);
    return c;
  };

  const indexBlock = (h: Header) => {
    const ndblk = 2 * (h.minPointers - 1);
    const nsblk = h.superBlocks.length - 2 * log2(h.minPointers);
    const size = 4 + 1 + 1 + O + h.indexElements * h.elementSize + ndblk * O + Math.max(0, nsblk) * O + 4;
    return block('i', () => checked(h.indexBlock!, size, 'EAIB', 'extensible array index block'));
  };

  /** The element at `within` of the data block at `at` holding `n` elements; `undefined` if its page is unset. */
  const dataElement = async (h: Header, at: number, n: number, within: number, pageSet: () => boolean) => {
    const prefix = 4 + 1 + 1 + O + arrayOffsetBytes(h);
    if (n <= h.pageElements) {
      const c = await block(`d${at}`, () =>
        checked(at, prefix + n * h.elementSize + 4, 'EADB', 'extensible array data block'),
      );
      return at0(c, prefix + within * h.elementSize);
    }
    if (!pageSet()) return undefined;
    const page = Math.floor(within / h.pageElements);
    const pageAt = at + prefix + 4 + page * (h.pageElements * h.elementSize + 4);
    const c = await block(`p${pageAt}`, async () => {
      const p = await ctx.cursor(pageAt, h.pageElements * h.elementSize + 4, 'extensible array data block page');
      verify(p, 'extensible array data block page');
      return p;
    });
    return at0(c, (within % h.pageElements) * h.elementSize);
  };

  const element = async (h: Header, i: number): Promise<Cursor | undefined> => {
    const ib = await indexBlock(h);
    const base = 4 + 1 + 1 + O;
    if (i < h.indexElements) return at0(ib, base + i * h.elementSize);
    const e = i - h.indexElements;
    const s = log2(Math.floor(e / h.minElements) + 1);
    const sb = h.superBlocks[s];
    if (!sb) return undefined;
    const inIndex = 2 * log2(h.minPointers);
    const rel = e - sb.startIndex;
    const d = Math.floor(rel / sb.dblkElements);
    const within = rel % sb.dblkElements;
    if (s < inIndex) {
      ib.seek(base + h.indexElements * h.elementSize + (sb.startBlock + d) * O);
      const at = ib.addr();
      return at === undefined ? undefined : dataElement(h, at, sb.dblkElements, within, () => true);
    }
    ib.seek(base + h.indexElements * h.elementSize + 2 * (h.minPointers - 1) * O + (s - inIndex) * O);
    const sbAt = ib.addr();
    if (sbAt === undefined) return undefined;
    const paged = sb.dblkElements > h.pageElements;
    const bitmapBytes = paged ? Math.ceil(sb.dblkElements / h.pageElements / 8) : 0;
    const prefix = 4 + 1 + 1 + O + arrayOffsetBytes(h);
    const size = prefix + sb.ndblks * bitmapBytes + sb.ndblks * O + 4;
    const sc = await block(`s${sbAt}`, () => checked(sbAt, size, 'EASB', 'extensible array super block'));
    sc.seek(prefix + sb.ndblks * bitmapBytes + d * O);
    const at = sc.addr();
    if (at === undefined) return undefined;
    // The init bits of all the super block's data blocks' pages, packed (each block's bytes are only allocated).
    const bit = d * Math.ceil(sb.dblkElements / h.pageElements) + Math.floor(within / h.pageElements);
    const pageSet = () => (((sc.bytes[prefix + (bit >> 3)] ?? 0) >> (7 - (bit & 7))) & 1) === 1;
    return dataElement(h, at, sb.dblkElements, within, pageSet);
  };

  const get: ChunkIndex['get'] = async (scaled) => {
    if (address === undefined) return undefined;
    const h = await (head ??= header(ctx, g, address));
    if (h.indexBlock === undefined) return undefined;
    const i = order.reduce((a, d, k) => a + scaled[d]! * down[k]!, 0);
    if (i >= 2 ** h.maxBits || i >= h.maxIndexSet) return undefined;
    const c = await element(h, i);
    return c ? chunkElement(c, g, h.elementSize, scaled) : undefined;
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
