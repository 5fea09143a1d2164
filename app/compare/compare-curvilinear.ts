/**
 * B on a curvilinear grid (2-D latitude and longitude auxiliary coordinates over its plotted dimensions, e.g. a
 * rotated pole): its cells' positions, read beside its slice, in the rows and columns B is drawn in.
 */
import { curvilinearCoords, decodeSlice, defaultFillFor, describeAxes, type OpenDataset, type Variable } from '../core';
import { orient } from './compare-math';

/** Latitude and longitude of each of B's cells (rows × columns as B's grid is drawn). */
export interface CellPositions {
  readonly lat: Float64Array;
  readonly lon: Float64Array;
}

/**
 * Reads the 2-D latitude and longitude of B's cells when B's plotted dimensions (`rows`, `cols`: positions among
 * its dimensions) carry them; null for a grid without them (or with coordinates of more dimensions).
 */
export function readCellPositions(
  ds: OpenDataset,
  v: Variable,
  rows: number,
  cols: number,
  signal: AbortSignal,
): Promise<CellPositions> | null {
  const c = curvilinearCoords(describeAxes(ds.model, v), rows, cols);
  if (!c || c.lat.shape.length !== 2 || c.lon.shape.length !== 2) return null;
  const read = async (coord: Variable, dims: readonly [number, number]) => {
    const slice = await ds.read(coord.path, [null, null], { signal });
    const d = decodeSlice(slice, { defaultFill: defaultFillFor(ds.model.dialect) });
    return Float64Array.from(orient(d.values, d.mask, d.shape, dims[0] !== rows).values);
  };
  return Promise.all([read(c.lat, c.latDims), read(c.lon, c.lonDims)]).then(([lat, lon]) => ({ lat, lon }));
}
