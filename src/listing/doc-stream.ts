/**
 * A listing document read as a stream: the status and headers as soon as they come, the text as it arrives
 * (decoded with `TextDecoder`'s `stream` mode, so a character split across two chunks is read once), an index page
 * parsed as it arrives (index-stream.ts) so its first entries are there long before its end, and the whole text
 * for the documents read whole (THREDDS, STAC, S3 pages). Like `fetchDocument`: never with credentials, abandoned
 * past `maxBytes` (what arrived before stays), abortable.
 *
 * Its readers wait with their own signals; when the last one waiting gives up (Cancel, leaving the place) the
 * stream is aborted, so a document nobody waits for any more is not read on.
 */
import { AbortedError, HttpError } from '../errors';
import { fetchFailure } from '../store/http-errors';
import type { FetchLike } from '../store/http-store';
import { MAX_DOCUMENT_BYTES, type TextAnswer } from './fetch';
import { IndexPageParser } from './index-stream';

export interface DocumentStream {
  readonly status: number;
  readonly contentType: string;
  /** The URL after redirects. */
  readonly url: string;
  /** The first `n` characters (all of them when the text is shorter). */
  head(n: number, signal?: AbortSignal): Promise<string>;
  /** The whole text (throws when the body failed or went over the bound). */
  answer(signal?: AbortSignal): Promise<TextAnswer>;
  /** The text parsed as an index page of folder `base`, as it arrives. */
  index(base: string): IndexPageParser;
  /** Waits until `ready()`, the end of the body, or its failure. */
  until(ready: () => boolean, signal?: AbortSignal): Promise<void>;
  /** Whether the body has been read to its end. */
  readonly ended: boolean;
  /** Why the body stopped before its end (network failure, over the bound, aborted). */
  readonly failure: unknown;
  cancel(): void;
}

export interface DocumentOptions {
  readonly fetch?: FetchLike | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly maxBytes?: number | undefined;
}

/** GETs `url` and answers once its headers have come; the body goes on being read. */
export async function openDocument(url: string, options: DocumentOptions = {}): Promise<DocumentStream> {
  const doFetch: FetchLike = options.fetch ?? ((u, init) => globalThis.fetch(u, init));
  const maxBytes = options.maxBytes ?? MAX_DOCUMENT_BYTES;
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) throw new AbortedError();
  let res: Response;
  try {
    res = await doFetch(url, { method: 'GET', credentials: 'omit', signal: stop.signal, redirect: 'follow' });
  } catch (e) {
    if (options.signal?.aborted) throw new AbortedError();
    throw fetchFailure(e, url, url, options.signal);
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  const texts: string[] = [];
  let chars = 0;
  let ended = false;
  let failure: unknown;
  let whole: TextAnswer | undefined;
  const parsers = new Map<string, IndexPageParser>();
  const waiters = new Set<() => void>();
  const wake = () => [...waiters].forEach((w) => w());
  const reader = res.body?.getReader();
  const cancel = () => {
    if (ended || failure !== undefined) return;
    failure = new AbortedError();
    stop.abort();
    void reader?.cancel().catch(() => undefined);
    wake();
  };
  const take = (text: string) => {
    if (!text) return;
    texts.push(text);
    chars += text.length;
    for (const p of parsers.values()) p.push(text);
  };

  void (async () => {
    const decoder = new TextDecoder();
    let total = 0;
    try {
      for (;;) {
        if (!reader) break;
        let part: ReadableStreamReadResult<Uint8Array>;
        try {
          part = await reader.read();
        } catch (e) {
          throw stop.signal.aborted ? new AbortedError() : fetchFailure(e, url, url, undefined);
        }
        if (failure !== undefined) return;
        if (part.done) break;
        total += part.value.byteLength;
        if (total > maxBytes) {
          void reader.cancel().catch(() => undefined);
          throw new HttpError('http', res.status, `${url} is over ${maxBytes} bytes: not read as a listing.`, {
            key: url,
          });
        }
        take(decoder.decode(part.value, { stream: true }));
        wake();
      }
      take(decoder.decode());
      ended = true;
      for (const p of parsers.values()) p.end();
    } catch (e) {
      if (failure === undefined) failure = e;
    }
    wake();
  })();

  const until = (ready: () => boolean, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (signal?.aborted) {
          done();
          reject(new AbortedError());
          // The last reader gone: nobody wants the rest of this document.
          if (waiters.size === 0) cancel();
        } else if (ready() || ended || failure !== undefined) {
          done();
          resolve();
        }
      };
      const done = () => {
        waiters.delete(check);
        signal?.removeEventListener('abort', check);
      };
      waiters.add(check);
      signal?.addEventListener('abort', check, { once: true });
      check();
    });

  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    url: res.url || url,
    get ended() {
      return ended;
    },
    get failure() {
      return failure;
    },
    until,
    cancel,
    async head(n, signal) {
      await until(() => chars >= n, signal);
      if (chars < n && failure !== undefined && texts.length === 0) throw failure;
      let out = '';
      for (const t of texts) {
        if (out.length >= n) break;
        out += t;
      }
      return out.slice(0, n);
    },
    async answer(signal) {
      await until(() => false, signal);
      if (!ended) throw failure;
      // One answer object: what is parsed from it is kept by it.
      whole ??= {
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        text: texts.join(''),
        url: res.url || url,
      };
      return whole;
    },
    index(base) {
      let p = parsers.get(base);
      if (!p) {
        p = new IndexPageParser(base);
        for (const t of texts) p.push(t);
        if (ended) p.end();
        parsers.set(base, p);
      }
      return p;
    },
  };
}
