/**
 * A reprojection as the decode workers run it (task kind `reproject` of the pool): the grid's geometry, the
 * projection, the visible part of the projection's frame and the output size → the cell index of every pixel
 * (node-located mesh data: and its triangle and weights).
 * This module pulls in d3: the workers import it on the first reprojection only.
 */
import { checkedInvert, zoomedProjection, type ProjectionSpec } from './projection';
import { isNodeMesh, nodeLookup, reprojectNodes, type NodeLookup } from './mesh/node-image';
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

const lookups = new Map<string, GridLookup | NodeLookup>();

/** The grid's lookup, built once per grid key (the last 4 kept). */
function cached<T extends GridLookup | NodeLookup>(task: ReprojectTask, tag: string, make: () => T): T {
  if (task.gridKey === undefined) return make();
  const key = `${tag}|${task.gridKey}`;
  let l = lookups.get(key) as T | undefined;
  if (!l) {
    l = make();
    lookups.set(key, l);
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

/**
 * Runs a reprojection task: the cell index (row-major in the grid, −1 none) of each output pixel; for node-located
 * mesh data followed by each pixel's triangle and weights (`mesh/node-image.ts`).
 */
export function runReproject(task: ReprojectTask): Int32Array {
  const size = task.size ?? [task.spec.width, task.spec.height];
  const invert = extentInvert(task.spec, task.extent, size);
  const { grid } = task;
  if (isNodeMesh(grid))
    return reprojectNodes(
      cached(task, 'nodes', () => nodeLookup(grid)),
      invert,
      size[0],
      size[1],
    );
  return reprojectCells(
    cached(task, 'cells', () => gridLookup(grid)),
    invert,
    size[0],
    size[1],
  );
}
