/**
 * The cell of a projected grid under a longitude/latitude: the point projected forward onto the mapping's x/y and
 * looked up along the 1-D x and y coordinates (the cell whose x/y extent contains it, edges halfway between
 * centres). A point the mapping cannot show (the far side of a geostationary disk) has no cell.
 */
import { axisLookup } from './lookup';
import type { GridLookup, ProjectedGridGeometry } from './reproject';
import { mappingTransform } from './grid-mapping/transform';

export function projectedLookup(grid: ProjectedGridGeometry): GridLookup {
  const t = mappingTransform(grid.mapping, grid.scale);
  const xOf = axisLookup(grid.x, false);
  const yOf = axisLookup(grid.y, false);
  const { cols, rowsAreY } = grid;
  return (lon, lat) => {
    const [x, y] = t.forward(lon, lat);
    const j = xOf(x);
    const i = yOf(y);
    if (i < 0 || j < 0) return -1;
    // Only where the point comes back onto itself (proj4 folds some points beyond a map's outline onto it).
    const [lo, la] = t.inverse(x, y);
    const dLon = Math.abs(((((lo - lon) % 360) + 540) % 360) - 180);
    if (!(Math.abs(la - lat) < 1e-5 && (dLon < 1e-5 || Math.abs(lat) > 89.9))) return -1;
    return rowsAreY ? i * cols + j : j * cols + i;
  };
}
