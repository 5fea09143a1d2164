/**
 * Reading a listing or catalog document over HTTP(S): never with credentials (no cookies, no signature: a catalog
 * may point anywhere), bounded in size (the body is read as a stream and abandoned past `maxBytes`), abortable.
 */
import { AbortedError, HttpError } from '../errors';
import { fetchFailure } from '../store/http-errors';
import type { FetchLike } from '../store/http-store';

export interface TextAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  /** The URL after redirects. */
  readonly url: string;
}

/** 32 MiB: an index page of some 200,000 entries, a THREDDS catalog of as many datasets. */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;

/** GETs `url` as text, whatever its status. Throws on network failure, abort, or a body over `maxBytes`. */
export async function fetchDocument(
  url: string,
  options: { fetch?: FetchLike | undefined; signal?: AbortSignal | undefined; maxBytes?: number | undefined } = {},
): Promise<TextAnswer> {
  const doFetch: FetchLike = options.fetch ?? ((u, init) => globalThis.fetch(u, init));
  const maxBytes = options.maxBytes ?? MAX_DOCUMENT_BYTES;
  let res: Response;
  try {
    res = await doFetch(url, { method: 'GET', credentials: 'omit', signal: options.signal, redirect: 'follow' });
  } catch (e) {
    if (options.signal?.aborted) throw new AbortedError();
    throw fetchFailure(e, url, url, options.signal);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body?.getReader();
  // A body that stalls ends with the signal, whether or not the fetch implementation aborts its stream.
  const stop = () => void reader?.cancel().catch(() => undefined);
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) stop();
  try {
    if (reader) await readAll(reader);
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  if (options.signal?.aborted) throw new AbortedError();
  async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    for (;;) {
      let part: ReadableStreamReadResult<Uint8Array>;
      try {
        part = await reader.read();
      } catch (e) {
        if (options.signal?.aborted) throw new AbortedError();
        throw fetchFailure(e, url, url, options.signal);
      }
      if (part.done) break;
      total += part.value.byteLength;
      if (total > maxBytes) {
        void reader.cancel().catch(() => undefined);
        throw new HttpError('http', res.status, `${url} is over ${maxBytes} bytes: not read as a listing.`, {
          key: url,
        });
      }
      chunks.push(part.value);
    }
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    text: new TextDecoder().decode(all),
    url: res.url || url,
  };
}

/** `href` resolved against `base`; undefined when it does not parse or is no http(s)/s3 URL. */
export function resolveHref(href: string, base: string): string | undefined {
  if (/^s3:\/\//i.test(href)) return href;
  try {
    const u = new URL(href, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** Whether two http(s) URLs share an origin. */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
