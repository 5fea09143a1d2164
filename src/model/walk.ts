/**
 * What the v2 and v3 walkers (walk-v2.ts, walk-v3.ts) share: the walk context, problems, child names (NCZarr
 * annotation, consolidated keys or a listing) and the small helpers around metadata reads.
 */
import { MetadataError, isZarrviewError } from '../errors';
import { HTML_ANSWER_ADVICE } from '../store/html';
import type { JsonObject } from './json';
import type { NcGroupInfo, PendingChild, RawArray, RawGroup } from './raw';
import { type MetaSource, getObject } from './source';
import type { NczarrForm, Problem } from './types';

export interface WalkContext {
  readonly src: MetaSource;
  /** NCZarr form of the dataset, null for pure Zarr (or when `mode=zarr` says to ignore NCZarr). */
  readonly nczarr: NczarrForm | null;
  readonly signal?: AbortSignal | undefined;
  /**
   * Lazy walk: a group's arrays (and listed folders) are recorded as pending children instead of being read;
   * subgroups the metadata names are still read. Consolidated sources are always read whole (no requests).
   */
  readonly lazy?: boolean | undefined;
}

/** The result of reading one child of a group: an array, a group, or nothing (not a Zarr node). */
export interface ChildResult {
  readonly array?: RawArray | undefined;
  readonly group?: RawGroup | undefined;
}

export function problemOf(key: string, e: unknown): Problem {
  if (e instanceof DOMException && e.name === 'AbortError') throw e;
  if (isZarrviewError(e) && e.code === 'aborted') throw e;
  const message = e instanceof Error ? e.message : String(e);
  return { key, message, error: e };
}

/** `message`, or when the store answered `key` with a web page, what that means. */
export function missingMessage(ctx: WalkContext, key: string, message: string): string {
  return ctx.src.htmlKeys?.has(key)
    ? `${message.replace(/ is missing\.$/, ' is a web page (HTML), not JSON.')} ${HTML_ANSWER_ADVICE}`
    : message;
}

export const join = (prefix: string, name: string) => (prefix === '' ? name : `${prefix}/${name}`);
export const metaPath = (key: string, file: string) => (key === '' ? file : `${key}/${file}`);
const isChunkName = (name: string) => /^[0-9][0-9./]*$/.test(name);

/** A metadata read started early, so that a rejection is never left unhandled when it is not needed after all. */
export type Early = Promise<{ readonly value: JsonObject | undefined } | { readonly error: unknown }>;

export function early(src: MetaSource, key: string): Early {
  return getObject(src, key).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

export async function settle(e: Early): Promise<JsonObject | undefined> {
  const r = await e;
  if ('error' in r) throw r.error;
  return r.value;
}

/** True for a document that exists but cannot be read as metadata (as opposed to one missing, or a transport failure). */
export function isUnreadable(e: unknown): boolean {
  return e instanceof MetadataError;
}

/**
 * A group's `.zgroup`: a document that exists but is unreadable is a problem, and the group is still read (its
 * attributes and children do not depend on it); undefined when it is missing.
 */
export async function groupMarker(ctx: WalkContext, key: string, problems: Problem[]): Promise<JsonObject | undefined> {
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

export function tryParse<T>(problems: Problem[], key: string, f: () => T): T | undefined {
  try {
    return f();
  } catch (e) {
    problems.push(problemOf(key, e));
    return undefined;
  }
}

export interface ChildNames {
  readonly arrays: string[];
  readonly groups: string[];
  /** Named by the group's NCZarr annotation (a listed folder may be an array, a group or no node). */
  readonly known: boolean;
}

export async function childNames(
  ctx: WalkContext,
  key: string,
  nc: NcGroupInfo | undefined,
  v3: boolean,
  problems: Problem[],
): Promise<ChildNames> {
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

/** Whether this walk leaves a group's arrays pending (lazy, and not answered from a consolidated document). */
export function walksLazily(ctx: WalkContext): boolean {
  return ctx.lazy === true && !ctx.src.consolidated;
}

/** The pending children of a lazily walked group: its array names, in metadata order. */
export function pendingOf(names: ChildNames): PendingChild[] {
  return names.arrays.map((name) => ({ name, known: names.known }));
}

/**
 * Reads the named children in parallel (an eager walk) and sorts them into arrays and groups, in order; a
 * lazy walk leaves them pending.
 */
export async function readChildren(
  ctx: WalkContext,
  names: readonly string[],
  read: (name: string) => Promise<ChildResult | undefined>,
): Promise<{ arrays: RawArray[]; groups: RawGroup[] }> {
  const arrays: RawArray[] = [];
  const groups: RawGroup[] = [];
  if (walksLazily(ctx)) return { arrays, groups };
  for (const r of await Promise.all(names.map(read))) {
    if (r?.array) arrays.push(r.array);
    if (r?.group) groups.push(r.group);
  }
  return { arrays, groups };
}
