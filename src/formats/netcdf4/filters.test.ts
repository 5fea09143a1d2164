/**
 * HDF5's szip, scale-offset and n-bit filters (fixtures/hdf5-filters/, written by h5py with
 * scripts/fixtures/make-hdf5-filters.py): every dataset read through the netCDF-4 open path equals the values h5py
 * reads back (values.json) — integers of every size and byte order, floats, fill values, chunks never written,
 * filters chained with shuffle and deflate, n-bit integers of reduced precision.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDecoder } from '../../codecs/pipeline';
import { ZarrviewError } from '../../errors';
import { readSlice } from '../../data/index';
import { findVariable } from '../../model/find';
import { readDataset } from '../../model/read-dataset';
import { openStoreNode } from '../../opening/open-store-node';

const DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../fixtures/hdf5-filters');

type Values = Record<string, Record<string, { shape: number[]; values: number[] }>>;
const want = JSON.parse(readFileSync(path.join(DIR, 'values.json'), 'utf8')) as Values;

describe('HDF5 szip, scale-offset and n-bit filters: values vs h5py', () => {
  it('has the fixtures', () => expect(existsSync(path.join(DIR, 'szip.h5'))).toBe(true));
  for (const [file, arrays] of Object.entries(want)) {
    for (const [name, arr] of Object.entries(arrays)) {
      it(`${file} ${name}`, async () => {
        const opened = await openStoreNode({ kind: 'local', path: path.join(DIR, `${file}.h5`) });
        const ds = await readDataset(opened.store, { mode: opened.mode, name: opened.name });
        const v = findVariable(ds.root, `/${name}`);
        expect(v, name).toBeDefined();
        const s = await readSlice(
          opened.store,
          v!,
          v!.shape.map(() => null),
          { budgetBytes: 2 ** 30 },
        );
        expect(s.shape).toEqual(arr.shape);
        const got = Array.from(s.data as ArrayLike<number | bigint>, (x) => (typeof x === 'bigint' ? Number(x) : x));
        const bad = arr.values.findIndex((x, i) => got[i] !== x);
        expect(bad, `${name}[${bad}]: ${got[bad]} ≠ ${arr.values[bad]}`).toBe(-1);
        expect(got.length).toBe(arr.values.length);
      });
    }
  }
});

/** A chunk's bytes as stored (filtered) and the codec chain of its variable. */
async function storedChunk(file: string, name: string, key: string) {
  const opened = await openStoreNode({ kind: 'local', path: path.join(DIR, `${file}.h5`) });
  const meta = JSON.parse(new TextDecoder().decode(await opened.store.get(`/${name}/.zarray`))) as {
    dtype: string;
    chunks: number[];
    filters: { id: string }[];
  };
  const bytes = (await opened.store.get(`/${name}/${key}`))!;
  const codecs = meta.filters.map(({ id, ...configuration }) => ({ id, configuration }));
  return { bytes, codecs, dtype: meta.dtype, shape: meta.chunks };
}

describe('HDF5 szip, scale-offset and n-bit filters: damaged chunks', () => {
  const cases = [
    ['szip', 'f4_nn', '0.0', 'szip'],
    ['szip', 'u1_nn', '1.0', 'szip'],
    ['scaleoffset', 'i4_auto', '0.0', 'scale-offset'],
    ['scaleoffset', 'f8_be_d4', '1.0', 'scale-offset'],
    ['nbit', 'i4_p12_o2', '0.0', 'n-bit'],
  ] as const;
  for (const [file, name, key, filter] of cases) {
    it(`${file} ${name}: cut short, a chunk error naming the filter`, async () => {
      const { bytes, codecs, dtype, shape } = await storedChunk(file, name, key);
      const decode = await createDecoder({ dtype, zarrFormat: 2, order: 'C', shape, codecs });
      await expect(decode(bytes)).resolves.toBeDefined();
      // (n-bit and scale-offset chunks may end in a byte of padding bits only: the last byte is not cut.)
      for (const cut of [0, 3, 21, Math.floor(bytes.length / 2), Math.floor(bytes.length * 0.9)]) {
        const err = await decode(bytes.subarray(0, cut)).catch((e: unknown) => e);
        expect(err, `cut at ${cut}`).toBeInstanceOf(ZarrviewError);
        expect((err as Error).message, `cut at ${cut}`).toMatch(new RegExp(`${filter}|hdf5-`, 'i'));
      }
    });
    it(`${file} ${name}: flipped bytes decode or fail with a typed error, promptly`, async () => {
      const { bytes, codecs, dtype, shape } = await storedChunk(file, name, key);
      const decode = await createDecoder({ dtype, zarrFormat: 2, order: 'C', shape, codecs });
      let state = 7;
      const start = Date.now();
      for (let round = 0; round < 200; round++) {
        const b = bytes.slice();
        for (let k = 0; k < 4; k++) {
          state = (state * 1103515245 + 12345) >>> 0;
          b[state % b.length] = state >>> 24;
        }
        const err = await decode(b).then(
          () => undefined,
          (e: unknown) => e,
        );
        if (err !== undefined) expect(err).toBeInstanceOf(ZarrviewError);
      }
      expect(Date.now() - start).toBeLessThan(20_000);
    });
  }

  it('szip: a size header over the chunk limit is refused before decoding', async () => {
    const { bytes, codecs, dtype, shape } = await storedChunk('szip', 'f4_nn', '0.0');
    const b = bytes.slice();
    new DataView(b.buffer).setUint32(0, 0xffffffff, true);
    const decode = await createDecoder({ dtype, zarrFormat: 2, order: 'C', shape, codecs });
    await expect(decode(b)).rejects.toThrow(/szip chunk says it decompresses to 4,294,967,295 bytes/);
  });

  it('parameters that do not describe the filter are a codec error naming it', async () => {
    const spec = (id: string, cd: number[]) => ({
      dtype: '<i4',
      zarrFormat: 2 as const,
      order: 'C' as const,
      shape: [4],
      codecs: [{ id, configuration: { cd_values: cd } }],
    });
    await expect(createDecoder(spec('hdf5-szip', [4, 8]))).rejects.toThrow(/hdf5-szip/);
    await expect(createDecoder(spec('hdf5-scaleoffset', [2, 0, 4]))).rejects.toThrow(/hdf5-scaleoffset/);
    await expect(createDecoder(spec('hdf5-nbit', [9, 0, 4, 1, 4]))).rejects.toThrow(/hdf5-nbit/);
  });
});
