/** Finding groups and variables by path in the model. */
import type { Group, Variable } from '../core';

export function findGroupIn(root: Group, path: string): Group | undefined {
  let g: Group | undefined = root;
  for (const part of path.split('/').filter(Boolean)) {
    g = g?.groups.find((c) => c.name === part);
    if (!g) return undefined;
  }
  return g;
}

export function findVariableIn(root: Group, path: string): Variable | undefined {
  const i = path.lastIndexOf('/');
  if (i < 0) return undefined;
  return findGroupIn(root, path.slice(0, i))?.variables.find((v) => v.name === path.slice(i + 1));
}

export function parentGroupPath(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}
