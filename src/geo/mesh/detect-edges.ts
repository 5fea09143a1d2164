/**
 * The edges of a UGRID mesh topology from the metadata: `edge_node_connectivity` (edges × 2 node indices, either
 * dimension order, `start_index` 0 or 1) and, when given, `edge_face_connectivity` (edges × 2 faces, filled on the
 * boundary). Used for edge-located data (`location = "edge"`).
 */
import { numericAttribute, textAttribute } from '../../cf/attributes';
import { resolveVariable } from '../../cf/coordinates';
import type { Dataset, Variable } from '../../model/types';
import type { MeshResult } from './detect';
import type { MeshEdges, MeshProblemKind } from './types';

const MAX_EDGES = 150_000_000;

const fail = (kind: MeshProblemKind, message: string): MeshResult => ({
  kind: 'problem',
  mesh: 'ugrid',
  problems: [{ kind, message }],
});

/** A (n, 2) or (2, n) connectivity: its length along n, whether it is (2, n), its start index. */
function pairs(v: Variable, dimension: string): { n: number; transposed: boolean; start: number } | null {
  if (v.shape.length !== 2) return null;
  const transposed = v.dimensions[1]?.name === dimension && v.dimensions[0]?.name !== dimension;
  const [n = 0, two = 0] = transposed ? [v.shape[1], v.shape[0]] : v.shape;
  if (two !== 2) return null;
  const start = Number(numericAttribute(v.attributes, 'start_index')?.values[0] ?? 0);
  return { n, transposed, start };
}

/** The edges of `topo` (in group `tg`), or the problem that stops edge data from being drawn. */
export function edgeSpec(ds: Dataset, topo: Variable, tg: string): MeshEdges | MeshResult {
  const name = textAttribute(topo.attributes, 'edge_node_connectivity')?.trim() ?? '';
  const conn = name ? resolveVariable(ds, tg, name) : undefined;
  if (!conn)
    return fail(
      'missing-variable',
      `${topo.name}:edge_node_connectivity does not name a variable (edge data needs it).`,
    );
  const dimension = textAttribute(topo.attributes, 'edge_dimension')?.trim() || (conn.dimensions[0]?.name ?? '');
  const p = pairs(conn, dimension);
  if (!p) return fail('bad-shape', `${conn.name} must be (edges, 2) node indices.`);
  if (p.n > MAX_EDGES)
    return fail('too-many-cells', `${conn.name} claims ${p.n} edges, more than the ${MAX_EDGES} the map reads.`);
  if (p.start !== 0 && p.start !== 1)
    return fail('bad-start-index', `${conn.name}:start_index is ${p.start}: UGRID allows 0 or 1.`);
  const efName = textAttribute(topo.attributes, 'edge_face_connectivity')?.trim() ?? '';
  const ef = efName ? resolveVariable(ds, tg, efName) : undefined;
  const q = ef ? pairs(ef, dimension) : null;
  const faces =
    ef && q && q.n === p.n && (q.start === 0 || q.start === 1)
      ? { path: ef.path, transposed: q.transposed, startIndex: q.start }
      : undefined;
  return {
    count: p.n,
    dimension,
    connectivity: conn.path,
    transposed: p.transposed,
    startIndex: p.start,
    faces,
  };
}
