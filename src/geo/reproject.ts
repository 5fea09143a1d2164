/**
 * Reprojection of a grid to an image: for every output pixel, the inverse projection gives (lon, lat), and the
 * pixel takes the nearest grid cell (−1 outside the globe or the grid). The result is the cell index per pixel,
 * so the values (another time step, another colour scale) are filled in without reprojecting again (node-located
 * mesh data: also the triangle and weights of each pixel, `mesh/node-image.ts`). Pure; the map runs it in the
 * decode workers (`reproject-task.ts`).
 */
import { cellIndex } from './cell-index';
import { projectedLookup } from './projected-lookup';
import type { GridMapping } from './grid-mapping/types';
import { axisLookup } from './lookup';
import { gaussianLookup } from './gaussian/lookup';
import type { ReducedGaussian } from './gaussian/rings';
import { healpixLookup, type HealpixGeometry } from './healpix/lookup';
import { meshLookup } from './mesh/lookup';
import { fillNodeImage, hasNodePlanes, isNodeMesh } from './mesh/node-image';
import type { MeshGeometry } from './mesh/types';

/** A grid with 1-D latitude and longitude: cells in row-major order of `rows` × `cols`. */
export interface RegularGrid {
  readonly kind: 'regular';
  readonly rows: number;
  readonly cols: number;
  /** Rows run along latitude (and columns along longitude); false: the other way round. */
  readonly rowsAreLat: boolean;
  readonly lat: ArrayLike<number>;
  readonly lon: ArrayLike<number>;
}

/** A curvilinear grid: latitude and longitude of every cell, row-major `rows` × `cols` like the values. */
export interface CurvilinearGrid {
  readonly kind: 'curvilinear';
  readonly rows: number;
  readonly cols: number;
  readonly lat: ArrayLike<number>;
  readonly lon: ArrayLike<number>;
}

/**
 * A grid on projected x/y with a CF grid mapping: the coordinates along rows and columns, and the mapping (a plain
 * object, sent to the workers as it is). Cells are found by projecting each point forward onto x/y.
 */
export interface ProjectedGridGeometry {
  readonly kind: 'projected';
  readonly rows: number;
  readonly cols: number;
  /** Rows run along y (and columns along x); false: the other way round. */
  readonly rowsAreY: boolean;
  readonly x: ArrayLike<number>;
  readonly y: ArrayLike<number>;
  readonly mapping: GridMapping;
  /** Factor from the x/y values to the mapping's unit. */
  readonly scale: number;
}

/** The grids a map draws. A grid of cells (cell-grid.ts) adds its geometry here and its lookup in `gridLookup`. */
export type GridGeometry =
  RegularGrid | CurvilinearGrid | ProjectedGridGeometry | MeshGeometry | HealpixGeometry | ReducedGaussian;

/** Inverse projection of a pixel centre → [lon, lat] in degrees, or null where the pixel is off the globe. */
export type Invert = (x: number, y: number) => readonly [number, number] | null;

/** Point (lon, lat) → row-major cell index, or −1 off the grid. */
export type GridLookup = (lon: number, lat: number) => number;

/** The nearest-cell lookup of a grid (for a curvilinear grid, a spatial index: build it once per grid). */
export function gridLookup(grid: GridGeometry): GridLookup {
  if (grid.kind === 'curvilinear') return cellIndex(grid.lat, grid.lon, grid.rows, grid.cols);
  if (grid.kind === 'projected') return projectedLookup(grid);
  if (grid.kind === 'mesh') return meshLookup(grid);
  if (grid.kind === 'healpix') return healpixLookup(grid);
  if (grid.kind === 'gaussian') return gaussianLookup(grid);
  const latOf = axisLookup(grid.lat, false);
  const lonOf = axisLookup(grid.lon, true);
  const { cols, rowsAreLat } = grid;
  return (lon, lat) => {
    const i = latOf(lat);
    const j = lonOf(lon);
    if (i < 0 || j < 0) return -1;
    return rowsAreLat ? i * cols + j : j * cols + i;
  };
}

/** The cell index of every pixel of a `width` × `height` image, row by row (−1: no cell). */
export function reprojectCells(lookup: GridLookup, invert: Invert, width: number, height: number): Int32Array {
  const out = new Int32Array(width * height).fill(-1);
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const ll = invert(px + 0.5, py + 0.5);
      if (ll) out[py * width + px] = lookup(ll[0], ll[1]);
    }
  }
  return out;
}

/**
 * Values per pixel from the cell indices of an image of `pixels` (NaN where there is no cell or the value is NaN).
 * Node-located mesh data whose reprojection holds the triangles and weights of its pixels (`mesh/node-image.ts`)
 * is interpolated across the faces; every other grid takes its cell's value.
 */
export function fillImage(
  cells: Int32Array,
  values: ArrayLike<number>,
  grid?: GridGeometry,
  pixels: number = cells.length,
): Float32Array {
  if (grid && isNodeMesh(grid) && hasNodePlanes(cells, pixels)) return fillNodeImage(cells, pixels, values, grid);
  const out = new Float32Array(pixels);
  for (let i = 0; i < pixels; i++) {
    const k = cells[i] ?? -1;
    out[i] = k < 0 ? NaN : Number(values[k]);
  }
  return out;
}
