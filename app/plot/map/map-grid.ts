/** What a map draws: a grid geometry (regular or curvilinear latitude/longitude) and its values. */
import type { GridGeometry } from '../../core';

export interface MapGrid {
  readonly geometry: GridGeometry;
  /** Names the geometry: the same key, the same coordinates (the reprojection is cached by it). */
  readonly key: string;
  /** Values in the geometry's row-major order, NaN where masked. */
  readonly values: Float64Array;
  /** Latitude and longitude of a cell. */
  latLon(cell: number): readonly [number, number];
  /** The cell's indices in the variable (the other dimensions at `others`). */
  indices(cell: number, others: readonly number[]): number[];
  /** More about a cell for the hover (a projected grid's x and y), if any. */
  describe?(cell: number): string;
  /** How the hover names a grid of cells (`HEALPix nest nside 16`), when its family names it. */
  readonly name?: string | undefined;
  /** The variable the cells' indices are of, when not the slice's (a HEALPix pyramid's level the screen picked). */
  readonly variable?: string;
  /** Whether the grid spans less than 90° of latitude (regional: finer coastlines). */
  readonly regional: boolean;
}
