/**
 * Blast radius of a mutated metadata document: which nodes (groups and variables, by path) of the unmutated
 * dataset the document describes, and how many of the others still appear after the mutation.
 *
 * What a document describes:
 * - an array's documents (`.zarray`, its `.zattrs`, `zarr.json`, `.nczarray`, `.nczattr`): that variable;
 * - a group's documents (`.zgroup`, its `.zattrs`, `zarr.json`, `.nczgroup`, `.nczattr`, `.nczarr`): the group;
 *   in NCZarr also its whole subtree, since the group annotation lists the children and defines the
 *   dimensions they use (netcdf-c shows no child the annotation does not list);
 * - a consolidated document (`.zmetadata`, a v3 root `zarr.json` with `consolidated_metadata`): the nodes whose
 *   entries changed (compared as parsed JSON), described as above. A consolidated document that no longer
 *   parses, or has no `metadata` object, describes nothing: the reader must fall back to the documents.
 */
import { type Json, isObject, parseJson, unparse } from '../../src/model/json';
import type { Dataset, Group } from '../../src/model/types';

/** Paths of every group and variable of the dataset. */
export function nodePaths(ds: Dataset): Set<string> {
  const out = new Set<string>();
  const visit = (g: Group) => {
    out.add(g.path);
    for (const v of g.variables) out.add(v.path);
    for (const c of g.groups) visit(c);
  };
  visit(ds.root);
  return out;
}

/**
 * The nodes a store's files name, independently of the readers: the folder of every `.zarray`, `.zgroup` and
 * `zarr.json` (not below an array: those are chunks), the root aside. Names are taken as they are (`0`, `c`, `1.2`).
 */
export function namedByFiles(keys: Iterable<string>): Set<string> {
  const arrays: string[] = [];
  const all = new Set<string>();
  for (const k of keys) {
    const m = /^(.*)\/(\.zarray|\.zgroup|zarr\.json)$/.exec(k);
    if (!m) continue;
    all.add(`/${m[1]}`);
    if (m[2] === '.zarray') arrays.push(`/${m[1]}/`);
  }
  for (const p of [...all]) if (arrays.some((a) => p.startsWith(a))) all.delete(p);
  return all;
}

/** The node a metadata key belongs to: `a/b/.zarray` → `/a/b`, `.zgroup` → `/`. */
export function nodeOfKey(key: string): string {
  const slash = key.lastIndexOf('/');
  return slash < 0 ? '/' : `/${key.slice(0, slash)}`;
}

function parsed(text: string): Json | undefined {
  try {
    return parseJson(text, 'x');
  } catch {
    return undefined;
  }
}

/** Entries of a consolidated map (v2 `.zmetadata` or v3 `consolidated_metadata`), keyed by node path. */
function consolidatedEntries(doc: Json | undefined, v3: boolean): Map<string, string> | undefined {
  if (!isObject(doc)) return undefined;
  const holder = v3 ? doc.consolidated_metadata : doc;
  const map = isObject(holder) ? holder.metadata : undefined;
  if (!isObject(map)) return undefined;
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(map)) {
    const node = v3 ? `/${k}` : nodeOfKey(k);
    out.set(node, `${out.get(node) ?? ''}${k}=${unparse(v)};`);
  }
  return out;
}

/** The nodes of `baseline` that the document at `key` describes (see the module doc). */
export function describedNodes(baseline: Dataset, key: string, before: string, after: string): Set<string> {
  const all = nodePaths(baseline);
  const groups = new Set<string>();
  const visit = (g: Group) => {
    groups.add(g.path);
    g.groups.forEach(visit);
  };
  visit(baseline.root);
  const nczarr = baseline.dialect.nczarr !== null;
  const out = new Set<string>();
  const describe = (node: string) => {
    if (!all.has(node)) return;
    out.add(node);
    if (nczarr && groups.has(node)) {
      const prefix = node === '/' ? '/' : `${node}/`;
      for (const p of all) if (p.startsWith(prefix)) out.add(p);
    }
  };
  const v3Root = key === 'zarr.json';
  if (key.endsWith('.zmetadata') || v3Root) {
    const a = consolidatedEntries(parsed(before), v3Root);
    if (a) {
      if (v3Root) describe('/');
      const b = consolidatedEntries(parsed(after), v3Root);
      if (!b) return out;
      for (const node of new Set([...a.keys(), ...b.keys()])) if (a.get(node) !== b.get(node)) describe(node);
      return out;
    }
  }
  describe(nodeOfKey(key));
  return out;
}

/** How many nodes of `baseline` the document does not describe, and how many of those `mutated` still has. */
export function survival(
  baseline: Dataset,
  mutated: Dataset | undefined,
  key: string,
  before: string,
  after: string,
): { untouched: number; survived: number; lost: string[] } {
  const described = describedNodes(baseline, key, before, after);
  const now = mutated ? nodePaths(mutated) : new Set<string>();
  const lost: string[] = [];
  let untouched = 0;
  for (const p of nodePaths(baseline)) {
    if (described.has(p)) continue;
    untouched++;
    if (!now.has(p)) lost.push(p);
  }
  return { untouched, survived: untouched - lost.length, lost };
}
