import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createDataContext } from '../data/context';
import { variableFromMetadata } from '../data/testing/variable-meta';
import { openDataset } from '../open';
import { openStoreNode } from '../opening/open-store-node';
import type { AbsolutePath, RequestOptions, Store } from '../store/types';
import { planSeriesSource } from './plan';
import { readSeries, type SeriesPart } from './read-series';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'series-scale');
interface Expected {
  point: { lat: number; lon: number };
  [key: string]: unknown;
}
const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Expected;
const want = (key: string) => expected[key] as { chunks: number; values: (number | null)[] };

/** Float32 values as zarr-python read them: NaN for null. */
function same(got: ArrayLike<number>, values: readonly (number | null)[]) {
  expect(got.length).toBe(values.length);
  const bad: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const w = values[i];
    if (w === null ? !Number.isNaN(got[i]) : got[i] !== Math.fround(w!)) bad.push(i);
  }
  expect(bad).toEqual([]);
}

describe('series over fixtures written by zarr-python (fixtures/series-scale)', () => {
  const context = createDataContext({ workers: false });
  const { lat, lon } = expected.point;

  it('10,000 one-step chunks: every value equals zarr-python, nothing is kept in the chunk cache', async () => {
    const ds = await openDataset({ kind: 'local', path: join(DIR, 'long.zip') }, { openStore: openStoreNode, context });
    const tas = ds.model.root.variables.find((v) => v.name === 'tas')!;
    const plan = planSeriesSource(ds.model.root, tas, 0, [0, lat, lon]);
    expect(plan.source).toBe(tas);
    expect(plan.chunks).toBe(want('long.zip/tas').chunks);
    const parts: number[] = [];
    const before = context.cache.size;
    const s = await ds.readSeries(plan.source.path, plan.selection, {
      onValues: (p) => parts.push(p.done),
      intervalMs: 0,
    });
    same(s.data as Float32Array, want('long.zip/tas').values);
    expect(s.filled.every((f) => f === 1)).toBe(true);
    expect(parts.length).toBeGreaterThan(10_000);
    expect(context.cache.size).toBe(before);
  });

  it('a dataset with a time-chunked copy: the plan reads the copy, whose values equal the original', async () => {
    const ds = await openDataset({ kind: 'local', path: join(DIR, 'copy.zip') }, { openStore: openStoreNode, context });
    const pr = ds.model.root.variables.find((v) => v.name === 'pr')!;
    const plan = planSeriesSource(ds.model.root, pr, 0, [0, lat, lon]);
    expect(plan.source.path).toBe('/pr_rechunked');
    expect(plan.chunks).toBe(want('copy.zip/pr_rechunked').chunks);
    expect(plan.instead).toMatchObject({ path: '/pr', chunks: want('copy.zip/pr').chunks });
    const s = await ds.readSeries(plan.source.path, plan.selection);
    same(s.data as Float32Array, want('copy.zip/pr_rechunked').values);
    same(s.data as Float32Array, want('copy.zip/pr').values);
  });
});

/**
 * A store of a (n, 2, 2) float32 array in one-step zlib chunks whose values are `t + 0.25 * (2 * y + x)`, with
 * the chunk of step `missing` absent; each request takes `latency` ms; counts requests and the most in flight.
 */
function synthetic(n: number, latency: number, missing = -1) {
  const meta = {
    zarr_format: 2,
    shape: [n, 2, 2],
    chunks: [1, 2, 2],
    dtype: '<f4',
    compressor: { id: 'zlib', level: 1 },
    filters: null,
    fill_value: 'NaN',
    order: 'C',
  };
  const stats = { requests: 0, inFlight: 0, maxInFlight: 0, keys: [] as string[] };
  const store: Store = {
    description: 'memory',
    async get(key: AbsolutePath, options?: RequestOptions) {
      stats.requests++;
      stats.keys.push(key);
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      try {
        await new Promise((r) => setTimeout(r, latency));
        options?.signal?.throwIfAborted();
        const t = Number(/(\d+)\.0\.0$/.exec(key)?.[1]);
        if (t === missing) return undefined;
        const v = Float32Array.from([0, 1, 2, 3], (k) => t + 0.25 * k);
        return new Uint8Array(deflateSync(new Uint8Array(v.buffer), { level: 1 }));
      } finally {
        stats.inFlight--;
      }
    },
  };
  return { store, stats, variable: variableFromMetadata('v', meta) };
}

describe('readSeries', () => {
  const context = createDataContext({ workers: false });

  it('keeps `concurrency` chunk loads in flight (the store limit alone bounds them), values from the formula', async () => {
    const { store, stats, variable } = synthetic(300, 5, 7);
    const s = await readSeries(store, variable, [null, 1, 0], { context, concurrency: 48 });
    expect(stats.maxInFlight).toBe(48);
    expect(stats.requests).toBe(300);
    const data = s.data as Float32Array;
    for (let t = 0; t < 300; t++) expect(data[t]).toBe(t === 7 ? NaN : t + 0.25 * 2);
    expect(s.filled[7]).toBe(1);
  });

  it('reports values as they come, at most once per interval and once at the end', async () => {
    const { store, variable } = synthetic(200, 2);
    const parts: SeriesPart[] = [];
    await readSeries(store, variable, [null, 0, 1], {
      context,
      intervalMs: 1e9,
      onValues: (p) => parts.push({ ...p, filled: p.filled.slice() }),
    });
    // The first report (nothing in) and the last (everything in).
    expect(parts.map((p) => p.done)).toEqual([0, 200]);
    expect(parts[0]!.filled.some(Boolean)).toBe(false);
    expect(parts[1]!.filled.every(Boolean)).toBe(true);
  });

  it('an abort stops new requests; a resumed read fetches only the chunks still missing', async () => {
    const { store, stats, variable } = synthetic(400, 3);
    const ctl = new AbortController();
    let kept: SeriesPart | null = null;
    const first = readSeries(store, variable, [null, 1, 1], {
      context,
      concurrency: 8,
      intervalMs: 0,
      signal: ctl.signal,
      onValues: (p) => {
        kept = { ...p, data: p.data.slice(), filled: p.filled.slice() } as SeriesPart;
        if (p.done >= 40) ctl.abort();
      },
    });
    await expect(first).rejects.toMatchObject({ code: 'aborted' });
    const atAbort = stats.requests;
    await new Promise((r) => setTimeout(r, 30));
    expect(stats.requests).toBe(atAbort);
    expect(atAbort).toBeLessThan(40 + 8 + 1);
    const have = kept!.filled.reduce((a, b) => a + b, 0);
    expect(have).toBe(40);
    stats.keys.length = 0;
    const rest = await readSeries(store, variable, [null, 1, 1], { context, resume: kept! });
    expect(stats.keys.length).toBe(400 - have);
    const data = rest.data as Float32Array;
    for (let t = 0; t < 400; t++) expect(data[t]).toBe(t + 0.25 * 3);
  });
});
