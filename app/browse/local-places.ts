/**
 * Dropped or picked folders shown as places (src/listing/tree-lister.ts): a folder holding several datasets is
 * listed instead of opened, and so is a dropped zip holding several (its entries as the folder's files). A dropped folder has no address: its places (`local:<id>/<path>/`) live in this page
 * only, carried by the history entries (not the page URL), so Back and Forward find them while a reload or a copied
 * link cannot (they say so).
 */
import type { FolderFile, Lister, ListingEntry, Place, Source } from '../core';
import { createTreeLister, droppedSourceAt, readZipTree, treeIsPlace, treeOfFiles } from '../core-drop';

interface Dropped {
  readonly name: string;
  readonly files: readonly FolderFile[];
  readonly lister: Lister;
}

/** Drops kept (their files are handles to the user's files, not copies). */
const KEEP = 8;
const dropped = new Map<string, Dropped>();
/** Ids unlike those of an earlier load of the page, whose history entries may name local places too. */
const session = Date.now().toString(36);
let count = 0;

const LOCAL_RE = /^local:[a-z0-9]{1,32}\//;

/** The `local:<id>/` a local place's URL starts with. */
const baseOf = (url: string): string | undefined => LOCAL_RE.exec(url)?.[0];

/** Says a local place cannot be shown (its drop is gone: a reload, or too many drops since). */
export const LOCAL_GONE =
  'This listing was of a dropped folder, which the page no longer holds: drop the folder again.';

export function droppedOf(place: Place): Dropped | undefined {
  const base = place.kind === 'local' ? baseOf(place.url) : undefined;
  return base === undefined ? undefined : dropped.get(base);
}

/** Keeps a dropped folder; its top place. */
export function addDropped(source: Extract<Source, { kind: 'folder' }>, tree = treeOfFiles(source.files)): Place {
  const base = `local:${session}${++count}/`;
  dropped.set(base, { name: source.name, files: source.files, lister: createTreeLister(tree, base) });
  if (dropped.size > KEEP) dropped.delete(dropped.keys().next().value!);
  return { kind: 'local', url: base };
}

/** The local place a history entry names (`{ local }` in its state), and whether its drop is still here. */
export function localOfState(state: unknown): { place: Place; gone: boolean } | undefined {
  const url = (state as { local?: unknown } | null)?.local;
  if (typeof url !== 'string' || url.length > 8192 || !baseOf(url)) return undefined;
  const place: Place = { kind: 'local', url };
  return { place, gone: !droppedOf(place) };
}

/** What opens a listed entry of a dropped folder (a store's files, a file), undefined when it is gone. */
export function sourceOfEntry(place: Place, entry: ListingEntry): Source | undefined {
  const d = droppedOf(place);
  return d && entry.key !== undefined ? droppedSourceAt(d.files, entry.key) : undefined;
}

/**
 * What opens the entries picked in a dropped folder's listing (their `open`: `local:<id>/<path>`) as one dataset,
 * named by the folder holding them; or a sentence saying why there is none.
 */
export function joinSourceOf(
  place: Place,
  picked: readonly string[],
): Extract<Source, { kind: 'dropped-join' }> | { readonly error: string } {
  const d = droppedOf(place);
  const base = baseOf(place.url);
  if (!d || !base) return { error: LOCAL_GONE };
  if (picked.length < 2) return { error: 'Pick two files or more to open them as one dataset.' };
  const members = picked.filter((p) => p.startsWith(base)).map((p) => p.slice(base.length));
  if (members.length !== picked.length) return { error: LOCAL_GONE };
  const folder = place.url.slice(base.length).split('/').filter(Boolean).pop() ?? d.name;
  return { kind: 'dropped-join', files: d.files, members: [...members].sort(), name: folder };
}

/** A dropped folder's name and the path below it, for breadcrumbs. */
export function localPath(place: Place): { name: string; base: string; parts: string[] } {
  const base = baseOf(place.url) ?? place.url;
  return {
    name: droppedOf(place)?.name ?? 'dropped folder',
    base,
    parts: place.url.slice(base.length).split('/').filter(Boolean),
  };
}

/** Whether a dropped folder is a place (several datasets); if so it is kept and `show` is given its top place. */
export function dropAsPlace(source: Extract<Source, { kind: 'folder' }>, show: (place: Place) => void): boolean {
  const tree = treeOfFiles(source.files);
  if (!treeIsPlace(tree)) return false;
  show(addDropped(source, tree));
  return true;
}

/**
 * Whether a dropped zip is a place (several datasets, as a folder would be); if so its entries are kept as a dropped
 * folder's files and `show` is given its top place. A zip that is one dataset, or no zip, opens as before.
 */
export async function dropZipAsPlace(
  source: Extract<Source, { kind: 'zip-file' }>,
  signal: AbortSignal,
  show: (place: Place) => void,
): Promise<boolean> {
  const zip = await readZipTree(source.file, { description: source.name, signal }).catch(() => undefined);
  if (!zip || signal.aborted || !treeIsPlace(zip.tree)) return false;
  const files = await zip.files(signal);
  if (signal.aborted) return false;
  show(addDropped({ kind: 'folder', name: source.name, files }));
  return true;
}
