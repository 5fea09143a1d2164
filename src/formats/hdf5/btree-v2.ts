import { WalkGuard } from './btree-v1.ts';
import type { Context } from './context.ts';
import { Cursor, bytesFor } from './cursor.ts';
import { verify } from './object-header.ts';

interface NodeInfo {
  readonly maxRecords: number;
  readonly cumMaxRecords: number;
  readonly cumMaxRecordsSize: number;
}

/** The header of a version 2 B-tree ("BTHD"). */
export interface V2Tree {
  readonly address: number;
  readonly type: number;
  readonly nodeSize: number;
  readonly recordSize: number;
  readonly depth: number;
  readonly root: number | undefined;
  readonly rootRecords: number;
  readonly totalRecords: number;
  readonly nodeInfo: readonly NodeInfo[];
  /** Bytes of a child's record count in an internal node. */
  readonly maxRecordsSize: number;
}

const PREFIX = 10; // signature, version, type, checksum

/** Reads a v2 B-tree header and derives the node capacities its internal nodes are encoded with. */
export async function readV2Tree(ctx: Context, address: number, expectType?: number): Promise<V2Tree> {
  const O = ctx.format.offsetSize;
  const c = await ctx.cursor(address, 4 + 1 + 1 + 4 + 2 + 2 + 1 + 1 + O + 2 + ctx.format.lengthSize + 4, 'v2 B-tree');
  c.signature('BTHD');
  verify(c, 'v2 B-tree header');
  const version = c.u8();
  if (version !== 0) throw c.fail(`version ${version}`);
  const type = c.u8();
  if (expectType !== undefined && type !== expectType) throw c.fail(`record type ${type}, expected ${expectType}`);
  const nodeSize = c.u32();
  const recordSize = c.u16();
  const depth = c.u16();
  c.skip(2);
  const root = c.addr();
  const rootRecords = c.u16();
  const totalRecords = c.length('record count');
  if (recordSize === 0 || nodeSize <= PREFIX + recordSize || nodeSize > ctx.limits.maxStructureBytes) {
    throw c.fail(`node size ${nodeSize} with records of ${recordSize} bytes`);
  }
  if (depth > ctx.limits.maxDepth) throw c.fail(`depth ${depth}`);
  const leafMax = Math.floor((nodeSize - PREFIX) / recordSize);
  const nodeInfo: NodeInfo[] = [{ maxRecords: leafMax, cumMaxRecords: leafMax, cumMaxRecordsSize: 0 }];
  const maxRecordsSize = bytesFor(leafMax);
  for (let d = 1; d <= depth; d++) {
    const pointer = O + maxRecordsSize + (d > 1 ? nodeInfo[d - 1]!.cumMaxRecordsSize : 0);
    const max = Math.floor((nodeSize - (PREFIX + pointer)) / (recordSize + pointer));
    if (max < 1) throw c.fail(`internal nodes of depth ${d} hold no record`);
    const cum = Math.min(Number.MAX_SAFE_INTEGER, (max + 1) * nodeInfo[d - 1]!.cumMaxRecords + max);
    nodeInfo.push({ maxRecords: max, cumMaxRecords: cum, cumMaxRecordsSize: bytesFor(cum) });
  }
  return { address, type, nodeSize, recordSize, depth, root, rootRecords, totalRecords, nodeInfo, maxRecordsSize };
}

interface Node {
  readonly records: Cursor[];
  /** Children (internal nodes): address and record count. */
  readonly children: { readonly address: number; readonly records: number }[];
}

async function readNode(ctx: Context, tree: V2Tree, address: number, records: number, depth: number): Promise<Node> {
  const O = ctx.format.offsetSize;
  const info = tree.nodeInfo[depth];
  if (!info) throw new Cursor(new Uint8Array(0), address, 'v2 B-tree node', ctx.format).fail(`depth ${depth}`);
  const leaf = depth === 0;
  const pointerSize = O + tree.maxRecordsSize + (depth > 1 ? tree.nodeInfo[depth - 1]!.cumMaxRecordsSize : 0);
  const size = 6 + records * tree.recordSize + (leaf ? 0 : (records + 1) * pointerSize) + 4;
  const c = await ctx.cursor(address, size, 'v2 B-tree node');
  if (records > info.maxRecords || size > tree.nodeSize) throw c.fail(`${records} records do not fit a node`);
  c.signature(leaf ? 'BTLF' : 'BTIN');
  verify(c, 'v2 B-tree node');
  c.u8();
  const type = c.u8();
  if (type !== tree.type) throw c.fail(`record type ${type}, expected ${tree.type}`);
  const out: Node = { records: [], children: [] };
  for (let i = 0; i < records; i++) {
    out.records.push(new Cursor(c.take(tree.recordSize), address, 'v2 B-tree record', ctx.format));
  }
  if (!leaf) {
    for (let i = 0; i <= records; i++) {
      const child = c.defined('v2 B-tree child');
      const n = c.uint(tree.maxRecordsSize, 'child record count');
      if (depth > 1) c.uint(tree.nodeInfo[depth - 1]!.cumMaxRecordsSize, 'child total records');
      out.children.push({ address: child, records: n });
    }
  }
  return out;
}

/** Every record of the tree, in key order. */
export async function v2Records(ctx: Context, tree: V2Tree): Promise<Cursor[]> {
  const out: Cursor[] = [];
  if (tree.root === undefined || tree.totalRecords === 0) return out;
  const guard = new WalkGuard(ctx, 'v2 B-tree');
  const walk = async (address: number, records: number, depth: number, level: number): Promise<void> => {
    guard.visit(address, level);
    const node = await readNode(ctx, tree, address, records, depth);
    for (let i = 0; i < node.records.length; i++) {
      const child = node.children[i];
      if (child) await walk(child.address, child.records, depth - 1, level + 1);
      out.push(node.records[i]!);
    }
    const last = node.children[node.records.length];
    if (last) await walk(last.address, last.records, depth - 1, level + 1);
  };
  await walk(tree.root, tree.rootRecords, tree.depth, 0);
  return out;
}

/**
 * The record equal to the key `compare` describes (it returns < 0 when the key sorts before the record, 0 on a
 * match), reading only the nodes on the path.
 */
export async function v2Find(
  ctx: Context,
  tree: V2Tree,
  compare: (record: Cursor) => number,
): Promise<Cursor | undefined> {
  if (tree.root === undefined || tree.totalRecords === 0) return undefined;
  const guard = new WalkGuard(ctx, 'v2 B-tree');
  let address = tree.root;
  let records = tree.rootRecords;
  for (let depth = tree.depth, level = 0; ; depth--, level++) {
    guard.visit(address, level);
    const node = await readNode(ctx, tree, address, records, depth);
    let i = 0;
    for (; i < node.records.length; i++) {
      const r = node.records[i]!;
      r.seek(0);
      const cmp = compare(r);
      r.seek(0);
      if (cmp === 0) return r;
      if (cmp < 0) break;
    }
    const child = node.children[i];
    if (!child) return undefined;
    address = child.address;
    records = child.records;
  }
}
