/**
 * HTML where metadata or chunk bytes should be. Single-page-app hosts (Vite's dev server and `vite preview` among
 * them) answer a missing file with their `index.html` and status 200; some CDNs answer 200 with an HTML error page.
 * A metadata probe that gets such a page treats the key as absent; a key that must exist gets a message naming the
 * cause. A chunk answered with a page is a missing chunk (the fill value), never bytes to decode; the read reports
 * it once (`HTML_CHUNK_ADVICE`).
 *
 * @example
 * if (looksLikeHtml(bytes)) return undefined; // the key is absent
 */
import { HttpError } from '../errors';

/** Names of metadata documents (Zarr v2/v3, NCZarr v1): the keys whose answers must be JSON. */
const METADATA_NAME =
  /(^|\/)(\.zgroup|\.zarray|\.zattrs|\.zmetadata|zarr\.json|\.nczarr|\.nczgroup|\.nczarray|\.nczattr)$/;

export function isMetadataKey(key: string): boolean {
  return METADATA_NAME.test(key);
}

/** Index of the first byte after a UTF-8 byte order mark and ASCII whitespace. */
function firstSignificant(bytes: Uint8Array): number {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return i;
}

/** Whether a body that should be JSON is markup: its first significant character is `<`. */
export function looksLikeHtml(bytes: Uint8Array): boolean {
  return bytes[firstSignificant(bytes)] === 0x3c;
}

/** Whether a body could be a JSON document (object or array), whatever its Content-Type says. */
export function looksLikeJson(bytes: Uint8Array): boolean {
  const c = bytes[firstSignificant(bytes)];
  return c === 0x7b || c === 0x5b;
}

export function isHtmlContentType(contentType: string | null): boolean {
  return contentType !== null && /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType);
}

/** What to tell a user whose server answered metadata keys with web pages. */
export const HTML_ANSWER_ADVICE =
  'The server answered with a web page (HTML) instead of Zarr metadata: the URL probably does not point at a dataset, ' +
  "or the site answers every missing file with its own page (a single-page-app fallback or a CDN's error page). " +
  'Check the URL; if it is right, configure the server to answer 404 for files that do not exist.';

/** What to tell a user whose server answered chunk keys with web pages (shown once per dataset). */
export const HTML_CHUNK_ADVICE =
  'The server answered some chunk requests with a web page (HTML) instead of data, as sites do for files that do ' +
  "not exist (a single-page-app fallback or a CDN's error page). Those chunks are shown as missing (the fill " +
  'value). If the data should be there, check that the chunk files were uploaded; otherwise configure the server ' +
  'to answer 404 for files that do not exist.';

/**
 * A key answered with 200 and an HTML page: a metadata key whose body is not JSON, or a chunk key whose body is
 * markup (both by Content-Type). Readers treat the key as absent; `HTML_ANSWER_ADVICE` explains it where a metadata
 * key was required, `HTML_CHUNK_ADVICE` where chunks were read as missing.
 */
export class HtmlAnswerError extends HttpError {
  constructor(url: string, key: string, what: 'metadata' | 'data' = 'metadata') {
    super('not-found', 200, `${url} is a web page (HTML), not Zarr ${what}.`, { key });
    this.name = 'HtmlAnswerError';
  }
}

/**
 * Whether an answer with this Content-Type and body is a site's web page rather than the object asked for: for a
 * metadata key, HTML that is not JSON; for any other key (chunks, shards), HTML whose body starts with markup.
 */
export function isHtmlAnswer(key: string, contentType: string | null, bytes: Uint8Array): boolean {
  if (!isHtmlContentType(contentType)) return false;
  return isMetadataKey(key) ? !looksLikeJson(bytes) : looksLikeHtml(bytes);
}
