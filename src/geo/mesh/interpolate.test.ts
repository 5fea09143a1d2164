/**
 * Node-located UGRID data interpolated across the faces (fixtures/meshes/ugrid.nc `depth` and `depth_masked`),
 * against matplotlib.tri's LinearTriInterpolator over the same fan triangles (scripts/fixtures/make-meshes.py): the
 * exact interpolation at every sampled point, and the image the Map paints (the worker's planes of triangles and
 * weights, filled on the main thread) at the same points, masked nodes left out and the rest renormalised.
 */
import { describe, expect, it } from 'vitest';
import { fillImage, gridLookup } from '../reproject';
import { runReproject } from '../reproject-task';
import { meshExpected, openMeshFixture } from '../testing/mesh-fixtures';
import { findMesh } from './detect';
import { faceWeights, interpolateInFace, meshTriangles } from './interpolate';
import { meshFaceLookup } from './lookup';
import { loadMesh } from './load';
import { hasNodePlanes, nodeLookup, nodePixelFace, reprojectNodes } from './node-image';

interface Linear {
  variable: string;
  range: [number, number];
  points: { lon: number; lat: number; face: number; triangle?: number; value: number | null }[];
}
const expected = meshExpected<Linear>();

async function load(variable: string) {
  const { ds, v, read } = await openMeshFixture('ugrid.nc', variable);
  const r = findMesh(ds.model, v);
  if (r.kind !== 'mesh') throw new Error(r.kind);
  expect(r.mesh.location).toBe('node');
  const mesh = await loadMesh(r.mesh, read);
  return { geometry: mesh.geometry, values: await read(variable) };
}

const close = (got: number, want: number | null, tol: number) =>
  want === null ? Number.isNaN(got) : Math.abs(got - want) <= tol;

describe('node data interpolated across faces, against matplotlib.tri', () => {
  for (const key of ['ugrid.nc#depth:linear', 'ugrid.nc#depth_masked:linear']) {
    it(`${key}: the face, its fan triangle and the value at every sampled point`, async () => {
      const e = expected[key]!;
      const { geometry, values } = await load(e.variable);
      const inside = e.points.filter((p) => p.face >= 0);
      expect(inside.length).toBeGreaterThanOrEqual(100);
      const face = meshFaceLookup(geometry);
      expect(e.points.map((p) => face(p.lon, p.lat))).toEqual(e.points.map((p) => p.face));
      const w = new Float64Array(3);
      expect(inside.map((p) => faceWeights(geometry, p.face, p.lon, p.lat, w))).toEqual(inside.map((p) => p.triangle));
      const span = e.range[1] - e.range[0];
      const wrong = inside.filter((p) => {
        const got = interpolateInFace(geometry, p.face, p.lon, p.lat, values);
        return !close(got, p.value, 1e-5 * Math.max(span, Math.abs(p.value ?? 0)));
      });
      expect(wrong).toEqual([]);
    });

    it(`${key}: the Map's image (the worker's triangles and weights) holds the same values`, async () => {
      const e = expected[key]!;
      const { geometry, values } = await load(e.variable);
      // One row of pixels, pixel i's centre at sample point i.
      const invert = (x: number) => {
        const p = e.points[Math.floor(x)]!;
        return [p.lon, p.lat] as const;
      };
      const n = e.points.length;
      const cells = reprojectNodes(nodeLookup(geometry), invert, n, 1);
      expect(hasNodePlanes(cells, n)).toBe(true);
      // The first plane: the containing face's nearest node, as the hover and the click read it.
      const nearest = gridLookup(geometry);
      expect(Array.from(cells.subarray(0, n))).toEqual(e.points.map((p) => nearest(p.lon, p.lat)));
      expect(e.points.map((_, i) => nodePixelFace(cells, n, i, geometry))).toEqual(e.points.map((p) => p.face));
      const image = fillImage(cells, values, geometry, n);
      expect(image.length).toBe(n);
      // Weights in 1/65535 steps, values in float32.
      const span = e.range[1] - e.range[0];
      const wrong = e.points.filter((p, i) => !close(image[i]!, p.value, 4e-5 * span));
      expect(wrong).toEqual([]);
    });
  }

  it('masked nodes change the values near them, and a face whose nodes are all masked is masked', () => {
    const plain = expected['ugrid.nc#depth:linear']!.points;
    const masked = expected['ugrid.nc#depth_masked:linear']!.points;
    const changed = masked.filter((p, i) => p.face >= 0 && p.value !== plain[i]!.value);
    expect(changed.length).toBeGreaterThan(20);
    expect(masked.some((p) => p.face >= 0 && p.value === null)).toBe(true);
  });

  it('the worker task answers node data with the three planes, face data with the cell index only', async () => {
    const { geometry } = await load('/depth');
    const spec = { name: 'equirectangular', center: [180, 0], width: 64, height: 32 } as const;
    const nodes = runReproject({ grid: geometry, spec });
    expect(nodes.length).toBe(3 * 64 * 32);
    const faces = runReproject({ grid: { ...geometry, nodes: undefined }, spec });
    expect(faces.length).toBe(64 * 32);
    // A plain cell index (a stale image of face data) is filled as a cell index.
    expect(hasNodePlanes(faces, 64 * 32)).toBe(false);
    const t = meshTriangles(geometry);
    expect(t.face.length).toBe(t.start[geometry.faces]);
  });
});
