import { join } from 'node:path';
import FileSystemStore from '@zarrita/storage/fs';
import * as zarr from 'zarrita';
import { describe, expect, it } from 'vitest';
import { parseDtype } from './dtype';
import { normalizeCodec } from './normalize';
import { createDecoder, permutedStrides } from './pipeline';
import { registerExtraCodecs } from './zarrita-registry';

const ROOT = join(import.meta.dirname, '..', 'data', 'testdata', 'v2.zarr');

describe('codec details', () => {
  it('normalises netcdf-c string parameters but keeps text ones', () => {
    expect(normalizeCodec({ id: 'zlib', configuration: { id: 'zlib', level: '4' } })).toEqual({
      id: 'zlib',
      configuration: { level: 4 },
    });
    expect(
      normalizeCodec({ id: 'numcodecs.blosc', configuration: { cname: 'lz4', clevel: '5', shuffle: '1' } }),
    ).toEqual({
      id: 'blosc',
      configuration: { cname: 'lz4', clevel: 5, shuffle: 1 },
    });
    expect(normalizeCodec({ id: 'astype', configuration: { encode_dtype: '<i2' } }).configuration.encode_dtype).toBe(
      '<i2',
    );
  });

  it('parses every dtype spelling', () => {
    expect(parseDtype('<M8[ns]')).toEqual({ kind: 'datetime', itemSize: 8, endian: 'little', unit: 'ns' });
    expect(parseDtype('>c16')).toEqual({ kind: 'complex', itemSize: 16, endian: 'big' });
    expect(parseDtype('<U5')).toEqual({ kind: 'unicode', itemSize: 20, endian: 'little' });
    expect(parseDtype('|S8')).toEqual({ kind: 'bytes', itemSize: 8, endian: 'none' });
    expect(parseDtype('float16')).toEqual({ kind: 'float', itemSize: 2, endian: 'little' });
    expect(parseDtype('|O').kind).toBe('vlen-utf8');
    expect(() => parseDtype('|V8')).toThrow(/not supported/);
  });

  it('transpose strides: order [2,1,0] is F order', () => {
    expect(permutedStrides([2, 3, 4], [2, 1, 0])).toEqual([1, 2, 6]);
    expect(permutedStrides([2, 3, 4], [0, 1, 2])).toEqual([12, 4, 1]);
  });

  it('a truncated chunk is an error naming the problem', async () => {
    const d = await createDecoder({ dtype: '<f8', zarrFormat: 2, order: 'C', shape: [4], codecs: [] });
    await expect(d(new Uint8Array(8))).rejects.toThrow(/8 bytes; 32 were expected/);
  });

  it('registers bz2/lzma/fletcher32 into zarrita so zarrita reads them too', async () => {
    registerExtraCodecs();
    const store = new FileSystemStore(ROOT);
    for (const key of ['bz2', 'lzma', 'fletcher32']) {
      const arr = await zarr.open.v2(zarr.root(store).resolve(key), { kind: 'array', attrs: false });
      const got = await zarr.get(arr);
      expect(got.data.length).toBeGreaterThan(0);
    }
    const arr = await zarr.open.v2(zarr.root(store).resolve('bz2'), { kind: 'array', attrs: false });
    expect(Array.from((await zarr.get(arr)).data as Int32Array).slice(0, 3)).toEqual([-20, -19, -18]);
  });
});
