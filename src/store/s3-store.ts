/**
 * An S3 store (AWS or any S3-compatible endpoint), path style: objects by GET/Range through HttpStore, and
 * `list()` by ListObjectsV2 (`list-type=2`, prefix, `delimiter=/`, continuation-token pagination). Anonymous
 * unless credentials are given, then every request is signed with SigV4.
 *
 * @example
 * const store = createS3Store({ endpoint: 'https://s3.us-west-2.amazonaws.com', bucket: 'b', key: 'ds.zarr', region: 'us-west-2' });
 * await store.list('/'); // { files: ['.zgroup', …], folders: ['temp', …] }
 */
import type { S3Credentials } from '../url/endpoints';
import { awsEndpoint, s3HostInfo } from '../url/s3-host';
import { HttpStatusError, statusError } from './http-errors';
import { HttpStore, encodeKeyPath, encodeRfc3986, type FetchLike, type PeekAnswer } from './http-store';
import { createSigV4Signer } from './sigv4';
import type { AbsolutePath, DirectRequest, Listing, RangeQuery, RequestOptions, Store } from './types';
import { childText, childrenNamed, findFirst, parseXml } from './xml';

export interface S3StoreConfig {
  /** `https://host[:port]`, no bucket. */
  readonly endpoint: string;
  readonly bucket: string;
  /** Key prefix of the dataset root (no leading/trailing slash; `''` for the bucket root). */
  readonly key: string;
  readonly region: string;
  readonly credentials?: S3Credentials | undefined;
  readonly fetch?: FetchLike | undefined;
  /** Treat 403 AccessDenied on objects as missing (default true: buckets that deny listing answer 403). */
  readonly forbiddenAsMissing?: boolean | undefined;
  /**
   * `virtual`: requests go to `bucket.<endpoint host>` (AWS's recommended form; with the global endpoint
   * `https://s3.amazonaws.com` DNS finds the bucket's region). Default `path`: `<endpoint>/bucket`.
   */
  readonly addressing?: 'path' | 'virtual' | undefined;
  /** Called with the URL of each object read in full (see HttpStoreOptions.onComplete). */
  readonly onComplete?: ((url: string) => void) | undefined;
  /** Page size of listings (default 1000, S3's maximum). */
  readonly maxKeys?: number | undefined;
  /** Upper bound of listing pages for one prefix (default 1000). */
  readonly maxPages?: number | undefined;
}

/** 403 codes that mean "wrong credentials", never "missing key". */
const AUTH_CODES = new Set([
  'SignatureDoesNotMatch',
  'InvalidAccessKeyId',
  'ExpiredToken',
  'InvalidToken',
  'AuthorizationHeaderMalformed',
]);

export class S3Store implements Store {
  readonly description: string;
  readonly config: S3StoreConfig;
  private objects!: HttpStore;
  private bucketUrl = '';
  private region = '';
  private readonly root: string;

  constructor(config: S3StoreConfig) {
    this.config = config;
    this.root = config.key.replace(/^\/+|\/+$/g, '');
    this.description = `s3://${config.bucket}/${this.root}`;
    this.target(config.endpoint, config.region);
  }

  /** Points the store at an endpoint and signing region. */
  private target(endpointUrl: string, region: string): void {
    const { config } = this;
    const endpoint = endpointUrl.replace(/\/+$/, '');
    this.region = region;
    if (config.addressing === 'virtual') {
      const u = new URL(endpoint);
      this.bucketUrl = `${u.protocol}//${config.bucket}.${u.host}`;
    } else {
      this.bucketUrl = `${endpoint}/${encodeRfc3986(config.bucket)}`;
    }
    const sign = config.credentials
      ? createSigV4Signer({ credentials: config.credentials, region, origin: new URL(this.bucketUrl).origin })
      : undefined;
    const asMissing = config.forbiddenAsMissing ?? true;
    this.objects = new HttpStore(this.root ? `${this.bucketUrl}${encodeKeyPath(`/${this.root}`)}` : this.bucketUrl, {
      fetch: config.fetch,
      sign,
      onComplete: config.onComplete,
      description: this.description,
      forbiddenAsMissing: asMissing ? (e: HttpStatusError) => !AUTH_CODES.has(e.s3Code ?? '') : false,
    });
  }

  /**
   * Runs a request; when AWS answers that the bucket is in another region (`s3://bucket` opened with the
   * default region), moves to that region's endpoint once and repeats it. Only for AWS endpoints.
   */
  private async regional<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      const region = e instanceof HttpStatusError ? e.bucketRegion : undefined;
      if (
        !region ||
        region === this.region ||
        !/^[a-z0-9-]+$/.test(region) ||
        !s3HostInfo(new URL(this.config.endpoint).host)
      )
        throw e;
      this.target(awsEndpoint(region), region);
      return run();
    }
  }

  /** The current signing region (after a redirect, the bucket's). */
  get currentRegion(): string {
    return this.region;
  }

  get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined> {
    return this.regional(() => this.objects.get(key, options));
  }

  /**
   * An object another thread may fetch itself: only without credentials (an unsigned GET, as this store makes it).
   * There an absent key answers 403 where the bucket denies listing (no signature, so never an auth error): missing,
   * as this store counts it. Any other answer (a redirect to the bucket's region, say) falls back to `get`.
   */
  direct(key: AbsolutePath): DirectRequest | undefined {
    const d = this.config.credentials ? undefined : this.objects.direct(key);
    return d && { ...d, forbiddenIsMissing: this.config.forbiddenAsMissing ?? true };
  }

  getRange(key: AbsolutePath, range: RangeQuery, options?: RequestOptions): Promise<Uint8Array | undefined> {
    return this.regional(() => this.objects.getRange(key, range, options));
  }

  /** The URL of an object's key (the endpoint's, for a browser tab). */
  keyUrl(key: AbsolutePath): string {
    return this.objects.keyUrl(key);
  }

  /** The answer for the first bytes of an object, whatever its status (see HttpStore.peek). */
  peek(key: AbsolutePath, length: number, options?: RequestOptions): Promise<PeekAnswer> {
    return this.objects.peek(key, length, options);
  }

  /** The object's size when an answer already said it (see HttpStore.knownSize); no request. */
  knownSize(key: AbsolutePath): number | undefined {
    return this.objects.knownSize(key);
  }

  /** The size of an object (see HttpStore.size); `undefined` when missing. */
  size(key: AbsolutePath, options?: RequestOptions): Promise<number | undefined> {
    return this.regional(() => this.objects.size(key, options));
  }

  /** The ListObjectsV2 URL of one page. */
  listUrl(prefix: string, token: string | undefined): string {
    const params: [string, string][] = [
      ['list-type', '2'],
      ['delimiter', '/'],
      ['prefix', prefix],
    ];
    if (this.config.maxKeys) params.push(['max-keys', String(this.config.maxKeys)]);
    if (token !== undefined) params.push(['continuation-token', token]);
    params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `${this.bucketUrl}${this.config.addressing === 'virtual' ? '/' : ''}?${params.map(([k, v]) => `${encodeRfc3986(k)}=${encodeRfc3986(v)}`).join('&')}`;
  }

  /**
   * One ListObjectsV2 page as text (`s3Prefix` is a full key prefix from the bucket root), following a region
   * redirect as every request does; undefined when the bucket answers 404. For browsing (src/listing).
   */
  listPageText(s3Prefix: string, token: string | undefined, options?: RequestOptions): Promise<string | undefined> {
    return this.regional(() => this.objects.fetchText(this.listUrl(s3Prefix, token), s3Prefix || '/', options));
  }

  list(prefix: AbsolutePath, options?: RequestOptions): Promise<Listing> {
    return this.regional(() => this.listOnce(prefix, options));
  }

  private async listOnce(prefix: AbsolutePath, options?: RequestOptions): Promise<Listing> {
    const rel = prefix.replace(/^\/+/, '');
    const full = [this.root, rel].filter(Boolean).join('/').replace(/\/*$/, '/');
    const s3Prefix = full === '/' ? '' : full;
    const files = new Set<string>();
    const folders = new Set<string>();
    let token: string | undefined;
    const maxPages = this.config.maxPages ?? 1000;
    for (let page = 0; page < maxPages; page++) {
      const url = this.listUrl(s3Prefix, token);
      const text = await this.objects.fetchText(url, prefix, options);
      if (text === undefined) throw statusError(404, url, prefix, '<Code>NoSuchBucket</Code>', null);
      let doc;
      try {
        doc = parseXml(text);
      } catch (e) {
        throw new HttpStatusError(200, `The listing of "${prefix}" from ${this.description} is not valid XML.`, {
          key: prefix,
          cause: e,
        });
      }
      const result = findFirst(doc, 'ListBucketResult');
      if (!result)
        throw new HttpStatusError(200, `The answer to a listing of "${prefix}" is not an S3 ListBucketResult.`, {
          key: prefix,
        });
      for (const c of childrenNamed(result, 'Contents')) {
        const name = (childText(c, 'Key') ?? '').slice(s3Prefix.length);
        if (name && !name.includes('/')) files.add(name);
      }
      for (const c of childrenNamed(result, 'CommonPrefixes')) {
        const name = (childText(c, 'Prefix') ?? '').slice(s3Prefix.length).replace(/\/$/, '');
        if (name) folders.add(name);
      }
      token = childText(result, 'NextContinuationToken');
      if (childText(result, 'IsTruncated') !== 'true' || !token) break;
    }
    return { files: [...files].sort(), folders: [...folders].sort() };
  }
}

/** Creates an S3 store. */
export function createS3Store(config: S3StoreConfig): S3Store {
  return new S3Store(config);
}
