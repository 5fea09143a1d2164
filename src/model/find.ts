/** The one lookup in a model tree by full path (the core, the CF helpers and the UI all use it). */
import type { Group, Variable } from './types';

/** Every variable of the tree, pre-order (group's own variables first, then subgroups). */
export function walkVariables(g: Group): Variable[] {
  return [...g.variables, ...g.groups.flatMap(walkVariables)];
}

/** Every group of the tree, pre-order. */
export function walkGroups(g: Group): Group[] {
  return [g, ...g.groups.flatMap(walkGroups)];
}

/** Paths of the children not read yet (lazy open), in tree order. */
export function pendingPaths(g: Group): string[] {
  return walkGroups(g).flatMap((x) => (x.pending ?? []).map((p) => p.path));
}

/** The group at `path` (`/`, `/g1/g2`), or undefined. */
export function findGroup(root: Group, path: string): Group | undefined {
  const parts = path.split('/').filter(Boolean);
  let g: Group | undefined = root;
  for (const p of parts) g = g?.groups.find((c) => c.name === p);
  return g;
}

/** The variable with full path `path` (`/temp`, `/g1/v`), or by bare name anywhere (first match). */
export function findVariable(root: Group, path: string): Variable | undefined {
  if (path.startsWith('/')) {
    const slash = path.lastIndexOf('/');
    return findGroup(root, path.slice(0, slash))?.variables.find((v) => v.name === path.slice(slash + 1));
  }
  return walkVariables(root).find((v) => v.name === path);
}

/** The path of the group holding `path` (`/g/v` → `/g`, `/v` → `/`). */
export function parentPath(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}
