/**
 * Why an open found nothing, in the words of what happened. When a location's Zarr probe, its repository probe and
 * its reading as a file all came back empty-handed or refused, one more request reads the first bytes of the object
 * the location names (the file's URL, or the store's root `zarr.json`), whatever its status; `classifyOpenFailure`
 * turns what that showed (status, S3's error code, the first bytes, or a fetch the browser would not let through)
 * into an `OpenFailure`: not found, gone, forbidden, no such bucket, no such key, not a dataset (it looks like…),
 * or blocked-or-unreachable — each with its one thing to do.
 *
 * @example
 * throw await diagnoseOpen(error, { location, object: 'https://h/a.nc', folder: false, peek });
 */
import { OpenFailure, isZarrviewError, type ZarrviewError } from '../errors';
import { BUCKET_CORS_JSON, statusError } from '../store/http-errors';
import type { PeekAnswer } from '../store/http-store';
import { redactLocation } from '../url/redact';
import { sniffBytes, type Sniffed } from './sniff';

/** How many bytes of the object are read to say what it is. */
export const PEEK_BYTES = 512;

/** What the open knew of the location, for a diagnosis. */
export interface DiagnoseTarget {
  /** The location as it is shown (no credentials). */
  readonly location: string;
  /** The URL of the object read: the file's, or the store's root metadata key (`folder`). */
  readonly object: string;
  /** The location names a folder (the object is its root `zarr.json`), not something that may be a file. */
  readonly folder: boolean;
  /** An S3 location: its bucket and the object's key. */
  readonly s3?: { readonly bucket: string; readonly key: string } | undefined;
  /** Reads the object's first bytes (`HttpStore.peek`). */
  readonly peek: () => Promise<PeekAnswer>;
}

/** What was seen of the object: an answer, or a fetch that failed without one (in a browser: CORS or network). */
export type Seen = PeekAnswer | 'unreachable';

/** Codes of errors a diagnosis may explain better (nothing there, refused, blocked). */
const EXPLAINED = new Set(['not-found', 'forbidden', 'cors', 'http']);

/** S3 codes of credentials that were sent and rejected (the signature, the key id, the token). */
const CREDENTIAL_CODES = new Set([
  'SignatureDoesNotMatch',
  'InvalidAccessKeyId',
  'ExpiredToken',
  'InvalidToken',
  'AuthorizationHeaderMalformed',
]);

const METADATA_NAMES = 'zarr.json, .zmetadata, .zgroup, .zarray';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** `s3://bucket/key` of the object, or its URL. */
function named(t: DiagnoseTarget): string {
  return t.s3 ? `s3://${t.s3.bucket}/${t.s3.key}` : redactLocation(t.object);
}

function corsOrNetwork(t: DiagnoseTarget, error: ZarrviewError): OpenFailure {
  const url = redactLocation(t.object);
  const host = hostOf(url);
  const cors = `a CORS configuration that allows GET and HEAD from this page's origin and exposes Content-Range, for example (S3: bucket → Permissions → CORS):\n${BUCKET_CORS_JSON}`;
  if (t.s3) {
    return new OpenFailure(
      'cors-or-network',
      0,
      {
        title: 'No such bucket, blocked, or unreachable',
        what:
          `The browser could not read ${named(t)} (${url}). Either bucket "${t.s3.bucket}" does not exist (S3 answers ` +
          `for a missing bucket without the CORS headers a page needs, so the page cannot see that answer), or the ` +
          `bucket does not allow this page to read it (CORS), or ${host} could not be reached.`,
        action:
          `Open ${url} in a new tab: NoSuchBucket there means the bucket name or the endpoint is wrong; any other ` +
          `answer (the object, AccessDenied, NoSuchKey) means the bucket needs ${cors}\nNo answer at all: check the ` +
          `address and your connection.`,
      },
      { key: url, cause: error },
    );
  }
  return new OpenFailure(
    'cors-or-network',
    0,
    {
      title: 'Blocked or unreachable',
      what: `The browser could not read ${url}: either ${host} does not allow this page to read it (CORS), or it could not be reached.`,
      action:
        `Open ${url} in a new tab. If ${host} answers there (even with an error page), it is reachable and needs ${cors}\n` +
        `If it does not answer there either, check the address and your connection.`,
    },
    { key: url, cause: error },
  );
}

/** The action for an object that is not a dataset, by what it looks like. */
function notDatasetAction(s: Sniffed): string {
  const check =
    'Zarrview opens Zarr stores (the folder holding zarr.json or .zgroup) and netCDF-3, netCDF-4 or HDF5 files.';
  switch (s.kind) {
    case 'html':
      return `It is probably a web page about the data: open the link to the data itself instead. ${check}`;
    case 'json':
    case 'text':
    case 'xml':
    case 'pdf':
      return `If it describes a dataset, open the address it gives for the data. ${check}`;
    case 's3-listing':
      return 'Add the key of the dataset (the folder holding zarr.json or .zgroup, or a .nc file) to the address.';
    case 'zip':
      return 'If it is a zipped Zarr store, add #mode=zarr,zip to the address.';
    case 'gzip':
    case 'bzip2':
    case 'xz':
    case 'zstd':
      return 'Uncompress it first: netCDF files are read in place, by byte range, not through a compressed stream.';
    case 'hdf4':
      return 'HDF4 is not read here: convert it to netCDF-4/HDF5 (for example with h4toh5).';
    case 'grib':
      return 'GRIB is not read here: convert it to netCDF (for example with grib_to_netcdf or cdo -f nc4 copy).';
    default:
      return `Check the address. ${check}`;
  }
}

function notDataset(t: DiagnoseTarget, seen: PeekAnswer, error: ZarrviewError): OpenFailure | ZarrviewError {
  const s = sniffBytes(seen.bytes, seen.contentType);
  if ((s.kind === 'netcdf3' || s.kind === 'hdf5') && error.code === 'cors' && !t.folder) {
    // The file is readable; only the look for Zarr metadata beside it was blocked.
    return new OpenFailure(
      'cors-or-network',
      0,
      {
        title: 'Blocked',
        what: `${named(t)} looks like ${s.label} and can be read, but the browser was not let through to the keys beside it that are tried first (Zarr metadata).`,
        action: 'Add #mode=bytes to the address: the file is then read as a file at once.',
      },
      { key: redactLocation(t.object), cause: error },
    );
  }
  // Something a reader here knows, or a root metadata document: the open failed for another reason, said by it.
  if (s.kind === 'netcdf3' || s.kind === 'hdf5' || (t.folder && s.kind === 'json')) return error;
  const begins =
    s.preview === ''
      ? ''
      : /^[0-9a-f]{2}( |$)/.test(s.preview) && s.kind !== 'text'
        ? ` (its first bytes: ${s.preview})`
        : ` (it begins “${s.preview}”)`;
  const what = t.folder
    ? `${named(t)} is not Zarr metadata: it looks like ${s.label}${begins}, and there is no ${METADATA_NAMES} at ${t.location}.`
    : `${named(t)} is not a dataset: it looks like ${s.label}${begins}, neither Zarr nor a netCDF or HDF5 file.`;
  const action =
    t.folder && s.kind === 'html'
      ? 'The site answers files that do not exist with a page of its own: check the address; if it is right, the server should answer 404 for missing files.'
      : notDatasetAction(s);
  return new OpenFailure(
    'not-a-dataset',
    seen.status,
    { title: 'Not a dataset', what, action, looksLike: s.label },
    { key: redactLocation(t.object), cause: error },
  );
}

/**
 * The error to show for an open that found nothing, from what was seen of the object (`seen`); `error` is what the
 * open threw, kept as the cause, and returned as it is when the answer says nothing more.
 */
export function classifyOpenFailure(t: DiagnoseTarget, seen: Seen, error: ZarrviewError): ZarrviewError {
  if (seen === 'unreachable') return corsOrNetwork(t, error);
  const key = redactLocation(t.object);
  const opts = { key, cause: error };
  const host = hostOf(key);
  const status = seen.status;
  if (status >= 200 && status < 300) return notDataset(t, seen, error);
  const under = t.folder
    ? `there is no Zarr metadata (${METADATA_NAMES}) at ${t.location}`
    : `and no Zarr metadata (${METADATA_NAMES}) under it`;
  if (status === 404 && t.s3 && seen.s3Code === 'NoSuchBucket') {
    return new OpenFailure(
      'no-such-bucket',
      404,
      {
        title: 'No such bucket',
        what: `There is no bucket "${t.s3.bucket}" on ${host} (404 NoSuchBucket).`,
        action: 'Check the bucket name, and the endpoint or region it is on.',
      },
      opts,
    );
  }
  if (status === 404 && t.s3 && seen.s3Code === 'NoSuchKey') {
    const what = t.folder
      ? `Bucket "${t.s3.bucket}" has no object ${t.s3.key} (404 NoSuchKey): ${under}.`
      : `Bucket "${t.s3.bucket}" has no object "${t.s3.key}" (404 NoSuchKey), ${under}.`;
    return new OpenFailure(
      'no-such-key',
      404,
      { title: 'No such key', what, action: 'Check the key, the path after the bucket name (it is case-sensitive).' },
      opts,
    );
  }
  if (status === 404) {
    const what = t.folder
      ? `Not found: ${host} answered 404 for ${named(t)}; ${under}.`
      : `Not found: ${host} answered 404 for ${named(t)}, ${under}.`;
    return new OpenFailure(
      'not-found',
      404,
      {
        title: 'Not found (404)',
        what,
        action:
          'Check the address: it must name a Zarr store (the folder holding zarr.json or .zgroup) or a netCDF/HDF5 file.',
      },
      opts,
    );
  }
  if (status === 410) {
    return new OpenFailure(
      'gone',
      410,
      {
        title: 'Gone (410)',
        what: `${host} says ${named(t)} is gone (410 Gone): it was there and has been removed.`,
        action: 'Ask whoever published the address for its new location.',
      },
      opts,
    );
  }
  if (status === 401 || status === 403) {
    if (seen.s3Code && CREDENTIAL_CODES.has(seen.s3Code)) {
      const said = statusError(status, seen.url, t.s3?.key ?? key, `<Code>${seen.s3Code}</Code>`, null);
      const [what, ...rest] = said.message.split('. ');
      return new OpenFailure(
        'credentials',
        status,
        { title: `Credentials rejected (${status})`, what: `${what}.`, action: rest.join('. ') },
        opts,
      );
    }
    const said = seen.s3Code ? ` The server said: ${seen.s3Code}.` : '';
    const action = t.s3
      ? 'If the bucket is private, add credentials (access key and secret) for this endpoint under Endpoints; if it is public, check the bucket policy: it must allow s3:GetObject (and s3:ListBucket to list). A bucket that cannot be listed also answers 403 for keys that do not exist, so check the key too.'
      : 'If it needs a login or a token, open an address that carries the access (a signed link); Zarrview sends no cookies or passwords. Otherwise ask its owner to allow reading it.';
    return new OpenFailure(
      'forbidden',
      status,
      {
        title: `Access denied (${status})`,
        what: `${host} refused access to ${named(t)} (${status}).${said}`,
        action,
      },
      opts,
    );
  }
  return error;
}

/**
 * The error to throw for `error`, thrown by an open that found nothing: an `OpenFailure` saying what the object
 * is, when one more look at it (`target.peek`) can tell; `error` itself otherwise (a timeout, a server error, a
 * network failure outside a browser, or an error of a dataset that was found).
 */
export async function diagnoseOpen(error: unknown, target: DiagnoseTarget): Promise<unknown> {
  if (!isZarrviewError(error) || !EXPLAINED.has(error.code) || error instanceof OpenFailure) return error;
  const status = (error as { status?: number }).status ?? 0;
  if (error.code === 'http' && (status < 400 || status >= 500 || status === 416 || status === 429)) return error;
  let seen: Seen;
  try {
    seen = await target.peek();
  } catch (e) {
    if (isZarrviewError(e) && e.code === 'cors') seen = 'unreachable';
    else if (isZarrviewError(e) && e.code === 'aborted') throw e;
    else return error;
  }
  return classifyOpenFailure(target, seen, error);
}
