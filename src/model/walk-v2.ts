/**
 * Walks a Zarr v2 hierarchy (and every NCZarr form on it) into the raw tree of raw.ts. Children come from the
 * NCZarr group annotation when there is one (no listing needed), else from the consolidated document, else from
 * `store.list`. Failures below the root become `Problem`s of the enclosing group; the walk goes on. A lazy walk
 * (`ctx.lazy`) leaves a group's arrays pending: `readChildV2` reads one of them later.
 */
import { MetadataError } from '../errors';
import { parseV2Array } from './array-info';
import type { JsonObject } from './json';
import { annotation, parseNcArray, parseNcAttrTypes, parseNcGroup } from './nczarr';
import type { NcArrayInfo, NcGroupInfo, RawArray, RawGroup } from './raw';
import { getObject } from './source';
import type { Problem } from './types';
import {
  type ChildResult,
  type Early,
  type WalkContext,
  childNames,
  early,
  groupMarker,
  implicitGroupProblem,
  join,
  metaPath,
  missingMessage,
  pendingOf,
  problemOf,
  readChildren,
  settle,
  tryParse,
  walksLazily,
} from './walk';

export async function readArrayV2(
  ctx: WalkContext,
  key: string,
  zarray: JsonObject,
  problems: Problem[],
  zattrsRead?: Early,
): Promise<RawArray> {
  const p = (f: string) => metaPath(key, f);
  const v1 = ctx.nczarr === 'v1-objects';
  const [zattrs, nczarray, nczattr] = await Promise.all([
    // Unreadable attributes leave the array listed (and its data readable) without them.
    (zattrsRead ? settle(zattrsRead) : getObject(ctx.src, p('.zattrs'))).catch(
      (e: unknown) => (problems.push(problemOf(p('.zattrs'), e)), undefined),
    ),
    v1 ? getObject(ctx.src, p('.nczarray')) : undefined,
    v1 ? getObject(ctx.src, p('.nczattr')) : undefined,
  ]);
  const attrs = zattrs ?? {};
  let nc: NcArrayInfo | undefined;
  let attrTypes: Record<string, string> | undefined;
  if (ctx.nczarr) {
    const ncJson = v1 ? nczarray : (annotation(attrs, 'array') ?? annotation(zarray, 'array'));
    const ak = v1 ? p('.nczarray') : p('.zattrs');
    if (ncJson !== undefined) nc = tryParse(problems, ak, () => parseNcArray(ncJson, ak));
    const typesJson = v1 ? nczattr : annotation(attrs, 'attr');
    const tk = v1 ? p('.nczattr') : p('.zattrs');
    if (typesJson !== undefined) attrTypes = tryParse(problems, tk, () => parseNcAttrTypes(typesJson, tk));
  }
  const info = parseV2Array(zarray, p('.zarray'), { nczarr: ctx.nczarr !== null });
  return { name: key.slice(key.lastIndexOf('/') + 1), key, info, attrs, attrTypes, nc };
}

/**
 * Reads the child `name` of the group at `key` that the group's annotation names as an array (`known`) or a
 * listing found: an array, a group, or nothing. What cannot be read is a problem of the group (in `problems`).
 */
export async function readChildV2(
  ctx: WalkContext,
  key: string,
  name: string,
  known: boolean,
  problems: Problem[],
): Promise<ChildResult> {
  const ck = join(key, name);
  try {
    // Arrays and groups both have .zattrs: ask for it with .zarray, one round trip instead of two.
    const zattrsRead = early(ctx.src, metaPath(ck, '.zattrs'));
    const zarray = await getObject(ctx.src, metaPath(ck, '.zarray'));
    if (zarray) return { array: await readArrayV2(ctx, ck, zarray, problems, zattrsRead) };
    if (known)
      throw new MetadataError(
        missingMessage(ctx, metaPath(ck, '.zarray'), 'the group lists this array but its .zarray is missing.'),
        { key: metaPath(ck, '.zarray') },
      );
    const zg2 = await groupMarker(ctx, metaPath(ck, '.zgroup'), problems);
    if (zg2) return { group: await readGroupV2(ctx, ck, zg2, zattrsRead) };
    // A listed folder with neither document (a .zgroup lost, or answered with a web page) that holds Zarr
    // nodes is shown as the group it must be, with a problem; one that holds none is not a node.
    const implicit = await readGroupV2({ ...ctx, lazy: false, implicit: true }, ck, {}, zattrsRead);
    if (implicit.arrays.length + implicit.groups.length === 0) return {};
    problems.push(implicitGroupProblem(ctx, ck));
    return { group: implicit };
  } catch (e) {
    problems.push(problemOf(ck, e));
    return {};
  }
}

/** Reads a v2 group at `key` whose `.zgroup` may be absent (the root of a consolidated or NCZarr v1 store). */
export async function readGroupV2(
  ctx: WalkContext,
  key: string,
  zgroup?: JsonObject,
  zattrsRead?: Early,
): Promise<RawGroup> {
  const p = (f: string) => metaPath(key, f);
  const v1 = ctx.nczarr === 'v1-objects';
  const problems: Problem[] = [];
  const [zg, zattrs, nczgroup, nczattr] = await Promise.all([
    zgroup
      ? zgroup
      : getObject(ctx.src, p('.zgroup')).catch((e: unknown) => (problems.push(problemOf(p('.zgroup'), e)), undefined)),
    (zattrsRead ? settle(zattrsRead) : getObject(ctx.src, p('.zattrs'))).catch(
      (e: unknown) => (problems.push(problemOf(p('.zattrs'), e)), undefined),
    ),
    v1 ? getObject(ctx.src, p('.nczgroup')) : undefined,
    v1 ? getObject(ctx.src, p('.nczattr')) : undefined,
  ]);
  const attrs = zattrs ?? {};
  let nc: NcGroupInfo | undefined;
  let attrTypes: Record<string, string> | undefined;
  if (ctx.nczarr) {
    const ncJson = v1 ? nczgroup : (annotation(attrs, 'group') ?? annotation(zg, 'group'));
    if (ncJson !== undefined)
      nc = tryParse(problems, v1 ? p('.nczgroup') : p('.zattrs'), () =>
        parseNcGroup(ncJson, v1 ? p('.nczgroup') : p('.zattrs')),
      );
    const typesJson = v1 ? nczattr : annotation(attrs, 'attr');
    if (typesJson !== undefined)
      attrTypes = tryParse(problems, p('.zattrs'), () => parseNcAttrTypes(typesJson, p('.zattrs')));
  }
  const names = await childNames(ctx, key, nc, problems);
  ctx = { ...ctx, implicit: false };
  const { arrays, groups } = await readChildren(ctx, names.arrays, (name) =>
    readChildV2(ctx, key, name, names.known, problems),
  );
  const groupResults = await Promise.all(
    names.groups.map(async (name) => {
      const ck = join(key, name);
      try {
        const zattrsRead = early(ctx.src, metaPath(ck, '.zattrs'));
        const zg2 = await groupMarker(ctx, metaPath(ck, '.zgroup'), problems);
        if (!zg2 && ctx.nczarr !== 'v1-objects' && ctx.nczarr !== 'attributes') {
          throw new MetadataError(
            missingMessage(ctx, metaPath(ck, '.zgroup'), 'the group lists this subgroup but its .zgroup is missing.'),
            { key: metaPath(ck, '.zgroup') },
          );
        }
        return await readGroupV2(ctx, ck, zg2 ?? {}, zattrsRead);
      } catch (e) {
        problems.push(problemOf(ck, e));
        return undefined;
      }
    }),
  );
  for (const g of groupResults) if (g) groups.push(g);
  const lazy = walksLazily(ctx) ? { pending: pendingOf(names), slots: names.arrays } : {};
  return { name: key.slice(key.lastIndexOf('/') + 1), key, attrs, attrTypes, nc, arrays, groups, problems, ...lazy };
}
