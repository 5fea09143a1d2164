/**
 * kerchunk reference sets (src/formats/refs/) as locations: a URL or path ending `.json` whose document is a
 * reference set (known by its content), or any location with `#mode=refs`, and a dropped `.json` file. The
 * document is read through the store of its folder; each target folder (`https://host/dir/`,
 * `s3://bucket/dir/`) is opened once through `openStore` — with the endpoint aliases, credentials, network
 * policy and telemetry of the location — and shared by every key that reads from it. The reference code loads
 * only when a location may be one (a dynamic import), so it is not in the app's first bundle.
 *
 * @example
 * const opened = await openRefs('https://host/refs.json', parseLocation(url), options, telemetry, openStore);
 */
import { HttpError, MetadataError, isZarrviewError } from '../errors';
import type { DocumentBase, Target, TargetObject } from '../formats/refs/index';
import { datasetName, formatLocation, fragmentValue, fragmentValues, type ParsedLocation } from '../url/index';
import type { Store, Telemetry } from '../store/types';
import type { OpenStoreOptions, OpenedStore, StoreSource } from './open-store';

type OpenStore = (source: StoreSource, options?: OpenStoreOptions) => Promise<OpenedStore>;

/** Options of the stores opened here (documents' folders, targets): never read as reference sets themselves. */
const inner = new WeakSet<OpenStoreOptions>();

function innerOptions(options: OpenStoreOptions, telemetry: Telemetry): OpenStoreOptions {
  const o = { ...options, telemetry };
  inner.add(o);
  return o;
}

/** Whether `#mode` says `refs`. */
function modeRefs(loc: ParsedLocation): boolean {
  return (fragmentValues(loc.fragment ?? [], 'mode') ?? []).some((w) => w.toLowerCase() === 'refs');
}

/** A folder of Parquet references: named `….parq` / `….parquet`, or a folder with `#mode=refs`. */
function isParquetCandidate(loc: ParsedLocation): boolean {
  return /\.parq(uet)?\/?$/i.test(loc.path) || (modeRefs(loc) && loc.path.endsWith('/'));
}

/** Whether a location may be a reference set: `#mode=refs`, a name ending `.json`, or a `.parq` folder. */
export function isRefsCandidate(loc: ParsedLocation): boolean {
  if (isParquetCandidate(loc)) return true;
  if (loc.path.endsWith('/') || loc.path === '') return false;
  return modeRefs(loc) || /\.json$/i.test(loc.path);
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** `…/dir/name?q#f` → the folder (`…/dir/`), the name, the query. */
function split(text: string): { folder: string; name: string; query: string } {
  const hash = text.search(/\\?#/);
  const body = hash < 0 ? text : text.slice(0, hash);
  const q = /^[a-z][a-z0-9+.-]*:\/\//i.test(body) ? body.indexOf('?') : -1;
  const path = q < 0 ? body : body.slice(0, q);
  const slash = Math.max(path.lastIndexOf('/'), /^[a-z][a-z0-9+.-]*:\/\//i.test(body) ? -1 : path.lastIndexOf('\\'));
  return {
    folder: slash < 0 ? './' : path.slice(0, slash + 1),
    name: path.slice(slash + 1),
    query: q < 0 ? '' : body.slice(q),
  };
}

/**
 * Opens targets through `openStore`, one store per folder (and per `s3://` endpoint profile): used for kerchunk
 * targets and Icechunk's virtual chunks alike.
 */
export function targetOpener(
  options: OpenStoreOptions,
  telemetry: Telemetry,
  open: OpenStore,
  profile: string | undefined,
) {
  const folders = new Map<string, Promise<Store>>();
  return async (target: Target): Promise<TargetObject> => {
    const { folder, name, query } = split(target.url);
    const local = target.kind === 'local';
    const at = local ? folder : `${folder}${query}${target.kind === 's3' && profile ? `#awsprofile=${profile}` : ''}`;
    let store = folders.get(at);
    if (!store) {
      const source: StoreSource = local ? { kind: 'local', path: at } : { kind: 'url', url: at };
      store = open(source, innerOptions(options, telemetry)).then((o) => o.store);
      store.catch(() => folders.delete(at));
      folders.set(at, store);
    }
    return { store: await store, key: `/${local ? name : decodeSafe(name)}` };
  };
}

async function fromDocument(
  bytes: Uint8Array,
  explicit: boolean,
  base: DocumentBase,
  description: string,
  options: OpenStoreOptions,
  telemetry: Telemetry,
  open: OpenStore,
  profile: string | undefined,
): Promise<Store | undefined> {
  const refs = await import('../formats/refs/index');
  let json: unknown;
  try {
    json = refs.parseJsonDocument(bytes, description);
  } catch (e) {
    if (explicit) throw e;
    return undefined;
  }
  if (!refs.isReferenceDocument(json)) {
    if (!explicit) return undefined;
    throw new MetadataError(`${description} is not a kerchunk reference set (JSON version 0 or 1); #mode says refs.`, {
      key: description,
    });
  }
  const set = refs.readReferenceJson(json, { description });
  return new refs.ReferenceStore(set, base, {
    description,
    openTarget: targetOpener(options, telemetry, open, profile),
  });
}

/**
 * The location opened as a reference set, or undefined when it is none (and `#mode` does not say `refs`): the
 * caller then opens it as it would any location. Throws typed errors (a missing document, a malformed set).
 */
export async function openRefs(
  text: string,
  loc: ParsedLocation,
  options: OpenStoreOptions,
  telemetry: Telemetry,
  open: OpenStore,
): Promise<OpenedStore | undefined> {
  const local = loc.style === 'local' || loc.style === 'file';
  if (inner.has(options)) return undefined;
  if (local && !options.openLocal) return undefined; // a browser: the location's own error follows
  if (isParquetCandidate(loc)) return openParquetRefs(text, loc, options, telemetry, open);
  const { folder, name, query } = split(text);
  const fragment = text.search(/\\?#/) < 0 ? '' : text.slice(text.search(/\\?#/)).replace(/^\\/, '');
  const folderSource: StoreSource =
    loc.style === 'local' ? { kind: 'local', path: folder } : { kind: 'url', url: `${folder}${query}${fragment}` };
  const explicit = modeRefs(loc);
  const key: `/${string}` = `/${loc.style === 'local' ? name : decodeSafe(name)}`;
  let dir: OpenedStore;
  let bytes: Uint8Array | undefined;
  try {
    dir = await open(folderSource, innerOptions(options, telemetry));
    bytes = await dir.store.get(key, { signal: options.signal });
  } catch (e) {
    // Not asked for references: the location is opened as before, and says what is wrong with it.
    if (!explicit && isZarrviewError(e) && e.code !== 'aborted') return undefined;
    throw e;
  }
  const description = formatLocation(loc, { share: true, plainHash: true });
  if (!bytes && !explicit) return undefined;
  if (!bytes)
    throw new HttpError('not-found', 404, `There is no reference file at ${description}.`, { key: description });
  const body = split(text);
  const base: DocumentBase = local
    ? {
        kind: 'local',
        path:
          loc.style === 'file'
            ? decodeSafe(new URL(`${body.folder}${body.name}`).pathname)
            : `${body.folder}${body.name}`,
      }
    : { kind: 'remote', url: `${body.folder}${body.name}` };
  const profile = loc.fragment ? fragmentValue(loc.fragment, 'awsprofile') : undefined;
  const store = await fromDocument(bytes, explicit, base, description, options, telemetry, open, profile);
  if (!store) return undefined;
  return {
    store,
    mode: { medium: dir.mode.medium ?? 'http' },
    name: datasetName(loc),
    telemetry,
    location: description,
  };
}

/** A dropped `.json` file opened as a reference set (its targets must be absolute URLs), or undefined. */
export async function openRefsFile(
  file: Blob,
  name: string,
  options: OpenStoreOptions,
  telemetry: Telemetry,
  open: OpenStore,
): Promise<OpenedStore | undefined> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const store = await fromDocument(bytes, false, { kind: 'none', name }, name, options, telemetry, open, undefined);
  if (!store) return undefined;
  const stem = name.replace(/\.json$/i, '');
  return { store, mode: { medium: 'file' }, name: stem, telemetry, location: name };
}

/**
 * A folder of Parquet references (`https://host/refs.parq`, `fixtures/refs.parq/`): relative target URLs
 * resolve as if the folder were one document (`refs.parq` → its parent folder). Undefined when the folder's
 * `.zmetadata` is not that of Parquet references and `#mode` does not say `refs`.
 */
async function openParquetRefs(
  text: string,
  loc: ParsedLocation,
  options: OpenStoreOptions,
  telemetry: Telemetry,
  open: OpenStore,
): Promise<OpenedStore | undefined> {
  const hash = text.search(/\\?#/);
  const fragment = hash < 0 ? '' : text.slice(hash).replace(/^\\/, '');
  const body = (hash < 0 ? text : text.slice(0, hash)).replace(/[/\\]+$/, '');
  const source: StoreSource =
    loc.style === 'local' ? { kind: 'local', path: body } : { kind: 'url', url: `${body}/${fragment}` };
  const description = formatLocation(loc, { share: true, plainHash: true });
  const refs = await import('../formats/refs/index');
  let dir: OpenedStore;
  let head: Uint8Array | undefined;
  try {
    dir = await open(source, innerOptions(options, telemetry));
    head = await dir.store.get('/.zmetadata', { signal: options.signal });
  } catch (e) {
    if (!modeRefs(loc) && isZarrviewError(e) && e.code !== 'aborted') return undefined;
    throw e;
  }
  let doc: unknown;
  try {
    doc = head ? (JSON.parse(new TextDecoder().decode(head)) as unknown) : undefined;
  } catch {
    doc = undefined;
  }
  if (!modeRefs(loc) && !refs.isParquetReferenceMetadata(doc)) return undefined;
  const set = await refs.parquetReferences(dir.store, description, options.signal);
  const local = loc.style === 'local' || loc.style === 'file';
  const base: DocumentBase = local
    ? { kind: 'local', path: loc.style === 'file' ? decodeSafe(new URL(body).pathname) : body }
    : { kind: 'remote', url: body };
  const profile = loc.fragment ? fragmentValue(loc.fragment, 'awsprofile') : undefined;
  const store = new refs.ReferenceStore(set, base, {
    description,
    openTarget: targetOpener(options, telemetry, open, profile),
  });
  return {
    store,
    mode: { medium: dir.mode.medium ?? 'http' },
    name: datasetName(loc),
    telemetry,
    location: description,
  };
}

/**
 * A dropped folder of Parquet references (its `.zmetadata` has `record_size`), or undefined: without this, its
 * consolidated metadata would open as a Zarr hierarchy whose chunks are all missing. Targets must be absolute.
 */
export async function openRefsFolder(
  folder: Store,
  name: string,
  options: OpenStoreOptions,
  telemetry: Telemetry,
  open: OpenStore,
): Promise<OpenedStore | undefined> {
  const head = await folder.get('/.zmetadata', { signal: options.signal });
  const text = head ? new TextDecoder().decode(head) : '';
  if (!text.includes('"record_size"')) return undefined; // a Zarr folder's consolidated metadata: not parsed here
  const refs = await import('../formats/refs/index');
  let doc: unknown;
  try {
    doc = JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
  if (!refs.isParquetReferenceMetadata(doc)) return undefined;
  const set = await refs.parquetReferences(folder, name, options.signal);
  const store = new refs.ReferenceStore(
    set,
    { kind: 'none', name },
    {
      description: name,
      openTarget: targetOpener(options, telemetry, open, undefined),
    },
  );
  const stem = name.replace(/[/\\]+$/, '').replace(/\.parq(uet)?$/i, '');
  return { store, mode: { medium: 'file' }, name: stem, telemetry, location: name };
}
