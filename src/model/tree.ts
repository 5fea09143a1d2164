/**
 * Walks a Zarr hierarchy (v2 or v3, any NCZarr form) into the raw tree of raw.ts. Children come from the
 * NCZarr group annotation when there is one (no listing needed), else from the consolidated document, else
 * from `store.list`; a store that cannot list and has neither shows only the root's own metadata.
 * Failures below the root become `Problem`s of the enclosing group; the walk goes on.
 */
import { MetadataError, isZarrviewError } from '../errors';
import { HTML_ANSWER_ADVICE } from '../store/html';
import { parseV2Array, parseV3Array } from './array-info';
import { type JsonObject, isObject } from './json';
import { annotation, parseNcArray, parseNcAttrTypes, parseNcGroup } from './nczarr';
import type { NcArrayInfo, NcGroupInfo, RawArray, RawGroup } from './raw';
import { type MetaSource, getObject } from './source';
import type { NczarrForm, Problem } from './types';

export interface WalkContext {
  readonly src: MetaSource;
  /** NCZarr form of the dataset, null for pure Zarr (or when `mode=zarr` says to ignore NCZarr). */
  readonly nczarr: NczarrForm | null;
  readonly signal?: AbortSignal | undefined;
}

export function problemOf(key: string, e: unknown): Problem {
  if (e instanceof DOMException && e.name === 'AbortError') throw e;
  if (isZarrviewError(e) && e.code === 'aborted') throw e;
  const message = e instanceof Error ? e.message : String(e);
  return { key, message, error: e };
}

/** `message`, or when the store answered `key` with a web page, what that means. */
function missingMessage(ctx: WalkContext, key: string, message: string): string {
  return ctx.src.htmlKeys?.has(key)
    ? `${message.replace(/ is missing\.$/, ' is a web page (HTML), not JSON.')} ${HTML_ANSWER_ADVICE}`
    : message;
}

const join = (prefix: string, name: string) => (prefix === '' ? name : `${prefix}/${name}`);
const metaPath = (key: string, file: string) => (key === '' ? file : `${key}/${file}`);
const isChunkName = (name: string) => /^[0-9][0-9./]*$/.test(name);

/** A metadata read started early, so that a rejection is never left unhandled when it is not needed after all. */
type Early = Promise<{ readonly value: JsonObject | undefined } | { readonly error: unknown }>;

function early(src: MetaSource, key: string): Early {
  return getObject(src, key).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/** True for a document that exists but cannot be read as metadata (as opposed to one missing, or a transport failure). */
export function isUnreadable(e: unknown): boolean {
  return e instanceof MetadataError;
}

/**
 * A group's `.zgroup`: a document that exists but is unreadable is a problem, and the group is still read (its
 * attributes and children do not depend on it); undefined when it is missing.
 */
async function groupMarker(ctx: WalkContext, key: string, problems: Problem[]): Promise<JsonObject | undefined> {
  try {
    const marker = await getObject(ctx.src, key);
    if (marker === undefined && ctx.src.htmlKeys?.has(key)) {
      // The folder is there (listed) but its marker is a web page: a damaged document that costs only itself.
      problems.push(problemOf(key, new MetadataError('is a web page (HTML), not JSON; read as a group.', { key })));
      return {};
    }
    return marker;
  } catch (e) {
    if (!isUnreadable(e)) throw e;
    problems.push(problemOf(key, e));
    return {};
  }
}

async function settle(e: Early): Promise<JsonObject | undefined> {
  const r = await e;
  if ('error' in r) throw r.error;
  return r.value;
}

function tryParse<T>(problems: Problem[], key: string, f: () => T): T | undefined {
  try {
    return f();
  } catch (e) {
    problems.push(problemOf(key, e));
    return undefined;
  }
}

async function childNames(
  ctx: WalkContext,
  key: string,
  nc: NcGroupInfo | undefined,
  v3: boolean,
  problems: Problem[],
) {
  if (nc?.arrays || nc?.groups) return { arrays: [...(nc.arrays ?? [])], groups: [...(nc.groups ?? [])], known: true };
  let folders: string[] | undefined;
  try {
    folders = await ctx.src.folders(key);
  } catch (e) {
    problems.push(problemOf(key || '/', e));
  }
  const names = (folders ?? []).filter((n) => !n.startsWith('.') && !(v3 ? n === 'c' : isChunkName(n))).sort();
  return { arrays: names, groups: [] as string[], known: false };
}

// ---- Zarr v2 (and every NCZarr form on it) ----

async function readArrayV2(
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
  const names = await childNames(ctx, key, nc, false, problems);
  const arrays: RawArray[] = [];
  const groups: RawGroup[] = [];
  const arrayResults = await Promise.all(
    names.arrays.map(async (name) => {
      const ck = join(key, name);
      try {
        // Arrays and groups both have .zattrs: ask for it with .zarray, one round trip instead of two.
        const zattrsRead = early(ctx.src, metaPath(ck, '.zattrs'));
        const zarray = await getObject(ctx.src, metaPath(ck, '.zarray'));
        if (zarray) return { array: await readArrayV2(ctx, ck, zarray, problems, zattrsRead) };
        if (names.known)
          throw new MetadataError(
            missingMessage(ctx, metaPath(ck, '.zarray'), 'the group lists this array but its .zarray is missing.'),
            { key: metaPath(ck, '.zarray') },
          );
        const zg2 = await groupMarker(ctx, metaPath(ck, '.zgroup'), problems);
        if (zg2) return { group: await readGroupV2(ctx, ck, zg2, zattrsRead) };
        // A listed folder with neither document (a .zgroup lost, or answered with a web page) that holds Zarr
        // nodes is shown as the group it must be, with a problem; one that holds none is not a node.
        const implicit = await readGroupV2(ctx, ck, {}, zattrsRead);
        if (implicit.arrays.length + implicit.groups.length === 0) return {};
        problems.push(
          problemOf(
            ck,
            new MetadataError('no readable .zgroup; shown as a group because it holds Zarr arrays or groups.', {
              key: metaPath(ck, '.zgroup'),
            }),
          ),
        );
        return { group: implicit };
      } catch (e) {
        problems.push(problemOf(ck, e));
        return {};
      }
    }),
  );
  for (const r of arrayResults) {
    if ('array' in r && r.array) arrays.push(r.array);
    if ('group' in r && r.group) groups.push(r.group);
  }
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
  return { name: key.slice(key.lastIndexOf('/') + 1), key, attrs, attrTypes, nc, arrays, groups, problems };
}

// ---- Zarr v3 ----

function v3Parts(ctx: WalkContext, node: JsonObject, key: string) {
  const attrs = isObject(node.attributes) ? node.attributes : {};
  const mk = metaPath(key, 'zarr.json');
  let attrTypes: Record<string, string> | undefined;
  const typesJson = ctx.nczarr ? (annotation(attrs, 'attrs') ?? annotation(attrs, 'attr')) : undefined;
  if (typesJson !== undefined) attrTypes = parseNcAttrTypes(typesJson, mk);
  return { attrs, attrTypes, mk };
}

function readArrayV3(ctx: WalkContext, key: string, node: JsonObject, problems: Problem[]): RawArray {
  const mk = metaPath(key, 'zarr.json');
  const parts = tryParse(problems, mk, () => v3Parts(ctx, node, key));
  const attrs = parts?.attrs ?? (isObject(node.attributes) ? node.attributes : {});
  const attrTypes = parts?.attrTypes;
  const ncJson = ctx.nczarr ? annotation(attrs, 'array') : undefined;
  const nc = ncJson !== undefined ? tryParse(problems, mk, () => parseNcArray(ncJson, mk)) : undefined;
  const info = parseV3Array(node, mk, nc?.typeAlias);
  return { name: key.slice(key.lastIndexOf('/') + 1), key, info, attrs, attrTypes, nc };
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
  const names = await childNames(ctx, key, nc, true, problems);
  const all = [...names.arrays, ...names.groups];
  const results = await Promise.all(
    all.map(async (name) => {
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
          const g = await readGroupV3(ctx, ck, {});
          return g.arrays.length + g.groups.length > 0 ? { group: g } : undefined;
        }
        if (!child) {
          if (names.known)
            throw new MetadataError(
              missingMessage(ctx, metaPath(ck, 'zarr.json'), 'the group lists this node but its zarr.json is missing.'),
              { key: metaPath(ck, 'zarr.json') },
            );
          return undefined;
        }
        if (child.node_type === 'array') return { array: readArrayV3(ctx, ck, child, problems) };
        if (child.node_type === 'group') return { group: await readGroupV3(ctx, ck, child) };
        throw new MetadataError('"node_type" must be "array" or "group".', { key: metaPath(ck, 'zarr.json') });
      } catch (e) {
        problems.push(problemOf(ck, e));
        return undefined;
      }
    }),
  );
  const arrays: RawArray[] = [];
  const groups: RawGroup[] = [];
  for (const r of results) {
    if (r && 'array' in r && r.array) arrays.push(r.array);
    if (r && 'group' in r && r.group) groups.push(r.group);
  }
  return {
    name: key.slice(key.lastIndexOf('/') + 1),
    key,
    attrs,
    attrTypes: parts?.attrTypes,
    nc,
    arrays,
    groups,
    problems,
  };
}

/**
 * A store whose root is one array (a URL pointing into a hierarchy, or an array written on its own): shown as a
 * root group holding that array as the variable `name`; its chunks stay under the root key.
 */
export async function readSingleArrayRoot(
  ctx: WalkContext,
  name: string,
  node: JsonObject,
  v3: boolean,
): Promise<RawGroup> {
  const problems: Problem[] = [];
  let array: RawArray | undefined;
  try {
    array = v3 ? readArrayV3(ctx, '', node, problems) : await readArrayV2(ctx, '', node, problems);
  } catch (e) {
    problems.push(problemOf(v3 ? 'zarr.json' : '.zarray', e));
  }
  const arrays = array ? [{ ...array, name }] : [];
  return { name: '', key: '', attrs: {}, attrTypes: undefined, nc: undefined, arrays, groups: [], problems };
}
