/**
 * The level of a HEALPix zoom pyramid the Map shows (src/geo/healpix/levels.ts): the coarsest whose cells are
 * still no larger than a screen pixel at the view's centre, as image pyramids choose theirs. The Map of a pyramid
 * is given no slice (the display reads none for it, `healpixPyramid`): the level is chosen from the levels' nside
 * and the projection's scale before anything is read, then its slice (the same indices off the cell dimension) is
 * read, and the map draws it: its values, its grid and its variable (for the hover). Other grids pass through.
 */
import { useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';
import {
  chooseHealpixLevel,
  decodeSlice,
  healpixCellAt,
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

/** Whether the Map of a variable on `cells` reads its own level (a HEALPix pyramid), not the display's slice. */
export function healpixPyramid(cells: CellGrid | null | undefined): boolean {
  return cells?.family === 'healpix' && cells.levels.length > 1;
}

/**
 * The selected level's cell (on `cells`, the selected variable's grid) holding the point (`lon`, `lat`), and its
 * centre: a click on another level the Map draws opens this cell's series. Null off the grid, or for a grid that
 * is not a whole-sphere HEALPix one.
 */
export function selectedCellAt(cells: CellGrid | null | undefined, lon: number, lat: number) {
  if (cells?.family !== 'healpix' || cells.spec.indexPath !== undefined) return null;
  return healpixCellAt(cells.spec, lon, lat);
}

/**
 * The level the Map draws of each pyramid variable it is drawn for (the drawn level's path by the selected
 * variable's path): the Code panel opens the level drawn. Set while the Map draws it, removed when it goes.
 */
export const useDrawnLevel = create<{
  readonly drawn: Readonly<Record<string, string>>;
  readonly set: (selected: string, drawn: string | null) => void;
}>()((set) => ({
  drawn: {},
  set: (selected, drawn) =>
    set((s) => {
      if ((s.drawn[selected] ?? null) === drawn) return s;
      const next = { ...s.drawn };
      if (drawn === null) delete next[selected];
      else next[selected] = drawn;
      return { drawn: next };
    }),
}));

function canRead(ds: OpenedDataset | null): ds is OpenDataset {
  return ds !== null && typeof (ds as Partial<OpenDataset>).reproject === 'function';
}

/**
 * `pixelDegrees`: degrees of the globe per device pixel at the view's centre (0 until the projection is known:
 * nothing is chosen nor read before). `indices`: the view's indices of the dimensions not shown (of the slice's
 * variable; the levels share them). `shown.values` null: no slice was read, the chosen level is read even when it
 * is the selected one.
 */
export function useHealpixLevel(
  ds: OpenedDataset | null,
  shown: ShownLevel,
  indices: readonly number[],
  pixelDegrees: number,
): ShownLevel & { readonly error: string | null } {
  const { cells, variable } = shown;
  const levels = cells?.family === 'healpix' ? cells.levels : null;
  const chosen = levels && levels.length > 1 && pixelDegrees > 0 ? chooseHealpixLevel(levels, pixelDegrees) : undefined;
  const path = chosen && variable && (chosen.path !== variable.path || !shown.values) ? chosen.path : null;
  const level = path && canRead(ds) ? (findVariable(ds.model.root, path) ?? null) : null;
  const cellDim = chosen?.grid.cellDim ?? 0;
  const selKey = level ? JSON.stringify(level.shape.map((_, d) => (d === cellDim ? null : (indices[d] ?? 0)))) : null;
  type Read = { key: string; pyramid: string; values: Float64Array; level: Variable; grid: typeof chosen };
  const [read, setRead] = useState<Read | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = level && selKey ? `${level.path}|${selKey}` : null;
  const pyramid = levels?.[0]?.path ?? '';
  useEffect(() => {
    if (!key || !level || !selKey || !chosen || !canRead(ds)) return;
    let live = true;
    ds.read(level.path, JSON.parse(selKey) as (number | null)[]).then(
      (slice) => {
        const d = decodeSlice(slice);
        const values = Float64Array.from(d.values as ArrayLike<number>, (x, i) => (d.mask[i] ? NaN : Number(x)));
        if (!live) return;
        setRead({ key, pyramid, values, level, grid: chosen });
        setError(null);
      },
      (e: unknown) => live && setError(`The HEALPix level ${level.path} could not be read: ${String(e)}`),
    );
    return () => {
      live = false;
    };
  }, [key, level, selKey, chosen, pyramid, ds]);

  // The level's grid by the read (not by render): the map's geometry is loaded again only for a new level.
  const levelCells = useMemo((): CellGrid | null => {
    if (!read?.grid || cells?.family !== 'healpix') return null;
    const g = read.grid.grid;
    return {
      ...cells,
      kind: g.order,
      spec: g,
      dim: g.cellDim,
      cellName: `HEALPix ${g.order === 'nested' ? 'nest' : 'ring'} nside ${g.nside}`,
    };
  }, [read, cells]);
  // Without a slice of its own, the map keeps the level last read of this pyramid while the next one loads.
  const usable = read && levelCells && (read.key === key || (!shown.values && read.pyramid === pyramid));
  const selected = variable?.path ?? null;
  const drawn = usable ? read.level.path : null;
  const setDrawn = useDrawnLevel((s) => s.set);
  useEffect(() => {
    if (selected === null) return;
    setDrawn(selected, drawn);
    return () => setDrawn(selected, null);
  }, [selected, drawn, setDrawn]);
  if (!usable) return { ...shown, error };
  return { cells: levelCells, variable: read.level, values: read.values, error };
}
