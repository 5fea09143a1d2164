/**
 * The Report on a variable's grid of cells (src/geo/cell-grid.ts): the unstructured mesh it lies on (ICON-like
 * bounds, CF-UGRID, MPAS) and where its data are, its HEALPix grid (order, nside, zoom levels; nside not a power of
 * two for nested ordering named) or reduced Gaussian grid, or what stops the mesh from being drawn (a variable it needs
 * missing, shapes that do not fit, a claim of more cells than the map reads). Faults inside the connectivity (an
 * index out of range, a fill value inside a face) are found once the Map reads it, and named there.
 */
import { findCellGrid } from '../geo/cell-grid';
import type { Dataset, Variable } from '../model/types';
import type { Finding } from './types';

export function meshFindings(ds: Dataset, v: Variable): Finding[] {
  const r = findCellGrid(ds, v);
  if (r.kind === 'none') return [];
  if (r.kind === 'problem')
    return r.problems.map((p) => ({
      code: 'mesh-invalid',
      severity: 'error',
      path: v.path,
      message: `${r.label}: ${p.message}`,
      advice: r.label.startsWith('HEALPix')
        ? 'Correct the healpix grid mapping (CF 1.13: refinement_level and indexing_scheme; or healpix_nside and healpix_order).'
        : r.label.includes('Gaussian')
          ? 'Write the per-point lat/lon on the cell dimension, or the grid name (O<N>, N<N> with its pl).'
          : 'Correct the mesh variables (CF-UGRID 1.0, CF §7.1 bounds, or the MPAS mesh fields).',
    }));
  return [
    {
      code: 'mesh',
      severity: 'info',
      path: v.path,
      message: `On ${r.grid.label} (dimension ${v.dimensions[r.grid.dim]?.name ?? r.grid.dim}).`,
      advice: 'The Map draws each cell.',
    },
  ];
}
