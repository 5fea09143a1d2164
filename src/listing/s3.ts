/**
 * Listing an S3 prefix one ListObjectsV2 page at a time (`delimiter=/`, `max-keys`, the continuation token as the
 * cursor, the name filter as part of the prefix), through the store layer's S3Store: the same endpoints, aliases,
 * addressing and SigV4 signing as opening a dataset (src/opening/s3-target.ts), and credentials only where a
 * dataset would send them.
 */
import { AbortedError, HttpError } from '../errors';
import { awsAddressing, credentialsFor } from '../opening/s3-target';
import type { OpenStoreOptions } from '../opening/open-store';
import { encodeKeyPath } from '../store/http-store';
import { S3Store } from '../store/s3-store';
import { formatLocation, parseLocation, resolveS3, type ParsedLocation } from '../url/index';
import { ListingRefusedError, s3RefusedAdvice } from './errors';
import { kindOfFileName, kindOfFolderName, kindOfStore } from './kind';
import type { Entry, ListPage, ListRequest } from './types';
import { childOf, childrenOf, parseXmlBounded, rootElement, XmlLimitError, type XmlNode } from './xml';

/** What opening a location takes that listing needs too. */
export type ListerOptions = Pick<OpenStoreOptions, 'aliases' | 'credentials' | 'fetch' | 's3Defaults'>;

/** One S3 place: its bucket store, the key prefix listed, and how to write the URL of a key there. */
export interface S3Context {
  readonly store: S3Store;
  /** Key prefix from the bucket root, `''` or ending in `/`. */
  readonly prefix: string;
  readonly signed: boolean;
  /** The location of a key, written as the place was (s3://, alias, virtual host, path style). */
  readonly urlOf: (key: string) => string;
  /** `s3://bucket/prefix` for messages. */
  readonly where: string;
}

function urlWriter(loc: ParsedLocation, key: string): (k: string) => string {
  const segs = loc.path.replace(/\/+$/, '').split('/');
  const keep = segs.slice(0, segs.length - (key ? key.split('/').length : 0)).join('/');
  return (k) => formatLocation({ ...loc, path: `${keep}/${encodeKeyPath(k)}`, query: undefined }, { share: true });
}

/** The S3 context of a location (`s3://…`, virtual-host or path-style S3 URL); undefined when it is no S3 URL. */
export async function s3Context(
  url: string,
  options: ListerOptions,
  pageSize?: number,
): Promise<S3Context | undefined> {
  const loc = parseLocation(url);
  if (!loc.s3) return undefined;
  const defaults = options.s3Defaults ? await options.s3Defaults(loc) : {};
  const target = resolveS3(loc, {
    aliases: options.aliases,
    region: options.credentials?.region ?? defaults.region,
    endpoint: defaults.endpoint,
  });
  if (!target) return undefined;
  const credentials = target.alias ? target.credentials : credentialsFor(target.endpoint, options, defaults);
  const store = new S3Store({
    ...awsAddressing(target),
    bucket: target.bucket,
    key: '',
    region: target.region,
    credentials,
    fetch: options.fetch,
    forbiddenAsMissing: false,
    maxKeys: Math.min(1000, Math.max(1, pageSize ?? 1000)),
  });
  const prefix = target.key === '' ? '' : `${target.key.replace(/\/+$/, '')}/`;
  return {
    store,
    prefix,
    signed: credentials !== undefined,
    urlOf: urlWriter(loc, target.key),
    where: `s3://${target.bucket}/${prefix}`,
  };
}

const text = (el: XmlNode, name: string): string | undefined => childOf(el, name)?.text;

/** Reads a ListObjectsV2 page: folders (common prefixes) then objects, with the next continuation token. */
export function parseS3Page(xml: string, ctx: Pick<S3Context, 'prefix' | 'urlOf'>): ListPage {
  let doc: XmlNode;
  try {
    doc = parseXmlBounded(xml, { maxBytes: 16 * 1024 * 1024, maxDepth: 8 });
  } catch (e) {
    if (!(e instanceof XmlLimitError)) throw e;
    throw new HttpError('http', 200, `The answer to an S3 listing is not read here: ${e.message}`, { cause: e });
  }
  const result = rootElement(doc);
  if (!result || result.name !== 'ListBucketResult')
    throw new HttpError('http', 200, 'The answer to an S3 listing is not a ListBucketResult.');
  const entries: Entry[] = [];
  for (const c of childrenOf(result, 'CommonPrefixes')) {
    const full = text(c, 'Prefix') ?? '';
    if (!full.startsWith(ctx.prefix)) continue;
    const name = full.slice(ctx.prefix.length).replace(/\/$/, '');
    if (!name || name.includes('/')) continue;
    const kind = kindOfFolderName(name);
    const folderUrl = ctx.urlOf(`${ctx.prefix}${name}/`);
    entries.push({
      name,
      kind,
      guessed: true,
      key: `${ctx.prefix}${name}/`,
      place: { kind: 's3', url: folderUrl },
      open: kind === 'folder' ? undefined : ctx.urlOf(`${ctx.prefix}${name}`),
    });
  }
  for (const c of childrenOf(result, 'Contents')) {
    const key = text(c, 'Key') ?? '';
    if (!key.startsWith(ctx.prefix)) continue;
    const name = key.slice(ctx.prefix.length);
    if (!name || name.includes('/')) continue; // the folder's own marker object, or deeper (no delimiter)
    const size = Number(text(c, 'Size'));
    const date = text(c, 'LastModified');
    const kind = kindOfFileName(name);
    entries.push({
      name,
      kind,
      guessed: true,
      key,
      size: Number.isFinite(size) ? size : undefined,
      date: date && !Number.isNaN(Date.parse(date)) ? new Date(date).toISOString() : undefined,
      open: ctx.urlOf(key),
    });
  }
  const token = text(result, 'NextContinuationToken');
  return { entries, next: text(result, 'IsTruncated') === 'true' && token ? token : undefined };
}

/** One page of an S3 place. A 403 becomes `ListingRefusedError` with what to do. */
export async function listS3(ctx: S3Context, request: ListRequest): Promise<ListPage> {
  const filter = request.prefixFilter ?? '';
  let xml: string | undefined;
  try {
    xml = await ctx.store.listPageText(`${ctx.prefix}${filter}`, request.cursor, { signal: request.signal });
  } catch (e) {
    if (e instanceof AbortedError || request.signal?.aborted) throw e;
    if (e instanceof HttpError && e.code === 'forbidden')
      throw new ListingRefusedError(403, s3RefusedAdvice(ctx.where, ctx.signed), { key: ctx.where, cause: e });
    throw e;
  }
  if (xml === undefined)
    throw new ListingRefusedError(
      404,
      `There is no bucket at ${ctx.where} (404): check the bucket name and endpoint.`,
      {
        key: ctx.where,
      },
    );
  return parseS3Page(xml, ctx);
}

/** A folder's kind from its first listing page and, for Zarr, its root metadata (NCZarr or plain Zarr). */
export async function probeS3Folder(ctx: S3Context, key: string, signal?: AbortSignal): Promise<Entry['kind']> {
  const prefix = key.replace(/\/*$/, '/');
  const xml = await ctx.store.listPageText(prefix, undefined, { signal });
  if (xml === undefined) return 'folder';
  const page = parseS3Page(xml, { prefix, urlOf: ctx.urlOf });
  const files = page.entries.filter((e) => e.size !== undefined || !e.place).map((e) => e.name);
  const folders = page.entries.filter((e) => e.place).map((e) => e.name);
  return kindOfStore(files, folders, (doc) =>
    ctx.store.getRange(`/${prefix}${doc}`, { offset: 0, length: 65536 }, { signal }),
  );
}

/** A file's kind from its first 8 bytes (undefined: keep the name's). */
/** An object's first 8 bytes (one Range request, signed as opening it is); undefined when it is not there. */
export async function probeS3Bytes(ctx: S3Context, key: string, signal?: AbortSignal): Promise<Uint8Array | undefined> {
  return ctx.store.getRange(`/${key}`, { offset: 0, length: 8 }, { signal });
}
