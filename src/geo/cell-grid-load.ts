/**
 * What a grid of cells (cell-grid.ts) reads and builds once the Map is open: its geometry for the workers, the
 * problems of its cells and a cell's longitude/latitude for the hover. Loaded with the map's core (map-core.ts).
 */
import type { CellGrid, CellGridProblem } from './cell-grid';
import { loadGaussian } from './gaussian/load';
import { loadHealpix } from './healpix/load';
import { loadMesh, type ReadArray } from './mesh/load';
import type { GridGeometry } from './reproject';

export type { ReadArray };

export interface LoadedCellGrid {
  readonly geometry: GridGeometry;
  readonly problems: readonly CellGridProblem[];
  /** [lon, lat] of data cell `k` in degrees. */
  centre(cell: number): [number, number];
}

/** Reads what `grid` needs (whole arrays through `read`) and builds its geometry. */
export async function loadCellGrid(grid: CellGrid, read: ReadArray): Promise<LoadedCellGrid> {
  switch (grid.family) {
    case 'mesh':
      return loadMesh(grid.spec, read);
    case 'healpix':
      return loadHealpix(grid.spec, read);
    case 'gaussian':
      return loadGaussian(grid.spec, read);
  }
}
