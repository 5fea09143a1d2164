/** Errors of listing a place: one line saying what happened and what to do. */
import { HttpError } from '../errors';

/** The place cannot be listed (listing denied, no index, not a catalog): code `forbidden` (403) or `not-found`. */
export class ListingRefusedError extends HttpError {
  constructor(status: number, message: string, options: { key?: string; cause?: unknown } = {}) {
    super(status === 403 ? 'forbidden' : 'not-found', status, message, options);
    this.name = 'ListingRefusedError';
  }
}

/** Advice when an S3 prefix cannot be listed. */
export function s3RefusedAdvice(where: string, signed: boolean): string {
  return signed
    ? `${where} cannot be listed with these credentials (403): paste the full key of a dataset (${where}<key>), or use credentials allowed s3:ListBucket.`
    : `${where} does not allow anonymous listing (403): paste the full key of a dataset (${where}<key>), or add credentials under Endpoints & credentials.`;
}

/** Advice when an HTTP folder has no index and is no catalog. */
export function httpRefusedAdvice(where: string, what: string): string {
  return `${where} cannot be listed (${what}): paste the URL of a dataset there, or the URL of its catalog (THREDDS catalog.xml, STAC catalog.json).`;
}
