/**
 * Joins of fixtures/aggregate/ (scripts/fixtures/make-aggregate.py) against xarray's open_mfdataset of the same
 * members (expected.json): the members and their order, the left-out ones, the joined dimensions and variables,
 * the joined variables' values.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLocation } from '../cli/open-location';
import { expandGlob } from '../cli/glob';
import { readSlice } from '../data/read-slice';
import { walkVariables } from '../model/find';
import { openJoin } from './index';
import { AGGREGATE_DIR, AGGREGATE_EXPECTED } from './testing/expected';

const DIR = AGGREGATE_DIR;
const EXPECTED = AGGREGATE_EXPECTED;

const GLOBS: Record<string, string> = {
  goes: 'goes/ABI-L2-CMIPC/2024/001/*/*.nc',
  daily: 'daily/*.nc',
  monthly: 'monthly/*.zarr',
  mixed: 'mixed/*.nc',
};

const open = (p: string) => openLocation(p);

describe.each(Object.keys(GLOBS))('join of %s', (set) => {
  const want = EXPECTED[set]!;
  it('equals xarray open_mfdataset (members, order, dims, variables, values)', async () => {
    const files = await expandGlob(path.join(DIR, GLOBS[set]!));
    const joined = await openJoin(files, { open });
    const rel = (p: string) => path.relative(path.join(DIR, set), p);
    expect(joined.plan.members.map((m) => rel(m.location))).toEqual(want.members);
    expect(joined.leftOut.map((l) => rel(l.location))).toEqual(want.left_out);
    for (const l of joined.leftOut) expect(l.message).toContain(l.location);
    expect(joined.plan.choice).toMatchObject(want.join);
    const root = joined.dataset.root;
    expect(
      Object.fromEntries(root.dimensions.map((d) => [d.name, { size: d.length, unlimited: d.unlimited }])),
    ).toEqual(want.dims);
    const vars = walkVariables(root);
    expect(
      Object.fromEntries(vars.map((v) => [v.name, { dims: v.dimensions.map((d) => d.name), type: v.type }])),
    ).toEqual(want.variables);
    for (const [name, values] of Object.entries(want.values)) {
      const v = vars.find((x) => x.name === name)!;
      const slice = await readSlice(
        joined.store,
        v,
        v.shape.map(() => null),
      );
      expect(slice.failedChunks ?? []).toEqual([]);
      expect(Array.from(slice.data as ArrayLike<number>, Number), name).toEqual(values);
    }
  });
});
