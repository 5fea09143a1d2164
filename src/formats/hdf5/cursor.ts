import { Hdf5Error } from './errors.ts';

/** The sizes a superblock fixes for every structure of the file. */
export interface Format {
  /** Bytes of a file address (2, 4 or 8). */
  readonly offsetSize: number;
  /** Bytes of a length (2, 4 or 8). */
  readonly lengthSize: number;
  /** The absolute offset that file addresses are relative to (the superblock's; > 0 after a user block). */
  readonly base: number;
}

/**
 * A bounds-checked little-endian reader over bytes read from `address`: every read past the end is an `Hdf5Error`
 * naming `structure`, and every 64-bit number beyond 2^53 is refused rather than rounded.
 */
export class Cursor {
  pos = 0;
  constructor(
    readonly bytes: Uint8Array,
    readonly address: number,
    readonly structure: string,
    readonly format: Format,
  ) {}

  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  fail(message: string, cause?: unknown): Hdf5Error {
    return new Hdf5Error(this.structure, message, { address: this.address, cause });
  }

  need(n: number): void {
    if (n < 0 || this.pos + n > this.bytes.length) {
      throw this.fail(`truncated: ${n} bytes needed at +${this.pos}, ${this.remaining} left`);
    }
  }

  skip(n: number): void {
    this.need(n);
    this.pos += n;
  }

  seek(pos: number): void {
    if (pos < 0 || pos > this.bytes.length) throw this.fail(`offset +${pos} is outside the structure`);
    this.pos = pos;
  }

  /** Moves to the next multiple of `n` from `origin` (an offset within the bytes). */
  align(n: number, origin = 0): void {
    const rel = this.pos - origin;
    const pad = (n - (rel % n)) % n;
    this.pos = Math.min(this.bytes.length, this.pos + pad);
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.pos++]!;
  }

  u16(): number {
    this.need(2);
    const b = this.bytes;
    const v = b[this.pos]! | (b[this.pos + 1]! << 8);
    this.pos += 2;
    return v;
  }

  u32(): number {
    this.need(4);
    const b = this.bytes;
    const p = this.pos;
    this.pos += 4;
    return (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0;
  }

  /** An unsigned little-endian number of `n` bytes (1–8); above 2^53 it is refused. */
  uint(n: number, what = 'number'): number {
    this.need(n);
    let v = 0;
    let scale = 1;
    for (let i = 0; i < n; i++) {
      v += this.bytes[this.pos + i]! * scale;
      scale *= 256;
    }
    this.pos += n;
    if (!Number.isSafeInteger(v)) throw this.fail(`${what} ${v} is beyond 2^53`);
    return v;
  }

  u64(what = 'number'): number {
    return this.uint(8, what);
  }

  /** True when the next `n` bytes are all 0xff (HDF5's undefined address and unlimited size). */
  private allOnes(n: number): boolean {
    this.need(n);
    for (let i = 0; i < n; i++) if (this.bytes[this.pos + i] !== 0xff) return false;
    return true;
  }

  /** A file address made absolute, or `undefined` for the undefined address. */
  addr(): number | undefined {
    const n = this.format.offsetSize;
    if (this.allOnes(n)) {
      this.pos += n;
      return undefined;
    }
    return this.format.base + this.uint(n, 'address');
  }

  /** A file address that must be defined. */
  defined(what: string): number {
    const a = this.addr();
    if (a === undefined) throw this.fail(`${what} is the undefined address`);
    return a;
  }

  length(what = 'length'): number {
    return this.uint(this.format.lengthSize, what);
  }

  /** A length that may be all ones (unlimited); `undefined` then. */
  lengthOrUnlimited(): number | undefined {
    const n = this.format.lengthSize;
    if (this.allOnes(n)) {
      this.pos += n;
      return undefined;
    }
    return this.length();
  }

  take(n: number): Uint8Array {
    this.need(n);
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** The signature (4 ASCII bytes) must be `sig`. */
  signature(sig: string): void {
    this.need(4);
    for (let i = 0; i < 4; i++) {
      if (this.bytes[this.pos + i] !== sig.charCodeAt(i)) throw this.fail(`bad signature (not "${sig}")`);
    }
    this.pos += 4;
  }

  /** NUL-terminated text; `limit` bytes at most. */
  cstring(limit = this.remaining): string {
    const end = Math.min(this.bytes.length, this.pos + limit);
    let i = this.pos;
    while (i < end && this.bytes[i] !== 0) i++;
    if (i >= end) throw this.fail('unterminated name');
    const s = utf8(this.bytes.subarray(this.pos, i));
    this.pos = i + 1;
    return s;
  }
}

const decoder = new TextDecoder('utf-8');

/** UTF-8 text (invalid sequences become U+FFFD, as h5py's `errors='replace'`). */
export function utf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Bytes needed to hold `n` (at least one): HDF5's `H5VM_limit_enc_size`. */
export function bytesFor(n: number): number {
  return Math.floor(log2(n) / 8) + 1;
}

/** floor(log2(n)) for n ≥ 1, 0 for 0. */
export function log2(n: number): number {
  return n < 1 ? 0 : Math.floor(Math.log2(n) + 1e-9) - (2 ** Math.floor(Math.log2(n) + 1e-9) > n ? 1 : 0);
}
