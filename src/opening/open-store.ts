/**
 * The one entry point from "where the data is" to a `Store`: URLs (http(s), s3://, virtual-host and
 * path-style S3, S3-compatible endpoints, aliases), zips (dropped, or at a URL read by ranges), dropped
 * folders, and — through open-store-node.ts in the CLI — local paths. Remote stores get the network policy
 * (timeout, concurrency limit, telemetry, retries). Browser-safe: no Node imports here.
 *
 * @example
 * const { store, mode, name, telemetry } = await openStore({ kind: 'url', url: 's3://bucket/ds.zarr#mode=nczarr,s3' });
 */
import type { EndpointAlias, S3Credentials } from '../url/endpoints';
import { HttpError, UnsupportedError, UsageError } from '../errors';
import {
  datasetName,
  formatLocation,
  parseLocation,
  resolveS3,
  type ModeFlags,
  type ParsedLocation,
} from '../url/index';
import { withListing } from '../store/http-listing';
import { HttpStore, type FetchLike } from '../store/http-store';
import type { Limiter } from '../store/limit';
import { withNetworkPolicy } from '../store/network';
import { ProtocolLimit } from '../store/protocol';
import type { RetryOptions } from '../store/retry';
import { S3Store } from '../store/s3-store';
import { emptyTelemetry, type Source, type Store, type Telemetry } from '../store/types';
import { storeSource } from '../store/zip-reader';
import { ZipStore } from '../store/zip-store';
import { PEEK_BYTES, diagnoseOpen, type DiagnoseTarget } from './diagnose';
import { loadFileFormats } from './file-formats';
import { openDropped } from './open-dropped';
import { awsAddressing, credentialsFor } from './s3-target';
import { onEndpoint, withRepository } from './open-icechunk';
import { isRefsCandidate, openRefs } from './open-refs';

/** Where to open: the API's `Source`, or a local path (CLI only). */
export type StoreSource = Source | { readonly kind: 'local'; readonly path: string };

/** What the AWS environment says for one S3 location (CLI: see aws-env.ts). */
export interface S3Defaults {
  readonly credentials?: S3Credentials | undefined;
  readonly region?: string | undefined;
  readonly endpoint?: string | undefined;
}

export interface OpenStoreOptions {
  readonly signal?: AbortSignal | undefined;
  readonly aliases?: readonly EndpointAlias[] | undefined;
  /** Credentials for S3 locations that have no alias with credentials. */
  readonly credentials?: (S3Credentials & { readonly region?: string | undefined }) | undefined;
  readonly telemetry?: Telemetry | undefined;
  readonly fetch?: FetchLike | undefined;
  readonly concurrency?: number | Limiter | undefined;
  readonly timeoutMs?: number | undefined;
  readonly retry?: RetryOptions | undefined;
  /** Bound of one zip entry's decompressed size (default 1 GiB). */
  readonly maxEntryBytes?: number | undefined;
  /** Treat S3 403 AccessDenied on objects as missing (default true). */
  readonly forbiddenAsMissing?: boolean | undefined;
  /** Opens `file://` URLs and local paths (given by open-store-node.ts; absent in browsers). */
  readonly openLocal?: ((path: string, loc: ParsedLocation, options: OpenStoreOptions) => Promise<Store>) | undefined;
  /** Credentials/region/endpoint from the environment for an S3 location (CLI). */
  readonly s3Defaults?: ((loc: ParsedLocation) => Promise<S3Defaults>) | undefined;
}

export interface OpenedStore {
  readonly store: Store;
  /** The `#mode` flags, with `medium` set to what was opened. */
  readonly mode: ModeFlags;
  /** The dataset name as ncdump derives it (file stem). */
  readonly name: string;
  readonly telemetry: Telemetry;
  /** A canonical location for share links and titles (never credentials). */
  readonly location: string;
  /**
   * The location read as one file of a format of src/formats (a netCDF file at a URL), for when its probe finds
   * no Zarr metadata; resolves undefined when no format knows the object's first bytes.
   */
  readonly asFile?: (() => Promise<OpenedStore | undefined>) | undefined;
  /**
   * The location read as an Icechunk repository (open-icechunk.ts), for when its probe finds no Zarr metadata;
   * resolves undefined when the folder holds none.
   */
  readonly asRepository?: (() => Promise<OpenedStore | undefined>) | undefined;
  /**
   * The error to show when nothing could be read there: one more look at the object (diagnose.ts) says whether it
   * is missing, refused, gone, blocked or not a dataset. Absent for dropped files, zips and references.
   */
  readonly diagnose?: ((error: unknown) => Promise<unknown>) | undefined;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function isZip(loc: ParsedLocation, keyOrPath: string): boolean {
  return loc.mode.medium === 'zip' || (loc.mode.medium === undefined && /\.zip\/?$/i.test(keyOrPath));
}

/** Opens a zip object of a remote store by ranges (HEAD, or a one-byte range, for its size). */
async function openRemoteZip(
  raw: HttpStore | S3Store,
  key: `/${string}`,
  description: string,
  network: Store,
  telemetry: Telemetry,
  options: OpenStoreOptions,
  zipStem: string,
): Promise<ZipStore> {
  telemetry.requests++;
  const size = await raw.size(key, { signal: options.signal });
  if (size === undefined)
    throw new HttpError('not-found', 404, `There is no zip at ${description} (404).`, { key: description });
  return ZipStore.open(storeSource(network, key, size, description), {
    stem: zipStem,
    maxEntryBytes: options.maxEntryBytes,
    signal: options.signal,
  });
}

/**
 * The opened location, plus `asFile` reading one object of `raw` as a file (src/formats); with `#mode=bytes` the
 * object is opened as a file at once, and must be one.
 */
async function withFile(
  opened: OpenedStore,
  raw: HttpStore | S3Store,
  key: `/${string}`,
  description: string,
  net: (s: Store) => Store,
  bytes: boolean,
  options: OpenStoreOptions,
): Promise<OpenedStore> {
  const asFile = async () => {
    const formats = loadFileFormats();
    const { openObjectAsFile } = await formats.sources;
    const store = await openObjectAsFile(raw, net(raw), key, description, {
      signal: options.signal,
      onRequest: () => opened.telemetry.requests++,
    });
    const { cfaRemote } = await formats.cfa; // a CFA master: its aggregated view
    return store ? { ...opened, store: await cfaRemote(store, description, (s) => openStore(s, options)) } : undefined;
  };
  if (!bytes) return { ...opened, asFile };
  const file = await asFile();
  if (!file)
    throw new UnsupportedError(
      `${description} is no file format read here (netCDF-3, netCDF-4/HDF5); #mode says bytes.`,
    );
  return file;
}

/** The root metadata document a folder location is probed for first (named when the probe finds nothing). */
function rootDocument(loc: ParsedLocation): string {
  return loc.mode.zarrFormat === 2 ? '.zgroup' : 'zarr.json';
}

function diagnoser(target: DiagnoseTarget): (error: unknown) => Promise<unknown> {
  return (error) => diagnoseOpen(error, target);
}

async function openUrl(text: string, options: OpenStoreOptions, telemetry: Telemetry): Promise<OpenedStore> {
  const loc = parseLocation(text);
  const refs = isRefsCandidate(loc) ? await openRefs(text, loc, options, telemetry, openStore) : undefined;
  if (refs) return refs; // a kerchunk reference set (open-refs.ts)
  const location = formatLocation(loc, { share: true, plainHash: true });
  const name = datasetName(loc);
  // Requests in flight follow the server's protocol: 6 (a browser's HTTP/1.1 connections per host) until a response
  // shows HTTP/2 or HTTP/3 (protocol.ts); a limit passed in options is kept as it is.
  const protocolLimit = new ProtocolLimit();
  const onComplete = options.concurrency === undefined ? protocolLimit.completed : undefined;
  const net = (s: Store) =>
    withNetworkPolicy(s, {
      telemetry,
      concurrency: options.concurrency ?? protocolLimit.limiter,
      timeoutMs: options.timeoutMs,
      retry: options.retry,
    });

  if (loc.style === 'file' || loc.style === 'local') {
    if (!options.openLocal) {
      throw new UsageError(`"${text}" is a local path: in the browser, drop the folder or zip onto the page instead.`, {
        key: text,
      });
    }
    const path = loc.style === 'file' ? decodeURIComponent(loc.path) : loc.path;
    const store = await options.openLocal(path, loc, options);
    const opened: OpenedStore = {
      store,
      mode: { ...loc.mode, medium: store instanceof ZipStore ? 'zip' : (loc.mode.medium ?? 'file') },
      name,
      telemetry,
      location,
    };
    return store instanceof ZipStore
      ? opened
      : withRepository(opened, loc, options, openStore, { kind: 'local', path });
  }

  if (loc.s3) {
    const defaults = options.s3Defaults ? await options.s3Defaults(loc) : {};
    const target = resolveS3(loc, {
      aliases: options.aliases,
      region: options.credentials?.region ?? defaults.region,
      endpoint: defaults.endpoint,
    })!;
    const credentials = target.alias ? target.credentials : credentialsFor(target.endpoint, options, defaults);
    const config = {
      ...awsAddressing(target),
      bucket: target.bucket,
      region: target.region,
      credentials,
      fetch: options.fetch,
      forbiddenAsMissing: options.forbiddenAsMissing,
      onComplete,
    };
    if (isZip(loc, target.key)) {
      const raw = new S3Store({ ...config, key: '' });
      const zip = await openRemoteZip(
        raw,
        `/${target.key}`,
        `s3://${target.bucket}/${target.key}`,
        net(raw),
        telemetry,
        options,
        name,
      );
      return { store: zip, mode: { ...loc.mode, medium: 'zip' }, name, telemetry, location };
    }
    const store = net(new S3Store({ ...config, key: target.key }));
    const raw = new S3Store({ ...config, key: '' });
    const folder = target.key === '' || target.key.endsWith('/');
    const peekKey = folder ? `${target.key}${rootDocument(loc)}` : target.key;
    const diagnose = diagnoser({
      location,
      object: raw.keyUrl(`/${peekKey}`),
      folder,
      s3: { bucket: target.bucket, key: peekKey },
      peek: () => raw.peek(`/${peekKey}`, PEEK_BYTES, { signal: options.signal }),
    });
    const opened: OpenedStore = { store, mode: { ...loc.mode, medium: 's3' }, name, telemetry, location, diagnose };
    const base = { kind: 'remote', url: `s3://${target.bucket}/${target.key.replace(/\/?$/, '/')}` } as const;
    const own = onEndpoint(options, target.endpoint, target.region);
    if (folder) return withRepository(opened, loc, own, openStore, base);
    const object = `s3://${target.bucket}/${target.key}`;
    const file = await withFile(opened, raw, `/${target.key}`, object, net, loc.mode.bytes === true, options);
    return withRepository(file, loc, own, openStore, base);
  }

  const url = formatLocation({ ...loc, fragment: undefined }, { plainHash: true });
  if (isZip(loc, loc.path)) {
    const slash = url.lastIndexOf('/', url.includes('?') ? url.indexOf('?') : url.length);
    const raw = new HttpStore(url.slice(0, slash), { fetch: options.fetch, onComplete });
    const file = decodeURIComponent(url.slice(slash + 1).split('?')[0]!);
    const zip = await openRemoteZip(raw, `/${file}`, url, net(raw), telemetry, options, name);
    return { store: zip, mode: { ...loc.mode, medium: 'zip' }, name, telemetry, location };
  }
  // Plain HTTP lists through a directory index or an S3 listing when the server offers one (http-listing.ts).
  const rootStore = new HttpStore(url, { fetch: options.fetch, onComplete });
  // The file as one object of its folder, the query kept (a signed URL needs it).
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const slash = path.lastIndexOf('/');
  const file = decodeURIComponentSafe(path.slice(slash + 1));
  const raw = new HttpStore(path.slice(0, slash) + (q < 0 ? '' : url.slice(q)), { fetch: options.fetch, onComplete });
  const peekAt: [HttpStore, `/${string}`] = file === '' ? [rootStore, `/${rootDocument(loc)}`] : [raw, `/${file}`];
  const opened: OpenedStore = {
    store: net(withListing(rootStore, { fetch: options.fetch })),
    mode: { ...loc.mode, medium: loc.mode.medium ?? 'http' },
    name,
    telemetry,
    location,
    diagnose: diagnoser({
      location,
      object: peekAt[0].keyUrl(peekAt[1]),
      folder: file === '',
      peek: () => peekAt[0].peek(peekAt[1], PEEK_BYTES, { signal: options.signal }),
    }),
  };
  const base = { kind: 'remote', url: path.endsWith('/') ? path : `${path}/` } as const;
  if (file === '') return withRepository(opened, loc, options, openStore, base);
  const withObject = await withFile(opened, raw, `/${file}`, url, net, loc.mode.bytes === true, options);
  return withRepository(withObject, loc, options, openStore, base);
}

type DroppedJoinOpener = (
  source: Extract<Source, { kind: 'dropped-join' }>,
  options: OpenStoreOptions,
  telemetry: Telemetry,
) => Promise<OpenedStore>;

/** Opens `dropped-join` sources: set by src/aggregate/dropped.ts when the join code loads (it imports this folder). */
let droppedJoinOpener: DroppedJoinOpener | null = null;

/** Who opens `dropped-join` sources (src/aggregate/dropped.ts, as it loads). */
export function setDroppedJoinOpener(opener: DroppedJoinOpener): void {
  droppedJoinOpener = opener;
}

/**
 * Opens a store for a source. Throws typed errors: `UrlError` (a location that does not parse), `ZipError`
 * (not a zip / no dataset), `HttpError` (remote zip missing), `ZarrviewError('usage')` (local path in a browser).
 */
export async function openStore(source: StoreSource, options: OpenStoreOptions = {}): Promise<OpenedStore> {
  const telemetry = options.telemetry ?? emptyTelemetry();
  switch (source.kind) {
    case 'url':
      return openUrl(source.url, options, telemetry);
    case 'local':
      return openUrl(source.path, options, telemetry);
    case 'file':
    case 'zip-file':
    case 'folder':
      return openDropped(source, options, telemetry);
    case 'dropped-join':
      if (!droppedJoinOpener)
        throw new UsageError('Files opened as one dataset need the join code, which is not loaded here.');
      return droppedJoinOpener(source, options, telemetry);
  }
}
