/** Colouring a reprojected image and drawing coastlines over it (main thread, canvas). */
import type { GridGeometry, Land, loadMapCore } from '../../core';
import { colorscale, forward, type ColormapName, type ScaleName } from '../colormap';

export const COAST_RGB = [20, 20, 20] as const;
/** The graticule's lines: thin, half-transparent grey (never as dark as a coastline). */
export const GRATICULE_STYLE = 'rgba(90, 90, 90, 0.5)';

/** Lines drawn over the pixels (a graticule), in longitude/latitude. */
export interface MapLines {
  readonly type: 'MultiLineString';
  readonly coordinates: readonly (readonly (readonly [number, number])[])[];
}

function hexRgb(c: string): [number, number, number] {
  const m = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(c);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  const h = c.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

/** 256 RGB entries of a colour map. */
export function lut(name: ColormapName, invert: boolean): Uint8Array {
  const stops = colorscale(name, invert).map(([t, c]) => [t, hexRgb(c)] as const);
  const out = new Uint8Array(256 * 3);
  for (let i = 0; i < 256; i++) {
    const t = i / 255;
    let k = 0;
    while (k < stops.length - 2 && (stops[k + 1]?.[0] ?? 1) < t) k++;
    const [t0, c0] = stops[k]!;
    const [t1, c1] = stops[k + 1] ?? stops[k]!;
    const f = t1 > t0 ? (t - t0) / (t1 - t0) : 0;
    for (let j = 0; j < 3; j++) out[i * 3 + j] = Math.round(c0[j]! + (c1[j]! - c0[j]!) * f);
  }
  return out;
}

export interface ColourOptions {
  readonly colormap: ColormapName;
  readonly invert: boolean;
  readonly scale: ScaleName;
  readonly zmin: number;
  readonly zmax: number;
  readonly threshold: number;
}

/** RGBA pixels of the image (transparent where NaN). */
export function colour(image: Float32Array, width: number, o: ColourOptions): ImageData {
  const table = lut(o.colormap, o.invert);
  const data = new Uint8ClampedArray(image.length * 4);
  for (let i = 0; i < image.length; i++) {
    const z = forward(o.scale, image[i] ?? NaN, o.threshold);
    if (!Number.isFinite(z)) continue;
    const k = Math.max(0, Math.min(255, Math.round(((z - o.zmin) / (o.zmax - o.zmin || 1)) * 255))) * 3;
    data[i * 4] = table[k] ?? 0;
    data[i * 4 + 1] = table[k + 1] ?? 0;
    data[i * 4 + 2] = table[k + 2] ?? 0;
    data[i * 4 + 3] = 255;
  }
  return new ImageData(data, width, image.length / width);
}

type MapCore = Awaited<ReturnType<typeof loadMapCore>>;
type Projection = ReturnType<MapCore['makeProjection']>;

/**
 * Draws the graticule (when given), the globe outline and, when given, the coastlines, in `projection` (a zoom's,
 * or the whole frame's).
 */
export function drawOverlay(
  core: MapCore,
  ctx: CanvasRenderingContext2D,
  projection: Projection,
  land: Land | null,
  lines: MapLines | null = null,
): void {
  const path = core.geoPath(projection, ctx);
  if (lines) {
    ctx.lineWidth = 0.7;
    ctx.strokeStyle = GRATICULE_STYLE;
    ctx.beginPath();
    path(lines as unknown as GeoJSON.MultiLineString);
    ctx.stroke();
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = '#888';
  ctx.beginPath();
  path({ type: 'Sphere' });
  ctx.stroke();
  if (land) {
    ctx.strokeStyle = `rgb(${COAST_RGB.join(',')})`;
    ctx.lineWidth = 1.2;
    ctx.beginPath();
    path(land);
    ctx.stroke();
  }
}

/**
 * Paints a reprojected image (cell index per pixel; for node-located mesh data, given the grid's geometry, the
 * values interpolated across the faces) in colour, then the outline and coastlines over it.
 */
export function paintMap(
  core: MapCore,
  canvas: HTMLCanvasElement,
  image: {
    cells: Int32Array;
    values: ArrayLike<number>;
    width: number;
    height: number;
    geometry?: GridGeometry | undefined;
  },
  colours: ColourOptions,
  projection: Projection,
  land: Land | null,
  lines: MapLines | null = null,
): boolean {
  if (canvas.width !== image.width) canvas.width = image.width;
  if (canvas.height !== image.height) canvas.height = image.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  ctx.clearRect(0, 0, image.width, image.height);
  const filled = core.fillImage(image.cells, image.values, image.geometry, image.width * image.height);
  ctx.putImageData(colour(filled, image.width, colours), 0, 0);
  drawOverlay(core, ctx, projection, land, lines);
  return true;
}
