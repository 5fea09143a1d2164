/**
 * CF-1.12 aggregation variables (fixtures/cf-aggregation/, written with netCDF4-python as CF's Appendix L
 * describes them): each aggregated variable has its full shape and equals its fragments as netCDF4-python reads
 * them, concatenated (expected.json); per-fragment identifiers and a netCDF-3 fragment are read; a missing
 * fragment reads as the fill value and is named; the aggregation attributes are not shown.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDataContext } from '../../data/context';
import { readSlice } from '../../data/read-slice';
import { comparable } from '../../data/testing/variable';
import { findVariable, readDataset } from '../../model/index';
import { openStoreNode } from '../../opening/open-store-node';
import { CfaStore } from './store';

const ROOT = path.join(import.meta.dirname, '..', '..', '..', 'fixtures', 'cf-aggregation');
const EXPECTED = JSON.parse(readFileSync(path.join(ROOT, 'expected.json'), 'utf8')) as {
  variables: Record<string, { shape: number[]; values: number[]; missing?: string[] }>;
};
const ctx = createDataContext({ workers: false });

describe('CF-1.12 aggregation variables', () => {
  for (const [name, want] of Object.entries(EXPECTED.variables))
    it(`${name}: its full shape, and the values of its fragments`, async () => {
      const { store } = await openStoreNode({ kind: 'local', path: path.join(ROOT, 'agg.nc') });
      expect(store).toBeInstanceOf(CfaStore);
      const ds = await readDataset(store, { name: 'agg' });
      const v = findVariable(ds.root, `/${name}`)!;
      expect(v.shape).toEqual(want.shape);
      expect(v.attributes.map((a) => a.name)).not.toContain('aggregated_data');
      const s = await readSlice(store, v, [], { context: ctx });
      expect(Array.from(s.data as ArrayLike<number>, comparable)).toEqual(want.values.map(comparable));
      if (want.missing) {
        expect(s.failedChunks?.[0]?.message).toContain(want.missing[0]);
        expect((store as CfaStore).missingFragments()).toEqual(want.missing);
      } else expect(s.failedChunks ?? []).toEqual([]);
    });
});
