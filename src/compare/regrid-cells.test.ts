/**
 * B on a grid of cells put onto A's cells (`regrid-cells.ts`) against shapely and healpy
 * (fixtures/compare/expected/meshes.json, scripts/fixtures/make-compare-meshes.py): a regular lat/lon A against the
 * ICON-like mesh, a HEALPix field and the regional UGRID mesh (containing cell; area-weighted by sampling with the
 * script's k), and a mesh A against B mesh (ICON-like face centres in MPAS cells, HEALPix nside 8 pixel centres in
 * nside 4 pixels). Every cell's B value and A − B equal the script's, except the cells it names ambiguous (a point
 * within 1e-4° of a B cell's edge). The task runs through the WorkerPool as on the calling thread.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeSlice } from '../cf/decode';
import { WorkerPool } from '../data/pool/worker-pool';
import { FakeWorker } from '../data/testing/fake-worker';
import { findCellGrid } from '../geo/cell-grid';
import { loadCellGrid } from '../geo/cell-grid-load';
import { findVariable } from '../model/find';
import { openDataset } from '../open';
import { openStoreNode } from '../opening/open-store-node';
import { difference } from './difference';
import { runRegrid, type RegridTask } from './regrid';
import { impliedEdges, sampleCount } from './regrid-cells';

const steps = (from: number, n: number) => Float64Array.from({ length: n }, (_, i) => from + 0.1 * i);
const ROOT = join(import.meta.dirname, '..', '..', 'fixtures');

interface Case {
  readonly name: string;
  readonly a: [string, string, string];
  readonly b: [string, string, string];
  readonly shape: number[];
  readonly method: 'containing' | 'sampled';
  readonly bAtA: (number | null)[];
  readonly difference: (number | null)[];
  readonly ambiguous: number[];
  readonly samples?: number;
}
const expected = JSON.parse(readFileSync(join(ROOT, 'compare', 'expected', 'meshes.json'), 'utf8')) as {
  lat: number[];
  lon: number[];
  cases: Case[];
};

async function open([dir, file, variable]: [string, string, string]) {
  const ds = await openDataset({ kind: 'local', path: join(ROOT, dir, file) }, { openStore: openStoreNode });
  const v = findVariable(ds.model.root, variable)!;
  const readAll = async (path: string, sel?: (number | null)[]) => {
    const shape = findVariable(ds.model.root, path)!.shape;
    const d = decodeSlice(await ds.read(path, sel ?? shape.map(() => null)));
    return Float64Array.from(d.values as ArrayLike<number>, (x, i) => (d.mask[i] ? NaN : Number(x)));
  };
  // Time step 0, the rest whole.
  const values = await readAll(
    variable,
    v.shape.map((_, d) => (d === 0 && v.shape.length > 1 ? 0 : null)),
  );
  const r = findCellGrid(ds.model, v);
  const cells = r.kind === 'grid' ? await loadCellGrid(r.grid, (p) => readAll(p)) : null;
  return { values, cells, label: r.kind === 'grid' ? r.grid.label : '' };
}

async function taskOf(c: Case): Promise<{ task: RegridTask; a: Float64Array }> {
  const [a, b] = await Promise.all([open(c.a), open(c.b)]);
  expect(b.cells).not.toBeNull();
  let target;
  if (a.cells) {
    const n = a.values.length;
    const lat = new Float64Array(n);
    const lon = new Float64Array(n);
    for (let k = 0; k < n; k++) [lon[k], lat[k]] = a.cells.centre(k);
    target = { kind: 'points' as const, lat, lon, shape: [n] };
  } else
    target = {
      kind: 'rectilinear' as const,
      lat: Float64Array.from(expected.lat),
      lon: Float64Array.from(expected.lon),
    };
  const task: RegridTask = {
    kind: 'cells',
    method: c.method,
    values: b.values,
    grid: b.cells!.geometry,
    gridName: b.label,
    target,
  };
  return { task, a: a.values };
}

describe('a grid of cells onto A, as shapely and healpy', () => {
  for (const c of expected.cases)
    it(`${c.name} (${c.method}): B on A's cells and A − B`, async () => {
      const { task, a } = await taskOf(c);
      const r = runRegrid(task);
      expect(r.shape).toEqual(c.shape);
      if (c.method === 'sampled') {
        expect(r.samples).toBe(c.samples);
        expect(r.label).toContain(`area-weighted by sampling, ${c.samples}×${c.samples} points per cell`);
      } else expect(r.label).toContain('nearest: containing cell of B');
      const d = difference({ values: a }, { values: r.values }, c.shape);
      const skip = new Set(c.ambiguous);
      const bad: string[] = [];
      let compared = 0;
      for (let i = 0; i < c.bAtA.length; i++) {
        if (skip.has(i)) continue;
        const w = c.bAtA[i]!;
        const got = r.values[i]!;
        const dw = c.difference[i]!;
        const dg = d.values[i]!;
        const near = (x: number, y: number | null) =>
          y === null ? Number.isNaN(x) : Math.abs(x - y) <= 1e-5 * Math.max(1, Math.abs(y));
        if (!near(got, w) || !near(dg, dw)) bad.push(`${i}: ${got} vs ${w}, A − B ${dg} vs ${dw}`);
        if (w !== null) compared++;
      }
      expect(bad).toEqual([]);
      expect(compared).toBeGreaterThanOrEqual(c.name === 'grid-ugrid' ? 20 : 600);
      expect(c.ambiguous.length).toBeLessThan(c.bAtA.length / 5);
    });

  it('k is the script’s for each sampled case, and A’s implied edges are its bounds', () => {
    const lat = impliedEdges(expected.lat, 90);
    const lon = impliedEdges(expected.lon);
    expect([lat[0], lat[lat.length - 1], lon[0], lon[lon.length - 1]]).toEqual([-90, 90, -180, 180]);
    expect(sampleCount(lat, lon, 5120)).toBe(expected.cases.find((c) => c.name === 'grid-icon-sampled')!.samples);
    expect(sampleCount(lat, lon, 768)).toBe(expected.cases.find((c) => c.name === 'grid-healpix-sampled')!.samples);
    expect(sampleCount(lat, lon, 1)).toBe(1);
    expect(sampleCount(lat, lon, 1e9)).toBe(16);
    // A 0.1-degree global A (6.48 million cells) against a fine B: lowered to keep 2^24 samples in all.
    expect(sampleCount(impliedEdges(steps(-89.95, 1800), 90), impliedEdges(steps(-179.95, 3600)), 1e9)).toBe(1);
  });

  it('runs through the WorkerPool as on the calling thread', async () => {
    const { task } = await taskOf(expected.cases.find((c) => c.name === 'grid-icon-sampled')!);
    const pool = new WorkerPool(1, () => new FakeWorker() as unknown as Worker);
    const there = await pool.regrid(task);
    const here = runRegrid(task);
    expect(Array.from(there.values)).toEqual(Array.from(here.values));
    expect([there.label, there.samples, there.masked]).toEqual([here.label, here.samples, here.masked]);
    pool.close();
  });
});
