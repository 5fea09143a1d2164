/**
 * A side on projected x/y with a CF grid mapping: its cells' longitude/latitude from the mapping's transform (the
 * one the Map uses), computed once per grid on the main thread when the pair is read (proj4 is loaded then), and
 * the nearest-neighbour regrid of B onto A through the decode workers' curvilinear task when either side is
 * projected: B's cells (from its mapping, its 2-D lat/lon, or its 1-D lat/lon) onto A's (its 1-D lat/lon, or one
 * position per cell from its mapping; cells with no earth are masked).
 */
import { projectedGrid, type OpenDataset, type PairAxis, type Variable } from '../core';
import { loadMappingTransform } from '../core-compare';
import type { CellPositions } from './compare-curvilinear';
import type { Grid2 } from './compare-math';

/** A projected side's cells on the earth (rows × columns as drawn, NaN: no earth) and its mapping's name. */
export interface ProjectedCells extends CellPositions {
  readonly mapping: string;
  readonly proj4: string;
}

/** Either side's projected cells (null: that side is not projected), and B's 1-D lat/lon layout if it has one. */
export interface ProjectedPair {
  readonly a: ProjectedCells | null;
  readonly b: ProjectedCells | null;
  readonly bLayout: 'lat-lon' | 'lon-lat' | null;
}

const cache = new WeakMap<object, Map<string, Promise<ProjectedCells | null>>>();

/**
 * The cells of `v` (plotted `rows` × `cols`, positions among its dimensions, with coordinates `y` and `x`) on the
 * earth when they are the projected x/y of its grid mapping, else null. Cached by dataset, variable and x/y.
 */
export function projectedCells(
  ds: OpenDataset,
  v: Variable,
  rows: number,
  cols: number,
  x: Float64Array,
  y: Float64Array,
): Promise<ProjectedCells | null> {
  const r = projectedGrid(ds.model, v);
  if (r.kind !== 'grid' || r.grid.mapping.name === 'latitude_longitude') return Promise.resolve(null);
  const g = r.grid;
  const swapped = rows === g.xDim && cols === g.yDim;
  if (!swapped && !(rows === g.yDim && cols === g.xDim)) return Promise.resolve(null);
  let m = cache.get(ds);
  if (!m) cache.set(ds, (m = new Map()));
  const key = JSON.stringify([v.path, g.x.path, g.y.path, swapped, g.mapping.proj4, g.scale]);
  let p = m.get(key);
  if (!p) {
    const [gx, gy] = swapped ? [y, x] : [x, y];
    p = loadMappingTransform().then(({ cellLonLat, mappingTransform }) => {
      const c = cellLonLat(mappingTransform(g.mapping, g.scale), gx, gy);
      const cells = swapped
        ? { lat: transpose(c.lat, gy.length, gx.length), lon: transpose(c.lon, gy.length, gx.length) }
        : c;
      return { ...cells, mapping: g.mapping.name, proj4: g.mapping.proj4 };
    });
    // A mapping proj4 cannot make: the side is not regridded (the difference says why).
    p = p.catch(() => null);
    m.set(key, p);
  }
  return p;
}

/** A row-major `ny` × `nx` array as `nx` × `ny`. */
function transpose(v: Float64Array, ny: number, nx: number): Float64Array {
  const out = new Float64Array(v.length);
  for (let i = 0; i < ny; i++) for (let j = 0; j < nx; j++) out[j * ny + i] = v[i * nx + j]!;
  return out;
}

/** Both sides' projected cells, or null when neither is projected. */
export async function readProjectedPair(
  a: { ds: OpenDataset; v: Variable; rows: number; cols: number; x: Float64Array; y: Float64Array },
  b: { ds: OpenDataset; v: Variable; rows: number; cols: number; x: Float64Array; y: Float64Array },
  axesB: readonly PairAxis[],
  bCurvilinear: boolean,
): Promise<ProjectedPair | null> {
  const [pa, pb] = await Promise.all([
    projectedCells(a.ds, a.v, a.rows, a.cols, a.x, a.y),
    bCurvilinear ? null : projectedCells(b.ds, b.v, b.rows, b.cols, b.x, b.y),
  ]);
  if (!pa && !pb) return null;
  const ky = axesB[b.rows]?.axis?.kind;
  const kx = axesB[b.cols]?.axis?.kind;
  const bLayout =
    ky === 'latitude' && kx === 'longitude' ? 'lat-lon' : ky === 'longitude' && kx === 'latitude' ? 'lon-lat' : null;
  return { a: pa, b: pb, bLayout };
}

/** One latitude and longitude per cell of a grid of 1-D coordinates (rows × columns; `lon-lat`: rows are longitude). */
function expand(rowsC: Float64Array, colsC: Float64Array, layout: 'lat-lon' | 'lon-lat'): CellPositions {
  const n = rowsC.length * colsC.length;
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  for (let i = 0; i < rowsC.length; i++)
    for (let j = 0; j < colsC.length; j++) {
      const [la, lo] = layout === 'lat-lon' ? [rowsC[i]!, colsC[j]!] : [colsC[j]!, rowsC[i]!];
      lat[i * colsC.length + j] = la;
      lon[i * colsC.length + j] = lo;
    }
  return { lat, lon };
}

const NOT_ON_EARTH = 'The grids differ and are not latitude/longitude: B cannot be regridded onto A’s grid.';

/** Sides as `pairDifference` has them: A drawn, B as read, B's 2-D lat/lon when curvilinear. */
interface Sides {
  readonly a: { readonly grid: Grid2; readonly x: Float64Array; readonly y: Float64Array };
  readonly bSource: { readonly grid: Grid2; readonly x: Float64Array; readonly y: Float64Array };
  readonly curvilinear: CellPositions | null;
  readonly kindX: string;
  readonly kindY: string;
}

/** B on A's grid, nearest neighbour, when either side is projected; its label names the mappings it went through. */
export async function regridProjected(
  dsA: OpenDataset,
  sides: Sides,
  p: ProjectedPair,
  signal: AbortSignal,
): Promise<{ readonly values: Float64Array; readonly label: string }> {
  const { a, bSource } = sides;
  const src = p.b ?? sides.curvilinear ?? (p.bLayout ? expand(bSource.y, bSource.x, p.bLayout) : null);
  if (!src) throw new Error(NOT_ON_EARTH);
  const shape = [a.grid.ny, a.grid.nx];
  let target;
  if (p.a) target = { kind: 'points' as const, lat: p.a.lat, lon: p.a.lon, shape };
  else if (sides.kindY === 'latitude' && sides.kindX === 'longitude')
    target = { kind: 'rectilinear' as const, lat: a.y, lon: a.x };
  else if (sides.kindY === 'longitude' && sides.kindX === 'latitude')
    target = { kind: 'points' as const, ...expand(a.y, a.x, 'lon-lat'), shape };
  else throw new Error(NOT_ON_EARTH);
  const task = {
    kind: 'curvilinear' as const,
    method: 'nearest' as const,
    values: bSource.grid.values,
    source: { lat: src.lat, lon: src.lon, shape: [bSource.grid.ny, bSource.grid.nx] as const },
    target,
  };
  const r = await dsA.regrid(task, { signal });
  const through = [
    p.b ? `B's ${p.b.mapping}` : sides.curvilinear ? "B's 2-D latitude/longitude" : null,
    p.a ? `A's ${p.a.mapping}` : null,
  ].filter(Boolean);
  return { values: r.values, label: `B regridded onto A's grid (nearest neighbour, through ${through.join(' and ')})` };
}
