/**
 * The map under plotly's axes, pure: the axes show the projection's frame (x = frame pixel x, y = −frame pixel y,
 * so up is up), and a zoom is the visible part of the frame, reprojected at the resolution of the screen.
 */
import type { AxisFrame, RasterExtent } from '../RasterPlot';

export type Rect = readonly [number, number, number, number];

export interface MapZoom {
  /** The visible part of the frame, unclipped: `[x0, y0, x1, y1]` in frame pixels. */
  readonly view: Rect;
  /** The part of the frame to reproject finer, or null when the map is not zoomed in. */
  readonly extent: Rect | null;
  /** Output pixels of that extent (device pixels on screen). */
  readonly size: readonly [number, number];
  /** Screen (CSS) pixels per frame pixel. */
  readonly scale: number;
}

/** Most output pixels a zoomed reprojection makes. */
export const MAX_ZOOM_PIXELS = 4_000_000;

/** Where an image of the whole `width` × `height` frame lies on the axes. */
export function framePlacement(width: number, height: number) {
  return { x0: 0.5, dx: 1, y0: -0.5, dy: -1, width, height };
}

/** Where the pixels of a zoomed image (`size` pixels over `extent`) lie on the axes. */
export function zoomPlacement(extent: Rect, size: readonly [number, number]): RasterExtent {
  const k = size[0] / (extent[2] - extent[0]);
  return { x0: extent[0] + 0.5 / k, dx: 1 / k, y0: -(extent[1] + 0.5 / k), dy: -1 / k };
}

/** The zoom that plotly's axes show of a `width` × `height` frame (`dpr`: device pixels per CSS pixel). */
export function mapZoom(ax: AxisFrame, ay: AxisFrame, width: number, height: number, dpr: number): MapZoom | null {
  const [a0, a1] = [Math.min(...ax.range), Math.max(...ax.range)];
  const [b0, b1] = [Math.min(...ay.range), Math.max(...ay.range)];
  if (!(a1 > a0 && b1 > b0 && ax.length > 0)) return null;
  const view: Rect = [a0, 0 - b1, a1, 0 - b0];
  const x0 = Math.max(0, view[0]);
  const y0 = Math.max(0, view[1]);
  const x1 = Math.min(width, view[2]);
  const y1 = Math.min(height, view[3]);
  const screen = ax.length / (a1 - a0);
  const zoomed = x1 > x0 && y1 > y0 && Math.min(width / (x1 - x0), height / (y1 - y0)) >= 1.2;
  if (!zoomed) return { view, extent: null, size: [width, height], scale: screen };
  // Device pixels of the visible part, at most MAX_ZOOM_PIXELS; the extent's height follows the width's scale.
  let k = screen * dpr;
  const area = (x1 - x0) * (y1 - y0) * k * k;
  if (area > MAX_ZOOM_PIXELS) k *= Math.sqrt(MAX_ZOOM_PIXELS / area);
  const w = Math.max(1, Math.round((x1 - x0) * k));
  const h = Math.max(1, Math.round((y1 - y0) * k));
  k = w / (x1 - x0);
  return { view, extent: [x0, y0, x1, y0 + h / k], size: [w, h], scale: screen };
}

/** Coastlines for a zoom: Natural Earth 50m when zoomed in (or for a regional grid), 110m for the globe. */
export function coastDetail(extent: Rect | null, width: number, regional: boolean): '50m' | '110m' {
  return regional || (extent !== null && width / (extent[2] - extent[0]) >= 2) ? '50m' : '110m';
}

const ROUND = new Set(['orthographic', 'north-polar', 'south-polar']);

/** The frame's height for `width`: 3:4 for the round projections, 1:2 for the others. */
export function frameHeight(projection: string, width: number): number {
  return Math.round(ROUND.has(projection) ? width * 0.75 : width / 2);
}

/** Plotly's layout of a map: no visible axes, equal scales, zoom boxes (none on the globe, which is dragged). */
export function mapLayout(projection: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    margin: { l: 8, r: 8, t: 8, b: 8 },
    xaxis: { visible: false },
    yaxis: { visible: false, scaleanchor: 'x', scaleratio: 1 },
    dragmode: projection === 'orthographic' ? false : 'zoom',
    ...extra,
  };
}
