/**
 * Chunk fuzzing: Blosc frames written by numcodecs (src/codecs/testdata/blosc-blocks: LZ4, LZ4HC, BloscLZ, zlib,
 * zstd; byte, bit and no shuffle) with their bytes damaged — header fields, the table of block starts, stream sizes,
 * bytes inside the blocks, cut short, junk after — decoded by the chunk pipeline whole and fed in random parts as
 * they arrive from the network. Each case must end, within its budget, with values of the chunk's size or a typed
 * error. For the frames blosc-decode.ts reads (every Blosc 1 frame), the part-by-part decode must end as the
 * whole decode does (the same values, or an error), and where it returns values numcodecs must accept the frame and
 * return the same bytes (it is never more lenient than c-blosc). A frame left to numcodecs' WebAssembly build, which
 * ignores c-blosc's error code, could come back as made-up values: counted in the notes.
 *
 * ZARRVIEW_CHUNK_FUZZ_SEED and ZARRVIEW_CHUNK_FUZZ_CASES change the run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bloscDecoding, decodeBlosc } from '../../src/codecs/blosc-decode';
import { createChunkDecoder, type ChunkDecoder, type DecodedChunk } from '../../src/codecs/pipeline';
import { isZarrviewError } from '../../src/errors';
import { type Rng, seededRng } from '../../src/testing/seeded-rng';
import { describeError, fuzzCases } from './cases';
import { REPO_ROOT, writeCounts } from './counts';

const SEED = Number(process.env.ZARRVIEW_CHUNK_FUZZ_SEED ?? 20261124);
const CASES = Number(process.env.ZARRVIEW_CHUNK_FUZZ_CASES ?? 2_000);
const CASE_BUDGET_MS = 2_000;
const DIR = path.join(REPO_ROOT, 'src', 'codecs', 'testdata', 'blosc-blocks');

const int = (rng: Rng, n: number) => Math.floor(rng() * n);
/** Cases of frames left to numcodecs whose whole and part-by-part decodes differ (made-up values from one of them). */
let madeUp = 0;
const setU32 = (b: Uint8Array, at: number, v: number) => {
  if (at + 4 <= b.length) new DataView(b.buffer, b.byteOffset).setUint32(at, v >>> 0, true);
};
const getU32 = (b: Uint8Array, at: number) =>
  at + 4 <= b.length ? new DataView(b.buffer, b.byteOffset).getUint32(at, true) : 0;
const nasty = (rng: Rng, near: number) =>
  [0, 1, 0xffffffff, 0x7fffffff, near + 1, near - 1, int(rng, 2 * near + 2)][int(rng, 7)] as number;

type Mutation = (rng: Rng, b: Uint8Array) => Uint8Array;

/** Each returns a damaged copy of a frame. */
const MUTATIONS: Record<string, Mutation> = {
  'header-byte': (rng, b) => {
    const c = b.slice();
    c[int(rng, 16)] = int(rng, 256);
    return c;
  },
  'header-size': (rng, b) => {
    const c = b.slice();
    const at = [4, 8, 12][int(rng, 3)] as number;
    setU32(c, at, nasty(rng, getU32(c, at)));
    return c;
  },
  'block-start': (rng, b) => {
    const c = b.slice();
    const nblocks = Math.max(1, Math.ceil(getU32(c, 4) / Math.max(1, getU32(c, 8))));
    const at = 16 + 4 * int(rng, Math.min(nblocks, 64));
    setU32(c, at, nasty(rng, getU32(c, at)));
    return c;
  },
  'stream-size': (rng, b) => {
    // The 4-byte size before a block's first stream.
    const c = b.slice();
    const nblocks = Math.max(1, Math.ceil(getU32(c, 4) / Math.max(1, getU32(c, 8))));
    const start = getU32(c, 16 + 4 * int(rng, Math.min(nblocks, 64)));
    setU32(c, start, nasty(rng, getU32(c, start)));
    return c;
  },
  'body-bytes': (rng, b) => {
    const c = b.slice();
    for (let k = 1 + int(rng, 8); k > 0; k--) c[16 + int(rng, Math.max(1, c.length - 16))] = int(rng, 256);
    return c;
  },
  'zeroed-range': (rng, b) => {
    const c = b.slice();
    const at = int(rng, c.length);
    c.fill(0, at, at + 1 + int(rng, 512));
    return c;
  },
  truncated: (rng, b) => b.slice(0, int(rng, b.length)),
  'junk-after': (rng, b) => {
    const c = new Uint8Array(b.length + 1 + int(rng, 200));
    c.set(b);
    for (let i = b.length; i < c.length; i++) c[i] = int(rng, 256);
    return c;
  },
};

interface Case {
  readonly name: string;
  readonly frame: Uint8Array;
  readonly decoder: ChunkDecoder;
}

/** `values` of a decoded chunk as bytes (for comparing outcomes). */
const bytesOf = (c: DecodedChunk) => {
  const d = c.data as ArrayBufferView;
  return Buffer.from(d.buffer, d.byteOffset, d.byteLength);
};

type Outcome = { ok: Buffer } | { error: unknown };

async function settle(p: Promise<DecodedChunk>): Promise<Outcome> {
  try {
    return { ok: bytesOf(await p) };
  } catch (error) {
    return { error };
  }
}

async function runCase(c: Case, damaged: Uint8Array, rng: Rng, reference: (b: Uint8Array) => Promise<Uint8Array>) {
  const bad: string[] = [];
  const whole = await settle(c.decoder.decode(damaged.slice()));
  const stream = c.decoder.stream();
  const parts = (async () => {
    for (let at = 0; at < damaged.length;) {
      const n = 1 + int(rng, 40_000);
      stream.push(damaged.slice(at, at + n));
      at += n;
    }
    return stream.finish();
  })();
  const streamed = await settle(parts);
  for (const [what, o] of [
    ['whole', whole],
    ['streamed', streamed],
  ] as const) {
    if ('error' in o && !isZarrviewError(o.error)) bad.push(`${what} decode threw ${describeError(o.error)}`);
  }
  const differ =
    'ok' in whole !== 'ok' in streamed || ('ok' in whole && 'ok' in streamed && !whole.ok.equals(streamed.ok));
  if (!bloscDecoding(damaged)) {
    if (differ) madeUp++;
    return bad;
  }
  if (differ) bad.push(`whole ${'ok' in whole ? 'decoded' : 'failed'}, streamed differs`);
  let ours: Uint8Array | null = null;
  try {
    ours = await decodeBlosc(damaged);
  } catch (e) {
    if (!isZarrviewError(e)) bad.push(`the Blosc decoder threw ${describeError(e)}`);
  }
  if (ours) {
    const theirs = await reference(damaged).catch(() => null);
    if (!theirs) bad.push('the Blosc decoder returned values for a frame numcodecs refuses');
    else if (!Buffer.from(theirs).equals(Buffer.from(ours)))
      bad.push("the Blosc decoder's bytes differ from numcodecs'");
  }
  return bad;
}

describe('chunk fuzzing', () => {
  it(`${CASES} damaged Blosc chunks decode to values or typed errors, whole and in parts alike`, async () => {
    const { cases: index } = JSON.parse(readFileSync(path.join(DIR, 'cases.json'), 'utf8')) as {
      cases: { name: string; dtype: string; length: number }[];
    };
    const cases: Case[] = [];
    for (const k of index) {
      const size = Number(/\d+$/.exec(k.dtype)?.[0] ?? 1);
      cases.push({
        name: k.name,
        frame: new Uint8Array(readFileSync(path.join(DIR, `${k.name}.blosc`))),
        decoder: await createChunkDecoder({
          dtype: k.dtype.startsWith('|S') || k.dtype.startsWith('|V') ? `|u1` : k.dtype,
          zarrFormat: 2,
          order: 'C',
          shape: [k.dtype.startsWith('|S') || k.dtype.startsWith('|V') ? k.length : k.length / size],
          codecs: [{ id: 'blosc', configuration: {} }],
        }),
      });
    }
    const { default: Blosc } = await import('numcodecs/blosc');
    const numcodecs = Blosc.fromConfig({ id: 'blosc' });
    const reference = async (b: Uint8Array) => numcodecs.decode(b);
    // The undamaged frames decode the same whole and in parts: the harness itself is sound.
    for (const c of cases) expect(await runCase(c, c.frame, seededRng(SEED), reference)).toEqual([]);
    const { crashes, hangs, slowest, kinds } = await fuzzCases({
      seed: SEED,
      cases: CASES,
      budgetMs: CASE_BUDGET_MS,
      inputs: cases,
      kinds: Object.keys(MUTATIONS).sort(),
      name: (c) => c.name,
      run: (c, kind, rng) => runCase(c, MUTATIONS[kind]!(rng, c.frame), rng, reference),
    });
    writeCounts({
      suite: 'chunk-fuzz',
      what: `Blosc chunks of ${cases.length} numcodecs frames damaged, decoded whole and in parts, checked against numcodecs, seed ${SEED}`,
      cases: CASES,
      crashes: crashes.length,
      hangs: hangs.length,
      notes: `slowest case ${Math.round(slowest)} ms; ${madeUp} cases left to numcodecs' WebAssembly build decoded to values that differ whole and in parts; ${kinds}`,
    });
    expect(crashes.slice(0, 5)).toEqual([]);
    expect(hangs.slice(0, 5)).toEqual([]);
  }, 600_000);
});
