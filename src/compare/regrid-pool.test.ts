/**
 * The `regrid` task of the decode-worker protocol: run through the WorkerPool (with the structured-clone worker
 * double) it gives what `runRegrid` gives on the calling thread, its values transferred back; the in-process
 * executor runs it too, and a bad task comes back as an error.
 */
import { describe, expect, it } from 'vitest';
import { InlineExecutor } from '../data/pool/executor';
import { WorkerPool } from '../data/pool/worker-pool';
import { FakeWorker } from '../data/testing/fake-worker';
import { runRegrid, type RegridTask } from './regrid';

const task: RegridTask = {
  kind: 'rectilinear',
  method: 'linear',
  values: Float32Array.from({ length: 12 }, (_, i) => i * 1.5),
  layout: 'lat-lon',
  source: { lat: Float64Array.from([-10, 0, 10]), lon: Float64Array.from([0, 90, 180, 270]) },
  target: { lat: Float64Array.from([5, -5, 20]), lon: Float64Array.from([-135, 45, 100]) },
};

describe('regrid in the decode workers', () => {
  it('runs through the pool as on the calling thread', async () => {
    const workers: FakeWorker[] = [];
    const pool = new WorkerPool(2, () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    });
    const here = runRegrid(task);
    const there = await pool.regrid(task);
    expect(there.shape).toEqual([3, 3]);
    expect(Array.from(there.values)).toEqual(Array.from(here.values));
    expect([there.masked, there.label]).toEqual([here.masked, here.label]);
    expect(workers.reduce((n, w) => n + w.received, 0)).toBe(1);
    // (5°N, −135° = 225°E) is half-way between B's rows 1, 2 and columns 2, 3 (value 1.5 × index); 20°N is
    // beyond B's latitudes (masked).
    expect(here.values[0]).toBeCloseTo((1.5 * (1 * 4 + 2 + (1 * 4 + 3) + (2 * 4 + 2) + (2 * 4 + 3))) / 4, 12);
    expect(here.masked).toBe(3);
    pool.close();
  });

  it('runs in-process and reports a failed task as an error', async () => {
    const inline = new InlineExecutor();
    expect(Array.from((await inline.regrid(task)).values)).toEqual(Array.from(runRegrid(task).values));
    const pool = new WorkerPool(1, () => new FakeWorker() as unknown as Worker);
    const bad = { ...task, source: null } as unknown as RegridTask;
    await expect(pool.regrid(bad)).rejects.toThrow();
    pool.close();
  });
});

describe('regrid through an opened dataset', () => {
  it('gives what runRegrid gives', async () => {
    const { join } = await import('node:path');
    const { createDataContext } = await import('../data');
    const { openDataset } = await import('../open');
    const { openStoreNode } = await import('../opening/open-store-node');
    const root = join(import.meta.dirname, '..', '..', 'fixtures', 'compare', 'era5-like.zarr');
    const ds = await openDataset(
      { kind: 'local', path: root },
      { openStore: openStoreNode, context: createDataContext({ workers: false }) },
    );
    const r = await ds.regrid(task);
    expect(Array.from(r.values)).toEqual(Array.from(runRegrid(task).values));
  });
});
