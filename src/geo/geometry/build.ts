/**
 * Builds the shapes of a simple geometry container from its arrays (CF 1.8 §7.5): the nodes cut into geometries by
 * `node_count`, each geometry into parts by `part_node_count`, a polygon's parts marked as holes by
 * `interior_ring`. Counts that do not add up, rings of the wrong length and node coordinates of different lengths
 * are a `GeometryError` naming the variable; nothing is dropped silently.
 */
import { GeometryError, type GeometryPart, type Geometries, type GeometrySpec } from './types';

export interface GeometryArrays {
  readonly x: ArrayLike<number>;
  readonly y: ArrayLike<number>;
  readonly nodeCount: ArrayLike<number> | null;
  readonly partNodeCount: ArrayLike<number> | null;
  readonly interiorRing: ArrayLike<number> | null;
  readonly ids: readonly string[] | null;
  readonly names: readonly string[] | null;
}

const sum = (a: ArrayLike<number>) => Array.from(a).reduce((s, v) => s + v, 0);

function counts(a: ArrayLike<number>, path: string): ArrayLike<number> {
  for (let i = 0; i < a.length; i++) {
    const v = a[i]!;
    if (!Number.isInteger(v) || v < 0) {
      throw new GeometryError(`${path}[${i}] is ${v}: node counts are whole numbers ≥ 0.`);
    }
  }
  return a;
}

/** The geometries of `spec` from its arrays, or a `GeometryError` saying what does not add up. */
export function buildGeometries(spec: GeometrySpec, a: GeometryArrays): Geometries {
  const nodes = a.x.length;
  if (a.y.length !== nodes) {
    throw new GeometryError(
      `${spec.container}: its node coordinates ${spec.x} (${nodes}) and ${spec.y} (${a.y.length}) differ in length.`,
    );
  }
  const n = spec.instances;
  const perGeometry = a.nodeCount ? counts(a.nodeCount, spec.nodeCount!) : Array.from({ length: nodes }, () => 1);
  if (perGeometry.length !== n) {
    throw new GeometryError(
      `${spec.nodeCount ?? spec.x} has ${perGeometry.length} values for ${n} geometries (${spec.instanceDim}).`,
    );
  }
  const total = sum(perGeometry);
  if (total !== nodes) {
    throw new GeometryError(
      `${spec.nodeCount ?? spec.x}: the node counts add up to ${total}, but ${spec.x} has ${nodes} nodes (geometry ${spec.container}).`,
    );
  }
  const perPart = a.partNodeCount ? counts(a.partNodeCount, spec.partNodeCount!) : perGeometry;
  if (a.partNodeCount && sum(perPart) !== total) {
    throw new GeometryError(
      `${spec.partNodeCount}: the part node counts add up to ${sum(perPart)}, but ${spec.nodeCount} adds up to ${total} (geometry ${spec.container}).`,
    );
  }
  if (a.interiorRing && a.interiorRing.length !== perPart.length) {
    throw new GeometryError(
      `${spec.interiorRing} has ${a.interiorRing.length} values for ${perPart.length} parts (${spec.partNodeCount ?? spec.nodeCount}).`,
    );
  }
  const shapes: GeometryPart[][] = [];
  let node = 0;
  let part = 0;
  for (let g = 0; g < n; g++) {
    const end = node + perGeometry[g]!;
    const parts: GeometryPart[] = [];
    while (node < end) {
      const size = perPart[part];
      if (size === undefined || node + size > end) {
        throw new GeometryError(
          `${spec.partNodeCount}: part ${part} (${size ?? 'none'} nodes) crosses the end of geometry ${g} (${perGeometry[g]} nodes in ${spec.nodeCount}).`,
        );
      }
      const xy = new Float64Array(size * 2);
      for (let k = 0; k < size; k++) {
        xy[2 * k] = a.x[node + k]!;
        xy[2 * k + 1] = a.y[node + k]!;
      }
      const hole = spec.geometryType === 'polygon' && (a.interiorRing?.[part] ?? 0) === 1;
      if (hole && parts.length === 0) {
        throw new GeometryError(
          `${spec.interiorRing}: part ${part}, the first of geometry ${g}, is a hole without an exterior ring.`,
        );
      }
      parts.push({ xy, hole });
      node += size;
      part++;
    }
    shapes.push(parts);
  }
  const missing = [];
  for (let k = 0; k < nodes; k++) if (!Number.isFinite(a.x[k]!) || !Number.isFinite(a.y[k]!)) missing.push(k);
  if (missing.length > 0) {
    throw new GeometryError(
      `${spec.container}: ${missing.length} of ${nodes} nodes have no ${spec.x}/${spec.y} value${spec.mapping ? ' on the earth' : ''} (node ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}).`,
    );
  }
  const labels = Array.from({ length: n }, (_, i) => {
    const id = a.ids?.[i]?.trim() ?? '';
    const name = a.names?.[i]?.trim() ?? '';
    const both = [id, name !== id ? name : ''].filter((s) => s !== '').join(' ');
    return `${spec.instanceDim} ${i}${both ? ` (${both})` : ''}`;
  });
  return { geometryType: spec.geometryType, shapes, labels };
}
