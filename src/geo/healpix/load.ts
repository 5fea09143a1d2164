/**
 * What the Map reads for a HEALPix grid once it is open: nothing for a whole sphere (the cells are computed), the
 * cell index coordinate for a variable holding part of it. The geometry goes to the decode workers as it is.
 */
import type { HealpixGrid } from './detect';
import type { HealpixGeometry } from './lookup';
import { pix2ang } from './pixel';

/** Reads a whole 1-D variable's values. */
export type ReadArray = (path: string) => Promise<ArrayLike<number>>;

export interface LoadedHealpix {
  readonly geometry: HealpixGeometry;
  readonly problems: readonly { readonly kind: string; readonly message: string }[];
  /** [lon, lat] of data cell `k` in degrees (its pixel's centre). */
  centre(cell: number): [number, number];
}

export async function loadHealpix(grid: HealpixGrid, read: ReadArray): Promise<LoadedHealpix> {
  const scheme = { nside: grid.nside, order: grid.order };
  if (!grid.indexPath)
    return { geometry: { kind: 'healpix', ...scheme }, problems: [], centre: (k) => pix2ang(scheme, k) };
  const index = Float64Array.from(await read(grid.indexPath), Number);
  const total = 12 * grid.nside * grid.nside;
  const bad = index.filter((p) => !Number.isInteger(p) || p < 0 || p >= total).length;
  const problems = [];
  if (bad)
    problems.push({
      kind: 'index-out-of-range',
      message: `${grid.indexPath}: ${bad} cell indices are not cells of nside ${grid.nside}`,
    });
  // A pixel named twice is drawn with its last cell: the others are named, not dropped silently.
  const repeated = index.length - bad - new Set(index.filter((p) => Number.isInteger(p) && p >= 0 && p < total)).size;
  if (repeated)
    problems.push({
      kind: 'repeated-index',
      message: `${grid.indexPath}: ${repeated} cells repeat the pixel index of another cell (the last one is drawn)`,
    });
  return {
    geometry: { kind: 'healpix', ...scheme, index },
    problems,
    centre: (k) => pix2ang(scheme, index[k] ?? -1),
  };
}
