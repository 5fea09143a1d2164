/**
 * Typed errors of the core. Every error a user can see is a `ZarrviewError`: a `code` to switch on, a
 * message a user can act on, the object key or URL it concerns, and the technical `cause`.
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

export class HttpError extends ZarrviewError {
  readonly status: number;
  constructor(code: ErrorCode, status: number, message: string, options: ErrorOptions = {}) {
    super(code, message, options);
    this.name = 'HttpError';
    this.status = status;
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

export class BudgetError extends ZarrviewError {
  readonly requestedBytes: number;
  readonly budgetBytes: number;
  /** The smallest stride (every k-th element along each kept dimension) whose result fits the budget, if known. */
  readonly suggestedStride: number | undefined;
  constructor(requestedBytes: number, budgetBytes: number, message: string, options: ErrorOptions & { suggestedStride?: number } = {}) {
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

/** Wraps anything thrown into a `ZarrviewError`, keeping typed errors as they are. */
export function toZarrviewError(e: unknown, code: ErrorCode, message: string, key?: string): ZarrviewError {
  if (isZarrviewError(e)) return e;
  if (e instanceof DOMException && e.name === 'AbortError') return new AbortedError({ cause: e, key });
  return new ZarrviewError(code, message, { cause: e, key });
}
