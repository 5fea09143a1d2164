/**
 * Decoding a Blosc frame block by block while it arrives. A Blosc (1.x format) frame is a 16-byte header, the start
 * of each compressed block (`bstarts`), then the blocks; each block decompresses on its own (shuffle and split are
 * per block), so each block is decoded (blosc-decode.ts) into its place in the result as soon as its bytes are in.
 * Anything else (a stored copy, starts that do not add up, a frame blosc-decode.ts does not read, a block that fails)
 * is left to the decoder of the whole frame, which reports what is wrong.
 */

import { blockEnds, bloscLayout, checkBloscFrame, HEADER, type BloscLayout } from './blosc-frame';
import { bloscDecoding, decodeBlosc, decodeBloscBlock, decodeBloscBlockAsync } from './blosc-decode';
import { giveBack, takeBuffer, takeScratch } from '../memory/spare-buffers';
import { warmLz4 } from './blosc-lz4';

/**
 * A frame fed part by part: each block complete in the bytes so far is decoded as soon as it is there (writers with
 * several threads store blocks out of order), into the decompressed bytes; `finish` decodes the rest. `finish` gives
 * null where the frame is not one to decode this way (the caller decodes `bytes()` whole).
 */
export class BloscBlockStream {
  #buf: Uint8Array = new Uint8Array(0);
  #n = 0;
  #layout: BloscLayout | null | undefined;
  #blocks: { starts: number[]; ends: number[] } | null | undefined;
  #out: Uint8Array | null = null;
  /** Blocks whose decode is queued. */
  #queued: Uint8Array = new Uint8Array(0);
  #work: Promise<void> = Promise.resolve();
  #failed = false;
  /** Scratch space of a block. */
  #tmp: Uint8Array = new Uint8Array(0);
  /** How blosc-decode.ts reads the frame: at once or awaited. */
  #how: 'sync' | 'async' = 'sync';

  /** A frame declaring more than `maxBytes` is left whole (to be refused by its codec). */
  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {}

  /** The bytes received so far (the whole frame once all parts are in). */
  bytes(): Uint8Array {
    return this.#buf.subarray(0, this.#n);
  }

  push(part: Uint8Array): void {
    if (this.#n + part.length > this.#buf.length) {
      const size = this.#layout ? Math.max(this.#layout.cbytes, this.#n + part.length) : (this.#n + part.length) * 2;
      const grown = new Uint8Array(Math.max(size, 64 * 1024));
      grown.set(this.#buf.subarray(0, this.#n));
      this.#buf = grown;
    }
    this.#buf.set(part, this.#n);
    this.#n += part.length;
    if (this.#layout === undefined && this.#n >= HEADER) {
      const layout = bloscLayout(this.#buf);
      this.#layout = layout && layout.nbytes <= this.maxBytes ? layout : null;
      if (this.#layout && this.#buf.length < this.#layout.cbytes) {
        const sized = takeScratch(this.#layout.cbytes);
        sized.set(this.#buf.subarray(0, this.#n));
        this.#buf = sized;
      }
    }
    if (this.#layout && this.#blocks === undefined && this.#n >= HEADER + 4 * this.#layout.nblocks) {
      const how = bloscDecoding(this.#buf);
      this.#blocks = how ? blockEnds(this.#buf, this.#layout) : null;
      if (how && this.#blocks) {
        this.#how = how;
        this.#out = new Uint8Array(takeBuffer(this.#layout.nbytes));
        this.#queued = new Uint8Array(this.#layout.nblocks);
        this.#tmp = new Uint8Array(this.#layout.blocksize);
      }
    }
    this.#decodeReady();
  }

  /**
   * The decompressed bytes so far: the result's memory, with the number of its first bytes decoded (the blocks
   * decoded at once from the first on; none for frames whose streams are awaited); null before the block table.
   */
  decoded(): { readonly out: Uint8Array; readonly bytes: number } | null {
    const layout = this.#layout;
    if (!layout || !this.#out || this.#failed) return null;
    // A block decoded at once is decoded when queued (or the stream has failed).
    let first = 0;
    if (this.#how === 'sync') while (first < layout.nblocks && this.#queued[first]) first++;
    return { out: this.#out, bytes: Math.min(first * layout.blocksize, layout.nbytes) };
  }

  /** The decompressed bytes, or null (not a frame decoded by blocks here, or a block failed: decode it whole). */
  async finish(): Promise<Uint8Array | null> {
    const layout = this.#layout;
    if (!layout || !this.#blocks || this.#n !== layout.cbytes) return null;
    this.#decodeReady();
    await this.#work;
    if (this.#failed) return null;
    try {
      // The whole frame's header, as its codec checks it (a refused frame is decoded whole, to report why).
      checkBloscFrame(this.bytes());
    } catch {
      return null;
    }
    // The frame's bytes are no longer needed: their memory serves the next chunk.
    giveBack(this.#buf.buffer as ArrayBuffer);
    this.#buf = new Uint8Array(0);
    this.#n = 0;
    return this.#out;
  }

  /** Queues the decode of every block now complete, as runs of consecutive blocks. */
  #decodeReady(): void {
    const layout = this.#layout;
    const blocks = this.#blocks;
    if (!layout || !blocks || this.#failed) return;
    const complete = (i: number) => blocks.ends[i]! <= this.#n;
    for (let a = 0; a < layout.nblocks; a++) {
      if (this.#queued[a] || !complete(a)) continue;
      let b = a;
      while (b < layout.nblocks && !this.#queued[b] && complete(b)) this.#queued[b++] = 1;
      this.#queue(a, b);
      a = b;
    }
  }

  #queue(a: number, b: number): void {
    const tmp = this.#tmp;
    const ends = this.#blocks!.ends;
    if (this.#how === 'sync') {
      try {
        for (let i = a; i < b; i++) decodeBloscBlock(this.#buf, i, ends[i]!, this.#out!, tmp);
      } catch {
        this.#failed = true;
      }
      return;
    }
    this.#work = this.#work.then(async () => {
      if (this.#failed) return;
      try {
        for (let i = a; i < b; i++) await decodeBloscBlockAsync(this.#buf, i, ends[i]!, this.#out!, tmp);
      } catch {
        this.#failed = true;
      }
    });
  }
}

/**
 * Runs the Blosc decoder (blosc-decode.ts) on a made-up field encoded by `encode` (the dataset's Blosc encoder),
 * whole and block by block, so that the engine has compiled its loops before a real chunk arrives: a first LZ4 chunk
 * decoded by cold code took several times as long (long literal runs, short and long matches and stored streams all
 * occur in such a field).
 */
export async function warmBloscDecoder(encode: (b: Uint8Array) => Promise<Uint8Array> | Uint8Array): Promise<void> {
  // Every kind of LZ4 sequence first: the field below need not have them all (see `lz4Sample`).
  warmLz4();
  const values = new Float32Array(256 * 1024);
  let seed = 1;
  for (let i = 0; i < values.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    values[i] = 250 + 40 * Math.sin(i / 700) + (seed / 2 ** 32) * 0.5;
  }
  const frame = await encode(new Uint8Array(values.buffer));
  if (!bloscDecoding(frame)) return;
  for (let k = 0; k < 6; k++) {
    await decodeBlosc(frame);
    const stream = new BloscBlockStream();
    for (let at = 0; at < frame.length; at += 65536) stream.push(frame.subarray(at, at + 65536));
    await stream.finish();
  }
}
