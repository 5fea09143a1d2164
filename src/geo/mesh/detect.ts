/**
 * Finds the unstructured mesh of a data variable from the metadata alone: CF-UGRID (`mesh` + `location` naming a
 * `cf_role = "mesh_topology"` variable of topology_dimension 2), MPAS (`latCell`/`lonCell`, `verticesOnCell`,
 * `nEdgesOnCell`, `latVertex`/`lonVertex` beside a variable on `nCells`), or ICON-like CF bounds (`coordinates`
 * naming 1-D longitude/latitude over one of its dimensions whose `bounds` give each cell's vertices).
 *
 * @example
 * const r = findMesh(dataset, variable);
 * if (r.kind === 'mesh') r.mesh.kind; // 'icon' | 'ugrid' | 'mpas'
 */
import { numericAttribute, textAttribute } from '../../cf/attributes';
import { resolveVariable } from '../../cf/coordinates';
import { parentPath } from '../../model/find';
import type { Dataset, Variable } from '../../model/types';
import { edgeSpec } from './detect-edges';
import type { MeshEdges, MeshKind, MeshProblem, MeshSpec, MeshVertices } from './types';

/** More faces (or vertices per face) than this are not read: the claim is taken for a malformed file. */
export const MAX_FACES = 50_000_000;
export const MAX_VERTICES_PER_FACE = 64;
/** More nodes than this are not read either (a mesh has about one to two nodes per face). */
export const MAX_NODES = 2 * MAX_FACES;

export type MeshResult =
  | { readonly kind: 'none' }
  | { readonly kind: 'mesh'; readonly mesh: MeshSpec }
  | { readonly kind: 'problem'; readonly mesh: MeshKind; readonly problems: readonly MeshProblem[] };

const NONE: MeshResult = { kind: 'none' };
const RADIANS = /^rad(ian)?s?$/i;

const text = (v: Variable, name: string) => textAttribute(v.attributes, name)?.trim() ?? '';
const words = (s: string) => s.split(/\s+/).filter(Boolean);

/** Factor from a coordinate's units to degrees (radians by `units`, or by default for MPAS). */
function toDegrees(v: Variable, radiansByDefault: boolean): number {
  const u = text(v, 'units');
  if (RADIANS.test(u)) return 180 / Math.PI;
  if (!u && radiansByDefault) return 180 / Math.PI;
  return 1;
}

function which(v: Variable): 'lon' | 'lat' | null {
  const sn = text(v, 'standard_name');
  if (sn === 'longitude') return 'lon';
  if (sn === 'latitude') return 'lat';
  const u = text(v, 'units');
  if (/^degrees?_?(east|e)$/i.test(u)) return 'lon';
  if (/^degrees?_?(north|n)$/i.test(u)) return 'lat';
  if (/lon/i.test(v.name)) return 'lon';
  if (/lat/i.test(v.name)) return 'lat';
  return null;
}

function problem(mesh: MeshKind, kind: MeshProblem['kind'], message: string): MeshResult {
  return { kind: 'problem', mesh, problems: [{ kind, message }] };
}

function tooMany(kind: MeshKind, faces: number, nv: number, what: string): MeshResult | null {
  if (faces > MAX_FACES)
    return problem(kind, 'too-many-cells', `${what} claims ${faces} cells, more than the ${MAX_FACES} the map reads.`);
  if (nv > MAX_VERTICES_PER_FACE || nv < 3)
    return problem(
      kind,
      'bad-shape',
      `${what} gives ${nv} vertices per cell (3 to ${MAX_VERTICES_PER_FACE} are read).`,
    );
  return null;
}

function tooManyNodes(kind: MeshKind, nodes: readonly Variable[]): MeshResult | null {
  const big = nodes.find((n) => (n.shape[0] ?? 0) > MAX_NODES);
  return big
    ? problem(
        kind,
        'too-many-cells',
        `${big.name} claims ${big.shape[0]} nodes, more than the ${MAX_NODES} the map reads.`,
      )
    : null;
}

function ugrid(ds: Dataset, v: Variable, group: string): MeshResult {
  const name = text(v, 'mesh');
  if (!name) return NONE;
  const topo = resolveVariable(ds, group, name);
  if (!topo) return problem('ugrid', 'missing-variable', `mesh names "${name}", which is not a variable.`);
  if (text(topo, 'cf_role') !== 'mesh_topology') return NONE;
  const dimension = Number(numericAttribute(topo.attributes, 'topology_dimension')?.values[0]);
  if (dimension !== 2) return NONE;
  const location = text(v, 'location');
  if (location !== 'face' && location !== 'node' && location !== 'edge') return NONE;
  const tg = parentPath(topo.path);
  const coords = words(text(topo, 'node_coordinates')).map((n) => resolveVariable(ds, tg, n));
  const connName = text(topo, 'face_node_connectivity');
  const conn = connName ? resolveVariable(ds, tg, connName) : undefined;
  if (coords.length < 2 || coords.some((c) => !c))
    return problem('ugrid', 'missing-variable', `${topo.name}:node_coordinates does not name two variables.`);
  if (!conn)
    return problem('ugrid', 'missing-variable', `${topo.name}:face_node_connectivity does not name a variable.`);
  const found = coords as Variable[];
  let lon = found.find((c) => which(c) === 'lon') ?? found[0]!;
  let lat = found.find((c) => c !== lon && which(c) === 'lat') ?? found.find((c) => c !== lon)!;
  if (lon.shape.length !== 1 || lat.shape.length !== 1 || conn.shape.length !== 2)
    return problem('ugrid', 'bad-shape', `${topo.name}: node coordinates must be 1-D, the connectivity 2-D.`);
  const faceDim = text(topo, 'face_dimension') || conn.dimensions[0]?.name;
  const transposed = conn.dimensions[1]?.name === faceDim && conn.dimensions[0]?.name !== faceDim;
  const [faces = 0, nv = 0] = transposed ? [conn.shape[1], conn.shape[0]] : conn.shape;
  const limit = tooMany('ugrid', faces, nv, conn.name) ?? tooManyNodes('ugrid', [lon, lat]);
  if (limit) return limit;
  const start = Number(numericAttribute(conn.attributes, 'start_index')?.values[0] ?? 0);
  const problems: MeshProblem[] = [];
  if (start !== 0 && start !== 1)
    return problem('ugrid', 'bad-start-index', `${conn.name}:start_index is ${start}: UGRID allows 0 or 1.`);
  let edges: MeshEdges | undefined;
  if (location === 'edge') {
    const found = edgeSpec(ds, topo, tg);
    if ('kind' in found) return found;
    edges = found;
  }
  const dimName = edges ? edges.dimension : location === 'face' ? faceDim : lon.dimensions[0]?.name;
  const dim = v.dimensions.findIndex((d) => d.name === dimName);
  if (dim < 0) return problem('ugrid', 'bad-shape', `${v.name} is not on the mesh's ${location} dimension.`);
  if (location === 'node' && v.shape[dim] !== lon.shape[0])
    return problem('ugrid', 'bad-shape', `${v.name} has not one value per node of ${topo.name}.`);
  if (edges && v.shape[dim] !== edges.count)
    return problem(
      'ugrid',
      'bad-shape',
      `${v.name} has not one value per edge of ${topo.name} (${edges.count} edges).`,
    );
  if (location === 'face' && v.shape[dim] !== faces)
    return problem('ugrid', 'bad-shape', `${v.name} has not one value per face of ${topo.name} (${faces} faces).`);
  const centreNames = words(text(topo, 'face_coordinates')).map((n) => resolveVariable(ds, tg, n));
  const fLon = centreNames.find((c) => c && which(c) === 'lon');
  const fLat = centreNames.find((c) => c && which(c) === 'lat');
  const centres = edges
    ? undefined
    : location === 'node'
      ? { lon: lon.path, lat: lat.path }
      : fLon && fLat && fLon.shape[0] === faces && fLat.shape[0] === faces
        ? { lon: fLon.path, lat: fLat.path }
        : undefined;
  if (which(lon) === 'lat' && which(lat) === 'lon') [lon, lat] = [lat, lon];
  const vertices: MeshVertices = {
    form: 'connectivity',
    nodeLon: lon.path,
    nodeLat: lat.path,
    connectivity: conn.path,
    transposed,
    startIndex: start,
  };
  const toDeg: Record<string, number> = { [lon.path]: toDegrees(lon, false), [lat.path]: toDegrees(lat, false) };
  if (centres) {
    toDeg[centres.lon] = toDeg[centres.lon] ?? toDegrees(fLon ?? lon, false);
    toDeg[centres.lat] = toDeg[centres.lat] ?? toDegrees(fLat ?? lat, false);
  }
  const mesh: MeshSpec = {
    kind: 'ugrid',
    name: topo.name,
    dim,
    location,
    faces,
    maxVertices: nv,
    vertices,
    centres,
    toDegrees: toDeg,
    problems,
    edges,
  };
  return { kind: 'mesh', mesh };
}

function mpas(ds: Dataset, v: Variable, group: string): MeshResult {
  const dim = v.dimensions.findIndex((d) => d.name === 'nCells');
  if (dim < 0) return NONE;
  const get = (n: string) => resolveVariable(ds, group, n);
  const [latCell, lonCell, voc, count, latV, lonV] = [
    'latCell',
    'lonCell',
    'verticesOnCell',
    'nEdgesOnCell',
    'latVertex',
    'lonVertex',
  ].map(get);
  if (!latCell || !lonCell) return NONE;
  if (!voc || !count || !latV || !lonV)
    return problem('mpas', 'missing-variable', 'verticesOnCell, nEdgesOnCell, latVertex and lonVertex are needed.');
  const [faces = 0, nv = 0] = voc.shape;
  const limit = tooMany('mpas', faces, nv, voc.name) ?? tooManyNodes('mpas', [latV, lonV]);
  if (limit) return limit;
  if (voc.shape.length !== 2 || faces !== v.shape[dim] || count.shape[0] !== faces)
    return problem('mpas', 'bad-shape', 'verticesOnCell must be (nCells, maxEdges), nEdgesOnCell (nCells).');
  const mesh: MeshSpec = {
    kind: 'mpas',
    name: 'nCells',
    dim,
    location: 'face',
    faces,
    maxVertices: nv,
    vertices: {
      form: 'connectivity',
      nodeLon: lonV.path,
      nodeLat: latV.path,
      connectivity: voc.path,
      transposed: false,
      startIndex: 1,
      count: count.path,
    },
    centres: { lon: lonCell.path, lat: latCell.path },
    toDegrees: {
      [lonV.path]: toDegrees(lonV, true),
      [latV.path]: toDegrees(latV, true),
      [lonCell.path]: toDegrees(lonCell, true),
      [latCell.path]: toDegrees(latCell, true),
    },
    problems: [],
  };
  return { kind: 'mesh', mesh };
}

function bounds(ds: Dataset, v: Variable, group: string): MeshResult {
  const coords = words(text(v, 'coordinates'))
    .map((n) => resolveVariable(ds, group, n))
    .filter((c): c is Variable => c !== undefined && c.shape.length === 1);
  const lon = coords.find((c) => which(c) === 'lon');
  const lat = coords.find((c) => c !== lon && which(c) === 'lat' && c.dimensions[0]?.name === lon?.dimensions[0]?.name);
  if (!lon || !lat) return NONE;
  const dim = v.dimensions.findIndex((d) => d.name === lon.dimensions[0]?.name);
  if (dim < 0) return NONE;
  const bLonName = text(lon, 'bounds');
  const bLatName = text(lat, 'bounds');
  if (!bLonName || !bLatName) return NONE;
  const bLon = resolveVariable(ds, parentPath(lon.path), bLonName);
  const bLat = resolveVariable(ds, parentPath(lat.path), bLatName);
  if (!bLon || !bLat)
    return problem(
      'icon',
      'missing-variable',
      `The bounds ${bLonName} and ${bLatName} of ${lon.name}/${lat.name} are needed.`,
    );
  const [faces = 0, nv = 0] = bLon.shape;
  const limit = tooMany('icon', faces, nv, bLon.name);
  if (limit) return limit;
  if (bLon.shape.length !== 2 || bLat.shape.join() !== bLon.shape.join() || faces !== v.shape[dim])
    return problem(
      'icon',
      'bad-shape',
      `${bLon.name} and ${bLat.name} must be (cells, vertices) over ${v.name}'s cells.`,
    );
  const mesh: MeshSpec = {
    kind: 'icon',
    name: lon.name,
    dim,
    location: 'face',
    faces,
    maxVertices: nv,
    vertices: { form: 'bounds', lon: bLon.path, lat: bLat.path },
    centres: { lon: lon.path, lat: lat.path },
    toDegrees: {
      // Bounds without units take their coordinate's (CF §7.1).
      [bLon.path]: toDegrees(text(bLon, 'units') ? bLon : lon, false),
      [bLat.path]: toDegrees(text(bLat, 'units') ? bLat : lat, false),
      [lon.path]: toDegrees(lon, false),
      [lat.path]: toDegrees(lat, false),
    },
    problems: [],
  };
  return { kind: 'mesh', mesh };
}

/** The mesh a data variable lies on, `none`, or the problem that stops it from being drawn. */
export function findMesh(ds: Dataset, v: Variable): MeshResult {
  const group = parentPath(v.path);
  for (const find of [ugrid, mpas, bounds]) {
    const r = find(ds, v, group);
    if (r.kind !== 'none') return r;
  }
  return NONE;
}
