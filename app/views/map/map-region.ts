/**
 * What a pyramid's Map reads, pure but for the read itself: the level that fills the map's frame for the whole
 * field, the level and chunk-aligned region that fill a zoom's pixels (the zoom's latitude/longitude box, found by
 * inverting the projection along its edges and on a grid inside), and a region read as a map grid (its cells at their latitude and
 * longitude, from the finest level's evenly spaced coordinates and the level's factor and offset).
 */
import type { OpenedDataset, Progress } from '../../core';
import type { MapGrid } from '../../plot/map/map-grid';
import { decodeOnce } from '../../state/decode-cache';
import type { IndexAxis } from '../heatmap/tile-axes';
import { chooseLevel, regionOf, type TileAxes, type TileLevel, type TileRegion } from '../heatmap/tile-plan';

/** The shown axes in latitude/longitude terms: which of x and y is the latitude, and both evenly spaced axes. */
export interface GeoTiles {
  readonly axes: TileAxes;
  readonly latIsY: boolean;
  readonly x: IndexAxis;
  readonly y: IndexAxis;
}

const latDim = (g: GeoTiles) => (g.latIsY ? g.axes.yDim : g.axes.xDim);
const lonAxis = (g: GeoTiles) => (g.latIsY ? g.x : g.y);
const latAxis = (g: GeoTiles) => (g.latIsY ? g.y : g.x);

/** The region of the level that fills a `widthPx` × `heightPx` frame with the whole field. */
export function wholeRegion(levels: readonly TileLevel[], g: GeoTiles, widthPx: number, heightPx: number): TileRegion {
  const full = { x: [-0.5, g.x.length - 0.5] as const, y: [-0.5, g.y.length - 0.5] as const };
  const [wx, wy] = g.latIsY ? [widthPx, heightPx] : [heightPx, widthPx];
  return regionOf(chooseLevel(levels, g.axes, { ...full, widthPx: wx, heightPx: wy }), g.axes, null);
}

/** Finest index of a coordinate on an evenly spaced axis; longitudes wrap when the axis goes round the globe. */
function indexOf(a: IndexAxis, v: number, lon: boolean): number {
  const i = (v - a.start) / a.step;
  const period = 360 / Math.abs(a.step);
  if (!lon || a.length < period - 1) return i;
  return ((i % period) + period) % period;
}

/**
 * The finest indices a zoom's `size` pixels show, along latitude and longitude (unpadded; longitudes wrapped into
 * the axis): `invert` gives the longitude and latitude of an output pixel (null off the globe). Null when no pixel
 * is on the globe.
 */
export function zoomBox(
  g: GeoTiles,
  invert: (px: number, py: number) => readonly [number, number] | null,
  size: readonly [number, number],
): { readonly lat: readonly [number, number]; readonly lon: readonly [number, number] } | null {
  // The box's edges are where the view's edges are (sampled densely) or inside it (a pole: a coarser grid).
  const lat = [Infinity, -Infinity];
  const lon = [Infinity, -Infinity];
  const sample = (px: number, py: number) => {
    const ll = invert(px, py);
    if (!ll) return;
    const i = indexOf(latAxis(g), ll[1], false);
    const j = indexOf(lonAxis(g), ll[0], true);
    [lat[0], lat[1]] = [Math.min(lat[0]!, i), Math.max(lat[1]!, i)];
    [lon[0], lon[1]] = [Math.min(lon[0]!, j), Math.max(lon[1]!, j)];
  };
  const [w, h] = size;
  for (let t = 0; t <= EDGE; t++) {
    const [x, y] = [(t / EDGE) * w, (t / EDGE) * h];
    sample(x, 0);
    sample(x, h);
    sample(0, y);
    sample(w, y);
  }
  for (let u = 1; u < GRID; u++) for (let v = 1; v < GRID; v++) sample((u / GRID) * w, (v / GRID) * h);
  if (!(lat[0]! <= lat[1]!)) return null;
  return { lat: [lat[0]!, lat[1]!], lon: [lon[0]!, lon[1]!] };
}

/** Samples along each edge of a zoom's view, and the grid inside it, for `zoomBox`. */
const EDGE = 128;
const GRID = 16;

/**
 * The region that fills a zoom's `size` pixels (`zoomBox`, one sample step and one cell wider all round). Null when
 * no pixel is on the globe.
 */
export function zoomRegion(
  levels: readonly TileLevel[],
  g: GeoTiles,
  invert: (px: number, py: number) => readonly [number, number] | null,
  size: readonly [number, number],
): TileRegion | null {
  const box = zoomBox(g, invert, size);
  if (!box) return null;
  const pad = (r: readonly [number, number]) =>
    [r[0] - (r[1] - r[0]) / EDGE - 1, r[1] + (r[1] - r[0]) / EDGE + 1] as const;
  const la = pad(box.lat);
  const lo = pad(box.lon);
  const view = g.latIsY
    ? { y: la, x: lo, widthPx: size[0], heightPx: size[1] }
    : { x: la, y: lo, widthPx: size[1], heightPx: size[0] };
  return regionOf(chooseLevel(levels, g.axes, view), g.axes, view);
}

/** The coordinates of `count` cells of `level` from `start` along dimension `d` (finest axis `a`). */
function coordinates(level: TileLevel, d: number, a: IndexAxis, start: number, count: number): Float64Array {
  const f = level.factor[d] ?? 1;
  const o = level.offset[d] ?? 0;
  return Float64Array.from({ length: count }, (_, i) => a.start + (o + (start + i) * f) * a.step);
}

function span(a: Float64Array): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of a) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
  return hi - lo;
}

/** Reads `region` and makes its map grid. */
export async function readRegionGrid(
  dataset: OpenedDataset,
  region: TileRegion,
  g: GeoTiles,
  signal: AbortSignal,
  onProgress: (p: Progress) => void,
): Promise<MapGrid> {
  const slice = await dataset.read(region.level.path, region.selection, { signal, onProgress });
  const d = decodeOnce(dataset, slice);
  if (!d) throw new Error(`${region.level.path} holds no numbers to draw.`);
  const [rows = 0, cols = 0] = slice.shape;
  const values = Float64Array.from(d.values as ArrayLike<number>, (v, i) => (d.mask?.[i] ? NaN : Number(v)));
  const at = (dim: number) => (dim === g.axes.yDim ? 0 : 1);
  const ld = latDim(g);
  const od = ld === g.axes.yDim ? g.axes.xDim : g.axes.yDim;
  const lat = coordinates(region.level, ld, latAxis(g), region.start[at(ld)]!, region.count[at(ld)]!);
  const lon = coordinates(region.level, od, lonAxis(g), region.start[at(od)]!, region.count[at(od)]!);
  const rowsAreLat = ld < od;
  return {
    geometry: { kind: 'regular', rows, cols, rowsAreLat, lat, lon },
    key: `${dataset.location}|${region.key}`,
    values,
    latLon: (k) => {
      const [i, j] = [Math.floor(k / cols), k % cols];
      return rowsAreLat ? [lat[i] ?? NaN, lon[j] ?? NaN] : [lat[j] ?? NaN, lon[i] ?? NaN];
    },
    indices: (k) => [Math.floor(k / cols), k % cols],
    regional: span(lat) < 90,
  };
}

/** The finest cell `[xi, yi]` (along the shown x and y) at a longitude and latitude, or null outside the field. */
export function finestCell(g: GeoTiles, lon: number, lat: number): [number, number] | null {
  // `|| 0`: no −0 (a centre a rounding error above cell 0's).
  const i = Math.round(indexOf(latAxis(g), lat, false)) || 0;
  const j = Math.round(indexOf(lonAxis(g), lon, true)) % lonAxis(g).length || 0;
  if (!(i >= 0 && i < latAxis(g).length && j >= 0 && j < lonAxis(g).length)) return null;
  return g.latIsY ? [j, i] : [i, j];
}
