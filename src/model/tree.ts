/**
 * The hierarchy walkers (v2: walk-v2.ts, v3: walk-v3.ts, shared parts: walk.ts) and the one root that is an
 * array. Children come from the NCZarr group annotation when there is one (no listing needed), else from the
 * consolidated document, else from `store.list`; a store that cannot list and has neither shows only the root's
 * own metadata. Failures below the root become `Problem`s of the enclosing group; the walk goes on.
 */
import type { JsonObject } from './json';
import type { RawArray, RawGroup } from './raw';
import type { Problem } from './types';
import { type Early, type WalkContext, problemOf } from './walk';
import { readArrayV2 } from './walk-v2';
import { readArrayV3 } from './walk-v3';

export { implicitGroupProblem, isUnreadable, problemOf, type WalkContext } from './walk';
export { readChildV2, readGroupV2 } from './walk-v2';
export { readChildV3, readGroupV3 } from './walk-v3';

/**
 * A store whose root is one array (a URL pointing into a hierarchy, or an array written on its own): shown as a
 * root group holding that array as the variable `name`; its chunks stay under the root key.
 */
export async function readSingleArrayRoot(
  ctx: WalkContext,
  name: string,
  node: JsonObject,
  v3: boolean,
  zattrsRead?: Early,
): Promise<RawGroup> {
  const problems: Problem[] = [];
  let array: RawArray | undefined;
  try {
    array = v3 ? readArrayV3(ctx, '', node, problems) : await readArrayV2(ctx, '', node, problems, zattrsRead);
  } catch (e) {
    problems.push(problemOf(v3 ? 'zarr.json' : '.zarray', e));
  }
  const arrays = array ? [{ ...array, name }] : [];
  return { name: '', key: '', attrs: {}, attrTypes: undefined, nc: undefined, arrays, groups: [], problems };
}
