import { describe, expect, it } from 'vitest';
import {
  AbortedError,
  BudgetError,
  ChunkError,
  CodecError,
  type ErrorCode,
  HttpError,
  MetadataError,
  UnsupportedError,
  UrlError,
  UsageError,
  ZipError,
  errorFor,
  toZarrviewError,
} from './errors';

const CLASS_OF: Record<ErrorCode, abstract new (...args: never[]) => Error> = {
  metadata: MetadataError,
  'not-found': HttpError,
  forbidden: HttpError,
  cors: HttpError,
  timeout: HttpError,
  network: HttpError,
  http: HttpError,
  codec: CodecError,
  chunk: ChunkError,
  unsupported: UnsupportedError,
  budget: BudgetError,
  url: UrlError,
  zip: ZipError,
  aborted: AbortedError,
  usage: UsageError,
};

describe('errors', () => {
  it('each code has one class, and errorFor makes it', () => {
    for (const [code, Class] of Object.entries(CLASS_OF) as [ErrorCode, (typeof CLASS_OF)[ErrorCode]][]) {
      const e = errorFor(code, 'm', { key: 'k', codec: 'zlib' });
      expect(e).toBeInstanceOf(Class);
      expect(e.code).toBe(code);
    }
    expect((errorFor('codec', 'm', { codec: 'zstd' }) as CodecError).codec).toBe('zstd');
  });

  it('wraps foreign errors with the class of the code and keeps the cause', () => {
    const cause = new TypeError('boom');
    const e = toZarrviewError(cause, 'chunk', 'A chunk is corrupt.', 'a/0');
    expect(e).toBeInstanceOf(ChunkError);
    expect([e.key, e.cause, e.message]).toEqual(['a/0', cause, 'A chunk is corrupt.']);
  });
});
