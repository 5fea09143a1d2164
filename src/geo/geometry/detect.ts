/**
 * Finds a data variable's CF simple geometry (CF 1.8 §7.5: its `geometry` attribute names a container variable
 * with `geometry_type`, `node_coordinates`, `node_count`, `part_node_count`, `interior_ring`), from the metadata
 * alone (it runs on the start page: no reads). The Map draws it with `loadGeometries` (load.ts).
 *
 * @example
 * const r = findGeometry(ds.model, tas); // tas(instance, time), geometry "geometry_container"
 * r.kind === 'geometry' && r.spec.geometryType; // 'polygon'
 */
import { textAttribute } from '../../cf/attributes';
import { ancestors, findGroup, resolveVariable } from '../../cf/coordinates';
import { namesAlong } from '../../cf/dsg';
import { parentPath } from '../../model/find';
import type { Dataset, Variable } from '../../model/types';
import { parseGridMapping } from '../grid-mapping/parse';
import type { GridMapping } from '../grid-mapping/types';
import { unitScale } from '../grid-mapping/units';
import type { GeometryResult, GeometryType } from './types';

const TYPES: readonly GeometryType[] = ['point', 'line', 'polygon'];
const ID_ROLES = new Set(['timeseries_id', 'profile_id', 'trajectory_id']);

const attr = (v: Variable, name: string) => textAttribute(v.attributes, name)?.trim() ?? '';
const problem = (message: string): GeometryResult => ({ kind: 'problem', message });

function isLon(v: Variable): boolean {
  return attr(v, 'standard_name') === 'longitude' || /^degrees?_?e(ast)?$/i.test(attr(v, 'units'));
}
function isLat(v: Variable): boolean {
  return attr(v, 'standard_name') === 'latitude' || /^degrees?_?n(orth)?$/i.test(attr(v, 'units'));
}
function isX(v: Variable): boolean {
  return isLon(v) || attr(v, 'axis').toUpperCase() === 'X' || attr(v, 'standard_name') === 'projection_x_coordinate';
}
function isY(v: Variable): boolean {
  return isLat(v) || attr(v, 'axis').toUpperCase() === 'Y' || attr(v, 'standard_name') === 'projection_y_coordinate';
}

/** The simple geometry of data variable `v` (`none` when it has no `geometry` attribute). */
export function findGeometry(ds: Dataset, v: Variable): GeometryResult {
  const name = attr(v, 'geometry');
  if (!name || v.dimensions.length === 0) return { kind: 'none' };
  const group = parentPath(v.path);
  const resolve = (n: string) => resolveVariable(ds, group, n);
  const c = resolve(name);
  if (!c) return problem(`${v.path} names geometry "${name}", which is not a variable of the file.`);
  const type = attr(c, 'geometry_type').toLowerCase() as GeometryType;
  if (!TYPES.includes(type)) {
    return problem(
      `${c.path} (the geometry of ${v.path}) has geometry_type "${attr(c, 'geometry_type')}": CF knows point, line and polygon.`,
    );
  }
  const coords = attr(c, 'node_coordinates').split(/\s+/).filter(Boolean);
  if (coords.length < 2) {
    return problem(
      `${c.path} names ${coords.length} node_coordinates ("${attr(c, 'node_coordinates')}"): x and y are needed.`,
    );
  }
  const nodes: Variable[] = [];
  for (const n of coords) {
    const nv = resolve(n);
    if (!nv) return problem(`${c.path} names node coordinate "${n}", which is not a variable of the file.`);
    if (nv.dimensions.length !== 1) return problem(`${nv.path}, a node coordinate of ${c.path}, is not 1-D.`);
    nodes.push(nv);
  }
  const x = nodes.find(isX) ?? nodes[0]!;
  const y = nodes.find((n) => n !== x && isY(n)) ?? nodes.find((n) => n !== x)!;
  if (x.dimensions[0]?.name !== y.dimensions[0]?.name || x.shape[0] !== y.shape[0]) {
    return problem(`${c.path}: its node coordinates ${x.path} and ${y.path} are not along the same node dimension.`);
  }
  const linked = (key: string): Variable | null | string => {
    const n = attr(c, key);
    if (!n) return null;
    return resolve(n) ?? `${c.path} names ${key} "${n}", which is not a variable of the file.`;
  };
  const nodeCount = linked('node_count');
  const partNodeCount = linked('part_node_count');
  const interiorRing = linked('interior_ring');
  for (const l of [nodeCount, partNodeCount, interiorRing]) if (typeof l === 'string') return problem(l);
  const nc = nodeCount as Variable | null;
  if (!nc && type !== 'point') return problem(`${c.path} is a ${type} geometry without node_count.`);
  const instanceDim = nc ? nc.dimensions[0]?.name : x.dimensions[0]?.name;
  const mapDim = v.dimensions.findIndex((d) => d.name === instanceDim);
  if (!instanceDim || mapDim < 0) {
    return problem(
      `${v.path}(${v.dimensions.map((d) => d.name).join(', ')}) is not along the instance dimension ${instanceDim ?? '(none)'} of its geometry ${c.path}.`,
    );
  }
  const scope = ancestors(group).flatMap((p) => findGroup(ds, p)?.variables ?? []);
  const dim = v.dimensions[mapDim]!;
  const ids = scope.find(
    (s) =>
      ID_ROLES.has(attr(s, 'cf_role').toLowerCase()) &&
      s.dimensions[0]?.name === instanceDim &&
      (s.dimensions.length === 1 || (s.type === 'char' && s.dimensions.length === 2)),
  );
  const names = scope.find((s) => s !== ids && namesAlong(s, dim) && attr(s, 'cf_role') === '');
  const gm = attr(c, 'grid_mapping') || attr(v, 'grid_mapping');
  const gmv = gm ? resolve(gm) : undefined;
  const lonLat = isLon(x) && isLat(y);
  let mapping: GridMapping | null = null;
  let scale = 1;
  if (!lonLat) {
    const nodesAre = `${c.path}: its nodes ${x.path}/${y.path} are not longitude/latitude`;
    if (!gmv) {
      const named = gm ? `names grid_mapping "${gm}", which is not a variable of the file` : 'names no grid_mapping';
      return problem(`${nodesAre} and it ${named}: the geometries cannot be placed on the Map.`);
    }
    const parsed = parseGridMapping(gmv.path, gmv.attributes);
    if (!parsed.ok) return problem(`${nodesAre}, and ${parsed.problem.message}`);
    const units = attr(x, 'units');
    mapping = parsed.mapping;
    // A geostationary x/y in metres is the projection's own, as for grids (grid-mapping/find.ts).
    if (mapping.angular && unitScale(units, 'angle') === null && unitScale(units, 'length') !== null)
      mapping = { ...mapping, angular: false };
    const kind = mapping.angular ? 'angle' : mapping.degrees ? 'degrees' : 'length';
    const s = unitScale(units, kind);
    if (s === null)
      return problem(
        `${x.path}: units "${units}" are not ${kind === 'length' ? 'a length' : kind} as grid mapping ${gmv.path} needs.`,
      );
    scale = s;
  }
  return {
    kind: 'geometry',
    spec: {
      geometryType: type,
      variable: v.path,
      container: c.path,
      instanceDim,
      mapDim,
      instances: dim.length,
      x: x.path,
      y: y.path,
      lonLat,
      nodeCount: nc?.path ?? null,
      partNodeCount: (partNodeCount as Variable | null)?.path ?? null,
      interiorRing: (interiorRing as Variable | null)?.path ?? null,
      gridMapping: gmv?.path ?? null,
      mapping,
      scale,
      ids: ids?.path ?? null,
      names: names?.path ?? null,
    },
  };
}
