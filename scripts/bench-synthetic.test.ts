// The synthetic stores of bench/synthetic/ over HTTP: read with zarrita (consolidated metadata, zlib chunks) and
// compared with the formula that makes them (f), plus the raw chunk layout, the request log and the chunk cache.
// zarr-python reads them too: bench/synthetic/check-with-zarr.py.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import { FetchStore } from '@zarrita/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zarr from 'zarrita';
import {
  CHUNK,
  LEVELS,
  chunkGrid,
  createSynthetic,
  createSyntheticStore,
  f,
  levelShape,
  levelValue,
  parsePath,
} from '../bench/synthetic/index.mjs';

const synthetic = createSynthetic();
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    void synthetic.handle(req, res, p.replace(/^\/synthetic/, ''));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/synthetic`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function openLevel(dataset: string, path: string) {
  const store = await zarr.withConsolidatedMetadata(new FetchStore(`${base}/${dataset}`));
  const group = await zarr.open(store, { kind: 'group' });
  return { group, array: await zarr.open(group.resolve(path), { kind: 'array' }) };
}

/** The values zarrita reads in rows r0..r1, cols c0..c1 of level k, and the ones f gives. */
async function compare(dataset: string, path: string, k: number, r0: number, r1: number, c0: number, c1: number) {
  const { array } = await openLevel(dataset, path);
  const got = await zarr.get(array, [zarr.slice(r0, r1), zarr.slice(c0, c1)]);
  const want = new Float32Array((r1 - r0) * (c1 - c0));
  for (let i = r0; i < r1; i++) for (let j = c0; j < c1; j++) want[(i - r0) * (c1 - c0) + j - c0] = levelValue(k, i, j);
  return { got: Array.from(got.data as Float32Array), want: Array.from(want), shape: got.shape };
}

describe('synthetic stores', () => {
  it('pyramid.zarr declares 7 OME-NGFF 0.4 levels of the 21,600 x 43,200 field', async () => {
    const { group, array } = await openLevel('pyramid.zarr', '3');
    const ms = (group.attrs.multiscales as { version: string; axes: unknown; datasets: unknown[] }[])[0]!;
    expect(ms.version).toBe('0.4');
    expect(ms.axes).toEqual([
      { name: 'y', type: 'space' },
      { name: 'x', type: 'space' },
    ]);
    expect(ms.datasets).toEqual(
      Array.from({ length: LEVELS }, (_, k) => ({
        path: String(k),
        coordinateTransformations: [{ type: 'scale', scale: [2 ** k, 2 ** k] }],
      })),
    );
    expect(array.shape).toEqual([Math.ceil(21600 / 8), Math.ceil(43200 / 8)]);
    expect(array.chunks).toEqual([512, 512]);
    expect(array.dtype).toBe('float32');
    expect(array.attrs._ARRAY_DIMENSIONS).toEqual(['y', 'x']);
    for (let k = 0; k < LEVELS; k++) {
      const level = await zarr.open(group.resolve(String(k)), { kind: 'array' });
      expect(level.shape).toEqual([Math.ceil(21600 / 2 ** k), Math.ceil(43200 / 2 ** k)]);
    }
  });

  it('a region across four chunks of level 3 equals f at every 8th cell', async () => {
    const r = await compare('pyramid.zarr', '3', 3, 500, 530, 1020, 1040);
    expect(r.shape).toEqual([30, 20]);
    expect(r.got).toEqual(r.want);
    // f is not constant there (a wrong level or offset would not pass by chance).
    expect(new Set(r.want).size).toBeGreaterThan(100);
    expect(levelValue(3, 500, 1020)).toBe(f(4000, 8160));
  });

  it('the last cells of the coarsest level and of big.zarr equal f', async () => {
    const [h, w] = levelShape(6);
    const coarse = await compare('pyramid.zarr', '6', 6, h - 5, h, w - 7, w);
    expect(coarse.got).toEqual(coarse.want);
    const big = await compare('big.zarr', 'field', 0, 21600 - 3, 21600, 43200 - 4, 43200);
    expect(big.got).toEqual(big.want);
  });

  it('an edge chunk is stored full-size, NaN past the edge, zlib-compressed', async () => {
    const [gy, gx] = chunkGrid(6);
    const res = await fetch(`${base}/pyramid.zarr/6/${gy - 1}.${gx - 1}`);
    expect(res.status).toBe(200);
    const raw = inflateSync(Buffer.from(await res.arrayBuffer()));
    expect(raw.length).toBe(CHUNK * CHUNK * 4);
    const v = new Float32Array(raw.buffer, raw.byteOffset, CHUNK * CHUNK);
    const [h, w] = levelShape(6);
    const rows = h - (gy - 1) * CHUNK;
    const cols = w - (gx - 1) * CHUNK;
    expect(v[(rows - 1) * CHUNK + cols - 1]).toBe(levelValue(6, h - 1, w - 1));
    expect(v[(rows - 1) * CHUNK + cols]).toBeNaN();
    expect(v[rows * CHUNK]).toBeNaN();
  });

  it('logs each request with its chunk and the time its last byte left; 404 outside the stores', async () => {
    synthetic.log.length = 0;
    expect((await fetch(`${base}/pyramid.zarr/4/2.5`)).status).toBe(200);
    expect((await fetch(`${base}/pyramid.zarr/4/3.0`)).status).toBe(404); // past the chunk grid
    expect((await fetch(`${base}/pyramid.zarr/zarr.json`)).status).toBe(404);
    expect((await fetch(`${base}/other.zarr/.zgroup`)).status).toBe(404);
    const ranged = await fetch(`${base}/pyramid.zarr/4/2.5`, { headers: { Range: 'bytes=2-9' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(8);
    const [a, b, c, d, e] = synthetic.log;
    expect({ level: a!.level, i: a!.i, j: a!.j, status: a!.status }).toEqual({ level: 4, i: 2, j: 5, status: 200 });
    expect(a!.bytes).toBeGreaterThan(0);
    expect(a!.lastByte).toBeGreaterThanOrEqual(a!.time);
    expect([b!.status, c!.status, d!.status, e!.status, e!.bytes]).toEqual([404, 404, 404, 206, 8]);
    expect(c!.level).toBeNull();
  });

  it('keeps compressed chunks in an LRU bounded by bytes', async () => {
    const store = createSyntheticStore({ cacheBytes: 1 });
    const first = await store.get('pyramid.zarr/6/0.0');
    await store.get('pyramid.zarr/6/0.1');
    await store.get('pyramid.zarr/6/0.0'); // a 1-byte budget keeps no chunk: made again
    expect(store.stats).toEqual({ made: 3, hits: 0 });
    const roomy = createSyntheticStore();
    await roomy.get('pyramid.zarr/6/0.0');
    const again = await roomy.get('pyramid.zarr/6/0.0');
    expect(roomy.stats).toEqual({ made: 1, hits: 1 });
    expect(again!.body.equals(first!.body)).toBe(true);
  });

  it('names the chunk a path reads', () => {
    expect(parsePath('/pyramid.zarr/2/10.3')).toMatchObject({ dataset: 'pyramid.zarr', level: 2, i: 10, j: 3 });
    expect(parsePath('/big.zarr/field/1.2')).toMatchObject({ array: 'field', level: 0, i: 1, j: 2 });
    expect(parsePath('/pyramid.zarr/.zmetadata')).toMatchObject({ key: '.zmetadata', level: null });
    expect(parsePath('/elsewhere/0/0.0')).toBeNull();
  });
});
