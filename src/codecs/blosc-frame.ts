/**
 * The Blosc (1.x format) frame: a 16-byte header (format version, codec version, flags, item size, then the
 * decompressed size, the block size and the frame's size, little endian), the start of each compressed block, then
 * the blocks. What the block-by-block decoder (blosc-blocks.ts), the LZ4 decoder (blosc-lz4.ts) and the codec's
 * damage check read of it.
 */

import { ChunkError } from '../errors';

export const HEADER = 16;
/** Header flags. */
export const SHUFFLE = 0x01;
/** The data is stored as it is (no blocks). */
export const MEMCPYED = 0x02;
export const BITSHUFFLE = 0x04;
/** Blocks are not split into one stream per byte of an item. */
export const DONT_SPLIT = 0x10;
/** Blosc2 marks its 32-byte extended header with both shuffle flags. */
const EXTENDED = 0x05;

export interface BloscLayout {
  readonly flags: number;
  /** Decompressed size. */
  readonly nbytes: number;
  readonly blocksize: number;
  /** Size of the whole frame. */
  readonly cbytes: number;
  readonly nblocks: number;
}

/** The little-endian 32-bit number at `at`. */
export const u32 = (b: Uint8Array, at: number): number =>
  ((b[at] as number) | ((b[at + 1] as number) << 8) | ((b[at + 2] as number) << 16) | ((b[at + 3] as number) << 24)) >>>
  0;

/** The error of a frame that shows itself damaged. */
export const damaged = (what: string): ChunkError =>
  new ChunkError(`The blosc chunk is damaged: ${what}. Write the chunk again from the source data.`);

/** The layout of a frame from its first 16 bytes, or null where it cannot be decoded block by block. */
export function bloscLayout(head: Uint8Array): BloscLayout | null {
  if (head.length < HEADER) return null;
  const flags = head[2] as number;
  const nbytes = u32(head, 4);
  const blocksize = u32(head, 8);
  const cbytes = u32(head, 12);
  if (flags & MEMCPYED || (flags & EXTENDED) === EXTENDED || blocksize === 0 || nbytes === 0) return null;
  const nblocks = Math.ceil(nbytes / blocksize);
  if (cbytes < HEADER + 4 * nblocks) return null;
  return { flags, nbytes, blocksize, cbytes, nblocks };
}

/** Where each block's bytes end (the next start in byte order, or the frame's end), or null if the starts are invalid. */
export function blockEnds(frame: Uint8Array, layout: BloscLayout): { starts: number[]; ends: number[] } | null {
  const { nblocks, cbytes } = layout;
  const first = HEADER + 4 * nblocks;
  if (frame.length < first) return null;
  const starts = Array.from({ length: nblocks }, (_, i) => u32(frame, HEADER + 4 * i));
  const order = starts.map((s, i) => [s, i] as const).sort((a, b) => a[0] - b[0]);
  if ((order[0]?.[0] ?? first) < first) return null;
  const ends = new Array<number>(nblocks);
  for (let k = 0; k < nblocks; k++) {
    const [s, i] = order[k]!;
    const e = k + 1 < nblocks ? order[k + 1]![0] : cbytes;
    if (e <= s || e > cbytes) return null;
    ends[i] = e;
  }
  return { starts, ends };
}

/** c-blosc's bound on a block's size (and on what it decodes a frame's blocks into). */
const MAX_BLOCKSIZE = 536866816;

/**
 * Refuses a Blosc frame whose own header or block table shows it damaged, before decoding, with the checks c-blosc
 * makes (numcodecs' WebAssembly build drops its error code and would return made-up values): a format other than
 * Blosc 1's (version 2), reserved flags, an item size of 0, a block size of 0 or over the data's size, a codec
 * version other than 1; shorter than its header says (a truncated object); a stored copy of the wrong size; block
 * starts outside the frame. A flipped bit inside a block cannot be seen this way: Blosc 1 frames carry no checksum.
 */
export function checkBloscFrame(frame: Uint8Array): void {
  if (frame.length < HEADER) throw damaged(`it has ${frame.length} bytes, fewer than a Blosc header (16)`);
  const version = frame[0] as number;
  if (version !== 2) {
    throw new ChunkError(
      `The blosc chunk has format version ${version}; Blosc 1 frames (version 2, as numcodecs writes them) are read. ` +
        "Re-encode the array with numcodecs' Blosc to view it.",
    );
  }
  const cbytes = u32(frame, 12);
  if (cbytes > frame.length) throw damaged(`its header says ${cbytes} bytes, it has ${frame.length} (truncated)`);
  const flags = frame[2] as number;
  const typesize = frame[3] as number;
  const nbytes = u32(frame, 4);
  const blocksize = u32(frame, 8);
  if (nbytes === 0) return;
  if (flags & 0x08) throw damaged('its header sets a reserved flag');
  if (typesize === 0) throw damaged('its item size is 0');
  if (blocksize === 0 || blocksize > nbytes || blocksize > MAX_BLOCKSIZE) {
    throw damaged(`its block size ${blocksize} does not fit its ${nbytes} bytes`);
  }
  if (flags & MEMCPYED) {
    if (cbytes !== HEADER + nbytes) throw damaged(`it stores ${nbytes} bytes as they are in a frame of ${cbytes}`);
    return;
  }
  if (frame[1] !== 1) throw damaged(`its codec version ${frame[1] as number} is unknown`);
  if (flags >> 5 > 4) throw damaged(`its codec ${flags >> 5} is unknown`);
  const layout = bloscLayout(frame);
  if (!layout || !blockEnds(frame, layout)) throw damaged('its table of block starts points outside the frame');
}
