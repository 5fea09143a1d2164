/**
 * Maps HTTP failures to typed `HttpError`s whose messages say what to do: CORS (with a bucket CORS
 * configuration to copy), 403 (add credentials), 404 (which key), timeouts and network errors.
 */
import { AbortedError, HttpError, isZarrviewError } from '../errors';
import { redactLocation } from '../url/redact';

/** A bucket CORS configuration (AWS console JSON) that lets a browser read a Zarr store with range requests. */
export const BUCKET_CORS_JSON = JSON.stringify(
  [
    {
      AllowedHeaders: ['*'],
      AllowedMethods: ['GET', 'HEAD'],
      AllowedOrigins: ['*'],
      ExposeHeaders: ['Content-Length', 'Content-Range', 'ETag'],
      MaxAgeSeconds: 3600,
    },
  ],
  null,
  2,
);

/** An `HttpError` that may carry the server's `Retry-After` delay. */
export class HttpStatusError extends HttpError {
  readonly retryAfterMs: number | undefined;
  /** The S3 error code from the XML body (`AccessDenied`, `SignatureDoesNotMatch`…), if any. */
  readonly s3Code: string | undefined;
  /** The bucket's region when S3 says the request went to the wrong one (301 PermanentRedirect, 400). */
  readonly bucketRegion: string | undefined;
  constructor(
    status: number,
    message: string,
    opts: { key?: string; cause?: unknown; retryAfterMs?: number; s3Code?: string; bucketRegion?: string },
  ) {
    const code = status === 401 || status === 403 ? 'forbidden' : status === 404 ? 'not-found' : 'http';
    super(code, status, message, { key: opts.key, cause: opts.cause });
    this.name = 'HttpError';
    this.retryAfterMs = opts.retryAfterMs;
    this.s3Code = opts.s3Code;
    this.bucketRegion = opts.bucketRegion;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** True in a browser page or worker, where a CORS block surfaces as a bare `TypeError`. */
export function inBrowser(): boolean {
  const g = globalThis as {
    document?: unknown;
    WorkerGlobalScope?: unknown;
    process?: { versions?: { node?: string } };
  };
  return g.process?.versions?.node === undefined && (g.document !== undefined || g.WorkerGlobalScope !== undefined);
}

/** The error for a response status the store does not treat as success or as a missing key. */
export function statusError(
  status: number,
  requestUrl: string,
  key: string,
  body: string,
  retryAfter: string | null,
  regionHeader?: string | null,
): HttpStatusError {
  const url = redactLocation(requestUrl);
  const s3Code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
  const endpointRegion = /<Endpoint>[^<]*?\.s3[.-]([a-z0-9-]+)\.amazonaws\.com<\/Endpoint>/.exec(body)?.[1];
  const bucketRegion = regionHeader || /<Region>([^<]+)<\/Region>/.exec(body)?.[1] || endpointRegion || undefined;
  const s3Msg = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
  const detail = s3Code ? ` The server said: ${s3Code}${s3Msg ? ` (${s3Msg})` : ''}.` : '';
  const secs = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) * 1000 : undefined;
  const host = hostOf(url);
  let message: string;
  if (bucketRegion && (status === 301 || s3Code === 'AuthorizationHeaderMalformed')) {
    message = `The bucket of "${url}" is in region ${bucketRegion}, not the one requested (${status}). Use that region, e.g. https://s3.${bucketRegion}.amazonaws.com/<bucket>/<key>.`;
  } else if (status === 401 || status === 403) {
    if (s3Code === 'SignatureDoesNotMatch' || s3Code === 'AuthorizationHeaderMalformed') {
      message = `${host} rejected the request signature for "${key}" (${status}). Check the secret access key and the region of the endpoint.${detail}`;
    } else if (s3Code === 'InvalidAccessKeyId' || s3Code === 'ExpiredToken' || s3Code === 'InvalidToken') {
      message = `${host} did not accept the credentials (${status}). Check the access key id, or renew the session token.${detail}`;
    } else {
      message = `${host} refused access to "${key}" (${status}). If the bucket is private, add credentials (access key and secret) for this endpoint; if it is public, its policy must allow s3:GetObject (and s3:ListBucket to list).${detail}`;
    }
  } else if (status === 404) {
    message =
      s3Code === 'NoSuchBucket'
        ? `The bucket of "${url}" does not exist on ${host} (404). Check the bucket name and the endpoint or region.`
        : `Nothing at "${key}" on ${host} (404). Check the path: the dataset root must contain .zgroup, .zattrs or zarr.json.`;
  } else if (status === 429 || status === 503) {
    message = `${host} is overloaded or rate limiting (${status}) while reading "${key}". Try again in a moment.${detail}`;
  } else if (status >= 500) {
    message = `${host} failed with a server error (${status}) while reading "${key}". Try again later.${detail}`;
  } else if (status === 416) {
    message = `${host} could not serve the requested byte range of "${key}" (416). The object is shorter than expected.`;
  } else {
    message = `${host} answered ${status} for "${key}".${detail}`;
  }
  return new HttpStatusError(status, message, {
    key,
    retryAfterMs: secs,
    ...(s3Code ? { s3Code } : {}),
    ...(bucketRegion ? { bucketRegion } : {}),
  });
}

/** The error for a fetch that threw (no response): aborted, CORS-blocked (browser) or a network failure. */
export function fetchFailure(
  e: unknown,
  requestUrl: string,
  key: string,
  signal: AbortSignal | undefined,
  browser: boolean = inBrowser(),
): Error {
  if (isZarrviewError(e)) return e;
  const url = redactLocation(requestUrl);
  if (signal?.aborted || (e instanceof Error && e.name === 'AbortError')) return new AbortedError({ cause: e, key });
  const host = hostOf(url);
  if (browser && e instanceof TypeError) {
    return new HttpError(
      'cors',
      0,
      `The browser could not read ${host}: either the server is unreachable, or it does not allow this page to read it (CORS). ` +
        `If opening ${url} in a new tab works, the server or bucket needs a CORS configuration allowing GET and HEAD from this origin and exposing Content-Range, for example (S3 bucket → Permissions → CORS):\n${BUCKET_CORS_JSON}`,
      { key, cause: e },
    );
  }
  const reason =
    (e as { cause?: { code?: string } } | undefined)?.cause?.code ?? (e instanceof Error ? e.message : String(e));
  return new HttpError(
    'network',
    0,
    `Could not reach ${host} (${reason}) while reading "${key}". Check the address and your connection.`,
    { key, cause: e },
  );
}

/** The error for a request that took longer than its timeout. */
export function timeoutError(url: string, key: string, ms: number): HttpError {
  return new HttpError(
    'timeout',
    0,
    `${hostOf(url)} did not answer within ${Math.round(ms / 100) / 10} s while reading "${key}". The server may be slow or overloaded; try again.`,
    { key },
  );
}

/** Whether a failed attempt is worth retrying (5xx, 429, network, timeout); never aborts or 4xx. */
export function isRetryable(e: unknown): boolean {
  if (!(e instanceof HttpError)) return false;
  if (e.code === 'network' || e.code === 'timeout' || e.code === 'cors') return true;
  return e.status === 429 || e.status >= 500;
}
