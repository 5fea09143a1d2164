/**
 * Edge-located UGRID data (fixtures/meshes/ugrid-edges*.nc, scripts/fixtures/make-edge-meshes.py, netCDF4-python):
 * the edge whose kite our lookup gives at every sampled point is the one shapely finds; without
 * edge_face_connectivity the kites come from the faces' node lists; the planted faults are named, the rest drawn;
 * edge data on another number of edges is refused from the metadata.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCellGrid } from '../cell-grid';
import { gridLookup } from '../reproject';
import { MESH_DIR, openMeshFixture as open } from '../testing/mesh-fixtures';
import { findMesh } from './detect';
import { loadMesh } from './load';

interface Expected {
  variable: string;
  points: { lon: number; lat: number; cell: number; values: number[] | null }[];
  faulty?: Record<string, number[]>;
}
const expected = JSON.parse(readFileSync(join(MESH_DIR, 'expected-edges.json'), 'utf8')) as Record<string, Expected>;

describe('edge-located UGRID data against shapely', () => {
  it("every sampled point is in shapely's kite, and the value drawn is that edge's", async () => {
    const e = expected['ugrid-edges.nc']!;
    const { ds, v, read } = await open('ugrid-edges.nc', e.variable);
    const r = findMesh(ds.model, v);
    if (r.kind !== 'mesh') throw new Error(r.kind);
    expect(r.mesh.location).toBe('edge');
    expect(r.mesh.edges?.faces).toBeDefined();
    const mesh = await loadMesh(r.mesh, read);
    expect(mesh.problems).toEqual([]);
    expect(mesh.geometry.faces).toBe(r.mesh.edges!.count);
    const find = gridLookup(mesh.geometry);
    expect(e.points.filter((p) => p.cell >= 0).length).toBeGreaterThanOrEqual(140);
    expect(e.points.map((p) => find(p.lon, p.lat))).toEqual(e.points.map((p) => p.cell));
    const u = await read('/u');
    const n = r.mesh.edges!.count;
    for (const p of e.points)
      if (p.values) expect(Math.fround(u[n + find(p.lon, p.lat)]!)).toBeCloseTo(p.values[1]!, 5);
    const g = findCellGrid(ds.model, v);
    expect(g.kind === 'grid' && g.grid.label).toMatch(new RegExp(`data on the ${n} edges`));
  });

  it('without edge_face_connectivity the kites come from the faces; faulty edges are named, the rest drawn', async () => {
    const e = expected['ugrid-edges-malformed.nc']!;
    const { ds, v, read } = await open('ugrid-edges-malformed.nc', e.variable);
    const r = findMesh(ds.model, v);
    if (r.kind !== 'mesh') throw new Error(r.kind);
    expect(r.mesh.edges?.faces).toBeUndefined();
    const mesh = await loadMesh(r.mesh, read);
    expect(Object.fromEntries(mesh.problems.map((p) => [p.kind, [p.first]]))).toEqual(e.faulty);
    for (const p of mesh.problems) expect(p.message).toMatch(/^1 cell of .*edge_nodes not drawn: .*cell \d+/);
    const find = gridLookup(mesh.geometry);
    expect(e.points.map((p) => find(p.lon, p.lat))).toEqual(e.points.map((p) => p.cell));
  });

  it('edge data on another number of edges than the connectivity is refused, naming it', async () => {
    const { ds, v } = await open('ugrid-edges-malformed.nc', '/u_short');
    const r = findMesh(ds.model, v);
    expect(r.kind).toBe('problem');
    if (r.kind === 'problem') expect(r.problems[0]?.message).toMatch(/u_short is not on the mesh's edge dimension/);
    const { buildReport } = await import('../../report/index');
    const f = buildReport(ds.model, { standardNames: null })
      .variables.find((x) => x.path === '/u_short')!
      .findings.find((x) => x.code === 'mesh-invalid');
    expect(f?.message).toMatch(/edge dimension/);
  });
});
