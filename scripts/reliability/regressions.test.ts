/** Crashes the metadata fuzzer found, one test each, so they stay fixed without running the whole fuzz. */
import { describe, expect, it } from 'vitest';
import { createDataContext, readSlice } from '../../src/data/index';
import { CodecError, MetadataError, isZarrviewError } from '../../src/errors';
import { readDataset } from '../../src/model/index';
import { parseJson } from '../../src/model/json';
import { memoryStore } from '../../src/model/testing/memory-store';
import { countTasks, planTasks, resolveSelection } from '../../src/data/plan';
import { bytesToValues, parseDtype } from '../../src/codecs/dtype';

const ctx = createDataContext({ workers: false });

describe('fuzz regressions', () => {
  it('deeply nested JSON is a MetadataError, not a stack overflow (RangeError)', async () => {
    const deep = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(() => parseJson(deep, 'x/.zattrs')).toThrow(MetadataError);
    expect(() =>
      parseJson('{"s":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', 'k'),
    ).not.toThrow();
    const store = memoryStore({
      '.zgroup': { zarr_format: 2 },
      '.zattrs': deep,
      'a/.zarray': {
        zarr_format: 2,
        shape: [1],
        chunks: [1],
        dtype: '<i4',
        compressor: null,
        filters: null,
        fill_value: 0,
      },
    });
    const ds = await readDataset(store, { mode: { zarr: true } });
    expect(new Set(ds.problems.map((p) => p.key))).toEqual(new Set(['.zattrs']));
    expect(ds.problems.every((p) => isZarrviewError(p.error))).toBe(true);
  });

  it('an empty dimension beside a huge one plans no chunk (was: out of memory building 7e10 pieces)', async () => {
    const ranges = resolveSelection([0, 2 ** 40], []);
    expect(countTasks(ranges, [10, 15])).toBe(0);
    expect(planTasks(ranges, [10, 15])).toEqual([]);
    const store = memoryStore({
      '.zgroup': { zarr_format: 2 },
      'a/.zarray': {
        zarr_format: 2,
        shape: [0, 2 ** 40],
        chunks: [10, 15],
        dtype: '<f8',
        compressor: null,
        filters: null,
        fill_value: 0,
      },
    });
    const ds = await readDataset(store, { mode: { zarr: true } });
    const v = ds.root.variables[0]!;
    const slice = await readSlice(store, v, [], { context: ctx });
    expect(slice.shape).toEqual([0, 2 ** 40]);
    expect(slice.data.length).toBe(0);
  });

  it('a shuffle filter with elementsize "Infinity" is a CodecError (was: an endless loop)', async () => {
    const meta = {
      zarr_format: 2,
      shape: [4],
      chunks: [4],
      dtype: '<i4',
      compressor: null,
      filters: [{ id: 'shuffle', elementsize: 'Infinity' }],
      fill_value: 0,
    };
    const store = memoryStore({ '.zgroup': { zarr_format: 2 }, 'a/.zarray': meta, 'a/0': 'abcdefghijklmnop' });
    const ds = await readDataset(store, { mode: { zarr: true } });
    const err = await readSlice(store, ds.root.variables[0]!, [], { context: ctx }).then(
      (s) => s.failedChunks?.[0]?.message,
      (e: unknown) => e,
    );
    // Either the whole read refuses the codec chain, or the chunk fails: never a hang.
    if (typeof err === 'string') expect(err).toMatch(/shuffle/);
    else expect(err).toBeInstanceOf(CodecError);
    const huge = { ...meta, filters: [{ id: 'shuffle', elementsize: 1e15 }] };
    const store2 = memoryStore({ '.zgroup': { zarr_format: 2 }, 'a/.zarray': huge, 'a/0': 'abcdefghijklmnop' });
    const ds2 = await readDataset(store2, { mode: { zarr: true } });
    const s2 = await readSlice(store2, ds2.root.variables[0]!, [], { context: ctx });
    expect(s2.failedChunks).toBeUndefined();
    expect(s2.data.length).toBe(4);
  });

  it('big-endian values from a Node Buffer leave the Buffer as it was (Buffer#slice is a view, not a copy)', () => {
    const pool = Buffer.from([0, 0, 0, 0, 1, 0, 0, 0, 2]);
    const b = pool.subarray(1); // odd byteOffset, like a file read from Node's buffer pool
    const before = Array.from(b);
    const v = bytesToValues(b, parseDtype('>i4'), 2);
    expect(Array.from(v as Int32Array)).toEqual([1, 2]);
    expect(Array.from(b)).toEqual(before);
    const le = bytesToValues(b, parseDtype('<i4'), 2);
    expect(Array.from(le as Int32Array)).toEqual([0x01000000, 0x02000000]);
  });

  it('a chunk longer than its elements is a chunk error, not silently cut', () => {
    expect(() => bytesToValues(new Uint8Array(12), parseDtype('<i4'), 2)).toThrow(/12 bytes; 8 were expected/);
  });
});
