/**
 * Reading a dataset's model from Zarr v2 metadata: dimensions from `_ARRAY_DIMENSIONS` or anonymous, fill values,
 * int64 attributes, broken documents as problems, consolidated `.zmetadata`, the round trips asked for, and a store
 * that cannot list. NCZarr and Zarr v3 are in read-dataset-nczarr-v3.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { walkVariables } from './find';
import { readDataset } from './read-dataset';
import { memoryStore } from './testing/memory-store';
import { zarrayJson as zarray } from './testing/zarray';

describe('readDataset: pure Zarr v2', () => {
  it("names dimensions from _ARRAY_DIMENSIONS in the array's group (netcdf-c main) and hides the attribute", async () => {
    const ds = await readDataset(
      memoryStore({
        '.zgroup': { zarr_format: 2 },
        'a/.zarray': zarray({ shape: [2, 3], chunks: [1, 3] }),
        'a/.zattrs': { _ARRAY_DIMENSIONS: ['y', 'x'], units: 'm' },
        'g/.zgroup': { zarr_format: 2 },
        'g/b/.zarray': zarray(),
        'g/b/.zattrs': { _ARRAY_DIMENSIONS: ['x'] },
      }),
    );
    expect(ds.root.dimensions.map((d) => `${d.name}=${d.length}`)).toEqual(['y=2', 'x=3']);
    expect(ds.root.variables[0]?.attributes.map((a) => a.name)).toEqual(['units']);
    expect(ds.root.groups[0]?.variables[0]?.dimensions[0]?.path).toBe('/g/x');
    expect(ds.root.groups[0]?.dimensions.map((d) => `${d.name}=${d.length}`)).toEqual(['x=3']);
    expect(ds.problems).toEqual([]);
  });

  it('a pure-Zarr rank-0 array lists its fill_value as _FillValue (netcdf-c main), other arrays do not', async () => {
    const ds = await readDataset(
      memoryStore({
        '.zgroup': { zarr_format: 2 },
        'r0/.zarray': zarray({ shape: [], chunks: [], dtype: '<i8', fill_value: 0 }),
        'nan/.zarray': zarray({ shape: [], chunks: [], dtype: '<f8', fill_value: 'NaN' }),
        'none/.zarray': zarray({ shape: [], chunks: [], fill_value: null }),
        'own/.zarray': zarray({ shape: [], chunks: [], fill_value: 1 }),
        'own/.zattrs': { _FillValue: 2 },
        'v/.zarray': zarray({ fill_value: 5 }),
      }),
      { mode: { zarr: true } },
    );
    const fill = (n: string) =>
      ds.root.variables
        .find((v) => v.name === n)
        ?.attributes.filter((a) => a.name === '_FillValue')
        .map((a) => a.value);
    expect(fill('r0')).toEqual([[0n]]);
    expect(fill('nan')).toEqual([[NaN]]);
    expect(fill('none')).toEqual([]);
    expect(fill('own')).toEqual([[2]]);
    expect(fill('v')).toEqual([]);
  });

  it('a dimension of length 0 is UNLIMITED; ["_scalar_"] with shape [1] is a dimension, shape [] a scalar', async () => {
    const ds = await readDataset(
      memoryStore({
        '.zgroup': { zarr_format: 2 },
        'empty/.zarray': zarray({ shape: [0], chunks: [1024] }),
        'empty/.zattrs': { _ARRAY_DIMENSIONS: ['rec'] },
        'anon/.zarray': zarray({ shape: [0], chunks: [4] }),
        's/.zarray': zarray({ shape: [1], chunks: [1] }),
        's/.zattrs': { _ARRAY_DIMENSIONS: ['_scalar_'] },
        'r0/.zarray': zarray({ shape: [], chunks: [] }),
      }),
    );
    const dims = ds.root.dimensions.map((d) => `${d.name}=${d.length}${d.unlimited ? ' unlimited' : ''}`);
    expect(dims.sort()).toEqual(['_Anonymous_Dim_0=0 unlimited', '_scalar_=1', 'rec=0 unlimited']);
    expect(ds.root.variables.find((v) => v.name === 's')?.dimensions.map((d) => d.name)).toEqual(['_scalar_']);
    expect(ds.root.variables.find((v) => v.name === 'r0')?.dimensions).toEqual([]);
  });

  it('noxarray gives anonymous dimensions shared by length and keeps _ARRAY_DIMENSIONS', async () => {
    const ds = await readDataset(
      memoryStore({
        '.zgroup': { zarr_format: 2 },
        'a/.zarray': zarray(),
        'a/.zattrs': { _ARRAY_DIMENSIONS: ['x'] },
        'b/.zarray': zarray(),
      }),
      { mode: { xarray: false } },
    );
    expect(ds.root.dimensions.map((d) => d.name)).toEqual(['_Anonymous_Dim_3']);
    expect(walkVariables(ds.root).every((v) => v.dimensions[0]?.anonymous)).toBe(true);
    expect(ds.root.variables[0]?.attributes[0]?.name).toBe('_ARRAY_DIMENSIONS');
  });

  it('keeps int64 attributes exact beyond 2^53', async () => {
    const ds = await readDataset(
      memoryStore({ '.zgroup': { zarr_format: 2 }, '.zattrs': '{"big": 9007199254740993, "u": 18446744073709551615}' }),
    );
    expect(ds.root.attributes).toEqual([
      { name: 'big', type: 'int64', value: [9007199254740993n] },
      { name: 'u', type: 'uint64', value: [18446744073709551615n] },
    ]);
  });

  it('records broken children as problems and keeps the rest', async () => {
    const ds = await readDataset(
      memoryStore({
        '.zgroup': { zarr_format: 2 },
        'ok/.zarray': zarray(),
        'bad/.zarray': '{"shape": [3], "chunks": ',
        'mismatch/.zarray': zarray({ chunks: [1, 1] }),
        'nodtype/.zarray': zarray({ dtype: undefined }),
        'badattrs/.zarray': zarray(),
        'badattrs/.zattrs': '{"units": ',
        'x1/.zarray': zarray({ shape: [3] }),
        'x1/.zattrs': { _ARRAY_DIMENSIONS: ['x'] },
        'x2/.zarray': zarray({ shape: [4], chunks: [4] }),
        'x2/.zattrs': { _ARRAY_DIMENSIONS: ['x'] },
      }),
    );
    expect(ds.root.variables.map((v) => v.name)).toEqual(['badattrs', 'ok', 'x1', 'x2']);
    const keys = ds.problems.map((p) => p.key);
    expect(keys).toContain('bad');
    expect(keys).toContain('mismatch');
    expect(keys).toContain('nodtype');
    expect(keys).toContain('badattrs/.zattrs');
    expect(ds.problems.find((p) => p.key === 'bad')?.message).toMatch(/bad\/\.zarray: invalid JSON/);
    expect(ds.problems.some((p) => /dimension x has length 3 elsewhere but 4/.test(p.message))).toBe(true);
  });

  it('rejects a store with no readable root', async () => {
    await expect(readDataset(memoryStore({}))).rejects.toThrow(/No Zarr metadata/);
  });

  it('with no metadata found, says why when the connection is the reason (timeout, private bucket)', async () => {
    const timeout = new HttpError('timeout', 0, 'host did not answer within 30 s');
    const stalled = { ...memoryStore({}), get: () => Promise.reject(timeout) };
    await expect(readDataset(stalled)).rejects.toBe(timeout);
    const forbidden = new HttpError('forbidden', 403, 'host refused to list');
    const secret = memoryStore({});
    secret.list = () => Promise.reject(forbidden);
    await expect(readDataset(secret)).rejects.toBe(forbidden);
  });

  it('uses .zmetadata alone when consolidated', async () => {
    const store = memoryStore(
      {
        '.zmetadata': {
          metadata: { '.zgroup': { zarr_format: 2 }, 'a/.zarray': zarray(), 'a/.zattrs': { _ARRAY_DIMENSIONS: ['x'] } },
          zarr_consolidated_format: 1,
        },
      },
      false,
    );
    const ds = await readDataset(store, { mode: { zarrFormat: 2 } });
    expect(ds.dialect.consolidated).toBe(true);
    expect(ds.root.variables[0]?.dimensions[0]?.name).toBe('x');
    // The root's candidates are asked for at once; nothing after `.zmetadata` answered.
    expect(store.requests).toEqual(['/.zmetadata', '/.zgroup', '/.zattrs']);
  });
});

describe('readDataset: round trips', () => {
  it("asks for the root's candidate documents at once: a plain v2 group in one round trip, not three", async () => {
    const store = memoryStore({ '.zgroup': { zarr_format: 2 }, '.zattrs': { a: 1 } }, false);
    let inFlight = 0;
    let most = 0;
    const get = store.get.bind(store);
    store.get = async (key) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return get(key);
    };
    const ds = await readDataset(store);
    expect(ds.root.attributes).toEqual([{ name: 'a', type: 'int', value: [1] }]);
    expect(most).toBe(4); // zarr.json, .zmetadata, .zgroup, .zattrs together
    // `#mode` narrows them: Zarr v3 asks for zarr.json only.
    const v3 = memoryStore({ 'zarr.json': { zarr_format: 3, node_type: 'group', attributes: {} } }, false);
    await readDataset(v3, { mode: { zarrFormat: 3 } });
    expect(v3.requests).toEqual(['/zarr.json']);
  });

  it("asks for a listed child's .zattrs together with its .zarray, not after it", async () => {
    const store = memoryStore({ '.zgroup': { zarr_format: 2 }, 'a/.zarray': zarray(), 'a/.zattrs': { units: 'm' } });
    const events: string[] = [];
    const get = store.get.bind(store);
    store.get = async (key) => {
      events.push(`start ${key}`);
      await new Promise((r) => setTimeout(r, 5));
      events.push(`end ${key}`);
      return get(key);
    };
    const ds = await readDataset(store);
    expect(ds.root.variables[0]?.attributes).toEqual([{ name: 'units', type: 'char', value: 'm' }]);
    expect(events.indexOf('start /a/.zattrs')).toBeLessThan(events.indexOf('end /a/.zarray'));
  });
});

describe('readDataset: stores that cannot list', () => {
  it('shows only what metadata names for pure Zarr', async () => {
    const ds = await readDataset(
      memoryStore({ '.zgroup': { zarr_format: 2 }, '.zattrs': { a: 1 }, 'x/.zarray': zarray() }, false),
    );
    expect(ds.root.variables).toEqual([]);
    expect(ds.root.attributes).toEqual([{ name: 'a', type: 'int', value: [1] }]);
  });
});
