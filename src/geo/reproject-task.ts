/**
 * A reprojection as the decode workers run it (task kind `reproject` of the pool): the grid's geometry, the
 * projection, the visible part of the projection's frame and the output size → the cell index of every pixel.
 * This module pulls in d3: the workers import it on the first reprojection only.
 */
import { checkedInvert, zoomedProjection, type ProjectionSpec } from './projection';
import { gridLookup, reprojectCells, type GridGeometry, type GridLookup, type Invert } from './reproject';

export interface ReprojectTask {
  readonly grid: GridGeometry;
  readonly spec: ProjectionSpec;
  /** The visible rectangle `[x0, y0, x1, y1]` of the projection's `spec.width` × `spec.height` frame (zoom). */
  readonly extent?: readonly [number, number, number, number] | undefined;
  /** Output size in pixels; default `spec.width` × `spec.height`. */
  readonly size?: readonly [number, number] | undefined;
  /** Names the grid's geometry (same key, same coordinates), so its spatial index is built once per worker. */
  readonly gridKey?: string | undefined;
}

const lookups = new Map<string, GridLookup>();

function lookupFor(task: ReprojectTask): GridLookup {
  if (task.gridKey === undefined) return gridLookup(task.grid);
  let l = lookups.get(task.gridKey);
  if (!l) {
    l = gridLookup(task.grid);
    lookups.set(task.gridKey, l);
    if (lookups.size > 4) lookups.delete(lookups.keys().next().value as string);
  }
  return l;
}

/** The inverse projection of an output pixel of `size` showing `extent` of the frame (checked to half a pixel). */
export function extentInvert(
  spec: ProjectionSpec,
  extent: readonly [number, number, number, number] | undefined,
  size: readonly [number, number],
): Invert {
  return checkedInvert(zoomedProjection(spec, extent, size));
}

/** Runs a reprojection task: the cell index (row-major in the grid, −1 none) of each output pixel. */
export function runReproject(task: ReprojectTask): Int32Array {
  const size = task.size ?? [task.spec.width, task.spec.height];
  return reprojectCells(lookupFor(task), extentInvert(task.spec, task.extent, size), size[0], size[1]);
}
