/**
 * A HEALPix zoom-level pyramid: the same variable at several nside, as the hackathon outputs write it (groups
 * `zoom_0` … `zoom_10`, or `z0` …, each holding the variable and its `crs`) or as a declared multiscale pyramid
 * whose levels are HEALPix. The map picks the level the screen needs with the image pyramids' rule
 * (app/display/tile-plan.ts `chooseLevel`): the coarsest level that still has a cell for (nearly) every screen
 * pixel across the view, the finest when none coarser does.
 */
import { findGroup, findVariable } from '../../cf/coordinates';
import type { Dataset, Variable } from '../../model/types';
import { healpixGrid, type HealpixGrid } from './detect';
import { ang2pix, pix2ang } from './pixel';

export interface HealpixLevel {
  /** The level's variable. */
  readonly path: string;
  readonly grid: HealpixGrid;
}

const ZOOM = /^(?:zoom_?|z)(\d+)$/i;
const parentPath = (p: string) => p.slice(0, Math.max(1, p.lastIndexOf('/')));
const nameOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** The levels of `variable`'s pyramid, finest first (the variable alone when it has none). */
export function healpixLevels(dataset: Dataset, variable: Variable): HealpixLevel[] {
  const own = healpixGrid(dataset, variable);
  if (own.kind !== 'grid') return [];
  const candidates: Variable[] = [];
  for (const l of variable.pyramid?.levels ?? []) {
    const v = findVariable(dataset, l.path);
    if (v) candidates.push(v);
  }
  const group = parentPath(variable.path);
  if (candidates.length === 0 && ZOOM.test(nameOf(group)) && group !== '/') {
    const outer = findGroup(dataset, parentPath(group));
    for (const g of outer?.groups ?? []) {
      if (!ZOOM.test(g.name)) continue;
      const v = g.variables.find((x) => x.name === variable.name);
      if (v) candidates.push(v);
    }
  }
  const out: HealpixLevel[] = [{ path: variable.path, grid: own.grid }];
  for (const v of candidates) {
    if (v.path === variable.path) continue;
    const r = healpixGrid(dataset, v);
    if (r.kind === 'grid' && r.grid.indexPath === undefined && !out.some((l) => l.grid.nside === r.grid.nside))
      out.push({ path: v.path, grid: r.grid });
  }
  return out.sort((a, b) => b.grid.nside - a.grid.nside);
}

/** The distance between neighbouring cell centres of an nside, in degrees (√(4π / 12nside²)). */
export function cellDegrees(nside: number): number {
  return (Math.sqrt(Math.PI / 3) / nside) * (180 / Math.PI);
}

/**
 * The level for a view whose screen pixels are `pixelDegrees` apart on the globe (at the centre of the view):
 * the coarsest whose cells are still no larger than a pixel, with 10 % slack; the finest when none is.
 */
export function chooseHealpixLevel<L extends { readonly grid: { readonly nside: number } }>(
  levels: readonly L[],
  pixelDegrees: number,
): L | undefined {
  let best = levels[0];
  for (const l of levels) {
    const fills = cellDegrees(l.grid.nside) * 0.9 <= pixelDegrees;
    if (fills && best && l.grid.nside < best.grid.nside) best = l;
  }
  return best;
}

/**
 * The cell of a level holding the point (`lon`, `lat`) in degrees, and its centre: where the map draws another
 * level than the selected one, the selected level's cell under a click. Null for a point that is not finite.
 */
export function healpixCellAt(
  grid: Pick<HealpixGrid, 'nside' | 'order'>,
  lon: number,
  lat: number,
): { readonly cell: number; readonly centre: [number, number] } | null {
  const scheme = { nside: grid.nside, order: grid.order };
  const cell = ang2pix(scheme, lon, lat);
  return cell < 0 ? null : { cell, centre: pix2ang(scheme, cell) };
}
