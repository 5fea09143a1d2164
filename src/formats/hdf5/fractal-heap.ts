import { UnsupportedError } from '../../errors.ts';
import { WalkGuard } from './btree-v1.ts';
import { readV2Tree, v2Records, type V2Tree } from './btree-v2.ts';
import type { Context } from './context.ts';
import { Cursor, log2 } from './cursor.ts';
import { Hdf5Error } from './errors.ts';
import { verify } from './object-header.ts';

/**
 * A fractal heap ("FRHP"): where dense link and attribute storage keeps its link and attribute messages. Objects
 * are found by heap id: managed objects through the doubling table of direct and indirect blocks, tiny objects in
 * the id itself, huge objects directly or through the heap's v2 B-tree. Filtered heaps are refused.
 */
export class FractalHeap {
  private hugeTree: Promise<V2Tree> | undefined;

  private constructor(
    private readonly ctx: Context,
    readonly address: number,
    private readonly idLength: number,
    private readonly hugeTreeAddress: number | undefined,
    private readonly width: number,
    private readonly startBlockSize: number,
    private readonly maxDirectBlockSize: number,
    private readonly offsetBytes: number,
    private readonly lengthBytes: number,
    private readonly rootAddress: number | undefined,
    private readonly rootRows: number,
  ) {}

  static async open(ctx: Context, address: number): Promise<FractalHeap> {
    const O = ctx.format.offsetSize;
    const L = ctx.format.lengthSize;
    const size = 4 + 1 + 2 + 2 + 1 + 4 + L + O + L + O + 8 * L + 2 + L + L + 2 + 2 + O + 2 + 4;
    const c = await ctx.cursor(address, size, 'fractal heap');
    c.signature('FRHP');
    const version = c.u8();
    if (version !== 0) throw c.fail(`version ${version}`);
    const idLength = c.u16();
    const filterLength = c.u16();
    if (filterLength > 0) throw new UnsupportedError(`A filtered fractal heap (at byte ${address}) is not read.`);
    verify(c, 'fractal heap header');
    c.u8(); // flags
    const maxManaged = c.u32();
    c.length(); // next huge id
    const hugeTreeAddress = c.addr();
    c.skip(L); // free space in managed blocks
    c.addr(); // free space manager
    c.skip(8 * L); // managed space, allocated, iterator offset, managed/huge/tiny counts and sizes
    const width = c.u16();
    const startBlockSize = c.length('starting block size');
    const maxDirectBlockSize = c.length('maximum direct block size');
    const maxHeapBits = c.u16();
    c.u16(); // starting rows of the root indirect block
    const rootAddress = c.addr();
    const rootRows = c.u16();
    const pow2 = (n: number) => n > 0 && 2 ** log2(n) === n;
    if (!pow2(width) || !pow2(startBlockSize) || !pow2(maxDirectBlockSize) || maxDirectBlockSize < startBlockSize) {
      throw c.fail(`table width ${width}, block sizes ${startBlockSize}–${maxDirectBlockSize}`);
    }
    if (maxHeapBits < 1 || maxHeapBits > 64 || idLength < 2 || idLength > 1024) {
      throw c.fail(`heap of ${maxHeapBits} bits with ids of ${idLength} bytes`);
    }
    if (maxDirectBlockSize > ctx.limits.maxStructureBytes) throw c.fail(`direct blocks of ${maxDirectBlockSize}`);
    const offsetBytes = Math.ceil(maxHeapBits / 8);
    const lengthBytes = Math.min(Math.ceil(log2(maxDirectBlockSize) / 8), Math.floor(log2(maxManaged) / 8) + 1);
    return new FractalHeap(
      ctx,
      address,
      idLength,
      hugeTreeAddress,
      width,
      startBlockSize,
      maxDirectBlockSize,
      offsetBytes,
      lengthBytes,
      rootAddress,
      rootRows,
    );
  }

  /** The object a heap id names. */
  async get(id: Uint8Array): Promise<Uint8Array> {
    const c = new Cursor(id, this.address, 'fractal heap id', this.ctx.format);
    const flags = c.u8();
    if (flags >> 6 !== 0) throw c.fail(`heap id version ${flags >> 6}`);
    const type = (flags >> 4) & 3;
    if (type === 0) return this.managed(c.uint(this.offsetBytes, 'heap offset'), c.uint(this.lengthBytes, 'length'));
    if (type === 2) {
      const extended = this.idLength > 18;
      const n = extended ? (((flags & 0x0f) << 8) | c.u8()) + 1 : (flags & 0x0f) + 1;
      return c.take(n);
    }
    if (type === 1) return this.huge(c);
    throw c.fail(`heap id type ${type}`);
  }

  private rowSize(row: number): number {
    return row < 2 ? this.startBlockSize : this.startBlockSize * 2 ** (row - 1);
  }

  private get maxDirectRows(): number {
    return log2(this.maxDirectBlockSize) - log2(this.startBlockSize) + 2;
  }

  /** Row and column of a heap offset within an indirect block whose first row starts at 0. */
  private lookup(offset: number): { row: number; col: number } {
    const firstRow = this.startBlockSize * this.width;
    if (offset < firstRow) return { row: 0, col: Math.floor(offset / this.startBlockSize) };
    const high = log2(offset);
    const row = high - log2(firstRow) + 1;
    return { row, col: Math.floor((offset - 2 ** high) / this.rowSize(row)) };
  }

  private async managed(offset: number, length: number): Promise<Uint8Array> {
    const ctx = this.ctx;
    if (this.rootAddress === undefined)
      throw new Hdf5Error('fractal heap', 'the heap is empty', { address: this.address });
    let blockAddress = this.rootAddress;
    let blockOffset = 0; // heap offset of the block reached
    let blockSize = this.startBlockSize;
    if (this.rootRows > 0) {
      const guard = new WalkGuard(ctx, 'fractal heap');
      let rows = this.rootRows;
      let iblock = this.rootAddress;
      for (let depth = 0; ; depth++) {
        guard.visit(iblock, depth);
        const { row, col } = this.lookup(offset - blockOffset);
        if (row >= rows || col >= this.width) {
          throw new Hdf5Error('fractal heap', `offset ${offset} is outside the heap's blocks`, { address: iblock });
        }
        const child = await this.indirectEntry(iblock, rows, row * this.width + col);
        const start = blockOffset + (row === 0 ? 0 : this.startBlockSize * this.width * 2 ** (row - 1));
        const childOffset = start + col * this.rowSize(row);
        if (child === undefined)
          throw new Hdf5Error('fractal heap', `no block holds offset ${offset}`, { address: iblock });
        if (row < this.maxDirectRows) {
          blockAddress = child;
          blockOffset = childOffset;
          blockSize = this.rowSize(row);
          break;
        }
        rows = log2(this.rowSize(row)) - log2(this.startBlockSize * this.width) + 1;
        iblock = child;
        blockOffset = childOffset;
      }
    }
    const within = offset - blockOffset;
    if (within < 0 || within + length > blockSize) {
      throw new Hdf5Error('fractal heap', `object of ${length} bytes at ${offset} runs out of its block`, {
        address: blockAddress,
      });
    }
    const head = await ctx.cursor(blockAddress, 5, 'fractal heap direct block');
    head.signature('FHDB');
    return (await ctx.cursor(blockAddress + within, length, 'fractal heap object')).bytes;
  }

  /** The child address at `entry` of an indirect block of `rows` rows. */
  private async indirectEntry(address: number, rows: number, entry: number): Promise<number | undefined> {
    const O = this.ctx.format.offsetSize;
    const direct = Math.min(rows, this.maxDirectRows) * this.width;
    const indirect = Math.max(0, rows - this.maxDirectRows) * this.width;
    const prefix = 4 + 1 + O + this.offsetBytes;
    const size = prefix + (direct + indirect) * O + 4;
    const c = await this.ctx.cursor(address, size, 'fractal heap indirect block');
    c.signature('FHIB');
    verify(c, 'fractal heap indirect block');
    if (entry >= direct + indirect) throw c.fail(`entry ${entry} of ${direct + indirect}`);
    c.seek(prefix + entry * O);
    return c.addr();
  }

  private async huge(c: Cursor): Promise<Uint8Array> {
    const O = this.ctx.format.offsetSize;
    const L = this.ctx.format.lengthSize;
    if (this.idLength - 1 >= O + L) {
      const address = c.defined('huge object');
      return (await this.ctx.cursor(address, c.length('huge object length'), 'fractal heap huge object')).bytes;
    }
    const key = c.uint(Math.min(8, this.idLength - 1), 'huge object id');
    if (this.hugeTreeAddress === undefined) throw c.fail('a huge object without the huge object B-tree');
    this.hugeTree ??= readV2Tree(this.ctx, this.hugeTreeAddress, 1);
    const tree = await this.hugeTree;
    for (const r of await v2Records(this.ctx, tree)) {
      const address = r.defined('huge object');
      const length = r.length('huge object length');
      if (r.length('huge object id') === key) {
        return (await this.ctx.cursor(address, length, 'fractal heap huge object')).bytes;
      }
    }
    throw c.fail(`no huge object ${key}`);
  }
}
