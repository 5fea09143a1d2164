import { WalkGuard, readV1Node, type V1Node } from './btree-v1.ts';
import type { Cursor } from './cursor.ts';
import { location, type ChunkGeometry, type ChunkIndex, type ChunkLocation } from './chunk-index-types.ts';

interface Key {
  readonly size: number;
  readonly filterMask: number;
  readonly offsets: number[];
}

function key(c: Cursor, rank: number): Key {
  c.seek(0);
  const size = c.u32();
  const filterMask = c.u32();
  const offsets: number[] = [];
  for (let i = 0; i < rank; i++) offsets.push(c.u64('chunk offset'));
  return { size, filterMask, offsets };
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

/** The v1 B-tree chunk index (layout versions 1–3, and layout 4 files written for older readers). */
export function btreeV1Index(g: ChunkGeometry, root: number | undefined): ChunkIndex {
  const rank = g.chunk.length;
  const keySize = 8 + 8 * (rank + 1);
  const node = (address: number): Promise<V1Node> => readV1Node(g.ctx, address, 1, keySize);
  return {
    async get(scaled) {
      if (root === undefined) return undefined;
      const target = scaled.map((s, i) => s * g.chunk[i]!);
      const guard = new WalkGuard(g.ctx, 'chunk B-tree');
      let address = root;
      for (let depth = 0; ; depth++) {
        guard.visit(address, depth);
        const n = await node(address);
        let i = -1;
        for (let k = 0; k < n.children.length; k++) {
          if (compare(key(n.keys[k]!, rank).offsets, target) <= 0) i = k;
          else break;
        }
        if (i < 0) return undefined;
        if (n.level === 0) {
          const k = key(n.keys[i]!, rank);
          if (compare(k.offsets, target) !== 0) return undefined;
          return location(g, scaled, n.children[i]!, k.size, k.filterMask);
        }
        address = n.children[i]!;
      }
    },
    async all() {
      const out: ChunkLocation[] = [];
      if (root === undefined) return out;
      const guard = new WalkGuard(g.ctx, 'chunk B-tree');
      const walk = async (address: number, depth: number): Promise<void> => {
        guard.visit(address, depth);
        const n = await node(address);
        for (let i = 0; i < n.children.length; i++) {
          if (n.level > 0) {
            await walk(n.children[i]!, depth + 1);
            continue;
          }
          const k = key(n.keys[i]!, rank);
          const scaled = k.offsets.map((o, d) => Math.floor(o / g.chunk[d]!));
          out.push(location(g, scaled, n.children[i]!, k.size, k.filterMask));
          if (out.length > g.ctx.limits.maxChunks) throw n.keys[i]!.fail('more chunks than allowed');
        }
      };
      await walk(root, 0);
      return out;
    },
  };
}
