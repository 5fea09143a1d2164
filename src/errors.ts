/**
 * Typed errors of the core. Every error a user can see is a `ZarrviewError`: a `code` to switch on, a
 * message a user can act on, the object key or URL it concerns, and the technical `cause`. Each code has one
 * class (`errorFor` names it); code outside this file throws those classes, never a bare `ZarrviewError`.
 *
 * @example
 * throw new MetadataError('Invalid JSON.', { key: 'temp/.zarray', cause: e });
 */
export type ErrorCode =
  | 'metadata' // malformed or inconsistent metadata
  | 'not-found' // 404 / missing key / not a dataset
  | 'forbidden' // 401 / 403
  | 'cors' // the browser blocked the response
  | 'timeout'
  | 'network' // connection reset, DNS, offline
  | 'http' // other HTTP status
  | 'codec' // unknown codec or a failed decode
  | 'chunk' // a corrupt chunk (wrong length, bad checksum)
  | 'unsupported' // a valid feature this version does not read
  | 'budget' // a request that would exceed a memory or size limit
  | 'url' // a URL or fragment that does not parse
  | 'zip' // a zip that is not a zip, or not a dataset
  | 'aborted' // the user or a newer request cancelled it
  | 'usage'; // wrong call of the CLI or API

export interface ErrorOptions {
  cause?: unknown;
  /** The store key, path or URL the error concerns. */
  key?: string;
}

export class ZarrviewError extends Error {
  readonly code: ErrorCode;
  readonly key: string | undefined;
  override readonly cause: unknown;

  constructor(code: ErrorCode, message: string, options: ErrorOptions = {}) {
    super(message);
    this.name = 'ZarrviewError';
    this.code = code;
    this.key = options.key;
    this.cause = options.cause;
  }

  /** The chain of causes as text, for a details pane or `--debug`. */
  details(): string {
    const lines: string[] = [];
    let c: unknown = this.cause;
    for (let depth = 0; c !== undefined && depth < 8; depth++) {
      if (c instanceof Error) {
        lines.push(`${c.name}: ${c.message}`);
        c = (c as { cause?: unknown }).cause;
      } else {
        lines.push(String(c));
        break;
      }
    }
    return lines.join('\n');
  }
}

export class MetadataError extends ZarrviewError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('metadata', options.key ? `${options.key}: ${message}` : message, options);
    this.name = 'MetadataError';
  }
}

/** Codes of a source that cannot be reached or has nothing at a key: one class, `HttpError`. */
export type AccessCode = 'not-found' | 'forbidden' | 'cors' | 'timeout' | 'network' | 'http';

/** The data source could not be reached, refused, or has nothing there; `status` is 0 when it is not HTTP. */
export class HttpError extends ZarrviewError {
  readonly status: number;
  constructor(code: AccessCode, status: number, message: string, options: ErrorOptions = {}) {
    super(code, message, options);
    this.name = 'HttpError';
    this.status = status;
  }
}

/** What an open that found nothing saw there (opening/diagnose.ts): each kind has its own words. */
export type OpenFailureKind =
  | 'not-found' // 404
  | 'gone' // 410
  | 'forbidden' // 401/403
  | 'credentials' // 403 of credentials the server rejects (signature, unknown key, expired token)
  | 'no-such-bucket' // S3 404 NoSuchBucket
  | 'no-such-key' // S3 404 NoSuchKey
  | 'not-a-dataset' // an object that is neither Zarr nor a file format read here
  | 'cors-or-network'; // the browser could not read the answer (CORS, or no connection)

/**
 * Why a location could not be opened, as the user should hear it: a short `title`, the `message` of what happened
 * followed by `action`, the one thing to do (`what` is the message without it). `key` is the object that was read
 * to find out; `looksLike` (not a dataset) says what its first bytes look like.
 */
export class OpenFailure extends HttpError {
  readonly kind: OpenFailureKind;
  readonly title: string;
  readonly what: string;
  readonly action: string;
  readonly looksLike: string | undefined;
  constructor(
    kind: OpenFailureKind,
    status: number,
    text: { title: string; what: string; action: string; looksLike?: string | undefined },
    options: ErrorOptions = {},
  ) {
    const code: AccessCode =
      kind === 'forbidden' || kind === 'credentials'
        ? 'forbidden'
        : kind === 'cors-or-network'
          ? 'cors'
          : kind === 'gone'
            ? 'http'
            : 'not-found';
    super(code, status, `${text.what} ${text.action}`, options);
    this.name = 'OpenFailure';
    this.kind = kind;
    this.title = text.title;
    this.what = text.what;
    this.action = text.action;
    this.looksLike = text.looksLike;
  }
}

export class CodecError extends ZarrviewError {
  readonly codec: string;
  constructor(codec: string, message: string, options: ErrorOptions = {}) {
    super('codec', message, options);
    this.name = 'CodecError';
    this.codec = codec;
  }
}

/** A corrupt chunk: wrong length, bad checksum, a bomb. */
export class ChunkError extends ZarrviewError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('chunk', message, options);
    this.name = 'ChunkError';
  }
}

/** A valid feature this version does not read. */
export class UnsupportedError extends ZarrviewError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('unsupported', message, options);
    this.name = 'UnsupportedError';
  }
}

/** A wrong call of the CLI or API. */
export class UsageError extends ZarrviewError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('usage', message, options);
    this.name = 'UsageError';
  }
}

/** A zip that is not a zip, is damaged, holds no dataset, or an entry that inflates past the limit. */
export class ZipError extends ZarrviewError {
  constructor(message: string, options: ErrorOptions = {}) {
    super('zip', message, options);
    this.name = 'ZipError';
  }
}

/** A location that does not parse, or an S3 address that cannot be resolved. */
export class UrlError extends ZarrviewError {
  constructor(message: string, location: string, cause?: unknown) {
    super('url', message, { key: location, cause });
    this.name = 'UrlError';
  }
}

export class BudgetError extends ZarrviewError {
  readonly requestedBytes: number;
  readonly budgetBytes: number;
  /** The smallest stride (every k-th element along each kept dimension) whose result fits the budget, if known. */
  readonly suggestedStride: number | undefined;
  constructor(
    requestedBytes: number,
    budgetBytes: number,
    message: string,
    options: ErrorOptions & { suggestedStride?: number } = {},
  ) {
    super('budget', message, options);
    this.name = 'BudgetError';
    this.requestedBytes = requestedBytes;
    this.budgetBytes = budgetBytes;
    this.suggestedStride = options.suggestedStride;
  }
}

export class AbortedError extends ZarrviewError {
  constructor(options: ErrorOptions = {}) {
    super('aborted', 'The request was cancelled.', options);
    this.name = 'AbortedError';
  }
}

export function isZarrviewError(e: unknown): e is ZarrviewError {
  return e instanceof ZarrviewError;
}

/**
 * The error of a code, as its one class (e.g. to revive an error that crossed `postMessage`). `codec` names the
 * codec of a `codec` error.
 */
export function errorFor(
  code: ErrorCode,
  message: string,
  options: ErrorOptions & { codec?: string | undefined } = {},
): ZarrviewError {
  const { codec, ...o } = options;
  switch (code) {
    case 'metadata':
      return new MetadataError(message, { cause: o.cause });
    case 'codec':
      return new CodecError(codec ?? 'unknown', message, o);
    case 'chunk':
      return new ChunkError(message, o);
    case 'unsupported':
      return new UnsupportedError(message, o);
    case 'budget':
      return new BudgetError(0, 0, message, o);
    case 'url':
      return new UrlError(message, o.key ?? '', o.cause);
    case 'zip':
      return new ZipError(message, o);
    case 'aborted':
      return new AbortedError(o);
    case 'usage':
      return new UsageError(message, o);
    default:
      return new HttpError(code, 0, message, o);
  }
}

/** Wraps anything thrown into a `ZarrviewError`, keeping typed errors as they are. */
export function toZarrviewError(e: unknown, code: ErrorCode, message: string, key?: string): ZarrviewError {
  if (isZarrviewError(e)) return e;
  if (e instanceof DOMException && e.name === 'AbortError') return new AbortedError({ cause: e, key });
  return errorFor(code, message, { cause: e, key });
}
