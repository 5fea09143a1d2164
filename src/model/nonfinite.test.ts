/**
 * fixtures/xarray/nonfinite.zarr (scripts/fixtures/make-nonfinite.py, xarray `to_zarr(consolidated=True)`): its
 * `.zattrs` and `.zmetadata` hold the bare words NaN, Infinity and -Infinity. Read consolidated or document by
 * document, every variable and attribute is there and nothing is a problem.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeFolderStore } from '../store/node-folder-store';
import { walkVariables } from './find';
import { readDataset } from './read-dataset';

const STORE = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../fixtures/xarray/nonfinite.zarr');

describe('xarray store with non-finite attributes', () => {
  for (const consolidated of [true, false]) {
    it(`opens whole ${consolidated ? 'from .zmetadata' : 'document by document'}`, async () => {
      const ds = await readDataset(new NodeFolderStore(STORE), { mode: { zarr: true, consolidated } });
      expect(ds.problems).toEqual([]);
      expect(ds.dialect.consolidated).toBe(consolidated);
      expect(
        walkVariables(ds.root)
          .map((v) => v.name)
          .sort(),
      ).toEqual(['latitude', 'level', 'longitude', 't', 'time']);
      const t = walkVariables(ds.root).find((v) => v.name === 't');
      const att = (name: string) => t?.attributes.find((a) => a.name === name);
      expect(att('valid_min')).toEqual({ name: 'valid_min', type: 'double', value: [NaN] });
      expect(att('valid_max')).toEqual({ name: 'valid_max', type: 'double', value: [Infinity] });
      expect(Number.isNaN(t?.fillValue)).toBe(true);
      expect(ds.root.attributes.find((a) => a.name === 'mixed')).toEqual({
        name: 'mixed',
        type: 'double',
        value: [1, NaN, -Infinity],
      });
      expect(ds.root.attributes.find((a) => a.name === 'ninf')?.value).toEqual([-Infinity]);
    });
  }
});
