/**
 * Reprojection of a latitude/longitude grid to an image: for every output pixel, the inverse projection gives
 * (lon, lat), and the value is that of the nearest grid cell (NaN outside the globe or the grid). Pure; the map
 * view runs it in a worker.
 */
import { axisLookup } from './lookup';

export interface LatLonGrid {
  /** Values in row-major order of `rows` × `cols`; NaN for masked cells. */
  readonly values: ArrayLike<number>;
  readonly rows: number;
  readonly cols: number;
  /** Rows run along latitude (and columns along longitude); false: the other way round. */
  readonly rowsAreLat: boolean;
  readonly lat: ArrayLike<number>;
  readonly lon: ArrayLike<number>;
}

/** Inverse projection of a pixel centre → [lon, lat] in degrees, or null where the pixel is off the globe. */
export type Invert = (x: number, y: number) => readonly [number, number] | null;

export function reproject(grid: LatLonGrid, invert: Invert, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height).fill(NaN);
  const latOf = axisLookup(grid.lat, false);
  const lonOf = axisLookup(grid.lon, true);
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const ll = invert(px + 0.5, py + 0.5);
      if (!ll) continue;
      const i = latOf(ll[1]);
      const j = lonOf(ll[0]);
      if (i < 0 || j < 0) continue;
      out[py * width + px] = Number(grid.rowsAreLat ? grid.values[i * grid.cols + j] : grid.values[j * grid.cols + i]);
    }
  }
  return out;
}
