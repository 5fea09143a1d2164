/**
 * A chunk fetched by the decode worker itself (a public URL: `Store.direct`), decoded while its body arrives. The
 * body's parts reach the worker straight from the network, whatever the page's thread is doing (drawing plotly's
 * axes, say), and a Blosc frame's blocks are decoded as they come. Anything but a 200 with the chunk's bytes — a 404
 * aside, and a 403 where the store counts it missing — is left to the page's store, which retries, times out and
 * names errors as it always does; a body that came whole and does not decode is the codec's error, as it would be
 * after the store's request.
 */
import type { ChunkDecoder, DecodedChunk } from '../../codecs/pipeline';
import { isHtmlContentType, looksLikeHtml } from '../../store/html';

/**
 * Without a part of the body for this long (or the store's own limit, when shorter), the worker gives up and the
 * page's store tries, with its retries and its named errors.
 */
export const FETCH_IDLE_MS = 10_000;

export type Fetched =
  | { readonly kind: 'decoded'; readonly chunk: DecodedChunk; readonly bytes: number }
  /** 404, or (`html`) a web page (HTML by its type and its first byte) where the chunk should be. */
  | { readonly kind: 'missing'; readonly html?: boolean }
  /** The body came whole and did not decode: the same bytes again would not either. */
  | { readonly kind: 'undecodable'; readonly error: unknown; readonly bytes: number }
  | { readonly kind: 'failed'; readonly reason: string };

export type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

export interface FetchAndDecodeOptions {
  readonly fetchFn?: FetchFn | undefined;
  /** The store's own time limit without a part of the body, when shorter than `FETCH_IDLE_MS`. */
  readonly storeIdleMs?: number | undefined;
  /** A 403 means the chunk is missing, as a 404 does (`DirectRequest.forbiddenIsMissing`). */
  readonly forbiddenIsMissing?: boolean | undefined;
  /** Sees the chunk's first values after each part, where the decoder has them (`ChunkStream.valuesSoFar`). */
  readonly onValues?: ((values: Float32Array | Float64Array) => void) | undefined;
  /** Called once the whole body has arrived (its connection is free), before the end of its decode. */
  readonly onBodyDone?: (() => void) | undefined;
}

/**
 * Fetches `url` and decodes its body part by part with `decoder`; `signal` stops it (as `failed`), and so does
 * `FETCH_IDLE_MS` (or the store's shorter `storeIdleMs`) without a part of the body or the headers.
 */
export async function fetchAndDecode(
  url: string,
  decoder: ChunkDecoder,
  signal: AbortSignal,
  options: FetchAndDecodeOptions = {},
): Promise<Fetched> {
  const { fetchFn = (u: string, init: RequestInit) => fetch(u, init), onValues } = options;
  const idleMs = Math.min(FETCH_IDLE_MS, options.storeIdleMs ?? Infinity);
  if (signal.aborted) return { kind: 'failed', reason: 'aborted' };
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal.addEventListener('abort', stop, { once: true });
  let idle: ReturnType<typeof setTimeout> | undefined;
  const alive = () => {
    clearTimeout(idle);
    idle = setTimeout(stop, idleMs);
  };
  try {
    alive();
    // As the page's store asks: a plain GET, no credentials.
    const res = await fetchFn(url, { credentials: 'omit', signal: controller.signal });
    if (res.status === 404 || (res.status === 403 && options.forbiddenIsMissing)) return { kind: 'missing' };
    if (res.status !== 200 || !res.body) return { kind: 'failed', reason: `HTTP ${res.status}` };
    // A web page where a chunk should be (a site's fallback page): missing, as the page's store finds it; a body
    // that only says it is HTML is left to that store.
    if (isHtmlContentType(res.headers.get('content-type'))) {
      const page = new Uint8Array(await res.arrayBuffer());
      return looksLikeHtml(page) ? { kind: 'missing', html: true } : { kind: 'failed', reason: 'HTML' };
    }
    const stream = decoder.stream();
    const reader = res.body.getReader();
    let bytes = 0;
    for (;;) {
      alive();
      const { done, value } = await reader.read();
      if (done) break;
      stream.push(value);
      bytes += value.length;
      const sofar = onValues && stream.valuesSoFar?.();
      if (sofar) onValues(sofar);
    }
    clearTimeout(idle);
    options.onBodyDone?.();
    try {
      return { kind: 'decoded', chunk: await stream.finish(), bytes };
    } catch (e) {
      return { kind: 'undecodable', error: e, bytes };
    }
  } catch (e) {
    // Network, CORS, abort or decoding: the page's store fetches it again and says what went wrong.
    return { kind: 'failed', reason: e instanceof Error ? e.message : String(e) };
  } finally {
    clearTimeout(idle);
    signal.removeEventListener('abort', stop);
  }
}
