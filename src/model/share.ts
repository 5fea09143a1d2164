/**
 * Structural sharing between successive models of a lazily read dataset: a variable whose metadata and
 * dimensions did not change keeps its object, so what shows it (memoised on the object) is not recomputed.
 */
import type { Dimension, Group, Dataset, Variable } from './types';

function sameDims(a: readonly Dimension[], b: readonly Dimension[]): boolean {
  return (
    a.length === b.length &&
    a.every((d, i) => {
      const e = b[i]!;
      return d.path === e.path && d.length === e.length && d.unlimited === e.unlimited && d.anonymous === e.anonymous;
    })
  );
}

/** Same pyramid membership (a pyramid appears once its levels are read). */
function samePyramid(a: Variable, b: Variable): boolean {
  if (!a.pyramid && !b.pyramid && !a.pyramidLevel && !b.pyramidLevel) return true;
  return (
    JSON.stringify(a.pyramid) === JSON.stringify(b.pyramid) &&
    JSON.stringify(a.pyramidLevel) === JSON.stringify(b.pyramidLevel)
  );
}

/** Same array document (its parsed metadata object is shared by every build) and same dimensions. */
function sameVariable(a: Variable, b: Variable): boolean {
  return (
    a.path === b.path &&
    a.zarr.metadata === b.zarr.metadata &&
    a.attributes.length === b.attributes.length &&
    sameDims(a.dimensions, b.dimensions) &&
    samePyramid(a, b)
  );
}

function shareGroup(next: Group, prev: Group | undefined): Group {
  if (!prev) return next;
  const old = new Map(prev.variables.map((v) => [v.path, v]));
  const oldGroups = new Map(prev.groups.map((g) => [g.path, g]));
  return {
    ...next,
    variables: next.variables.map((v) => {
      const o = old.get(v.path);
      return o && sameVariable(v, o) ? o : v;
    }),
    groups: next.groups.map((g) => shareGroup(g, oldGroups.get(g.path))),
  };
}

/** `next` with the variables of `prev` that did not change. */
export function shareUnchanged(next: Dataset, prev: Dataset): Dataset {
  return { ...next, root: shareGroup(next.root, prev.root) };
}
