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
  /**
   * The group being read is a folder with no metadata of its own (`implicitGroupProblem`): a folder that holds
   * objects other than metadata is chunk storage (an array's, whatever the names), not a group.
   */
  readonly implicit?: boolean | undefined;
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
/** Metadata objects a group folder may hold; anything else in a folder is data (an array's chunks). */
const METADATA_FILE = /^(\.zgroup|\.zattrs|\.zarray|\.zmetadata|\.nczarr|\.nczgroup|\.nczarray|\.nczattr|zarr\.json)$/;

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
 * attributes and children do not depend on it); undefined when it is missing or a web page.
 */
export async function groupMarker(ctx: WalkContext, key: string, problems: Problem[]): Promise<JsonObject | undefined> {
  try {
    // A web page where the marker should be counts as missing, as everywhere: whether the folder is a group then
    // depends on what it holds (`implicitGroupProblem`).
    return await getObject(ctx.src, key);
  } catch (e) {
    if (!isUnreadable(e)) throw e;
    problems.push(problemOf(key, e));
    return {};
  }
}

/**
 * The one rule for a folder (or the root) with no readable `.zgroup` — lost, or answered with a web page: it is
 * the group of the Zarr nodes it holds, with this one problem; a folder that holds none is not a node.
 */
export function implicitGroupProblem(ctx: WalkContext, key: string): Problem {
  const marker = metaPath(key, '.zgroup');
  const why = ctx.src.htmlKeys?.has(marker) ? 'is a web page (HTML), not JSON' : 'no readable .zgroup';
  const what =
    key === ''
      ? 'the root is shown as the group of the Zarr arrays and groups below it'
      : 'shown as a group because it holds Zarr arrays or groups';
  return problemOf(key === '' ? marker : key, new MetadataError(`${why}; ${what}.`, { key: marker }));
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
  problems: Problem[],
): Promise<ChildNames> {
  if (nc?.arrays || nc?.groups) return { arrays: [...(nc.arrays ?? [])], groups: [...(nc.groups ?? [])], known: true };
  let listing: { readonly folders: string[]; readonly files: string[] } | undefined;
  try {
    listing = await ctx.src.list(key);
  } catch (e) {
    problems.push(problemOf(key || '/', e));
  }
  // Every listed folder is a candidate node, whatever its name (`0`, `1.2`, `c` are common group and array
  // names): chunks are told apart by where they are — inside an array, which is never listed — not by their names.
  // Only a folder without metadata of its own that holds data objects is an array's chunk storage.
  if (ctx.implicit && listing?.files.some((f) => !METADATA_FILE.test(f)))
    return { arrays: [], groups: [], known: false };
  const names = (listing?.folders ?? []).filter((n) => !n.startsWith('.')).sort();
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
