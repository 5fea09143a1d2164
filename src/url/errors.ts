import { ZarrviewError } from '../errors';

/** A location that does not parse, or an S3 address that cannot be resolved. */
export class UrlError extends ZarrviewError {
  constructor(message: string, location: string, cause?: unknown) {
    super('url', message, { key: location, cause });
    this.name = 'UrlError';
  }
}
