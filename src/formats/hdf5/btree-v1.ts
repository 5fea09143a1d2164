import type { Context } from './context.ts';
import { Cursor } from './cursor.ts';
import { Hdf5Error } from './errors.ts';

/** A node of a version 1 B-tree: `keys` has one more entry than `children`. */
export interface V1Node {
  readonly address: number;
  readonly level: number;
  readonly keys: readonly Cursor[];
  readonly children: readonly number[];
}

/**
 * Reads a v1 B-tree node ("TREE") of `type` (0 group nodes, 1 chunk nodes) whose keys are `keySize` bytes. Only
 * the entries in use are read.
 */
export async function readV1Node(ctx: Context, address: number, type: number, keySize: number): Promise<V1Node> {
  const O = ctx.format.offsetSize;
  const head = await ctx.cursor(address, 8 + 2 * O, 'v1 B-tree node');
  head.signature('TREE');
  const nodeType = head.u8();
  if (nodeType !== type) throw head.fail(`node type ${nodeType}, expected ${type}`);
  const level = head.u8();
  const used = head.u16();
  const size = 8 + 2 * O + (used + 1) * keySize + used * O;
  const c = await ctx.cursor(address, size, 'v1 B-tree node');
  c.seek(8 + 2 * O);
  const keys: Cursor[] = [];
  const children: number[] = [];
  for (let i = 0; i < used; i++) {
    keys.push(new Cursor(c.take(keySize), address, 'v1 B-tree key', ctx.format));
    children.push(c.defined('v1 B-tree child'));
  }
  keys.push(new Cursor(c.take(keySize), address, 'v1 B-tree key', ctx.format));
  return { address, level, keys, children };
}

/** Guards a B-tree or heap walk: each node once, depth and node count bounded. */
export class WalkGuard {
  private readonly seen = new Set<number>();
  constructor(
    private readonly ctx: Context,
    private readonly structure: string,
  ) {}

  visit(address: number, depth: number): void {
    if (this.seen.has(address)) {
      throw new Hdf5Error(this.structure, `node at ${address} is reached twice (a cycle)`, { address });
    }
    if (depth > this.ctx.limits.maxDepth) {
      throw new Hdf5Error(this.structure, `deeper than ${this.ctx.limits.maxDepth} levels`, { address });
    }
    if (this.seen.size >= this.ctx.limits.maxNodes) {
      throw new Hdf5Error(this.structure, `more than ${this.ctx.limits.maxNodes} nodes`, { address });
    }
    this.seen.add(address);
  }
}

/** Every leaf child of a group B-tree (the addresses of its symbol table nodes), in order. */
export async function groupNodes(ctx: Context, root: number): Promise<number[]> {
  const out: number[] = [];
  const guard = new WalkGuard(ctx, 'group B-tree');
  const walk = async (address: number, depth: number, expectLevel: number | undefined): Promise<void> => {
    guard.visit(address, depth);
    const node = await readV1Node(ctx, address, 0, ctx.format.lengthSize);
    if (expectLevel !== undefined && node.level !== expectLevel) {
      throw new Hdf5Error('group B-tree', `node level ${node.level}, expected ${expectLevel}`, { address });
    }
    if (node.level === 0) out.push(...node.children);
    else for (const child of node.children) await walk(child, depth + 1, node.level - 1);
  };
  await walk(root, 0, undefined);
  return out;
}

/** A symbol table entry of an old-style group. */
export interface SymbolEntry {
  readonly nameOffset: number;
  readonly address: number | undefined;
  readonly cacheType: number;
  readonly scratch: Uint8Array;
}

/** Reads a symbol table node ("SNOD"). */
export async function readSymbolNode(ctx: Context, address: number): Promise<SymbolEntry[]> {
  const O = ctx.format.offsetSize;
  const head = await ctx.cursor(address, 8, 'symbol table node');
  head.signature('SNOD');
  const version = head.u8();
  if (version !== 1) throw head.fail(`version ${version}`);
  head.skip(1);
  const n = head.u16();
  const entrySize = 2 * O + 24;
  const c = await ctx.cursor(address + 8, n * entrySize, 'symbol table node');
  const out: SymbolEntry[] = [];
  for (let i = 0; i < n; i++) {
    const nameOffset = c.uint(O, 'name offset');
    const entryAddress = c.addr();
    const cacheType = c.u32();
    c.skip(4);
    out.push({ nameOffset, address: entryAddress, cacheType, scratch: c.take(16) });
  }
  return out;
}
