import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodecError } from '../errors';
import type { AbsolutePath, RequestOptions } from '../store/types';
import { createDataContext } from './context';
import { readSlice } from './read-slice';
import { CountingStore, type ExpectedArray, comparable, variableFromFolder } from './testing/variable';

const ROOT = join(import.meta.dirname, 'testdata', 'v2.zarr');
const expected = JSON.parse(readFileSync(join(import.meta.dirname, 'testdata', 'expected.json'), 'utf8')) as Record<
  string,
  ExpectedArray
>;

function flatten(data: ArrayLike<unknown>, complex: boolean): unknown[] {
  const out: unknown[] = [];
  if (complex) for (let i = 0; i < data.length; i += 2) out.push([data[i], data[i + 1]]);
  else for (let i = 0; i < data.length; i++) out.push(comparable(data[i]));
  return out;
}

describe('readSlice on arrays written by zarr-python 2 (all v2 codecs and dtypes)', () => {
  const ctx = createDataContext({ workers: false });
  for (const [name, exp] of Object.entries(expected)) {
    it(`${name} (${exp.dtype}) equals zarr-python's values`, async () => {
      const store = new CountingStore(ROOT);
      const slice = await readSlice(store, variableFromFolder(ROOT, name), [], { context: ctx });
      expect(slice.shape).toEqual(exp.shape);
      expect(slice.failedChunks).toBeUndefined();
      expect(flatten(slice.data as ArrayLike<unknown>, slice.complex === true)).toEqual(exp.values);
    });
  }
});

describe('per-chunk failures', () => {
  const ctx = createDataContext({ workers: false });
  it('a bad Fletcher-32 checksum fails that chunk only (fill elsewhere is real data)', async () => {
    const slice = await readSlice(new CountingStore(ROOT), variableFromFolder(ROOT, 'fletcher32_bad'), [], {
      context: ctx,
    });
    expect(slice.failedChunks?.map((f) => f.chunk)).toEqual([[1]]);
    expect(slice.failedChunks?.[0]?.message).toMatch(/checksum/i);
    const exp = expected.fletcher32?.values as number[];
    const got = Array.from(slice.data as Int32Array);
    expect(got.slice(0, 5)).toEqual(exp.slice(0, 5));
    expect(got.slice(10)).toEqual(exp.slice(10));
  });
  it('a truncated Blosc chunk fails that chunk only, named as damaged (not decoded into made-up values)', async () => {
    const store = new (class extends CountingStore {
      override async get(key: AbsolutePath, options?: RequestOptions) {
        const b = await super.get(key, options);
        return key.endsWith('/1.0') && b ? b.subarray(0, b.length - 20) : b;
      }
    })(ROOT);
    const slice = await readSlice(store, variableFromFolder(ROOT, 'blosc_lz4'), [], { context: ctx });
    expect(slice.failedChunks?.map((f) => f.chunk)).toEqual([[1, 0]]);
    expect(slice.failedChunks?.[0]?.message).toMatch(/blosc chunk is damaged.*truncated/);
    const exp = expected.blosc_lz4?.values as number[];
    expect(Array.from(slice.data as Float32Array).slice(0, 30)).toEqual(exp.slice(0, 30));
  });
  it('a broken zlib stream fails that chunk only', async () => {
    const slice = await readSlice(new CountingStore(ROOT), variableFromFolder(ROOT, 'zlib_bad'), [], { context: ctx });
    expect(slice.failedChunks?.map((f) => f.chunk)).toEqual([[1, 1]]);
    const exp = expected.zlib_strparams?.values as number[];
    expect(Array.from(slice.data as Float32Array).slice(0, 4)).toEqual(exp.slice(0, 4));
  });
  it('an unknown codec is a CodecError naming it', async () => {
    const err = await readSlice(new CountingStore(ROOT), variableFromFolder(ROOT, 'unknown_codec'), [], {
      context: ctx,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CodecError);
    expect((err as CodecError).codec).toBe('frobnicate');
    expect((err as CodecError).message).toContain('frobnicate');
  });
});

describe('selections', () => {
  const ctx = createDataContext({ workers: false });
  const exp = expected.forder_3d as ExpectedArray;
  const at = (i: number, j: number, k: number) => exp.values[i * 20 + j * 5 + k];
  it('index + range with step on an F-order 3-D array', async () => {
    const v = variableFromFolder(ROOT, 'forder_3d');
    const s = await readSlice(
      new CountingStore(ROOT),
      v,
      [1, { start: 3, stop: 0, step: 1 }, { start: 0, stop: 5, step: 2 }],
      {
        context: ctx,
      },
    );
    expect(s.shape).toEqual([0, 3]);
    const s2 = await readSlice(
      new CountingStore(ROOT),
      v,
      [-1, { start: 1, stop: 4, step: 2 }, { start: 0, stop: 5, step: 2 }],
      {
        context: ctx,
      },
    );
    expect(s2.shape).toEqual([2, 3]);
    expect(Array.from(s2.data as Int16Array)).toEqual([
      at(2, 1, 0),
      at(2, 1, 2),
      at(2, 1, 4),
      at(2, 3, 0),
      at(2, 3, 2),
      at(2, 3, 4),
    ]);
  });
  it('only the chunks touched are requested', async () => {
    const store = new CountingStore(ROOT);
    await readSlice(store, variableFromFolder(ROOT, 'ints_edge'), [{ start: 0, stop: 2 }, 4], {
      context: createDataContext({ workers: false }),
    });
    expect(store.keys).toEqual(['/ints_edge/0.1']);
  });

  it('the first request goes out in the task that asked for the read, however busy that task was', async () => {
    const store = new CountingStore(ROOT);
    const t = performance.now();
    while (performance.now() - t < 30); // the asking task's other work (a click's rendering), past any time slice
    const read = readSlice(store, variableFromFolder(ROOT, 'ints_edge'), [null, null], {
      context: createDataContext({ workers: false }),
    });
    for (let k = 0; k < 50; k++) await Promise.resolve(); // promise callbacks only: still the same task
    expect(store.requests).toBe(1);
    await read;
    expect(store.requests).toBeGreaterThan(1); // the others, after yields
  });
});

describe('onChunk (progressive display)', () => {
  const ctx = createDataContext({ workers: false });
  it('reports each chunk’s part as it is assembled; the parts tile the slice and hold its final values', async () => {
    // blosc_lz4: 40 × 30 in 16 × 16 chunks; forder_3d: an F-order 3-D array read as a 2-D slice (index 1 first).
    for (const [name, selection] of [
      ['blosc_lz4', []],
      ['forder_3d', [1, null, null]],
    ] as const) {
      const seen = new Map<number, number>();
      let shape: readonly number[] = [];
      const slice = await readSlice(new CountingStore(ROOT), variableFromFolder(ROOT, name), selection, {
        context: ctx,
        onChunk: (p) => {
          shape = p.shape;
          const [s0 = 0, s1 = 0] = p.start;
          const [c0 = 0, c1 = 0] = p.count;
          // The part's values are already the slice's: note them per element.
          for (let i = s0; i < s0 + c0; i++)
            for (let j = s1; j < s1 + c1; j++) {
              const k = i * (p.shape[1] ?? 1) + j;
              expect(seen.has(k)).toBe(false);
              seen.set(k, Number(p.data[k]));
            }
        },
      });
      expect(shape).toEqual(slice.shape);
      expect(seen.size).toBe(slice.shape.reduce((a, n) => a * n, 1));
      for (const [k, v] of seen) expect(v).toBe(Number(slice.data[k]));
    }
  });

  it('is not called for a slice that is one whole chunk', async () => {
    let calls = 0;
    const whole = { start: 0, stop: 16 };
    await readSlice(new CountingStore(ROOT), variableFromFolder(ROOT, 'blosc_lz4'), [whole, whole], {
      context: createDataContext({ workers: false }),
      onChunk: () => calls++,
    });
    expect(calls).toBe(0);
  });
});
