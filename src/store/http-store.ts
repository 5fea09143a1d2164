/**
 * A store over HTTP(S): `GET` for keys, `Range` requests for `getRange`, `HEAD` for sizes. 404 is a missing key;
 * 403 can count as missing too (S3 buckets that deny listing answer 403 for absent keys). A metadata or chunk key
 * answered with an HTML page (`Content-Type: text/html`) throws `HtmlAnswerError` (see html.ts). Every failure is a
 * typed `HttpError` (see http-errors.ts). `fetch` is injectable, and requests can be signed (see sigv4.ts).
 *
 * @example
 * const store = new HttpStore('https://example.org/data.zarr');
 * const bytes = await store.get('/.zattrs', { signal });
 */
import { HtmlAnswerError, isHtmlAnswer, isMetadataKey } from './html';
import { HttpStatusError, fetchFailure, statusError } from './http-errors';
import type { AbsolutePath, DirectRequest, RangeQuery, RequestOptions, Store } from './types';

export interface HttpRequestInit {
  readonly method: 'GET' | 'HEAD';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Returns the headers to add to a request (e.g. SigV4's `authorization`, `x-amz-date`). */
export type Signer = (request: HttpRequestInit) => Promise<Record<string, string>>;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** A server's answer to a `peek`: its status, Content-Type, the first bytes of its body, S3's error code. */
export interface PeekAnswer {
  /** The URL asked (it may hold a signed query: redact before showing it). */
  readonly url: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly bytes: Uint8Array;
  /** `<Code>` of an S3 error body (`NoSuchBucket`, `NoSuchKey`, `AccessDenied`…). */
  readonly s3Code: string | undefined;
}

export interface HttpStoreOptions {
  readonly fetch?: FetchLike | undefined;
  /** Treat 403 as a missing key: `true`, or a test on the error (e.g. only S3's `AccessDenied`). */
  readonly forbiddenAsMissing?: boolean | ((e: HttpStatusError) => boolean) | undefined;
  readonly sign?: Signer | undefined;
  /** Extra headers on every request (never credentials in a URL). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  readonly description?: string | undefined;
  /**
   * Send suffix ranges (`bytes=-N`) as they are. Default false: the size is found once per key (HEAD) and an
   * offset range is sent instead (suffix ranges need a CORS preflight, and some servers get them wrong).
   */
  readonly suffixRequests?: boolean | undefined;
  /** Whether a bare fetch `TypeError` means a CORS block (browser); detected when not given. */
  readonly browser?: boolean | undefined;
  /** Called with the URL of each object read in full (e.g. to learn the protocol from resource timing). */
  readonly onComplete?: ((url: string) => void) | undefined;
}

/** The body's bytes; with `onActivity` or `onPart`, read part by part and reported as each part arrives. */
async function readBody(res: Response, options: RequestOptions | undefined): Promise<Uint8Array> {
  const onActivity = options?.onActivity;
  const onPart = options?.onPart;
  if ((!onActivity && !onPart) || !res.body) return new Uint8Array(await res.arrayBuffer());
  const reader = res.body.getReader();
  const declared = Number(res.headers.get('content-length') ?? NaN);
  let buf = new Uint8Array(Number.isSafeInteger(declared) && declared > 0 ? declared : 64 * 1024);
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    onActivity?.();
    if (n + value.length > buf.length) {
      const grown = new Uint8Array(Math.max(buf.length * 2, n + value.length));
      grown.set(buf.subarray(0, n));
      buf = grown;
    }
    buf.set(value, n);
    const at = n;
    n += value.length;
    onPart?.(value, at); // last: it may take the part (detach it)
  }
  return n === buf.length ? buf : buf.slice(0, n);
}

/** RFC 3986 encoding of one path segment or query component (as SigV4 expects). */
export function encodeRfc3986(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `/a b/.zarray` → `/a%20b/.zarray`. */
export function encodeKeyPath(key: string): string {
  return key.split('/').map(encodeRfc3986).join('/');
}

function rangeHeader(range: RangeQuery): string {
  return 'suffixLength' in range
    ? `bytes=-${range.suffixLength}`
    : `bytes=${range.offset}-${range.offset + range.length - 1}`;
}

export class HttpStore implements Store {
  readonly description: string;
  /** The base URL without trailing slash, query or fragment. */
  readonly base: string;
  private readonly query: string;
  private readonly fetchFn: FetchLike;
  private readonly options: HttpStoreOptions;
  private readonly sizes = new Map<string, number>();

  constructor(url: string, options: HttpStoreOptions = {}) {
    const noHash = url.split('#')[0]!;
    const q = noHash.indexOf('?');
    this.base = (q < 0 ? noHash : noHash.slice(0, q)).replace(/\/+$/, '');
    this.query = q < 0 ? '' : noHash.slice(q);
    this.options = options;
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.description = options.description ?? this.base;
  }

  /**
   * A chunk another thread may fetch itself: only where requests carry nothing but the URL (no signature, no
   * headers, the global fetch), so the worker's GET is this store's (`credentials: 'omit'` there too).
   */
  direct(key: AbsolutePath): DirectRequest | undefined {
    const o = this.options;
    if (o.sign || o.fetch || (o.headers && Object.keys(o.headers).length > 0)) return undefined;
    // Its resource timing is the worker's: nothing for `onComplete` to learn the protocol from.
    return { url: this.keyUrl(key), done: () => undefined };
  }

  /** The URL of a key. */
  keyUrl(key: string): string {
    return `${this.base}${encodeKeyPath(key.startsWith('/') ? key : `/${key}`)}${this.query}`;
  }

  get(key: AbsolutePath, options?: RequestOptions): Promise<Uint8Array | undefined> {
    return this.read(key, undefined, options);
  }

  async getRange(key: AbsolutePath, range: RangeQuery, options?: RequestOptions): Promise<Uint8Array | undefined> {
    if ('length' in range && range.length <= 0) return new Uint8Array(0);
    if ('suffixLength' in range && !this.options.suffixRequests) {
      const size = await this.size(key, options);
      if (size === undefined) return undefined;
      const offset = Math.max(0, size - range.suffixLength);
      return size > offset ? this.read(key, { offset, length: size - offset }, options) : new Uint8Array(0);
    }
    return this.read(key, range, options);
  }

  /**
   * The size of an object (cached per key): HEAD, or when HEAD is refused or says nothing, a one-byte range
   * request's `Content-Range`. `undefined` when the object is missing.
   */
  async size(key: AbsolutePath, options?: RequestOptions): Promise<number | undefined> {
    const cached = this.sizes.get(key);
    if (cached !== undefined) return cached;
    let size: number | undefined;
    try {
      const head = await this.head(key, options);
      if (!head) return undefined;
      size = head.size;
    } catch (e) {
      if (!(e instanceof HttpStatusError) || ![403, 405, 501].includes(e.status)) throw e;
    }
    if (size === undefined) {
      const url = this.keyUrl(key);
      const res = await this.send('GET', url, key, { range: 'bytes=0-0' }, options);
      if (!res) return undefined;
      const total = /\/(\d+)\s*$/.exec(res.headers.get('content-range') ?? '')?.[1];
      try {
        const body = await res.arrayBuffer();
        size = total !== undefined ? Number(total) : res.status === 200 ? body.byteLength : undefined;
      } catch (e) {
        throw fetchFailure(e, url, key, options?.signal, this.options.browser);
      }
    }
    if (size === undefined)
      throw new HttpStatusError(
        200,
        `${this.keyUrl(key)} does not report its size (Content-Length or Content-Range).`,
        { key },
      );
    this.sizes.set(key, size);
    return size;
  }

  /** The object's size when an answer already said it (a HEAD, a range's `Content-Range`); no request. */
  knownSize(key: AbsolutePath): number | undefined {
    return this.sizes.get(key);
  }

  /** `HEAD`: the object's size (`undefined` if the server does not say), or `undefined` when it is missing. */
  async head(key: AbsolutePath, options?: RequestOptions): Promise<{ size: number | undefined } | undefined> {
    const res = await this.send('HEAD', this.keyUrl(key), key, {}, options);
    if (!res) return undefined;
    const len = res.headers.get('content-length');
    return { size: len !== null && /^\d+$/.test(len) ? Number(len) : undefined };
  }

  /** A `GET` of any URL (e.g. an S3 listing), as text; `undefined` on 404 (403 always throws here). */
  async fetchText(url: string, key: string, options?: RequestOptions): Promise<string | undefined> {
    const res = await this.send('GET', url, key, {}, options, false);
    if (!res) return undefined;
    try {
      return await res.text();
    } catch (e) {
      throw fetchFailure(e, url, key, options?.signal, this.options.browser);
    }
  }

  private async read(
    key: AbsolutePath,
    range: RangeQuery | undefined,
    options?: RequestOptions,
  ): Promise<Uint8Array | undefined> {
    const url = this.keyUrl(key);
    const res = await this.send('GET', url, key, range ? { range: rangeHeader(range) } : {}, options);
    if (!res) return undefined;
    let bytes: Uint8Array;
    try {
      bytes = await readBody(res, options);
    } catch (e) {
      throw fetchFailure(e, url, key, options?.signal, this.options.browser);
    }
    this.options.onComplete?.(url);
    if ((!range || !isMetadataKey(key)) && isHtmlAnswer(key, res.headers.get('content-type'), bytes)) {
      // A site's fallback page (single-page apps, CDN error pages) where a metadata document or chunk should be.
      throw new HtmlAnswerError(url, key, isMetadataKey(key) ? 'metadata' : 'data');
    }
    if (range && res.status === 200) {
      // The server ignored Range and sent the whole object (its size known from it).
      this.sizes.set(key, bytes.length);
      return 'suffixLength' in range
        ? bytes.subarray(Math.max(0, bytes.length - range.suffixLength))
        : bytes.subarray(range.offset, range.offset + range.length);
    }
    // A range's answer names the object's size (`bytes 0-65535/1612345`): `size` asks no more for it.
    const total = range ? /\/(\d+)\s*$/.exec(res.headers.get('content-range') ?? '')?.[1] : undefined;
    if (total !== undefined) this.sizes.set(key, Number(total));
    if (range && 'length' in range && bytes.length > range.length) {
      // A server that answers 206 with more than asked (s3rver does for `bytes=0-0`): cut by Content-Range.
      const start = Number(/bytes (\d+)-/.exec(res.headers.get('content-range') ?? '')?.[1] ?? range.offset);
      return bytes.subarray(range.offset - start, range.offset - start + range.length);
    }
    return bytes;
  }

  /**
   * What the server answers for the first `length` bytes of a key, whatever its status (a 404's or 403's body
   * too): for saying why an open found nothing (opening/diagnose.ts). A fetch that throws throws as every request
   * does (`fetchFailure`: CORS or network, aborted).
   */
  async peek(key: AbsolutePath, length: number, options?: RequestOptions): Promise<PeekAnswer> {
    const url = this.keyUrl(key);
    const res = await this.fetchRaw('GET', url, key, { range: `bytes=0-${Math.max(0, length - 1)}` }, options);
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await res.arrayBuffer()).subarray(0, length);
    } catch (e) {
      throw fetchFailure(e, url, key, options?.signal, this.options.browser);
    }
    const s3Code = res.ok ? undefined : /<Code>([^<]*)<\/Code>/.exec(new TextDecoder().decode(bytes))?.[1];
    return { url, status: res.status, contentType: res.headers.get('content-type'), bytes, s3Code };
  }

  private async fetchRaw(
    method: 'GET' | 'HEAD',
    url: string,
    key: string,
    extra: Record<string, string>,
    options?: RequestOptions,
  ): Promise<Response> {
    const signal = options?.signal;
    if (signal?.aborted) throw fetchFailure(signal.reason, url, key, signal, this.options.browser);
    let headers: Record<string, string> = { ...this.options.headers };
    if (this.options.sign) headers = { ...headers, ...(await this.options.sign({ method, url, headers })) };
    try {
      // Signed (private) responses stay out of the browser's HTTP cache: not kept on disk, and never answered
      // from it once the credentials changed.
      const cache: RequestCache | undefined = this.options.sign ? 'no-store' : undefined;
      return await this.fetchFn(url, {
        method,
        headers: { ...headers, ...extra },
        signal,
        credentials: 'omit',
        ...(cache ? { cache } : {}),
      });
    } catch (e) {
      throw fetchFailure(e, url, key, signal, this.options.browser);
    }
  }

  private async send(
    method: 'GET' | 'HEAD',
    url: string,
    key: string,
    extra: Record<string, string>,
    options?: RequestOptions,
    forbiddenMayBeMissing = true,
  ): Promise<Response | undefined> {
    const res = await this.fetchRaw(method, url, key, extra, options);
    options?.onActivity?.();
    if (res.ok) return res;
    const body = method === 'HEAD' ? '' : await res.text().catch(() => '');
    if (res.status === 404) return undefined;
    const err = statusError(
      res.status,
      url,
      key,
      body,
      res.headers.get('retry-after'),
      res.headers.get('x-amz-bucket-region'),
    );
    if (res.status === 403 && forbiddenMayBeMissing && this.forbiddenAsMissing(err)) return undefined;
    throw err;
  }

  private forbiddenAsMissing(err: HttpStatusError): boolean {
    const opt = this.options.forbiddenAsMissing;
    return typeof opt === 'function' ? opt(err) : opt === true;
  }
}
