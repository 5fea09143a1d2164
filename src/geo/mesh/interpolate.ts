/**
 * Node-located data across a face: the face is split into triangles by a fan from its first vertex (triangle `j`
 * joins vertices 0, j + 1 and j + 2), in the plane of longitude/latitude with the face's longitudes unwrapped from
 * that vertex (each step the shorter way round), and a point takes the barycentric weights of the triangle that
 * contains it. Right for the convex triangles and quads of UGRID meshes; a point in none of the triangles (a
 * degenerate or non-convex face, a rounding at an edge) takes the nearest one's weights clamped to the triangle.
 *
 * @example
 * const w = new Float64Array(3);
 * const j = faceWeights(geometry, face, 12.5, -30, w); // fan triangle j, weights of its 3 vertices in w
 */
import type { MeshGeometry } from './types';

const wrap = (d: number) => d - 360 * Math.round(d / 360);

/**
 * The fan triangles of a mesh: face `k`'s are `start[k]` … `start[k + 1]` (n − 2 of a face of n vertices, none
 * of a face left out), each with its face and the nodes of its three vertices (the value indices).
 */
export interface MeshTriangles {
  readonly start: Int32Array;
  readonly face: Int32Array;
  readonly nodes: Int32Array;
}

/** The first triangle of every face (faces + 1 entries). */
export function triangleStarts(g: MeshGeometry): Int32Array {
  const start = new Int32Array(g.faces + 1);
  for (let k = 0; k < g.faces; k++) start[k + 1] = start[k]! + Math.max(0, g.offsets[k + 1]! - g.offsets[k]! - 2);
  return start;
}

const cache = new WeakMap<MeshGeometry, MeshTriangles>();

/** The fan triangles of `g` (built once per geometry object). */
export function meshTriangles(g: MeshGeometry): MeshTriangles {
  const hit = cache.get(g);
  if (hit) return hit;
  const start = triangleStarts(g);
  const count = start[g.faces]!;
  const face = new Int32Array(count);
  const nodes = new Int32Array(count * 3);
  for (let k = 0; k < g.faces; k++) {
    const a = g.offsets[k]!;
    for (let t = start[k]!, j = 0; t < start[k + 1]!; t++, j++) {
      face[t] = k;
      nodes[t * 3] = g.nodes?.[a] ?? -1;
      nodes[t * 3 + 1] = g.nodes?.[a + j + 1] ?? -1;
      nodes[t * 3 + 2] = g.nodes?.[a + j + 2] ?? -1;
    }
  }
  const out = { start, face, nodes };
  cache.set(g, out);
  return out;
}

/**
 * The weights of (lon, lat) in face `k`: writes the weights of the fan triangle's three vertices into `out` (they
 * sum to 1, none negative) and returns the triangle's number within the face, −1 for a face without triangles.
 */
export function faceWeights(g: MeshGeometry, k: number, lon: number, lat: number, out: Float64Array): number {
  const a = g.offsets[k]!;
  const n = g.offsets[k + 1]! - a;
  if (n < 3) return -1;
  const x0 = g.lon[a]!;
  const y0 = g.lat[a]!;
  const px = x0 + wrap(lon - x0);
  let x1 = x0 + wrap(g.lon[a + 1]! - x0);
  let y1 = g.lat[a + 1]!;
  let best = -1;
  let bestMin = -Infinity;
  let b0 = 1;
  let b1 = 0;
  let b2 = 0;
  for (let j = 0; j < n - 2; j++) {
    const x2 = x1 + wrap(g.lon[a + j + 2]! - g.lon[a + j + 1]!);
    const y2 = g.lat[a + j + 2]!;
    const d = (y1 - y2) * (x0 - x2) + (x2 - x1) * (y0 - y2);
    if (d !== 0) {
      const l0 = ((y1 - y2) * (px - x2) + (x2 - x1) * (lat - y2)) / d;
      const l1 = ((y2 - y0) * (px - x2) + (x0 - x2) * (lat - y2)) / d;
      const l2 = 1 - l0 - l1;
      const m = Math.min(l0, l1, l2);
      if (m > bestMin) {
        best = j;
        bestMin = m;
        b0 = l0;
        b1 = l1;
        b2 = l2;
      }
      if (m >= 0) break;
    }
    x1 = x2;
    y1 = y2;
  }
  if (best < 0) {
    // Every triangle degenerate: the first vertex.
    out.set([1, 0, 0]);
    return 0;
  }
  if (bestMin < 0) {
    [b0, b1, b2] = [Math.max(0, b0), Math.max(0, b1), Math.max(0, b2)];
    const s = b0 + b1 + b2;
    [b0, b1, b2] = s > 0 ? [b0 / s, b1 / s, b2 / s] : [1, 0, 0];
  }
  out[0] = b0;
  out[1] = b1;
  out[2] = b2;
  return best;
}

/**
 * The value of node-located `values` at (lon, lat) in face `k`: the weighted nodes of its fan triangle, masked
 * nodes (NaN) left out and the others' weights renormalised; NaN when all are masked.
 */
export function interpolateInFace(
  g: MeshGeometry,
  k: number,
  lon: number,
  lat: number,
  values: ArrayLike<number>,
): number {
  const w = new Float64Array(3);
  const j = faceWeights(g, k, lon, lat, w);
  if (j < 0 || !g.nodes) return NaN;
  const a = g.offsets[k]!;
  return weighted(values, g.nodes[a]!, g.nodes[a + j + 1]!, g.nodes[a + j + 2]!, w[0]!, w[1]!, w[2]!);
}

/** Σ wᵢ·vᵢ / Σ wᵢ over the nodes whose value is not NaN (NaN when none is, or their weights are all 0). */
export function weighted(
  values: ArrayLike<number>,
  n0: number,
  n1: number,
  n2: number,
  w0: number,
  w1: number,
  w2: number,
): number {
  let s = 0;
  let acc = 0;
  const v0 = Number(values[n0]);
  const v1 = Number(values[n1]);
  const v2 = Number(values[n2]);
  if (!Number.isNaN(v0)) {
    s += w0;
    acc += w0 * v0;
  }
  if (!Number.isNaN(v1)) {
    s += w1;
    acc += w1 * v1;
  }
  if (!Number.isNaN(v2)) {
    s += w2;
    acc += w2 * v2;
  }
  return s > 0 ? acc / s : NaN;
}
