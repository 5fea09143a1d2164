/**
 * A mesh's arrays (as read and decoded: NaN where masked or filled) → one polygon per face in degrees, and the
 * typed problems of the faces left out: a connectivity index out of range, a fill value followed by a valid index,
 * fewer than 3 valid vertices, a vertex with no valid coordinates. Every well-formed face is kept.
 */
import type { MeshGeometry, MeshProblem, MeshProblemKind, MeshSpec } from './types';

/** Decoded arrays by variable path, row-major, NaN for a masked (fill) value. */
export type MeshArrays = ReadonlyMap<string, ArrayLike<number>>;

export interface BuiltMesh {
  readonly geometry: MeshGeometry;
  readonly problems: readonly MeshProblem[];
}

const MESSAGES: Readonly<Record<MeshProblemKind, string>> = {
  'missing-variable': 'a variable the mesh needs is missing',
  'bad-shape': 'arrays whose shape does not fit the cells',
  'too-many-cells': 'more cells than the map reads',
  'bad-start-index': 'a start_index other than 0 or 1',
  'index-out-of-range': 'a connectivity index outside the nodes',
  'fill-inside-face': 'a fill value followed by a valid vertex',
  'too-few-vertices': 'fewer than 3 valid vertices',
  'bad-coordinates': 'a vertex without a valid longitude/latitude',
  'edge-to-itself': 'an edge joining a node to itself',
  'edge-filled': 'an edge with a fill value for a node',
  'edge-without-face': 'an edge that borders no face',
};

export function tally() {
  const seen = new Map<MeshProblemKind, { cells: number; first: number }>();
  return {
    add(kind: MeshProblemKind, face: number) {
      const t = seen.get(kind);
      if (t) t.cells++;
      else seen.set(kind, { cells: 1, first: face });
    },
    problems(what: string): MeshProblem[] {
      return [...seen].map(([kind, { cells, first }]) => ({
        kind,
        cells,
        first,
        message: `${cells} ${cells === 1 ? 'cell' : 'cells'} of ${what} not drawn: ${MESSAGES[kind]} (the first: cell ${first}).`,
      }));
    },
  };
}

function need(arrays: MeshArrays, path: string): ArrayLike<number> {
  const a = arrays.get(path);
  if (!a) throw new Error(`the mesh array ${path} was not read`);
  return a;
}

/** Builds the polygons of `spec` from its arrays. */
export function buildMesh(spec: MeshSpec, arrays: MeshArrays): BuiltMesh {
  const { faces, maxVertices: nv, vertices: vx } = spec;
  const problems = tally();
  const offsets = new Int32Array(faces + 1);
  const lon: number[] = [];
  const lat: number[] = [];
  const nodes: number[] = [];
  const node = spec.location === 'node';
  const face: [number, number, number][] = [];
  const push = (k: number) => {
    // Consecutive repeats (a pentagon padded with its last vertex) are one vertex.
    const clean = face.filter((p, i) => {
      const q = face[(i + face.length - 1) % face.length]!;
      return i === 0 ? face.length === 1 || p[0] !== q[0] || p[1] !== q[1] : p[0] !== q[0] || p[1] !== q[1];
    });
    if (clean.length < 3) problems.add('too-few-vertices', k);
    else
      for (const [a, b, n] of clean) {
        lon.push(a);
        lat.push(b);
        nodes.push(n);
      }
    offsets[k + 1] = lon.length;
  };
  const valid = (a: number, b: number) => Number.isFinite(a) && Number.isFinite(b) && Math.abs(b) <= 90 + 1e-9;
  if (vx.form === 'bounds') {
    const bl = need(arrays, vx.lon);
    const bb = need(arrays, vx.lat);
    const kl = spec.toDegrees[vx.lon] ?? 1;
    const kb = spec.toDegrees[vx.lat] ?? 1;
    for (let k = 0; k < faces; k++) {
      face.length = 0;
      // A vertex filled (NaN) is padding after the last one; one with a coordinate that is not one leaves the face out.
      let filled = false;
      let bad: MeshProblemKind | null = null;
      for (let j = 0; j < nv && !bad; j++) {
        const a = Number(bl[k * nv + j]) * kl;
        const b = Number(bb[k * nv + j]) * kb;
        if (Number.isNaN(a) || Number.isNaN(b)) filled = true;
        else if (filled) bad = 'fill-inside-face';
        else if (!valid(a, b)) bad = 'bad-coordinates';
        else face.push([a, Math.max(-90, Math.min(90, b)), -1]);
      }
      if (bad) {
        problems.add(bad, k);
        offsets[k + 1] = lon.length;
      } else push(k);
    }
    return {
      geometry: { kind: 'mesh', faces, offsets, lon: Float64Array.from(lon), lat: Float64Array.from(lat) },
      problems: problems.problems(vx.lon),
    };
  }
  const nl = need(arrays, vx.nodeLon);
  const nb = need(arrays, vx.nodeLat);
  const conn = need(arrays, vx.connectivity);
  const count = vx.count ? need(arrays, vx.count) : null;
  const kl = spec.toDegrees[vx.nodeLon] ?? 1;
  const kb = spec.toDegrees[vx.nodeLat] ?? 1;
  const n = nl.length;
  for (let k = 0; k < faces; k++) {
    face.length = 0;
    const m = count ? Math.min(nv, Math.max(0, Math.floor(Number(count[k])) || 0)) : nv;
    let filled = false;
    let bad: MeshProblemKind | null = null;
    for (let j = 0; j < m && !bad; j++) {
      const raw = Number(vx.transposed ? conn[j * faces + k] : conn[k * nv + j]);
      if (Number.isNaN(raw)) {
        filled = true;
        continue;
      }
      const i = raw - vx.startIndex;
      if (filled) bad = 'fill-inside-face';
      else if (!Number.isInteger(i) || i < 0 || i >= n) bad = 'index-out-of-range';
      else {
        const a = Number(nl[i]) * kl;
        const b = Number(nb[i]) * kb;
        if (!valid(a, b)) bad = 'bad-coordinates';
        else face.push([a, Math.max(-90, Math.min(90, b)), i]);
      }
    }
    if (bad) {
      problems.add(bad, k);
      offsets[k + 1] = lon.length;
    } else push(k);
  }
  const geometry: MeshGeometry = {
    kind: 'mesh',
    faces,
    offsets,
    lon: Float64Array.from(lon),
    lat: Float64Array.from(lat),
    nodes: node ? Int32Array.from(nodes) : undefined,
  };
  return { geometry, problems: problems.problems(vx.connectivity) };
}

/** The centre of face `k` (the mean of its vertices as unit vectors), [lon, lat] in degrees; NaN for none. */
export function faceCentre(g: MeshGeometry, k: number): [number, number] {
  const a = g.offsets[k] ?? 0;
  const b = g.offsets[k + 1] ?? 0;
  if (b <= a) return [NaN, NaN];
  let x = 0;
  let y = 0;
  let z = 0;
  const r = Math.PI / 180;
  for (let i = a; i < b; i++) {
    const lo = g.lon[i]! * r;
    const la = g.lat[i]! * r;
    x += Math.cos(la) * Math.cos(lo);
    y += Math.cos(la) * Math.sin(lo);
    z += Math.sin(la);
  }
  return [Math.atan2(y, x) / r, Math.atan2(z, Math.hypot(x, y)) / r];
}
