import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AbortedError, CodecError } from '../../errors';
import { createDataContext } from '../context';
import { readSlice } from '../read-slice';
import { FakeWorker } from '../testing/fake-worker';
import type { WorkerRequest } from './protocol';
import { CountingStore, variableFromFolder } from '../testing/variable';
import { InlineExecutor } from './executor';
import { WorkerPool } from './worker-pool';
import { colourImage } from '../../render/image';

const ROOT = join(import.meta.dirname, '..', 'testdata', 'v2.zarr');

describe('WorkerPool (with a structured-clone worker double)', () => {
  it('decodes through the message protocol, transferring the encoded bytes', async () => {
    const workers: FakeWorker[] = [];
    const pool = new WorkerPool(2, () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    });
    const bytes = new Uint8Array([1, 0, 0, 0, 2, 0, 0, 0]);
    const chunk = await pool.decode({ dtype: '<i4', zarrFormat: 2, order: 'C', shape: [2], codecs: [] }, bytes);
    expect(Array.from(chunk.data as Int32Array)).toEqual([1, 2]);
    expect(bytes.byteLength).toBe(0); // transferred, not copied
    pool.close();
  });

  it('a readSlice through the pool equals the in-process one and spreads work over the workers', async () => {
    const workers: FakeWorker[] = [];
    const pool = new WorkerPool(2, () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    });
    const v = variableFromFolder(ROOT, 'zstd');
    const a = await readSlice(new CountingStore(ROOT), v, [], { context: createDataContext({ executor: pool }) });
    const b = await readSlice(new CountingStore(ROOT), v, [], { context: createDataContext({ workers: false }) });
    expect(Array.from(a.data as Uint16Array)).toEqual(Array.from(b.data as Uint16Array));
    expect(workers.every((w) => w.received > 0)).toBe(true);
    // Every worker was asked once to load the codecs ahead of the chunks; a second read asks no more.
    expect(workers.map((w) => w.prepared)).toEqual([1, 1]);
    await readSlice(new CountingStore(ROOT), v, [0], { context: createDataContext({ executor: pool }) });
    expect(workers.map((w) => w.prepared)).toEqual([1, 1]);
    pool.close();
  });

  it('revives typed errors from the worker and drops queued jobs on abort', async () => {
    const pool = new WorkerPool(1, () => new FakeWorker() as unknown as Worker);
    const bad = pool.decode(
      { dtype: '<i4', zarrFormat: 2, order: 'C', shape: [2], codecs: [{ id: 'zlib', configuration: {} }] },
      new Uint8Array([9, 9, 9]),
    );
    await expect(bad).rejects.toBeInstanceOf(CodecError);
    const spec = { dtype: '<i4', zarrFormat: 2 as const, order: 'C' as const, shape: [1], codecs: [] };
    const ac = new AbortController();
    const jobs = [1, 2, 3, 4].map(() => pool.decode(spec, new Uint8Array(4), ac.signal));
    expect(pool.pending).toBe(4);
    ac.abort();
    for (const j of jobs) await expect(j).rejects.toBeInstanceOf(AbortedError);
    expect(pool.pending).toBeLessThanOrEqual(2); // only the ones already in the worker remain
    pool.close();
  });
});

describe('WorkerPool: images and priorities', () => {
  it('colours a slice image in a worker, as colourImage does here', async () => {
    const pool = new WorkerPool(1, () => new FakeWorker() as unknown as Worker);
    const req = {
      values: new Float64Array([1, NaN, 3, 4, 5, 6]),
      mask: null,
      shape: [2, 3] as [number, number],
      transposed: false,
      step: 1,
      scale: 'linear' as const,
      range: null,
      colormap: 'magma' as const,
      invert: false,
    };
    const img = await pool.render(req);
    expect([img.width, img.height, img.zmin, img.zmax]).toEqual([3, 2, 1, 6]);
    expect([...img.rgba!]).toEqual([...colourImage(req).rgba]);
    pool.close();
  });

  it('reprojects a grid for the map in a worker (a task kind of its own), as the in-process executor does', async () => {
    const pool = new WorkerPool(1, () => new FakeWorker() as unknown as Worker);
    const task = {
      grid: { kind: 'regular', rows: 3, cols: 4, rowsAreLat: true, lat: [60, 0, -60], lon: [0, 90, 180, 270] },
      spec: { name: 'equirectangular', center: [0, 0], width: 16, height: 8 },
    } as const;
    const cells = await pool.reproject(task);
    const here = await new InlineExecutor().reproject(task);
    expect(cells).toBeInstanceOf(Int32Array);
    expect(cells.length).toBe(16 * 8);
    expect(Array.from(cells)).toEqual(Array.from(here));
    // The centre pixel is (lon 0, lat 0): row 1, column 0.
    expect(cells[4 * 16 + 8]).toBe(4);
    pool.close();
  });

  it('low-priority jobs start only when no normal job waits', async () => {
    const order: number[] = [];
    class Recorder extends FakeWorker {
      override postMessage(msg: WorkerRequest, transfer: Transferable[] = []): void {
        if (msg.type === 'decode') order.push(msg.bytes[0]!);
        super.postMessage(msg, transfer);
      }
    }
    const pool = new WorkerPool(1, () => new Recorder() as unknown as Worker);
    const spec = { dtype: '|u1', zarrFormat: 2 as const, order: 'C' as const, shape: [1], codecs: [] };
    const jobs = [
      pool.decode(spec, new Uint8Array([1]), undefined, { priority: 'low' }), // an idle worker takes it at once
      pool.decode(spec, new Uint8Array([2]), undefined, { priority: 'low' }),
      pool.decode(spec, new Uint8Array([3]), undefined, { priority: 'low' }),
      pool.decode(spec, new Uint8Array([4])),
      pool.decode(spec, new Uint8Array([5])),
    ];
    await Promise.all(jobs);
    expect(order).toEqual([1, 4, 5, 2, 3]);
    pool.close();
  });

  it('warms every worker up with the decode-and-colour task, answering nothing', async () => {
    const workers: FakeWorker[] = [];
    const pool = new WorkerPool(2, () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    });
    const variable = variableFromFolder(ROOT, 'zstd');
    const data = new Uint16Array(100).map((_, i) => i);
    const image = {
      shape: [10, 10] as [number, number],
      transposed: false,
      step: 1,
      scale: 'linear' as const,
      range: null,
      colormap: 'viridis' as const,
      invert: false,
    };
    pool.warmSliceImage({ slice: { variable, shape: [10, 10], data }, defaultFill: 'zarr', image }, 2);
    expect(workers.map((w) => w.warmed)).toEqual([2, 2]);
    expect(workers.map((w) => w.received)).toEqual([0, 0]); // no job: nothing waits for an answer
    expect(pool.pending).toBe(0);
    pool.close();
  });
});
