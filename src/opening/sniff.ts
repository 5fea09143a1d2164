/**
 * What an object's first bytes look like, for saying what a location holds when it is not a dataset
 * (diagnose.ts): a web page, JSON, text, an image, an archive, a file format of another kind. Recognised by the
 * bytes (magic numbers, the first significant characters), never by the name.
 *
 * @example
 * sniffBytes(new TextEncoder().encode('<!doctype html><p>hi')); // { kind: 'html', label: 'HTML (a web page)', … }
 */

export type SniffKind =
  | 'empty'
  | 'html'
  | 'xml'
  | 's3-listing'
  | 'json'
  | 'text'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'tiff'
  | 'pdf'
  | 'zip'
  | 'gzip'
  | 'bzip2'
  | 'xz'
  | 'zstd'
  | 'parquet'
  | 'hdf4'
  | 'grib'
  | 'netcdf3'
  | 'hdf5'
  | 'binary';

export interface Sniffed {
  readonly kind: SniffKind;
  /** What it looks like, to follow "it looks like" (`HTML (a web page)`, `JSON`, `text`, `a PNG image`…). */
  readonly label: string;
  /** The first bytes as a user can read them: the text it begins with, or the bytes in hex. */
  readonly preview: string;
}

const MAGIC: readonly (readonly [SniffKind, string, readonly number[]])[] = [
  ['png', 'a PNG image', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['hdf5', 'an HDF5 file', [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['jpeg', 'a JPEG image', [0xff, 0xd8, 0xff]],
  ['gif', 'a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['tiff', 'a TIFF image (GeoTIFF too)', [0x49, 0x49, 0x2a, 0x00]],
  ['tiff', 'a TIFF image (GeoTIFF too)', [0x4d, 0x4d, 0x00, 0x2a]],
  ['pdf', 'a PDF document', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['zip', 'a ZIP archive', [0x50, 0x4b, 0x03, 0x04]],
  ['zip', 'a ZIP archive', [0x50, 0x4b, 0x05, 0x06]],
  ['gzip', 'gzip-compressed data', [0x1f, 0x8b]],
  ['bzip2', 'bzip2-compressed data', [0x42, 0x5a, 0x68]],
  ['xz', 'xz-compressed data', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ['zstd', 'zstd-compressed data', [0x28, 0xb5, 0x2f, 0xfd]],
  ['parquet', 'a Parquet file', [0x50, 0x41, 0x52, 0x31]],
  ['hdf4', 'an HDF4 file', [0x0e, 0x03, 0x13, 0x01]],
  ['grib', 'a GRIB file', [0x47, 0x52, 0x49, 0x42]],
  ['netcdf3', 'a netCDF-3 file', [0x43, 0x44, 0x46, 0x01]],
  ['netcdf3', 'a netCDF-3 file', [0x43, 0x44, 0x46, 0x02]],
  ['netcdf3', 'a netCDF-3 file', [0x43, 0x44, 0x46, 0x05]],
];

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  return bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);
}

/** The bytes as UTF-8 text, or undefined when they are not text (a NUL, control bytes, invalid UTF-8). */
function asText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    // A multi-byte character cut at the end of the bytes read is still text.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, trimPartial(bytes)));
  } catch {
    return undefined;
  }
  // Text has no control characters but tab, newline, carriage return and form feed.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) || c === 0x7f) return undefined;
  }
  return text;
}

/** The length of `bytes` without a UTF-8 sequence cut short at its end. */
function trimPartial(bytes: Uint8Array): number {
  let i = bytes.length;
  let back = 0;
  while (i > 0 && back < 3 && (bytes[i - 1]! & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i === 0) return bytes.length;
  const lead = bytes[i - 1]!;
  const need = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : 0;
  return need > back ? i - 1 : bytes.length;
}

function hexPreview(bytes: Uint8Array): string {
  return [...bytes.subarray(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
}

function textPreview(text: string): string {
  const one = text
    .replace(/^\uFEFF/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return one.length > 48 ? `${one.slice(0, 48)}…` : one;
}

/** What the first bytes of an object look like (`contentType` only confirms a web page). */
export function sniffBytes(bytes: Uint8Array, contentType: string | null = null): Sniffed {
  if (bytes.length === 0) return { kind: 'empty', label: 'an empty object (0 bytes)', preview: '' };
  for (const [kind, label, magic] of MAGIC) {
    if (startsWith(bytes, magic)) return { kind, label, preview: hexPreview(bytes) };
  }
  // HDF5's superblock may also sit at 512, 1024, 2048… (a user block before it).
  for (const at of [512, 1024, 2048]) {
    if (startsWith(bytes, MAGIC[1]![2], at)) return { kind: 'hdf5', label: 'an HDF5 file', preview: hexPreview(bytes) };
  }
  const text = asText(bytes);
  if (text === undefined)
    return { kind: 'binary', label: 'binary data of an unknown kind', preview: hexPreview(bytes) };
  const preview = textPreview(text);
  const head = text.replace(/^\uFEFF/, '').trimStart();
  const lower = head.slice(0, 512).toLowerCase();
  if (
    /^<!doctype html|^<html|^<head|^<body/.test(lower) ||
    (/^<!--/.test(lower) && /<html/.test(lower)) ||
    (head.startsWith('<') && contentType !== null && /^\s*(text\/html|application\/xhtml\+xml)/i.test(contentType))
  )
    return { kind: 'html', label: 'HTML (a web page)', preview };
  if (/<ListBucketResult[\s>]/.test(head.slice(0, 512)))
    return { kind: 's3-listing', label: 'an S3 bucket listing (XML)', preview };
  if (head.startsWith('<')) return { kind: 'xml', label: 'XML', preview };
  if (head.startsWith('{') || head.startsWith('[')) return { kind: 'json', label: 'JSON', preview };
  return { kind: 'text', label: 'text', preview };
}
