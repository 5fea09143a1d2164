/**
 * Point → cell of a mesh: point-in-polygon in the plane of longitude and latitude (edges are straight in lon/lat,
 * as shapely reads the same polygons), through a lon/lat bucket grid of the polygons' extents. Each polygon is
 * unwrapped across the antimeridian (its longitudes made continuous from its first vertex); a vertex at a pole is
 * two pole points at its neighbours' longitudes; a polygon whose longitudes wind once round a pole is closed
 * along that pole. For node-located data the cell is the face's nearest vertex's node.
 *
 * @example
 * const find = meshLookup(geometry);
 * find(12.5, -30); // the containing face (or node), −1 for none
 */
import type { MeshGeometry } from './types';

export type MeshLookup = (lon: number, lat: number) => number;

const wrap = (d: number) => d - 360 * Math.round(d / 360);
const POLE = 90 - 1e-9;

/**
 * The ring of a face in the plane: unwrapped longitudes and latitudes, or null for none. Exported for the tests
 * (and for anything that draws the same polygons).
 */
export function planarRing(lon: ArrayLike<number>, lat: ArrayLike<number>, a: number, b: number): number[][] | null {
  const n = b - a;
  if (n < 3) return null;
  // A longitude to unwrap from: the first vertex not at a pole.
  let first = -1;
  for (let i = a; i < b; i++) if (Math.abs(lat[i]!) < POLE) first = first < 0 ? i : first;
  if (first < 0) return null;
  const ring: number[][] = [];
  // `u`: the last vertex's longitude unwrapped, `prev` as written.
  let u = lon[first]!;
  let prev = u;
  for (let s = 0; s < n; s++) {
    const i = a + ((first - a + s) % n);
    const la = lat[i]!;
    if (Math.abs(la) >= POLE) {
      // At a pole: two points along it, at the previous and the next vertex's longitudes.
      const next = a + ((i - a + 1) % n);
      const to = Math.abs(lat[next]!) >= POLE ? u : u + wrap(lon[next]! - prev);
      ring.push([u, Math.sign(la) * 90], [to, Math.sign(la) * 90]);
      continue;
    }
    if (s > 0) u += wrap(lon[i]! - prev);
    prev = lon[i]!;
    ring.push([u, la]);
  }
  // Winding once round a pole: close along it.
  const start = ring[0]!;
  const turn = u + wrap(lon[first]! - prev) - start[0]!;
  if (Math.abs(turn) > 180) {
    let mean = 0;
    for (const p of ring) mean += p[1]!;
    const pole = mean >= 0 ? 90 : -90;
    ring.push([start[0]! + turn, start[1]!], [start[0]! + turn, pole], [start[0]!, pole]);
  }
  return ring;
}

function inside(ring: Float64Array, a: number, b: number, x: number, y: number): boolean {
  let c = false;
  for (let i = a, j = b - 2; i < b; j = i, i += 2) {
    const xi = ring[i]!;
    const yi = ring[i + 1]!;
    const xj = ring[j]!;
    const yj = ring[j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

/** The face of `g` whose polygon contains a point (−1 for none), for any mesh: its faces, not its nodes. */
export function meshFaceLookup(g: MeshGeometry): MeshLookup {
  const { faces } = g;
  const ringAt = new Int32Array(faces + 1);
  const box = new Float64Array(faces * 4);
  const parts: number[] = [];
  for (let k = 0; k < faces; k++) {
    const ring = planarRing(g.lon, g.lat, g.offsets[k]!, g.offsets[k + 1]!);
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    if (ring) {
      let lo = Infinity;
      for (const p of ring) lo = Math.min(lo, p[0]!);
      // Shifted whole turns so that its west edge is in [−180, 180).
      const shift = -360 * Math.floor((lo + 180) / 360);
      for (const [x = 0, y = 0] of ring) {
        parts.push(x + shift, y);
        [x0, x1, y0, y1] = [Math.min(x0, x + shift), Math.max(x1, x + shift), Math.min(y0, y), Math.max(y1, y)];
      }
    }
    ringAt[k + 1] = parts.length;
    box.set([x0, y0, x1, y1], k * 4);
  }
  const rings = Float64Array.from(parts);
  // Buckets of about one average cell (never more than 4096 × 2048).
  // A whole number of buckets round the globe, so that x and x + 360 fall in the same one.
  const nx = Math.ceil(360 / Math.min(30, Math.max(360 / 4096, Math.sqrt(41253 / Math.max(1, faces)))));
  const side = 360 / nx;
  const ny = Math.ceil(180 / side);
  const bx = (x: number) => Math.floor((x + 180) / side);
  const by = (y: number) => Math.min(ny - 1, Math.max(0, Math.floor((y + 90) / side)));
  const each = (k: number, f: (bucket: number) => void) => {
    if (ringAt[k + 1]! === ringAt[k]!) return;
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = box.subarray(k * 4, k * 4 + 4);
    // A hair wider: rounding at a bucket's edge never loses a polygon.
    const i0 = bx(x0 - 1e-9);
    const i1 = Math.min(bx(x1 + 1e-9), i0 + nx - 1);
    for (let j = by(y0 - 1e-9); j <= by(y1 + 1e-9); j++)
      for (let i = i0; i <= i1; i++) f(j * nx + (((i % nx) + nx) % nx));
  };
  const start = new Int32Array(nx * ny + 1);
  for (let k = 0; k < faces; k++) each(k, (b) => start[b + 1]!++);
  for (let b = 0; b < nx * ny; b++) start[b + 1]! += start[b]!;
  const fill = start.slice(0, nx * ny);
  const list = new Int32Array(start[nx * ny]!);
  for (let k = 0; k < faces; k++) each(k, (b) => (list[fill[b]!++] = k));

  return (lon, lat) => {
    if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lat) > 90) return -1;
    const x = lon - 360 * Math.floor((lon + 180) / 360);
    const b = by(lat) * nx + bx(x);
    for (let s = start[b]!; s < start[b + 1]!; s++) {
      const k = list[s]!;
      for (const q of [x, x + 360]) {
        if (q < box[k * 4]! || q > box[k * 4 + 2]! || lat < box[k * 4 + 1]! || lat > box[k * 4 + 3]!) continue;
        if (inside(rings, ringAt[k]!, ringAt[k + 1]!, q, lat)) return k;
      }
    }
    return -1;
  };
}

const R = Math.PI / 180;

/** The node of face `k`'s vertex nearest (lon, lat) by great-circle distance (−1 without nodes). */
export function nearestNode(g: MeshGeometry, k: number, lon: number, lat: number): number {
  let best = -1;
  let bestD = Infinity;
  for (let i = g.offsets[k]!; i < g.offsets[k + 1]!; i++) {
    const d =
      Math.sin(((g.lat[i]! - lat) * R) / 2) ** 2 +
      Math.cos(g.lat[i]! * R) * Math.cos(lat * R) * Math.sin(((g.lon[i]! - lon) * R) / 2) ** 2;
    if (d < bestD) [bestD, best] = [d, g.nodes?.[i] ?? -1];
  }
  return best;
}

/**
 * Builds the lookup of a mesh (once per mesh: a worker caches it by the grid's key): the containing face, or for
 * node-located data the containing face's nearest node.
 */
export function meshLookup(g: MeshGeometry): MeshLookup {
  const face = meshFaceLookup(g);
  if (!g.nodes) return face;
  return (lon, lat) => {
    const k = face(lon, lat);
    return k < 0 ? -1 : nearestNode(g, k, lon, lat);
  };
}
