/**
 * The level of a HEALPix zoom pyramid the Map shows (src/geo/healpix/levels.ts): the coarsest whose cells are
 * still no larger than a screen pixel at the view's centre, as image pyramids choose theirs. When that is not the
 * level of the slice on screen, its slice (the same indices off the cell dimension) is read, and the map draws it:
 * its values, its grid and its variable (for the hover and the series). Other grids pass through.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  chooseHealpixLevel,
  decodeSlice,
  findVariable,
  type CellGrid,
  type OpenDataset,
  type OpenedDataset,
  type Variable,
} from '../../core';

export interface ShownLevel {
  readonly cells: CellGrid | null;
  readonly variable: Variable | null;
  readonly values: Float64Array | null;
}

function canRead(ds: OpenedDataset | null): ds is OpenDataset {
  return ds !== null && typeof (ds as Partial<OpenDataset>).reproject === 'function';
}

/**
 * `pixelDegrees`: degrees of the globe per device pixel at the view's centre. `indices`: the view's indices of the
 * dimensions not shown (of the slice's variable; the levels share them).
 */
export function useHealpixLevel(
  ds: OpenedDataset | null,
  shown: ShownLevel,
  indices: readonly number[],
  pixelDegrees: number,
): ShownLevel & { readonly error: string | null } {
  const { cells, variable } = shown;
  const levels = cells?.family === 'healpix' ? cells.levels : null;
  const chosen = levels && levels.length > 1 ? chooseHealpixLevel(levels, pixelDegrees) : undefined;
  const path = chosen && variable && chosen.path !== variable.path ? chosen.path : null;
  const level = path && canRead(ds) ? (findVariable(ds.model.root, path) ?? null) : null;
  const cellDim = chosen?.grid.cellDim ?? 0;
  const selKey = level ? JSON.stringify(level.shape.map((_, d) => (d === cellDim ? null : (indices[d] ?? 0)))) : null;
  const [read, setRead] = useState<{ key: string; values: Float64Array } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = level && selKey ? `${level.path}|${selKey}` : null;
  useEffect(() => {
    if (!key || !level || !selKey || !canRead(ds)) return;
    let live = true;
    ds.read(level.path, JSON.parse(selKey) as (number | null)[]).then(
      (slice) => {
        const d = decodeSlice(slice);
        const values = Float64Array.from(d.values as ArrayLike<number>, (x, i) => (d.mask[i] ? NaN : Number(x)));
        if (!live) return;
        setRead({ key, values });
        setError(null);
      },
      (e: unknown) => live && setError(`The HEALPix level ${level.path} could not be read: ${String(e)}`),
    );
    return () => {
      live = false;
    };
  }, [key, level, selKey, ds]);

  return useMemo(() => {
    if (!key || !level || !chosen || cells?.family !== 'healpix' || !read || read.key !== key)
      return { ...shown, error };
    const g = chosen.grid;
    const levelCells: CellGrid = {
      ...cells,
      kind: g.order,
      spec: g,
      dim: g.cellDim,
      cellName: `HEALPix ${g.order === 'nested' ? 'nest' : 'ring'} nside ${g.nside}`,
    };
    return { cells: levelCells, variable: level, values: read.values, error };
  }, [key, level, chosen, cells, read, shown, error]);
}
