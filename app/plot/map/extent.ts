/**
 * Where the data lie on the map's frame, pure: the projected box of a grid's cells (its outline, sampled), so that
 * a regional grid is shown zoomed to itself rather than as a patch on the whole globe.
 */
import type { Project } from './graticule';
import type { Rect } from './zoom';

/** A grid's cells by index: rows × cols, with each cell's latitude and longitude. */
export interface CellGrid {
  readonly rows: number;
  readonly cols: number;
  latLon(cell: number): readonly [number, number];
}

/** At most this many cells are projected per side of the grid. */
const PER_SIDE = 200;

/** The indices 0 … n − 1 every few, the last included. */
function along(n: number): number[] {
  const step = Math.max(1, Math.ceil(n / PER_SIDE));
  const out: number[] = [];
  for (let i = 0; i < n; i += step) out.push(i);
  if (out.at(-1) !== n - 1) out.push(n - 1);
  return out;
}

/**
 * The frame box (`[x0, y0, x1, y1]`, a margin of 4% and half a cell around it) of the grid's outline, or null
 * when it covers most of the frame (`fill` of its area or more), is empty, or is not one piece on the frame
 * (a grid cut by the frame's edge, e.g. across the date line, spans its width).
 */
export function dataExtent(grid: CellGrid, project: Project, width: number, height: number, fill = 0.5): Rect | null {
  const { rows, cols } = grid;
  if (rows < 2 || cols < 2) return null;
  const cells = new Set<number>();
  for (const c of along(cols)) cells.add(c).add((rows - 1) * cols + c);
  for (const r of along(rows)) cells.add(r * cols).add(r * cols + cols - 1);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const k of cells) {
    const [lat, lon] = grid.latLon(k);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const p = project([lon, lat]);
    if (!p) continue;
    x0 = Math.min(x0, p[0]);
    x1 = Math.max(x1, p[0]);
    y0 = Math.min(y0, p[1]);
    y1 = Math.max(y1, p[1]);
  }
  if (!(x1 > x0 && y1 > y0)) return null;
  const cell = Math.max((x1 - x0) / (cols - 1), (y1 - y0) / (rows - 1)) / 2;
  const pad = 0.04 * Math.max(x1 - x0, y1 - y0) + cell;
  const box: Rect = [
    Math.max(0, x0 - pad),
    Math.max(0, y0 - pad),
    Math.min(width, x1 + pad),
    Math.min(height, y1 + pad),
  ];
  return (box[2] - box[0]) * (box[3] - box[1]) >= fill * width * height ? null : box;
}
