/**
 * Reads a zip's central directory and entries through ranged reads of a `ByteSource` (a Blob, an HTTP or S3
 * object, a local file), so a dataset inside a remote zip is read without downloading the whole zip.
 * Supports stored and deflated entries and ZIP64; inflated output is bounded per entry (zip bombs).
 */
import { inflateBounded } from '../codecs/bounded-inflate';
import { AbortedError, ZarrviewError, ZipError } from '../errors';

/** Random access to the bytes of one file. */
export interface ByteSource {
  readonly size: number;
  readonly description: string;
  read(offset: number, length: number, signal?: AbortSignal): Promise<Uint8Array>;
}

export interface ZipEntry {
  readonly name: string;
  /** 0 stored, 8 deflated. */
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localHeaderOffset: number;
  readonly extraLength: number;
}

/** A ByteSource over a Blob or File (browser, worker, Node ≥ 20). */
export function blobSource(blob: Blob, description = 'zip file'): ByteSource {
  return {
    size: blob.size,
    description,
    read: async (offset, length, signal) => {
      if (signal?.aborted) throw new AbortedError({ cause: signal.reason });
      return new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer());
    },
  };
}

const u16 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u32 = (b: Uint8Array, o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
const u64 = (b: Uint8Array, o: number) => u32(b, o) + u32(b, o + 4) * 2 ** 32;

async function readExact(src: ByteSource, offset: number, length: number, signal?: AbortSignal): Promise<Uint8Array> {
  if (offset < 0 || offset + length > src.size)
    throw new ZipError(`${src.description} is damaged: a record points outside the file.`);
  const b = await src.read(offset, length, signal);
  if (b.length < length)
    throw new ZipError(`${src.description} is damaged or truncated: expected ${length} bytes at ${offset}.`);
  return b;
}

/** Reads the central directory: entry name → entry. */
export async function readZipDirectory(src: ByteSource, signal?: AbortSignal): Promise<Map<string, ZipEntry>> {
  const notZip = () =>
    new ZipError(
      `${src.description} is not a zip file (no end-of-central-directory record). Choose a .zip written by netcdf-c (#mode=nczarr,zip) or zarr-python's ZipStore.`,
    );
  if (src.size < 22) throw notZip();
  // The end record is usually in the last bytes (no comment): try a small tail first, then the largest.
  let tail: Uint8Array = new Uint8Array(0);
  let eocd = -1;
  for (const want of [1024, 22 + 65535 + 20]) {
    const tailLen = Math.min(src.size, want);
    if (tailLen <= tail.length) break;
    tail = await readExact(src, src.size - tailLen, tailLen, signal);
    for (let i = tail.length - 22; i >= 0; i--) {
      if (u32(tail, i) === 0x06054b50 && i + 22 + u16(tail, i + 20) <= tail.length) {
        eocd = i;
        break;
      }
    }
    if (eocd >= 0) break;
  }
  if (eocd < 0) throw notZip();
  let count = u16(tail, eocd + 10);
  let cdSize = u32(tail, eocd + 12);
  let cdOffset = u32(tail, eocd + 16);
  if (
    (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) &&
    eocd >= 20 &&
    u32(tail, eocd - 20) === 0x07064b50
  ) {
    const rec = await readExact(src, u64(tail, eocd - 20 + 8), 56, signal);
    if (u32(rec, 0) !== 0x06064b50) throw new ZipError(`${src.description} is damaged: bad ZIP64 record.`);
    count = u64(rec, 32);
    cdSize = u64(rec, 40);
    cdOffset = u64(rec, 48);
  }
  const cd = await readExact(src, cdOffset, cdSize, signal);
  const entries = new Map<string, ZipEntry>();
  const utf8 = new TextDecoder();
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || u32(cd, p) !== 0x02014b50)
      throw new ZipError(`${src.description} is damaged: bad central directory entry ${n}.`);
    const nameLen = u16(cd, p + 28);
    const extraLen = u16(cd, p + 30);
    const commentLen = u16(cd, p + 32);
    let compressedSize = u32(cd, p + 20);
    let size = u32(cd, p + 24);
    let localHeaderOffset = u32(cd, p + 42);
    const name = utf8.decode(cd.subarray(p + 46, p + 46 + nameLen));
    // ZIP64 extended information: only the fields that are 0xffffffff in the record are present, in order.
    for (let e = p + 46 + nameLen; e + 4 <= p + 46 + nameLen + extraLen;) {
      const id = u16(cd, e);
      const len = u16(cd, e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        if (size === 0xffffffff) {
          size = u64(cd, q);
          q += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(cd, q);
          q += 8;
        }
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = u64(cd, q);
      }
      e += 4 + len;
    }
    entries.set(name, {
      name,
      method: u16(cd, p + 10),
      compressedSize,
      size,
      localHeaderOffset,
      extraLength: extraLen,
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Inflates a deflated entry, failing as soon as the output passes `maxBytes` or `signal` aborts. */
export async function inflateEntry(
  data: Uint8Array,
  maxBytes: number,
  name: string,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  try {
    return await inflateBounded(data, 'deflate-raw', maxBytes, {
      signal,
      key: name,
      tooLarge: (max) =>
        new ZipError(
          `"${name}" in the zip inflates to more than ${max} bytes (its declared size or the limit): refusing to decompress it further.`,
          { key: name },
        ),
    });
  } catch (e) {
    if (e instanceof ZarrviewError) throw e;
    throw new ZipError(`"${name}" in the zip is damaged: it does not decompress.`, { key: name, cause: e });
  }
}

/** The compressed bytes of an entry (one read in the usual case: local header, name, extra and data). */
export async function readEntryData(src: ByteSource, entry: ZipEntry, signal?: AbortSignal): Promise<Uint8Array> {
  const guess = 30 + entry.name.length * 3 + entry.extraLength + 64;
  const first = Math.min(src.size - entry.localHeaderOffset, guess + entry.compressedSize);
  const head = await readExact(src, entry.localHeaderOffset, first, signal);
  if (u32(head, 0) !== 0x04034b50)
    throw new ZipError(`${src.description} is damaged: bad local header of "${entry.name}".`, { key: entry.name });
  const start = 30 + u16(head, 26) + u16(head, 28);
  if (start + entry.compressedSize <= head.length) return head.subarray(start, start + entry.compressedSize);
  return readExact(src, entry.localHeaderOffset + start, entry.compressedSize, signal);
}

/** The offset of an entry's data (after its local header), for ranged reads of stored entries. */
export async function entryDataOffset(src: ByteSource, entry: ZipEntry, signal?: AbortSignal): Promise<number> {
  const head = await readExact(src, entry.localHeaderOffset, 30, signal);
  if (u32(head, 0) !== 0x04034b50)
    throw new ZipError(`${src.description} is damaged: bad local header of "${entry.name}".`, { key: entry.name });
  return entry.localHeaderOffset + 30 + u16(head, 26) + u16(head, 28);
}

/** A ByteSource over one object of a store with `getRange` (an HTTP or S3 zip); `size` from HEAD. */
export function storeSource(
  store: {
    getRange?(
      key: `/${string}`,
      range: { offset: number; length: number },
      options?: { signal?: AbortSignal },
    ): Promise<Uint8Array | undefined>;
  },
  key: `/${string}`,
  size: number,
  description: string,
): ByteSource {
  return {
    size,
    description,
    read: async (offset, length, signal) => {
      if (!store.getRange) throw new ZipError(`${description} cannot be read by ranges.`);
      const b = await store.getRange(key, { offset, length }, { signal });
      if (!b) throw new ZipError(`${description} disappeared while it was being read.`, { key });
      return b;
    },
  };
}
