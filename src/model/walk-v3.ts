/**
 * Walks a Zarr v3 hierarchy (NCZarr v3 included) into the raw tree of raw.ts. Children come from the NCZarr
 * group annotation, else the inline consolidated metadata, else a listing. A lazy walk (`ctx.lazy`) leaves a
 * group's arrays (or listed nodes) pending: `readChildV3` reads one of them later.
 */
import { MetadataError } from '../errors';
import { parseV3Array } from './array-info';
import { type JsonObject, isObject } from './json';
import { annotation, parseNcArray, parseNcAttrTypes, parseNcGroup } from './nczarr';
import type { RawArray, RawGroup } from './raw';
import { getObject } from './source';
import type { Problem } from './types';
import {
  type ChildResult,
  type WalkContext,
  childNames,
  isUnreadable,
  join,
  metaPath,
  missingMessage,
  pendingOf,
  problemOf,
  readChildren,
  tryParse,
  walksLazily,
} from './walk';

function v3Parts(ctx: WalkContext, node: JsonObject, key: string) {
  const attrs = isObject(node.attributes) ? node.attributes : {};
  const mk = metaPath(key, 'zarr.json');
  let attrTypes: Record<string, string> | undefined;
  const typesJson = ctx.nczarr ? (annotation(attrs, 'attrs') ?? annotation(attrs, 'attr')) : undefined;
  if (typesJson !== undefined) attrTypes = parseNcAttrTypes(typesJson, mk);
  return { attrs, attrTypes, mk };
}

export function readArrayV3(ctx: WalkContext, key: string, node: JsonObject, problems: Problem[]): RawArray {
  const mk = metaPath(key, 'zarr.json');
  const parts = tryParse(problems, mk, () => v3Parts(ctx, node, key));
  const attrs = parts?.attrs ?? (isObject(node.attributes) ? node.attributes : {});
  const attrTypes = parts?.attrTypes;
  const ncJson = ctx.nczarr ? annotation(attrs, 'array') : undefined;
  const nc = ncJson !== undefined ? tryParse(problems, mk, () => parseNcArray(ncJson, mk)) : undefined;
  const info = parseV3Array(node, mk, nc?.typeAlias);
  return { name: key.slice(key.lastIndexOf('/') + 1), key, info, attrs, attrTypes, nc };
}

/**
 * Reads the child `name` of the v3 group at `key` (named by the group's annotation when `known`, else listed):
 * an array, a group, or nothing. What cannot be read is a problem of the group (in `problems`).
 */
export async function readChildV3(
  ctx: WalkContext,
  key: string,
  name: string,
  known: boolean,
  problems: Problem[],
): Promise<ChildResult | undefined> {
  const ck = join(key, name);
  try {
    let child: JsonObject | undefined;
    try {
      child = await getObject(ctx.src, metaPath(ck, 'zarr.json'));
    } catch (e) {
      // An unreadable zarr.json costs its own node only: if nodes below it can be read, it is shown as a
      // group holding them (with the problem); an array's zarr.json has nothing below it.
      if (!isUnreadable(e)) throw e;
      problems.push(problemOf(ck, e));
      const g = await readGroupV3({ ...ctx, lazy: false, implicit: true }, ck, {});
      return g.arrays.length + g.groups.length > 0 ? { group: g } : undefined;
    }
    if (!child) {
      if (known)
        throw new MetadataError(
          missingMessage(ctx, metaPath(ck, 'zarr.json'), 'the group lists this node but its zarr.json is missing.'),
          { key: metaPath(ck, 'zarr.json') },
        );
      return undefined;
    }
    if (child.node_type === 'array') return { array: readArrayV3(ctx, ck, child, problems) };
    if (child.node_type === 'group') return { group: await readGroupV3(ctx, ck, child) };
    // A zarr.json that is neither costs its own node only, as an unreadable one does: nodes below it are shown.
    problems.push(
      problemOf(ck, new MetadataError('"node_type" must be "array" or "group".', { key: metaPath(ck, 'zarr.json') })),
    );
    const g = await readGroupV3({ ...ctx, lazy: false, implicit: true }, ck, {});
    return g.arrays.length + g.groups.length > 0 ? { group: g } : undefined;
  } catch (e) {
    problems.push(problemOf(ck, e));
    return undefined;
  }
}

/** Reads a v3 group whose `zarr.json` is `node`. */
export async function readGroupV3(ctx: WalkContext, key: string, node: JsonObject): Promise<RawGroup> {
  const problems: Problem[] = [];
  const parts = tryParse(problems, metaPath(key, 'zarr.json'), () => v3Parts(ctx, node, key));
  const attrs = parts?.attrs ?? {};
  const ncJson = ctx.nczarr ? annotation(attrs, 'group') : undefined;
  const nc =
    ncJson !== undefined
      ? tryParse(problems, metaPath(key, 'zarr.json'), () => parseNcGroup(ncJson, metaPath(key, 'zarr.json')))
      : undefined;
  const names = await childNames(ctx, key, nc, problems);
  ctx = { ...ctx, implicit: false };
  const read = (name: string) => readChildV3(ctx, key, name, names.known, problems);
  // Arrays and groups are read in one parallel wave, as the eager walk always did; a lazy walk reads the groups.
  const lazy = walksLazily(ctx);
  const all = lazy ? names.groups : [...names.arrays, ...names.groups];
  const { arrays, groups } = await readChildren({ ...ctx, lazy: false }, all, read);
  return {
    name: key.slice(key.lastIndexOf('/') + 1),
    key,
    attrs,
    attrTypes: parts?.attrTypes,
    nc,
    arrays,
    groups,
    problems,
    ...(lazy ? { pending: pendingOf(names), slots: names.arrays } : {}),
  };
}
