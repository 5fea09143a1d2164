/**
 * What the Map reads for a reduced Gaussian grid once it is open: an O grid by its name alone (its rings are
 * computed), an N grid by its name and `pl`, any other from its per-point latitude/longitude (rings are the runs of
 * one latitude). The rings must hold as many points as the variable has cells.
 */
import { MetadataError } from '../../errors';
import type { GaussianGridRef } from './detect';
import { gaussianPoint } from './lookup';
import { namedGrid, pointCount, ringsOfPoints, type ReducedGaussian } from './rings';

/** Reads a whole 1-D variable's values. */
export type ReadArray = (path: string) => Promise<ArrayLike<number>>;

export interface LoadedGaussian {
  readonly geometry: ReducedGaussian;
  readonly problems: readonly { readonly kind: string; readonly message: string }[];
  /** [lon, lat] of data cell `k` in degrees. */
  centre(cell: number): [number, number];
}

/** The rings of the grid's name (checked against `cells` before its latitudes are computed), else of its points. */
async function rings(ref: GaussianGridRef, read: ReadArray, cells: number): Promise<ReducedGaussian | null> {
  if (ref.name?.startsWith('O')) {
    const g = namedGrid(ref.name, undefined, cells);
    if (g || !ref.latPath || !ref.lonPath) return g;
  } else if (ref.name && ref.plPath) {
    const g = namedGrid(ref.name, await read(ref.plPath), cells);
    if (g) return g;
  }
  // No name, or one that does not fit the points: the points as written.
  if (!ref.latPath || !ref.lonPath) return null;
  const [lat, lon] = await Promise.all([read(ref.latPath), read(ref.lonPath)]);
  return ringsOfPoints(lat, lon);
}

/** The grid's rings, as many points as `cells` (default: the variable's cell dimension). */
export async function loadGaussian(ref: GaussianGridRef, read: ReadArray, cells = ref.cells): Promise<LoadedGaussian> {
  const g = await rings(ref, read, cells);
  if (!g || pointCount(g) !== cells)
    throw new MetadataError(
      `The reduced Gaussian grid${ref.name ? ` ${ref.name}` : ''} does not give ${cells} points ring after ring`,
    );
  const geometry = g;
  return { geometry, problems: [], centre: (k) => gaussianPoint(geometry, k) };
}
