/**
 * B on a grid of cells (an unstructured mesh, HEALPix, a reduced Gaussian grid; src/geo/cell-grid.ts): B's slice
 * keeps its cell dimension whole, its cells' geometry is read and built once per dataset and grid (with the map's
 * core, as the Map does), B is drawn on its own map, and the difference puts B onto A's cells in the decode
 * workers (`cells` regrid task: the containing cell at A's centres, or area-weighted by sampling).
 */
import {
  decodeSlice,
  defaultFillFor,
  findCellGrid,
  findVariable,
  type CellGrid,
  type GridGeometry,
  type OpenDataset,
  type Variable,
} from '../core';
import { mapCore } from '../plot/map/map-core';
import type { MapGrid } from '../plot/map/map-grid';
import { cellLabel } from '../plot/map/use-cell-grid';
import type { RegridChoice } from '../state/compare-settings';
import type { Grid2 } from './compare-math';
import type { LinkedB } from './link-b';

/** B's grid of cells as loaded: what the workers look up, and each value's lon/lat. */
export interface CellsSide {
  readonly grid: CellGrid;
  readonly geometry: GridGeometry;
  /** Names the geometry (the workers cache its lookup by it). */
  readonly key: string;
  /** [lon, lat] of value `k`. */
  centre(k: number): [number, number];
}

/** B's grid of cells, or null when its variable lies on none (or on one that cannot be drawn). */
export function cellGridOf(ds: OpenDataset, v: Variable): CellGrid | null {
  const r = findCellGrid(ds.model, v);
  return r.kind === 'grid' ? r.grid : null;
}

/** `link` with B's cell dimension kept whole (it has no counterpart among A's dimensions). */
export function keepCells(link: LinkedB, grid: CellGrid, dimension: string): LinkedB {
  const selection = [...link.selection];
  selection[grid.dim] = null;
  const links = [...link.links];
  links[grid.dim] = { dimensionB: dimension, dimensionA: null, link: null };
  return { ...link, selection, links };
}

const cache = new WeakMap<object, Map<string, Promise<CellsSide>>>();

/** Reads and builds B's cells once per dataset and grid (a failed read is tried again next time). */
export function loadCellsSide(ds: OpenDataset, grid: CellGrid): Promise<CellsSide> {
  let m = cache.get(ds);
  if (!m) cache.set(ds, (m = new Map()));
  const key = `${ds.location}|${grid.family}|${JSON.stringify(grid.spec)}`;
  let p = m.get(key);
  if (!p) {
    const read = async (path: string) => {
      const v = findVariable(ds.model.root, path);
      if (!v) throw new Error(`${path} is not a variable`);
      const slice = await ds.read(
        path,
        v.shape.map(() => null),
      );
      const d = decodeSlice(slice, { defaultFill: defaultFillFor(ds.model.dialect) });
      return Float64Array.from(d.values as ArrayLike<number>, (x, i) => (d.mask[i] ? NaN : Number(x)));
    };
    p = mapCore()
      .then((core) => core.loadCellGrid(grid, read))
      .then((loaded) => ({ grid, geometry: loaded.geometry, key, centre: (k: number) => loaded.centre(k) }));
    p.catch(() => m.delete(key));
    m.set(key, p);
  }
  return p;
}

/** The latitude and longitude of the first `n` values' cells (a mesh's face centres, HEALPix pixel centres). */
export function centres(cells: CellsSide, n: number): { readonly lat: Float64Array; readonly lon: Float64Array } {
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  for (let k = 0; k < n; k++) [lon[k], lat[k]] = cells.centre(k);
  return { lat, lon };
}

/** B drawn on its own map: its values on its cells, the hover naming the cell as the Map does. */
export function cellsMapGrid(cells: CellsSide, values: ArrayLike<number>, varB: Variable): MapGrid {
  const v = Float64Array.from(values, (x) => (Number.isFinite(x) ? x : NaN));
  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 0; k < v.length; k += Math.max(1, Math.floor(v.length / 2000))) {
    const lat = cells.centre(k)[1];
    lo = Math.min(lo, lat);
    hi = Math.max(hi, lat);
  }
  const name = cells.grid.cellName;
  return {
    geometry: cells.geometry,
    key: `compare:cells:${cells.key}`,
    values: v,
    latLon: (k) => {
      const [lon, lat] = cells.centre(k);
      return [lat, lon];
    },
    describe: (k) => `${name ? `${name} ` : ''}${cellLabel(k, cells.centre(k))}`,
    name,
    variable: varB.path,
    indices: (cell, others) => varB.shape.map((_, d) => (d === cells.grid.dim ? cell : (others[d] ?? 0))),
    regional: hi - lo < 90,
  };
}

/** What `regridOntoCells` needs of the pair: A as drawn, B's values (in A's units) and cells, A's projected cells. */
export interface CellsPair {
  readonly a: { readonly grid: Grid2; readonly x: Float64Array; readonly y: Float64Array };
  readonly bValues: Float32Array | Float64Array;
  readonly cells: CellsSide;
  readonly kindX: string;
  readonly kindY: string;
  readonly aPoints: { readonly lat: Float64Array; readonly lon: Float64Array } | null;
}

const NOT_ON_EARTH = 'A’s grid is not latitude/longitude and has no grid mapping: B’s cells cannot be placed on it.';

const MESH_NAMES: Readonly<Record<string, string>> = { icon: 'ICON-like mesh', ugrid: 'UGRID mesh', mpas: 'MPAS mesh' };

/** How the label names B's grid: `ICON-like mesh` (its kind), `HEALPix nest nside 8`, `Gaussian O32`. */
function gridName(grid: CellGrid): string {
  if (grid.family === 'mesh') return MESH_NAMES[grid.kind] ?? 'mesh';
  return grid.cellName ?? grid.label;
}

/**
 * B on A's cells (A's rows × columns), in the decode workers: the containing cell at each of A's centres, or, for
 * `area` and a regular lat/lon A, the mean over k × k samples per cell (weighted by cos(latitude)).
 */
export async function regridOntoCells(
  dsA: OpenDataset,
  p: CellsPair,
  method: RegridChoice,
  signal: AbortSignal,
): Promise<{ readonly values: Float64Array; readonly label: string }> {
  const { a } = p;
  const shape = [a.grid.ny, a.grid.nx];
  let target;
  if (p.aPoints) target = { kind: 'points' as const, lat: p.aPoints.lat, lon: p.aPoints.lon, shape };
  else if (p.kindY === 'latitude' && p.kindX === 'longitude')
    target = { kind: 'rectilinear' as const, lat: a.y, lon: a.x };
  else if (p.kindY === 'longitude' && p.kindX === 'latitude') {
    const n = a.grid.ny * a.grid.nx;
    const lat = new Float64Array(n);
    const lon = new Float64Array(n);
    for (let i = 0; i < a.grid.ny; i++)
      for (let j = 0; j < a.grid.nx; j++) {
        lon[i * a.grid.nx + j] = a.y[i]!;
        lat[i * a.grid.nx + j] = a.x[j]!;
      }
    target = { kind: 'points' as const, lat, lon, shape };
  } else throw new Error(NOT_ON_EARTH);
  // Sampling needs A's cell edges in latitude and longitude: a regular lat/lon A only.
  const sampled = method === 'area' && target.kind === 'rectilinear';
  const task = {
    kind: 'cells' as const,
    method: sampled ? ('sampled' as const) : ('containing' as const),
    values: p.bValues,
    grid: p.cells.geometry,
    gridKey: p.cells.key,
    gridName: gridName(p.cells.grid),
    target,
  };
  const r = await dsA.regrid(task, { signal });
  return { values: r.values, label: r.label };
}
