/**
 * Edge-located data on a 2-D UGRID mesh: each edge is drawn on its kite, the polygon of its first node, the centre
 * of the face on one side, its second node and the centre of the face on the other side (the triangle of the three
 * on the mesh's boundary), straight in longitude/latitude; a face's centre is the mean of its vertices'
 * longitudes and latitudes (unwrapped from its first vertex). The faces an edge borders are the file's
 * `edge_face_connectivity` when it gives one, else the faces whose node lists hold the edge's two nodes side by
 * side. The kites of a mesh of convex faces tile it: every point of the mesh is in exactly one edge's kite.
 *
 * @example
 * const { geometry, problems } = buildEdgeMesh(spec, arrays); // geometry.faces === spec.edges.count
 */
import { buildMesh, tally, type BuiltMesh, type MeshArrays } from './build';
import type { MeshGeometry, MeshProblemKind, MeshSpec } from './types';

const wrap = (d: number) => d - 360 * Math.round(d / 360);

function need(arrays: MeshArrays, path: string): ArrayLike<number> {
  const a = arrays.get(path);
  if (!a) throw new Error(`the mesh array ${path} was not read`);
  return a;
}

/** The planar centre of face `k` of `g` (its vertices' mean, longitudes unwrapped from the first), or null. */
function centreOf(g: MeshGeometry, k: number): [number, number] | null {
  const a = g.offsets[k]!;
  const b = g.offsets[k + 1]!;
  if (b <= a) return null;
  let x = 0;
  let y = 0;
  for (let i = a; i < b; i++) {
    x += g.lon[a]! + wrap(g.lon[i]! - g.lon[a]!);
    y += g.lat[i]!;
  }
  return [x / (b - a), y / (b - a)];
}

/** The faces beside each edge from the faces' node lists: key "lo,hi" of the two nodes → faces. */
function facesByEdge(g: MeshGeometry): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const nodes = g.nodes!;
  for (let k = 0; k < g.faces; k++) {
    const a = g.offsets[k]!;
    const n = g.offsets[k + 1]! - a;
    for (let j = 0; j < n; j++) {
      const p = nodes[a + j]!;
      const q = nodes[a + ((j + 1) % n)]!;
      const key = p < q ? `${p},${q}` : `${q},${p}`;
      const list = out.get(key);
      if (list) list.push(k);
      else out.set(key, [k]);
    }
  }
  return out;
}

/** Builds the kites of the edges of `spec` (edge-located data) from its arrays; faulty edges named, not drawn. */
export function buildEdgeMesh(spec: MeshSpec, arrays: MeshArrays): BuiltMesh {
  const e = spec.edges;
  if (!e || spec.vertices.form !== 'connectivity') throw new Error('the mesh has no edge connectivity');
  const base = buildMesh({ ...spec, location: 'node' }, arrays);
  const faceGeo = base.geometry;
  const conn = need(arrays, e.connectivity);
  const ef = e.faces ? need(arrays, e.faces.path) : null;
  const derived = ef ? null : facesByEdge(faceGeo);
  const nl = need(arrays, spec.vertices.nodeLon);
  const nb = need(arrays, spec.vertices.nodeLat);
  const kl = spec.toDegrees[spec.vertices.nodeLon] ?? 1;
  const kb = spec.toDegrees[spec.vertices.nodeLat] ?? 1;
  const nNodes = nl.length;
  const { count } = e;
  const problems = tally();
  const offsets = new Int32Array(count + 1);
  const lon: number[] = [];
  const lat: number[] = [];
  const at = (a: ArrayLike<number>, transposed: boolean, k: number, j: number) =>
    Number(transposed ? a[j * count + k] : a[k * 2 + j]);
  for (let k = 0; k < count; k++) {
    const p = at(conn, e.transposed, k, 0) - e.startIndex;
    const q = at(conn, e.transposed, k, 1) - e.startIndex;
    let bad: MeshProblemKind | null = null;
    if (Number.isNaN(p) || Number.isNaN(q)) bad = 'edge-filled';
    else if (![p, q].every((i) => Number.isInteger(i) && i >= 0 && i < nNodes)) bad = 'index-out-of-range';
    else if (p === q) bad = 'edge-to-itself';
    const pl = Number(nl[p]) * kl;
    const pb = Number(nb[p]) * kb;
    const ql = Number(nl[q]) * kl;
    const qb = Number(nb[q]) * kb;
    if (!bad && ![pl, pb, ql, qb].every(Number.isFinite)) bad = 'bad-coordinates';
    let faces: number[] = [];
    if (!bad && ef && e.faces) {
      for (const j of [0, 1]) {
        const f = at(ef, e.faces.transposed, k, j) - e.faces.startIndex;
        if (Number.isInteger(f) && f >= 0 && f < faceGeo.faces) faces.push(f);
      }
    } else if (!bad && derived) faces = derived.get(p < q ? `${p},${q}` : `${q},${p}`) ?? [];
    const centres = faces.slice(0, 2).map((f) => centreOf(faceGeo, f));
    if (!bad && !centres.some(Boolean)) bad = 'edge-without-face';
    if (bad) {
      problems.add(bad, k);
      offsets[k + 1] = lon.length;
      continue;
    }
    const [c0, c1] = centres.filter((c): c is [number, number] => c !== null);
    const ring: [number, number][] = [[pl, pb], c0!, [ql, qb]];
    if (c1) ring.push(c1);
    for (const [x, y] of ring) {
      lon.push(x);
      lat.push(y);
    }
    offsets[k + 1] = lon.length;
  }
  const geometry: MeshGeometry = {
    kind: 'mesh',
    faces: count,
    offsets,
    lon: Float64Array.from(lon),
    lat: Float64Array.from(lat),
  };
  // The faces' problems are named without a count: the data's cells are the edges, and an edge beside a face left
  // out keeps the kite of its other face (or is named `edge-without-face`).
  const faceProblems = base.problems.map((p) => ({ kind: p.kind, message: p.message }));
  return { geometry, problems: [...faceProblems, ...problems.problems(e.connectivity)] };
}
