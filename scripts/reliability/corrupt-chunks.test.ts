/**
 * Corrupt chunks: a chunk of the wrong length, a broken compression stream, a failed checksum (Fletcher-32,
 * Zarr v3 crc32c, numcodecs crc32) → readSlice returns the rest of the slice, that chunk's region holds the fill
 * value (masked) and `failedChunks` names the chunk with a reason. In-memory arrays (4 × 4 int32, 2 × 2 chunks)
 * plus two committed fixtures (netcdf-c's fletcher32, zarr-python 3's crc32c-checked shard index).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { fletcher32 } from '../../src/codecs/byte-codecs';
import { crc32 } from '../../src/codecs/checksum32';
import { createDataContext, readSlice } from '../../src/data/index';
import { decodeSlice } from '../../src/cf/index';
import { readDataset } from '../../src/model/index';
import type { Variable } from '../../src/model/types';
import { REPO_ROOT, writeCounts } from './counts';
import { loadFixtures, overlayStore } from './fixture-store';

const FILL = -99;
const enc = new TextEncoder();
let cases = 0;
let crashes = 0;

/** CRC-32C (Castagnoli), as the Zarr v3 crc32c codec appends it (little-endian). */
function crc32c(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of data) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0x82f63b78 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const le32 = (n: number) => new Uint8Array(new Uint32Array([n]).buffer);
const concat = (a: Uint8Array, b: Uint8Array) => new Uint8Array([...a, ...b]);

/** The raw little-endian bytes of chunk (r, c) of a 4 × 4 int32 array holding 0..15. */
function rawChunk(r: number, c: number): Uint8Array {
  const v = new Int32Array(4);
  for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) v[i * 2 + j] = (r * 2 + i) * 4 + c * 2 + j;
  return new Uint8Array(v.buffer);
}

interface Scheme {
  readonly name: string;
  readonly v3?: boolean;
  readonly codec: unknown;
  encode(raw: Uint8Array): Uint8Array;
  corrupt(encoded: Uint8Array): Uint8Array;
  readonly reason: RegExp;
}

const flip = (b: Uint8Array, at: number) => Uint8Array.from(b, (x, i) => (i === at ? x ^ 0xff : x));

const SCHEMES: Scheme[] = [
  {
    name: 'uncompressed, chunk of the wrong length',
    codec: null,
    encode: (r) => r,
    corrupt: (b) => b.subarray(0, 10),
    reason: /./,
  },
  { name: 'uncompressed, chunk too long', codec: null, encode: (r) => r, corrupt: (b) => concat(b, b), reason: /./ },
  {
    name: 'zlib, broken stream',
    codec: { id: 'zlib', level: 1 },
    encode: (r) => deflateSync(r),
    corrupt: (b) => flip(flip(b, 2), 5),
    reason: /./,
  },
  {
    name: 'zlib, truncated stream',
    codec: { id: 'zlib', level: 1 },
    encode: (r) => deflateSync(r),
    corrupt: (b) => b.subarray(0, b.length - 6),
    reason: /./,
  },
  {
    name: 'zlib, not a stream at all',
    codec: { id: 'zlib', level: 1 },
    encode: (r) => deflateSync(r),
    corrupt: () => enc.encode('<html>503</html>'),
    reason: /./,
  },
  {
    name: 'fletcher32, bad checksum',
    codec: { id: 'fletcher32' },
    encode: (r) => concat(r, le32(fletcher32(r))),
    corrupt: (b) => flip(b, 3),
    reason: /checksum/i,
  },
  {
    name: 'fletcher32, too short',
    codec: { id: 'fletcher32' },
    encode: (r) => concat(r, le32(fletcher32(r))),
    corrupt: (b) => b.subarray(0, 3),
    reason: /short|checksum/i,
  },
  {
    name: 'numcodecs crc32, bad checksum',
    codec: { id: 'crc32' },
    encode: (r) => concat(le32(crc32(r)), r),
    corrupt: (b) => flip(b, 6),
    reason: /checksum|crc/i,
  },
  {
    name: 'v3 crc32c, bad checksum',
    v3: true,
    codec: { name: 'crc32c' },
    encode: (r) => concat(r, le32(crc32c(r))),
    corrupt: (b) => flip(b, 1),
    reason: /./,
  },
  {
    name: 'v3 crc32c, checksum cut off',
    v3: true,
    codec: { name: 'crc32c' },
    encode: (r) => concat(r, le32(crc32c(r))),
    corrupt: (b) => b.subarray(0, 2),
    reason: /./,
  },
];

function files(s: Scheme, bad: readonly [number, number]): Map<string, Uint8Array> {
  const m = new Map<string, Uint8Array>();
  if (s.v3) {
    m.set('zarr.json', enc.encode(JSON.stringify({ zarr_format: 3, node_type: 'group', attributes: {} })));
    m.set(
      'a/zarr.json',
      enc.encode(
        JSON.stringify({
          zarr_format: 3,
          node_type: 'array',
          shape: [4, 4],
          data_type: 'int32',
          fill_value: FILL,
          chunk_grid: { name: 'regular', configuration: { chunk_shape: [2, 2] } },
          chunk_key_encoding: { name: 'default', configuration: { separator: '/' } },
          codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, s.codec],
        }),
      ),
    );
  } else {
    m.set('.zgroup', enc.encode('{"zarr_format": 2}'));
    const compressor = s.codec;
    m.set(
      'a/.zarray',
      enc.encode(
        JSON.stringify({
          zarr_format: 2,
          shape: [4, 4],
          chunks: [2, 2],
          dtype: '<i4',
          compressor,
          filters: null,
          fill_value: FILL,
          order: 'C',
        }),
      ),
    );
  }
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < 2; c++) {
      const good = s.encode(rawChunk(r, c));
      m.set(s.v3 ? `a/c/${r}/${c}` : `a/${r}.${c}`, r === bad[0] && c === bad[1] ? s.corrupt(good) : good);
    }
  }
  return m;
}

const ctx = createDataContext({ workers: false });

async function readAll(store: ReturnType<typeof overlayStore>, mode: { zarr?: boolean; nczarr?: boolean }, p: string) {
  const ds = await readDataset(store, { mode });
  const v = findVar(ds.root, p);
  return readSlice(store, v, [], { context: ctx });
}

function findVar(g: Awaited<ReturnType<typeof readDataset>>['root'], p: string): Variable {
  const all = [g];
  while (all.length) {
    const x = all.shift()!;
    const v = x.variables.find((y) => y.path === p);
    if (v) return v;
    all.push(...x.groups);
  }
  throw new Error(`no ${p}`);
}

describe('corrupt chunks fail alone; the rest of the slice shows', () => {
  for (const s of SCHEMES) {
    it(`${s.name}: chunk (1, 0) masked and reported, the other three read`, async () => {
      cases++;
      crashes++; // undone when every check below passes
      const store = overlayStore(files(s, [1, 0]));
      const slice = await readAll(store, { zarr: true }, '/a');
      expect(slice.failedChunks?.map((f) => f.chunk)).toEqual([[1, 0]]);
      expect(slice.failedChunks?.[0]?.message).toMatch(s.reason);
      const got = Array.from(slice.data as Int32Array);
      const want = Array.from({ length: 16 }, (_, i) => (Math.floor(i / 4) >= 2 && i % 4 < 2 ? FILL : i));
      expect(got).toEqual(want);
      expect(Array.from(slice.failedMask ?? [])).toEqual(want.map((x) => (x === FILL ? 1 : 0)));
      // Decoded (what every view shows): the failed region is masked even though Zarr's fill_value is not.
      const decoded = decodeSlice(slice, { defaultFill: 'none' });
      expect(Array.from(decoded.mask)).toEqual(want.map((x) => (x === FILL ? 1 : 0)));
      crashes--;
    });
  }

  it('netcdf-c fletcher32 fixture with a flipped byte: its one chunk masked and reported', async () => {
    cases++;
    crashes++;
    const f = loadFixtures().find((x) => x.name === 'netcdf-c-4.9.3/nczarr-file/compression')!;
    const key = 'fletcher32/0.0';
    const good = f.files.get(key)!;
    const good0 = await readAll(overlayStore(f.files), f.mode, '/fletcher32');
    expect(good0.failedChunks).toBeUndefined();
    const slice = await readAll(overlayStore(f.files, new Map([[key, flip(good, 100)]])), f.mode, '/fletcher32');
    expect(slice.failedChunks?.map((x) => x.chunk)).toEqual([[0, 0]]);
    expect(slice.failedChunks?.[0]?.message).toMatch(/checksum/i);
    expect(Array.from(slice.data as Int32Array).every((x) => x === -2147483647)).toBe(true);
    crashes--;
  });

  it('zarr-python 3 shard whose crc32c-checked index is corrupt: that shard masked, the other shards read', async () => {
    cases++;
    crashes++;
    const f = loadFixtures().find((x) => x.name === 'zarr-v3/data')!;
    const name = '2d.chunked.compressed.sharded.filled.i2';
    const key = `${name}/c/1/0`;
    const shard = f.files.get(key)!;
    const slice = await readAll(
      overlayStore(f.files, new Map([[key, flip(shard, shard.length - 10)]])),
      f.mode,
      `/${name}`,
    );
    const expected = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'fixtures/expected/zarr-v3/data.values.json'), 'utf8'),
    ) as {
      arrays: Record<string, { values: number[] }>;
    };
    const want = expected.arrays[`/${name}`]!.values;
    expect(slice.failedChunks?.length).toBe(4); // the shard's 2 × 2 inner chunks
    expect(slice.failedChunks?.every((x) => (x.chunk[0] ?? 0) >= 2 && (x.chunk[1] ?? 9) < 2)).toBe(true);
    const got = Array.from(slice.data as Int16Array);
    for (let i = 0; i < 16; i++) {
      const inBad = Math.floor(i / 4) >= 2 && i % 4 < 2;
      expect(got[i]).toBe(inBad ? 0 : want[i]);
    }
    crashes--;
  });
});

afterAll(() => {
  writeCounts({
    suite: 'corrupt-chunks',
    what: 'readSlice over corrupt chunks: wrong length, broken zlib streams, fletcher32/crc32/crc32c failures, a corrupt shard index',
    cases,
    crashes,
    hangs: 0,
  });
});
