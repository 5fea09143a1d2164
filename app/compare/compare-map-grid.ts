/**
 * A side of a comparison as a map grid: regular when its plotted axes are latitude and longitude (either way
 * round), curvilinear when B's cells carry 2-D latitude/longitude; null when the map cannot place it.
 */
import type { MapGrid } from '../plot/map/map-grid';
import type { CellPositions } from './compare-curvilinear';
import type { Side } from './compare-read';

/** A key naming the coordinates (the workers cache a reprojection by it). */
function digest(a: Float64Array): string {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * ((i % 97) + 1);
  return `${a.length}:${a[0]}:${a[a.length - 1]}:${sum}`;
}

function span(a: Float64Array): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of a) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return hi - lo;
}

export function compareMapGrid(side: Side, kindX: string, kindY: string, cells: CellPositions | null): MapGrid | null {
  const { ny: rows, nx: cols } = side.grid;
  const values = Float64Array.from(side.grid.values, (v) => (Number.isFinite(v) ? v : NaN));
  const indices = (cell: number) => [Math.floor(cell / cols), cell % cols];
  if (cells) {
    const { lat, lon } = cells;
    return {
      geometry: { kind: 'curvilinear', rows, cols, lat, lon },
      key: `compare:curvilinear:${rows}x${cols}:${digest(lat)}:${digest(lon)}`,
      values,
      latLon: (k) => [lat[k] ?? NaN, lon[k] ?? NaN],
      indices,
      regional: span(lat) < 90,
    };
  }
  const rowsAreLat = kindY === 'latitude' && kindX === 'longitude';
  if (!rowsAreLat && !(kindY === 'longitude' && kindX === 'latitude')) return null;
  const [lat, lon] = rowsAreLat ? [side.y, side.x] : [side.x, side.y];
  return {
    geometry: { kind: 'regular', rows, cols, rowsAreLat, lat, lon },
    key: `compare:regular:${rowsAreLat}:${rows}x${cols}:${digest(lat)}:${digest(lon)}`,
    values,
    latLon: (k) => {
      const [i, j] = [Math.floor(k / cols), k % cols];
      return rowsAreLat ? [lat[i] ?? NaN, lon[j] ?? NaN] : [lat[j] ?? NaN, lon[i] ?? NaN];
    },
    indices,
    regional: lat.length > 1 && span(lat) < 90,
  };
}
