/** The dataset tree as flat rows: which nodes are visible given expanded groups and a filter. */
import type { Group, Variable } from '../core';

export interface TreeNode {
  readonly path: string;
  readonly name: string;
  readonly kind: 'group' | 'variable';
  readonly depth: number;
  readonly parent: string | null;
  readonly childCount: number;
  readonly variable?: Variable;
  /** A variable whose metadata is not read yet (lazy open): only its name is known. */
  readonly pending?: boolean;
}

/** Every node in document order: a group, its variables, then its subgroups (as ncdump prints them). */
export function allNodes(root: Group): TreeNode[] {
  const out: TreeNode[] = [];
  const visit = (g: Group, depth: number, parent: string | null) => {
    out.push({
      path: g.path,
      name: g.path === '/' ? '/' : g.name,
      kind: 'group',
      depth,
      parent,
      childCount: g.variables.length + (g.pending?.length ?? 0) + g.groups.length,
    });
    const row = (name: string, path: string, v?: Variable): TreeNode => ({
      path,
      name,
      kind: 'variable',
      depth: depth + 1,
      parent: g.path,
      childCount: 0,
      ...(v ? { variable: v } : { pending: true }),
    });
    if (g.pending?.length) {
      // Read and pending variables in metadata order, so that rows keep their place as they are read.
      const read = new Map(g.variables.map((v) => [v.name, v]));
      const pending = new Set(g.pending.map((p) => p.name));
      for (const name of g.childNames ?? []) {
        const v = read.get(name);
        if (v) {
          out.push(row(name, v.path, v));
          read.delete(name);
        } else if (pending.has(name)) out.push(row(name, g.path === '/' ? `/${name}` : `${g.path}/${name}`));
      }
      for (const v of read.values()) out.push(row(v.name, v.path, v));
    } else for (const v of g.variables) out.push(row(v.name, v.path, v));
    for (const c of g.groups) visit(c, depth + 1, g.path);
  };
  visit(root, 0, null);
  return out;
}

/** Attributes that describe a variable in words, searched by the filter besides its name. */
const DESCRIBING = new Set(['long_name', 'standard_name', 'units', 'description']);

/** Whether a node's name, or a describing attribute of its variable (once read), contains `f` (lower case). */
export function matchesFilter(n: TreeNode, f: string): boolean {
  if (n.name.toLowerCase().includes(f)) return true;
  for (const a of n.variable?.attributes ?? []) {
    if (!DESCRIBING.has(a.name)) continue;
    const text = a.type === 'char' ? a.value : a.type === 'string' ? a.value.join(' ') : '';
    if (text.toLowerCase().includes(f)) return true;
  }
  return false;
}

/**
 * Visible rows: a node shows when all its ancestors are expanded. With a filter, nodes that match it
 * (`matchesFilter`, case-insensitive) show with their ancestors, whatever is expanded.
 */
export function visibleNodes(nodes: readonly TreeNode[], expanded: ReadonlySet<string>, filter: string): TreeNode[] {
  const f = filter.trim().toLowerCase();
  if (f) {
    const keep = new Set<string>();
    const byPath = new Map(nodes.map((n) => [n.path, n]));
    for (const n of nodes) {
      if (!matchesFilter(n, f)) continue;
      for (
        let p: TreeNode | undefined = n;
        p && !keep.has(p.path);
        p = p.parent === null ? undefined : byPath.get(p.parent)
      )
        keep.add(p.path);
    }
    return nodes.filter((n) => keep.has(n.path));
  }
  const out: TreeNode[] = [];
  const open = new Set<string>();
  for (const n of nodes) {
    if (n.parent !== null && !open.has(n.parent)) continue;
    out.push(n);
    if (n.kind === 'group' && expanded.has(n.path)) open.add(n.path);
  }
  return out;
}

/** Index of the next row after `from` whose name starts with `prefix` (wrapping), or -1. */
export function typeAhead(rows: readonly TreeNode[], from: number, prefix: string): number {
  const p = prefix.toLowerCase();
  for (let k = 1; k <= rows.length; k++) {
    const i = (from + k) % rows.length;
    if (rows[i]?.name.toLowerCase().startsWith(p)) return i;
  }
  return -1;
}

/** `float32 · 3D · 1.2 MB` style facts of a variable. */
export function badges(v: Variable): string[] {
  const n = v.shape.reduce((a, b) => a * b, 1);
  const bytes = n * (v.itemSize || 8);
  const size =
    bytes >= 1024 ** 3
      ? `${(bytes / 1024 ** 3).toFixed(1)} GB`
      : bytes >= 1024 ** 2
        ? `${(bytes / 1024 ** 2).toFixed(1)} MB`
        : bytes >= 1024
          ? `${(bytes / 1024).toFixed(0)} KB`
          : `${bytes} B`;
  const pyramid = v.pyramid
    ? [`pyramid of ${v.pyramid.levels.length} levels`]
    : v.pyramidLevel
      ? [`level ${v.pyramidLevel.index + 1} of ${v.pyramidLevel.pyramid}`]
      : [];
  return [v.userType ? v.userType.kind : v.type, v.shape.length ? `${v.shape.length}D` : 'scalar', size, ...pyramid];
}

/** The groups holding `path`, outermost first: `/a/b/v` → `/`, `/a`, `/a/b`. */
export function ancestorGroups(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  return ['/', ...parts.slice(0, -1).map((_, i) => `/${parts.slice(0, i + 1).join('/')}`)];
}
