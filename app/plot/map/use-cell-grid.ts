/**
 * The map grid of a slice on a grid of cells (an unstructured mesh; src/geo/cell-grid.ts): the cell geometry read
 * and built once per dataset, grid and variable location (with the map's core, loaded on first use), the values of
 * the 1-D slice along the cell dimension, and per cell its longitude/latitude, its hover text
 * (`cell 1234 (lon, lat)`) and its indices in the variable for the series. The problems of malformed cells are
 * named beside the map.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  decodeSlice,
  findVariable,
  formatNumber,
  type CellGrid,
  type OpenDataset,
  type OpenedDataset,
  type Variable,
} from '../../core';
import { mapCore, type MapCore } from './map-core';
import type { MapGrid } from './map-grid';

type Loaded = Awaited<ReturnType<MapCore['loadCellGrid']>>;

function canRead(ds: OpenedDataset | null): ds is OpenDataset {
  return ds !== null && typeof (ds as Partial<OpenDataset>).reproject === 'function';
}

/** `cell 1234 (12.5, −30)`: a cell of a grid of cells as the hover and the series name it (lon, lat). */
export function cellLabel(cell: number, [lon, lat]: readonly [number, number]): string {
  return `cell ${cell} (${formatNumber(Number(lon.toFixed(4)))}, ${formatNumber(Number(lat.toFixed(4)))})`;
}

function latSpan(loaded: Loaded, n: number): number {
  let lo = Infinity;
  let hi = -Infinity;
  const step = Math.max(1, Math.floor(n / 2000));
  for (let k = 0; k < n; k += step) {
    const lat = loaded.centre(k)[1];
    if (lat < lo) lo = lat;
    if (lat > hi) hi = lat;
  }
  return hi - lo;
}

export interface CellGridMap {
  readonly grid: MapGrid | null;
  /** Why the cells could not be read, or null. */
  readonly error: string | null;
  /** What of the grid is malformed and not drawn (one sentence each). */
  readonly problems: readonly string[];
}

/**
 * The map grid of `values` (the 1-D slice along `cells.dim`, NaN where masked; read at `stride`) on `cells` of
 * `variable`.
 */
export function useCellGridMap(
  ds: OpenedDataset | null,
  cells: CellGrid | null,
  variable: Variable | null,
  values: Float64Array | null,
  stride: number,
): CellGridMap {
  const key = ds && cells ? `${ds.location}|${cells.family}|${JSON.stringify(cells.spec)}` : null;
  const [loaded, setLoaded] = useState<{ key: string; mesh: Loaded } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!key || !cells || !ds) return;
    let live = true;
    const read = async (path: string) => {
      if (!canRead(ds)) throw new Error('this dataset cannot read a mesh');
      const v = findVariable(ds.model.root, path);
      if (!v) throw new Error(`${path} is not a variable`);
      const d = decodeSlice(
        await ds.read(
          path,
          v.shape.map(() => null),
        ),
      );
      return Float64Array.from(d.values as ArrayLike<number>, (x, i) => (d.mask[i] ? NaN : Number(x)));
    };
    mapCore()
      .then((core) => core.loadCellGrid(cells, read))
      .then(
        (mesh) => live && (setLoaded({ key, mesh }), setError(null)),
        (e: unknown) => live && setError(`The cells of ${cells.label} could not be read: ${String(e)}`),
      );
    return () => {
      live = false;
    };
    // `cells` is new at every render; the key holds all of it that matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ds]);

  const mesh = loaded && loaded.key === key ? loaded.mesh : null;
  const grid = useMemo((): MapGrid | null => {
    if (!mesh || !values || !variable || !cells || !key) return null;
    if (stride !== 1) return null;
    const dim = cells.dim;
    const latLon = (k: number): [number, number] => {
      const [lon, lat] = mesh.centre(k);
      return [lat, lon];
    };
    return {
      geometry: mesh.geometry,
      key,
      values,
      latLon,
      // `HEALPix nest nside 16 cell 123 (lon, lat)`: the family's name of the grid, when it has one.
      describe: (k) => `${cells.cellName ? `${cells.cellName} ` : ''}${cellLabel(k, mesh.centre(k))}`,
      variable: variable.path,
      name: cells.cellName,
      indices: (cell, others) => variable.shape.map((_, d) => (d === dim ? cell : (others[d] ?? 0))),
      regional: latSpan(mesh, values.length) < 90,
    };
  }, [mesh, values, variable, cells, key, stride]);
  const problems = useMemo(() => (mesh ? mesh.problems.map((p) => p.message) : []), [mesh]);
  const strided =
    stride !== 1 ? `The Map draws a mesh from every cell: this slice is read every ${stride} cells.` : null;
  return { grid, error: error ?? strided, problems };
}
