/**
 * Where a join's member chunks are decoded (store.ts): by the executor the join is given, by default the shared
 * data context's (the worker pool in a browser), not by an in-process decoder of the join's own. The monthly Zarr
 * set (Blosc chunks) and the mixed netCDF-4 set, values against xarray's open_mfdataset (expected.json); the test's
 * own read of the join decodes its (codec-less) joined chunks in the shared context.
 */
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openLocation } from '../cli/open-location';
import { expandGlob } from '../cli/glob';
import { defaultContext } from '../data/context';
import { InlineExecutor } from '../data/pool/executor';
import { readSlice } from '../data/read-slice';
import { walkVariables } from '../model/find';
import { openJoin } from './index';
import { AGGREGATE_DIR, AGGREGATE_EXPECTED } from './testing/expected';

const open = (p: string) => openLocation(p);

async function readAll(set: string, glob: string, name: string, executor?: InlineExecutor) {
  const files = await expandGlob(path.join(AGGREGATE_DIR, glob));
  const joined = await openJoin(files, { open, executor });
  const v = walkVariables(joined.dataset.root).find((x) => x.name === name)!;
  const slice = await readSlice(
    joined.store,
    v,
    v.shape.map(() => null),
  );
  expect(slice.failedChunks ?? []).toEqual([]);
  expect(Array.from(slice.data as ArrayLike<number>, Number)).toEqual(AGGREGATE_EXPECTED[set]!.values[name]);
  return joined;
}

describe('member chunks of a join', () => {
  it('are decoded by the executor given: one decode per member chunk of the monthly Zarr set', async () => {
    const executor = new InlineExecutor();
    const decode = vi.spyOn(executor, 'decode');
    const joined = await readAll('monthly', 'monthly/*.zarr', 'pr', executor);
    // Each month's pr is one Blosc chunk; the joined chunks a member's days make are read from that one chunk.
    const members = joined.plan.members.length;
    const blosc = decode.mock.calls.filter(([spec]) => JSON.stringify(spec).includes('blosc'));
    expect(blosc).toHaveLength(members);
  });

  it('netCDF-4 members too: the mixed set’s chunks decoded by the executor given (the read itself decodes elsewhere)', async () => {
    const executor = new InlineExecutor();
    const decode = vi.spyOn(executor, 'decode');
    const joined = await readAll('mixed', 'mixed/*.nc', 'sst', executor);
    expect(decode.mock.calls.length).toBeGreaterThanOrEqual(joined.plan.members.length);
  });

  it('are decoded by the shared context’s executor when none is given', async () => {
    const decode = vi.spyOn(defaultContext().executor, 'decode');
    try {
      const joined = await readAll('monthly', 'monthly/*.zarr', 'pr');
      const blosc = decode.mock.calls.filter(([spec]) => JSON.stringify(spec).includes('blosc'));
      expect(blosc).toHaveLength(joined.plan.members.length);
    } finally {
      decode.mockRestore();
    }
  });
});

describe('a prefetch of a join', () => {
  it('is a prefetch of its member too: the member chunk decoded at low priority, a read the user waits for not', async () => {
    const executor = new InlineExecutor();
    const decode = vi.spyOn(executor, 'decode');
    const files = await expandGlob(path.join(AGGREGATE_DIR, 'monthly/*.zarr'));
    const joined = await openJoin(files, { open, executor });
    const v = walkVariables(joined.dataset.root).find((x) => x.name === 'pr')!;
    const blosc = () => decode.mock.calls.filter(([spec]) => JSON.stringify(spec).includes('blosc'));
    const first = [{ start: 0, stop: 1 }, ...v.shape.slice(1).map(() => null)];
    await readSlice(joined.store, v, first, { priority: 'low' });
    expect(blosc().map((c) => c[3]?.priority)).toEqual(['low']);
    decode.mockClear();
    const last = [{ start: v.shape[0]! - 1, stop: v.shape[0]! }, ...v.shape.slice(1).map(() => null)];
    await readSlice(joined.store, v, last);
    expect(blosc().map((c) => c[3]?.priority ?? 'normal')).toEqual(['normal']);
  });
});
