/**
 * What the Map reads to draw a discrete sampling geometry (loaded with the map's core, map-core.ts): the
 * latitude/longitude, the ragged array's counts or indices, the instances' ids and names and the elements' time
 * and depth, whole, through the
 * dataset's readers, then placed (place.ts). A read that fails is a `DsgError` naming the variable, its cause kept.
 */
import { placeDsg, type DsgPlacement } from './place';
import { DsgError, type DsgSpec } from './types';

/** Reads a whole numeric variable (NaN where masked). */
export type ReadArray = (path: string) => Promise<ArrayLike<number>>;
/** Reads a whole text variable (a `char` array as strings of its last dimension; other types as their texts). */
export type ReadText = (path: string) => Promise<readonly string[]>;

async function reading<T>(path: string, read: (p: string) => Promise<T>): Promise<T> {
  try {
    return await read(path);
  } catch (e) {
    throw new DsgError(`${path} could not be read to place the features: ${String(e)}`, { cause: e });
  }
}

/** Reads what `spec` needs and places its marks. */
export async function loadDsg(spec: DsgSpec, read: ReadArray, readText: ReadText): Promise<DsgPlacement> {
  const [lat, lon, ragged, ids, names, profileIndex, time, z] = await Promise.all([
    reading(spec.latitude, read),
    reading(spec.longitude, read),
    spec.ragged ? reading(spec.ragged, read) : null,
    spec.ids ? reading(spec.ids, readText) : null,
    spec.names ? reading(spec.names, readText) : null,
    spec.profileIndex ? reading(spec.profileIndex, read) : null,
    spec.time ? reading(spec.time.path, read) : null,
    spec.z ? reading(spec.z.path, read) : null,
  ]);
  return placeDsg(spec, { lat, lon, ragged, ids, names, profileIndex, time, z });
}
