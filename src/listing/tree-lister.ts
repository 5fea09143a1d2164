/**
 * A `Lister` over an in-memory file tree (tree.ts): a dropped or picked folder browsed as a server folder is. Its
 * places are `{ kind: 'local', url: base + 'a/b/' }`. A sub-folder is a store by its children's names (Zarr, NCZarr
 * told by its root metadata, Icechunk) or a folder; a file is a dataset by its name, made sure by its first 8 bytes.
 * Everything is read when its page is listed (the bytes are at hand): entries are never guessed, and one that cannot
 * be read says why in `error` and has nothing to open, while the rest of the page lists as usual.
 *
 * @example
 * const lister = createTreeLister(treeOfFiles(files), 'local:1/');
 * const { entries } = await lister.list(await lister.resolve('local:1/'));
 */
import { AbortedError } from '../errors';
import { ListingRefusedError } from './errors';
import { STORE_ROOT_DOCS, kindOfBytes, kindOfFileName, kindOfStore, opensAsDataset } from './kind';
import type { Lister } from './place';
import { folderKind, foldersOf, type FileTree, type TreeFolder } from './tree';
import type { Entry, ListPage, ListRequest, Place } from './types';

const DEFAULT_PAGE = 1000;
/** Entries of a page read at the same time. */
const CONCURRENCY = 16;
/** Root metadata objects larger than this are not checked for being JSON (only their start is read). */
const CHECK_BYTES = 1 << 20;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function mapLimit<T, R>(items: readonly T[], limit: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Creates a lister of `tree`, whose places' URLs start with `base` (`local:1/`). */
export function createTreeLister(tree: FileTree, base: string): Lister {
  const folders = foldersOf(tree);
  const pathOf = (place: Place): string => {
    if (place.kind !== 'local' || !place.url.startsWith(base))
      throw new ListingRefusedError(404, `${place.url} is not a folder of this dropped folder.`, { key: place.url });
    const path = place.url.slice(base.length);
    if (path !== '' && !folders.has(path))
      throw new ListingRefusedError(404, `${path} is not in the dropped folder.`, { key: place.url });
    return path;
  };

  const storeEntry = async (path: string, name: string, folder: TreeFolder): Promise<Entry> => {
    const at = `${path}${name}/`;
    const kind = folderKind(folder);
    const entry: Entry = { name, kind, guessed: false, size: folder.bytes, key: at };
    if (kind === 'folder') return { ...entry, place: { kind: 'local', url: `${base}${at}` } };
    try {
      const texts = new Map<string, Uint8Array>();
      for (const doc of STORE_ROOT_DOCS) {
        const file = tree.get(`${at}${doc}`);
        if (!file) continue;
        const bytes = await file.read(0, Math.min(file.size, CHECK_BYTES));
        texts.set(doc, bytes);
        if (file.size > CHECK_BYTES) continue;
        try {
          JSON.parse(new TextDecoder().decode(bytes));
        } catch (e) {
          return { ...entry, error: `Its ${doc} is not JSON (${message(e)}).` };
        }
      }
      const sure = await kindOfStore(folder.files, folder.folders, async (doc) => texts.get(doc));
      return { ...entry, kind: sure, open: `${base}${at}` };
    } catch (e) {
      return { ...entry, error: `It cannot be read: ${message(e)}` };
    }
  };

  const fileEntry = async (path: string, name: string): Promise<Entry> => {
    const file = tree.get(`${path}${name}`)!;
    const byName = kindOfFileName(name);
    const entry: Entry = { name, kind: byName, guessed: false, size: file.size, date: file.date, key: path + name };
    let bytes: Uint8Array;
    try {
      bytes = await file.read(0, Math.min(8, file.size));
    } catch (e) {
      return { ...entry, error: `It cannot be read: ${message(e)}` };
    }
    const byBytes = kindOfBytes(bytes);
    if (byBytes === 'file' && opensAsDataset(byName))
      return {
        ...entry,
        kind: 'file',
        error: `Its name says ${byName === 'zip' ? 'zip' : 'netCDF/HDF5'}, but it is not one (its first bytes).`,
      };
    const kind = byBytes === undefined || byBytes === 'file' ? byName : byBytes;
    return { ...entry, kind, open: opensAsDataset(kind) ? `${base}${path}${name}` : undefined };
  };

  const resolve = async (url: string): Promise<Place> => {
    const place: Place = { kind: 'local', url };
    pathOf(place);
    return place;
  };

  const list = async (place: Place, request: ListRequest = {}): Promise<ListPage> => {
    const path = pathOf(place);
    const folder = folders.get(path)!;
    const filter = request.prefixFilter ?? '';
    const names = [
      ...folder.folders.map((name) => ({ name, folder: true })),
      ...folder.files.map((name) => ({ name, folder: false })),
    ]
      .filter((n) => n.name.startsWith(filter))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const size = request.pageSize ?? DEFAULT_PAGE;
    const from = request.cursor?.startsWith('o:') ? Math.max(0, Number(request.cursor.slice(2)) || 0) : 0;
    const slice = names.slice(from, from + size);
    const entries = await mapLimit(slice, CONCURRENCY, async (n) => {
      if (request.signal?.aborted) throw new AbortedError({ key: place.url });
      return n.folder ? storeEntry(path, n.name, folders.get(`${path}${n.name}/`)!) : fileEntry(path, n.name);
    });
    if (request.signal?.aborted) throw new AbortedError({ key: place.url });
    return { entries, next: from + size < names.length ? `o:${from + size}` : undefined };
  };

  // Entries are read whole when listed: a probe learns nothing more.
  const probe = async (entry: Entry): Promise<Entry> => entry;

  return { resolve, list, probe };
}
