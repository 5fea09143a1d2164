/**
 * What the Map reads to draw a simple geometry container (loaded with the map's core, map-core.ts): the node
 * coordinates, node and part counts, interior rings and the instances' ids and names, whole, through the dataset's
 * readers, then built (build.ts). A read that fails is a `GeometryError` naming the variable, its cause kept.
 */
import { mappingTransform } from '../grid-mapping/transform';
import { buildGeometries } from './build';
import { GeometryError, type Geometries, type GeometrySpec } from './types';

/** Reads a whole numeric variable (NaN where masked). */
export type ReadArray = (path: string) => Promise<ArrayLike<number>>;
/** Reads a whole text variable (or a numeric one as its texts). */
export type ReadText = (path: string) => Promise<readonly string[]>;

async function reading<T>(path: string, read: (p: string) => Promise<T>): Promise<T> {
  try {
    return await read(path);
  } catch (e) {
    throw new GeometryError(`${path} could not be read to draw the geometries: ${String(e)}`, { cause: e });
  }
}

/** Reads what `spec` needs and builds its geometries. */
export async function loadGeometries(spec: GeometrySpec, read: ReadArray, readText: ReadText): Promise<Geometries> {
  const [x, y, nodeCount, partNodeCount, interiorRing, ids, names] = await Promise.all([
    reading(spec.x, read),
    reading(spec.y, read),
    spec.nodeCount ? reading(spec.nodeCount, read) : null,
    spec.partNodeCount ? reading(spec.partNodeCount, read) : null,
    spec.interiorRing ? reading(spec.interiorRing, read) : null,
    spec.ids ? reading(spec.ids, readText) : null,
    spec.names ? reading(spec.names, readText) : null,
  ]);
  const [lon, lat] = spec.mapping ? toLonLat(spec, x, y) : [x, y];
  return buildGeometries(spec, { x: lon, y: lat, nodeCount, partNodeCount, interiorRing, ids, names });
}

/** Projected nodes as longitude/latitude through the container's grid mapping (NaN where none is on the earth). */
function toLonLat(spec: GeometrySpec, x: ArrayLike<number>, y: ArrayLike<number>): [Float64Array, Float64Array] {
  const t = mappingTransform(spec.mapping!, spec.scale);
  const lon = new Float64Array(x.length);
  const lat = new Float64Array(x.length);
  for (let k = 0; k < x.length; k++) [lon[k], lat[k]] = t.inverse(x[k]!, y[k] ?? NaN);
  return [lon, lat];
}
