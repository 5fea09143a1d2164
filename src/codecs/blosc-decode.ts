/**
 * Blosc 1 frames decoded here rather than by numcodecs' WebAssembly build, which ignores c-blosc's error code: a
 * damaged frame came back from it as made-up values (c-blosc itself, and numcodecs in Python, report it). Each block
 * is decoded stream by stream with c-blosc's own checks — every stream must fill its share of the block exactly —
 * and a frame that fails them is refused as damaged. LZ4 (`lz4`, `lz4hc`), BloscLZ and Snappy streams are decoded
 * in TypeScript at once; zlib streams by the platform's inflate and zstd streams by numcodecs' Zstd, both awaited.
 * Byte shuffle, bit shuffle or none: every Blosc 1 frame c-blosc reads. Other frames (format versions other than 2,
 * unknown codecs) are refused by `checkBloscFrame`.
 */

import { inflateBounded } from './bounded-inflate';
import { BITSHUFFLE, checkBloscFrame, damaged, DONT_SPLIT, HEADER, MEMCPYED, SHUFFLE, u32 } from './blosc-frame';
import { bitunshuffle } from './bitshuffle';
import { lz4Block, unshuffle } from './blosc-lz4';
import { blosclzBlock } from './blosclz';
import { snappyBlock } from './snappy';
import { takeBuffer } from '../memory/spare-buffers';

/** The codec field of the header flags (bits 5-7): 0 BloscLZ, 1 LZ4, 2 Snappy, 3 zlib, 4 zstd. */
const SNAPPY = 2;
const ZLIB = 3;
const ZSTD = 4;
/** Items of more bytes than this are never split into streams. */
const MAX_SPLITS = 16;
/** Blocks of fewer items than this are never split into streams. */
const MIN_ITEMS = 128;
/** Blocks of a zlib or zstd frame decoded at once. */
const ASYNC_LANES = 8;

/** How a frame is decoded here: at once (`sync`: LZ4, BloscLZ, Snappy, stored), awaited (`async`: zlib, zstd), or not. */
export function bloscDecoding(frame: Uint8Array): 'sync' | 'async' | null {
  if (frame.length < HEADER || frame[0] !== 2) return null;
  const flags = frame[2] as number;
  if (flags & MEMCPYED) return 'sync';
  const codec = flags >> 5;
  return codec <= SNAPPY ? 'sync' : codec === ZLIB || codec === ZSTD ? 'async' : null;
}

const sized = (end: number, want: number) => {
  if (end !== want) throw damaged('a block does not decompress to its stated size');
};

/** The stream decoders run at once, by codec (BloscLZ, LZ4, Snappy): each fills `dst[op, oend)` from `src[ip, iend)`. */
const SYNC_STREAMS = [blosclzBlock, lz4Block, snappyBlock] as const;

let zstd: Promise<{ decode(b: Uint8Array): Promise<Uint8Array> | Uint8Array }> | null = null;

/** The whole output of a zlib or zstd stream (`src`), or the damaged-chunk error. */
async function asyncStream(codec: number, src: Uint8Array, n: number): Promise<Uint8Array> {
  const why = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));
  if (codec === ZLIB) {
    return inflateBounded(src, 'deflate', n).catch((cause: unknown) => {
      throw damaged(`a zlib stream does not inflate (${why(cause)})`);
    });
  }
  zstd ??= import('numcodecs/zstd').then((m) => m.default.fromConfig({ id: 'zstd' } as never));
  const decoder = await zstd;
  return Promise.resolve()
    .then(() => decoder.decode(src))
    .catch((cause: unknown) => {
      throw damaged(`a zstd stream does not decompress (${why(cause)})`);
    });
}

/** A block's layout: where its decompressed bytes go, how many streams it has and where the first one starts. */
function blockPlan(frame: Uint8Array, i: number) {
  const flags = frame[2] as number;
  const typesize = frame[3] as number;
  const nbytes = u32(frame, 4);
  const blocksize = u32(frame, 8);
  const size = Math.min(blocksize, nbytes - i * blocksize);
  // A whole block is split into one stream per byte of an item unless the writer says not; writers from before that
  // flag split only items of at most 16 bytes, in blocks of at least 128 items (c-blosc decodes them so still).
  const split =
    !(flags & DONT_SPLIT) && size === blocksize && typesize <= MAX_SPLITS && Math.floor(size / typesize) >= MIN_ITEMS;
  const nsplits = split ? typesize : 1;
  const neblock = size / nsplits;
  if (!Number.isInteger(neblock)) throw damaged('a block does not split into its streams');
  return {
    at: i * blocksize,
    size,
    nsplits,
    neblock,
    start: u32(frame, HEADER + 4 * i),
    // As c-blosc: the byte shuffle for items of 2 bytes or more, else the bit shuffle for blocks of one item or more.
    filter: flags & SHUFFLE && typesize > 1 ? 'byte' : flags & BITSHUFFLE && size >= typesize ? 'bit' : null,
    typesize,
    codec: flags >> 5,
  };
}

/** Undoes a block's shuffle from `tmp` into its place in `out`. */
function unfilter(p: ReturnType<typeof blockPlan>, tmp: Uint8Array, out: Uint8Array): void {
  if (p.filter === 'byte') unshuffle(tmp, p.size, p.typesize, out, p.at);
  else if (p.filter === 'bit') bitunshuffle(tmp, p.size, p.typesize, out, p.at);
}

/** The streams of a block: `[offset, size]` of each, checked against `end` (the block's or the frame's end). */
function streams(frame: Uint8Array, start: number, end: number, nsplits: number): [number, number][] {
  const out: [number, number][] = [];
  let ip = start;
  for (let j = 0; j < nsplits; j++) {
    if (ip < HEADER || ip + 4 > end) throw damaged('its table of block starts points outside the frame');
    const n = u32(frame, ip);
    ip += 4;
    if (n > end - ip) throw damaged('a compressed stream runs past the end of the frame');
    out.push([ip, n]);
    ip += n;
  }
  return out;
}

/**
 * Decodes block `i` of a frame `bloscDecoding` calls `sync` (its bytes before `end`) into its place in `out` (the
 * frame's decompressed bytes); `tmp` is scratch space of the block size.
 */
export function decodeBloscBlock(frame: Uint8Array, i: number, end: number, out: Uint8Array, tmp: Uint8Array): void {
  const p = blockPlan(frame, i);
  const decode = SYNC_STREAMS[p.codec as 0 | 1 | 2];
  const dst = p.filter ? tmp : out;
  let op = p.filter ? 0 : p.at;
  for (const [ip, n] of streams(frame, p.start, end, p.nsplits)) {
    if (n === p.neblock) dst.set(frame.subarray(ip, ip + n), op);
    else sized(decode(frame, ip, ip + n, dst, op, op + p.neblock), op + p.neblock);
    op += p.neblock;
  }
  unfilter(p, tmp, out);
}

/** As `decodeBloscBlock`, for any frame `bloscDecoding` accepts (zlib and zstd streams are awaited). */
export async function decodeBloscBlockAsync(
  frame: Uint8Array,
  i: number,
  end: number,
  out: Uint8Array,
  tmp: Uint8Array,
): Promise<void> {
  const p = blockPlan(frame, i);
  if (p.codec <= SNAPPY) return decodeBloscBlock(frame, i, end, out, tmp);
  const dst = p.filter ? tmp : out;
  let op = p.filter ? 0 : p.at;
  for (const [ip, n] of streams(frame, p.start, end, p.nsplits)) {
    if (n === p.neblock) dst.set(frame.subarray(ip, ip + n), op);
    else {
      const part = await asyncStream(p.codec, frame.subarray(ip, ip + n), p.neblock);
      sized(part.length, p.neblock);
      dst.set(part, op);
    }
    op += p.neblock;
  }
  unfilter(p, tmp, out);
}

/**
 * The decompressed bytes of a frame (awaited for zlib and zstd); a frame `checkBloscFrame` refuses, or whose blocks
 * fail c-blosc's checks, throws the damaged-chunk error.
 */
export function decodeBlosc(frame: Uint8Array): Uint8Array | Promise<Uint8Array> {
  checkBloscFrame(frame);
  const nbytes = u32(frame, 4);
  const blocksize = u32(frame, 8);
  const cbytes = u32(frame, 12);
  const out = new Uint8Array(takeBuffer(nbytes));
  if ((frame[2] as number) & MEMCPYED) {
    out.set(frame.subarray(HEADER, HEADER + nbytes));
    return out;
  }
  if (nbytes === 0) return out;
  const nblocks = Math.ceil(nbytes / blocksize);
  // A checked frame of blocks: format version 2, codec 0-4.
  if (bloscDecoding(frame) === 'sync') {
    const tmp = new Uint8Array(blocksize);
    for (let i = 0; i < nblocks; i++) decodeBloscBlock(frame, i, cbytes, out, tmp);
    return out;
  }
  // The streams' decoders are awaited: several blocks at once (each with its own scratch space) keep them busy.
  return (async () => {
    let next = 0;
    const lane = async () => {
      const scratch = new Uint8Array(blocksize);
      while (next < nblocks) await decodeBloscBlockAsync(frame, next++, cbytes, out, scratch);
    };
    await Promise.all(Array.from({ length: Math.min(ASYNC_LANES, nblocks) }, lane));
    return out;
  })();
}
