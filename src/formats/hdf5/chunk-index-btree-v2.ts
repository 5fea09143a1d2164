import { readV2Tree, v2Find, v2Records, type V2Tree } from './btree-v2.ts';
import type { Cursor } from './cursor.ts';
import { location, type ChunkGeometry, type ChunkIndex, type ChunkLocation } from './chunk-index-types.ts';

/** The v2 B-tree chunk index (layout 4 type 5: more than one unlimited dimension). Records 10 and 11. */
export function btreeV2Index(g: ChunkGeometry, address: number | undefined): ChunkIndex {
  const rank = g.chunk.length;
  const O = g.ctx.format.offsetSize;
  let tree: Promise<V2Tree> | undefined;
  const open = async () => {
    const t = await (tree ??= readV2Tree(g.ctx, address!, g.filtered ? 11 : 10));
    const fixed = O + 8 * rank + (g.filtered ? 4 : 0);
    if (t.recordSize < fixed + (g.filtered ? 1 : 0) || (!g.filtered && t.recordSize !== fixed)) {
      throw new Error(`records of ${t.recordSize} bytes do not fit a rank-${rank} chunk index`);
    }
    return t;
  };
  const parse = (r: Cursor, t: V2Tree) => {
    r.seek(0);
    const offset = r.defined('chunk address');
    let size = g.chunk.reduce((a, b) => a * b, 1) * g.elementSize;
    let filterMask = 0;
    if (g.filtered) {
      size = r.uint(t.recordSize - O - 4 - 8 * rank, 'chunk size');
      filterMask = r.u32();
    }
    const scaled: number[] = [];
    for (let i = 0; i < rank; i++) scaled.push(r.u64('scaled offset'));
    return { offset, size, filterMask, scaled };
  };
  return {
    async get(target) {
      if (address === undefined) return undefined;
      const t = await open();
      const found = await v2Find(g.ctx, t, (r) => {
        const { scaled } = parse(r, t);
        for (let i = 0; i < rank; i++) if (target[i] !== scaled[i]) return target[i]! < scaled[i]! ? -1 : 1;
        return 0;
      });
      if (!found) return undefined;
      const p = parse(found, t);
      return location(g, p.scaled, p.offset, p.size, p.filterMask);
    },
    async all() {
      if (address === undefined) return [];
      const t = await open();
      if (t.totalRecords > g.ctx.limits.maxChunks) throw new Error(`${t.totalRecords} chunks are more than allowed`);
      const out: ChunkLocation[] = [];
      for (const r of await v2Records(g.ctx, t)) {
        const p = parse(r, t);
        out.push(location(g, p.scaled, p.offset, p.size, p.filterMask));
      }
      return out;
    },
  };
}
