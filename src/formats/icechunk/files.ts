/**
 * Icechunk's metadata files (spec versions 1 and 2): a 39-byte header — the magic `ICE🧊CHUNK`, the writer's
 * name (24 bytes), the spec version, the file type, the compression (0 none, 1 zstd) — then a FlatBuffers
 * payload. Object ids name files in Crockford base 32 (`snapshots/1CECHNKREP0F1RSTCMT0`).
 *
 * @example
 * const { header, payload } = readIcechunkFile(bytes, 'snapshots/1CECHNKREP0F1RSTCMT0', 'snapshot');
 */
import { Decompress } from 'fzstd';
import { MetadataError, UnsupportedError } from '../../errors';

const MAGIC = [0x49, 0x43, 0x45, 0xf0, 0x9f, 0xa7, 0x8a, 0x43, 0x48, 0x55, 0x4e, 0x4b];
export const HEADER_BYTES = 39;
/** The spec versions read here. */
export const SPEC_VERSIONS = [1, 2] as const;

export type FileKind = 'snapshot' | 'manifest' | 'transaction log' | 'repo info';
const FILE_TYPES: Record<number, FileKind> = { 1: 'snapshot', 2: 'manifest', 4: 'transaction log', 6: 'repo info' };

export interface FileHeader {
  /** The writing library, as it names itself (`ic-2.2.2`). */
  readonly implementation: string;
  readonly specVersion: number;
  readonly kind: FileKind;
}

/** Whether bytes start with Icechunk's magic. */
export function hasMagic(bytes: Uint8Array): boolean {
  return bytes.length >= MAGIC.length && MAGIC.every((b, i) => bytes[i] === b);
}

/** The most a metadata file may grow to when decompressed (a bound against a zstd bomb). */
function maxPayload(compressed: number): number {
  return Math.min(1 << 30, Math.max(64 << 20, compressed * 200));
}

function unzstd(bytes: Uint8Array, what: string): Uint8Array {
  const limit = maxPayload(bytes.length);
  const parts: Uint8Array[] = [];
  let total = 0;
  const stream = new Decompress((part) => {
    total += part.length;
    if (total > limit)
      throw new MetadataError(`${what} decompresses to more than ${limit} bytes: it is refused.`, { key: what });
    parts.push(part);
  });
  try {
    stream.push(bytes, true);
  } catch (e) {
    if (e instanceof MetadataError) throw e;
    throw new MetadataError(`${what} is damaged: its zstd stream does not decode (${String(e)}).`, {
      key: what,
      cause: e,
    });
  }
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Reads a metadata file: its header checked (magic, a spec version read here, the expected kind) and its payload
 * decompressed. Throws `MetadataError` (not an Icechunk file, damaged) or `UnsupportedError` (a spec version or a
 * compression this reader does not know, with its number).
 */
export function readIcechunkFile(
  bytes: Uint8Array,
  what: string,
  expected: FileKind,
): { header: FileHeader; payload: Uint8Array } {
  if (!hasMagic(bytes))
    throw new MetadataError(`${what} is not an Icechunk ${expected} file (it does not start with ICE🧊CHUNK).`, {
      key: what,
    });
  if (bytes.length < HEADER_BYTES)
    throw new MetadataError(`${what} is damaged: its header is cut short.`, { key: what });
  const implementation = new TextDecoder()
    .decode(bytes.subarray(12, 36))
    .replace(/[\s\0]+$/, '')
    .slice(0, 24);
  const specVersion = bytes[36]!;
  const type = bytes[37]!;
  const compression = bytes[38]!;
  if (!(SPEC_VERSIONS as readonly number[]).includes(specVersion))
    throw new UnsupportedError(
      `${what} is written in Icechunk spec version ${specVersion}; this viewer reads versions ${SPEC_VERSIONS.join(' and ')}.`,
      { key: what },
    );
  const kind = FILE_TYPES[type];
  if (kind !== expected)
    throw new MetadataError(
      `${what} should be an Icechunk ${expected} file but its header says ${kind ?? `file type ${type}`}.`,
      { key: what },
    );
  const body = bytes.subarray(HEADER_BYTES);
  let payload: Uint8Array;
  if (compression === 0) payload = body;
  else if (compression === 1) payload = unzstd(body, what);
  else
    throw new UnsupportedError(`${what} uses compression ${compression}, which Icechunk's spec does not define.`, {
      key: what,
    });
  return { header: { implementation, specVersion, kind }, payload };
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** An object id as Icechunk names it: Crockford base 32, upper case, no padding (12 bytes → 20 characters). */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const b of bytes) {
    buffer = ((buffer << 8) | b) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += CROCKFORD[(buffer << (5 - bits)) & 31];
  return out;
}

/** Whether text is a snapshot id as Icechunk writes it (20 Crockford base-32 characters). */
export function isSnapshotId(text: string): boolean {
  return /^[0-9A-HJKMNP-TV-Z]{20}$/.test(text);
}
