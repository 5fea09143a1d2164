/**
 * The mesh fixtures (fixtures/meshes/, scripts/fixtures/make-meshes.py, netCDF4-python): each mesh is found in the
 * metadata, read through the dataset, and the cell our lookup gives at every sampled point is the one shapely
 * finds (the containing face, the containing face's nearest node for node data, −1 off the mesh); the malformed
 * mesh draws every well-formed face and names the planted faults; a billion-face claim is refused.
 */
import { describe, expect, it } from 'vitest';
import { findCellGrid } from '../cell-grid';
import { gridLookup } from '../reproject';
import { meshExpected, openMeshFixture as open } from '../testing/mesh-fixtures';
import { findMesh } from './detect';
import { loadMesh } from './load';

interface Expected {
  variable: string;
  location: 'face' | 'node';
  points: { lon: number; lat: number; cell: number; values: number[] | null }[];
  faulty?: Record<string, number[]>;
}
const expected = meshExpected<Expected>();

const CASES: [string, string, 'icon' | 'ugrid' | 'mpas', number][] = [
  ['icon-like.nc', 'icon-like.nc', 'icon', 5120],
  ['ugrid.nc', 'ugrid.nc', 'ugrid', 320],
  ['ugrid.nc', 'ugrid.nc#depth', 'ugrid', 320],
  ['mpas-like.nc', 'mpas-like.nc', 'mpas', 642],
];

describe('mesh fixtures against shapely', () => {
  for (const [file, key, kind, faces] of CASES) {
    it(`${key}: ${kind}, every sampled point in shapely's cell`, async () => {
      const e = expected[key]!;
      const { ds, v, read } = await open(file, e.variable);
      const r = findMesh(ds.model, v);
      expect(r.kind).toBe('mesh');
      if (r.kind !== 'mesh') return;
      expect(r.mesh.kind).toBe(kind);
      expect(r.mesh.faces).toBe(faces);
      expect(r.mesh.location).toBe(e.location);
      expect(v.dimensions[r.mesh.dim]?.name).toMatch(e.location === 'node' ? /nNodes/ : /ncells|nFaces|nCells/);
      const mesh = await loadMesh(r.mesh, read);
      expect(mesh.problems).toEqual([]);
      const find = gridLookup(mesh.geometry);
      expect(e.points.length).toBeGreaterThanOrEqual(100);
      const got = e.points.map((p) => find(p.lon, p.lat));
      expect(got).toEqual(e.points.map((p) => p.cell));
      const g = findCellGrid(ds.model, v);
      expect(g.kind === 'grid' && g.grid.label).toMatch(/cells/);
    });
  }

  it('a malformed UGRID mesh draws its well-formed faces and names the faulty ones', async () => {
    const e = expected['ugrid-malformed.nc']!;
    const { ds, v, read } = await open('ugrid-malformed.nc', e.variable);
    const r = findMesh(ds.model, v);
    if (r.kind !== 'mesh') throw new Error(r.kind);
    const mesh = await loadMesh(r.mesh, read);
    const named = Object.fromEntries(mesh.problems.map((p) => [p.kind, [p.first]]));
    expect(named).toEqual(e.faulty);
    for (const p of mesh.problems) expect(p.message).toMatch(/^1 cell of .*face_nodes not drawn: .*cell \d+/);
    const find = gridLookup(mesh.geometry);
    expect(e.points.map((p) => find(p.lon, p.lat))).toEqual(e.points.map((p) => p.cell));
  });

  it('a billion-face claim is refused from the metadata, naming it', async () => {
    const { ds, v } = await open('ugrid-malformed.nc', '/huge_data');
    const r = findMesh(ds.model, v);
    expect(r.kind).toBe('problem');
    if (r.kind === 'problem') expect(r.problems[0]?.kind).toBe('too-many-cells');
    const g = findCellGrid(ds.model, v);
    expect(g.kind === 'problem' && g.problems[0]?.message).toMatch(/1000000000 cells/);
  });

  it('the ICON-like centres are clon/clat in degrees', async () => {
    const { ds, v, read } = await open('icon-like.nc', '/S');
    const r = findMesh(ds.model, v);
    if (r.kind !== 'mesh') throw new Error(r.kind);
    const mesh = await loadMesh(r.mesh, read);
    const clon = await read('/clon');
    const clat = await read('/clat');
    expect(mesh.centre(17)[0]).toBeCloseTo((clon[17]! * 180) / Math.PI, 9);
    expect(mesh.centre(17)[1]).toBeCloseTo((clat[17]! * 180) / Math.PI, 9);
  });
});

describe('the Report names the mesh', () => {
  it('an info finding per variable on a mesh, an error for the billion-face claim', async () => {
    const { buildReport } = await import('../../report/index');
    const icon = await open('icon-like.nc', '/S');
    const r1 = buildReport(icon.ds.model, { standardNames: null });
    const f1 = r1.variables.find((x) => x.path === '/S')!.findings.find((f) => f.code === 'mesh');
    expect(f1?.message).toMatch(/ICON.*clon: 5120 cells, data on the cells \(dimension ncells\)/);
    const bad = await open('ugrid-malformed.nc', '/huge_data');
    const r2 = buildReport(bad.ds.model, { standardNames: null });
    const f2 = r2.variables.find((x) => x.path === '/huge_data')!.findings.find((f) => f.code === 'mesh-invalid');
    expect(f2?.severity).toBe('error');
    expect(f2?.message).toMatch(/huge_nodes claims 1000000000 cells/);
  });
});
