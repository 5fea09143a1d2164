/**
 * Reads a mesh's arrays through the dataset (whole, decoded: NaN where masked) and builds its polygons, with the
 * coordinates of each data cell for the hover (the file's face centres or nodes, else the polygon's centre).
 */
import { buildMesh, faceCentre, type MeshArrays } from './build';
import { buildEdgeMesh } from './edges';
import type { MeshGeometry, MeshProblem, MeshSpec } from './types';

/** Reads a whole variable, decoded, NaN where masked. */
export type ReadArray = (path: string) => Promise<ArrayLike<number>>;

export interface LoadedMesh {
  readonly geometry: MeshGeometry;
  /** The metadata's problems and those of the faces left out. */
  readonly problems: readonly MeshProblem[];
  /** [lon, lat] of a data cell (face or node) in degrees. */
  centre(cell: number): [number, number];
}

function paths(spec: MeshSpec): string[] {
  const v = spec.vertices;
  const out = v.form === 'bounds' ? [v.lon, v.lat] : [v.nodeLon, v.nodeLat, v.connectivity, v.count ?? ''];
  if (spec.centres) out.push(spec.centres.lon, spec.centres.lat);
  if (spec.edges) out.push(spec.edges.connectivity, spec.edges.faces?.path ?? '');
  return [...new Set(out.filter(Boolean))];
}

/** Reads and builds the mesh of `spec`. */
export async function loadMesh(spec: MeshSpec, read: ReadArray): Promise<LoadedMesh> {
  const list = paths(spec);
  const arrays: MeshArrays = new Map(await Promise.all(list.map(async (p) => [p, await read(p)] as const)));
  const built = spec.location === 'edge' ? buildEdgeMesh(spec, arrays) : buildMesh(spec, arrays);
  const c = spec.centres;
  const cLon = c ? arrays.get(c.lon) : undefined;
  const cLat = c ? arrays.get(c.lat) : undefined;
  const kl = c ? (spec.toDegrees[c.lon] ?? 1) : 1;
  const kb = c ? (spec.toDegrees[c.lat] ?? 1) : 1;
  const centre = (k: number): [number, number] =>
    cLon && cLat ? [Number(cLon[k]) * kl, Number(cLat[k]) * kb] : faceCentre(built.geometry, k);
  return { geometry: built.geometry, problems: [...spec.problems, ...built.problems], centre };
}
