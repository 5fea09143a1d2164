/**
 * Draws a discrete sampling geometry's marks on the map's canvas: the graticule, outline and coastlines first
 * (render.ts), then each trajectory as a line coloured segment by segment, then the marks as filled discs in the
 * colour of their value (grey rings where the value is missing). Positions are the projection's frame pixels.
 */
import type { Land } from '../../core';
import { forward } from '../../core';
import type { MapCore } from '../../plot/map/map-core';
import { drawOverlay, lut, type ColourOptions, type MapLines } from '../../plot/map/render';

type Projection = ReturnType<MapCore['makeProjection']>;

/** Disc radius of a mark in frame pixels: stations larger than a trajectory's observations. */
export const STATION_RADIUS = 6;
export const TRACK_RADIUS = 3;

export interface DsgPicture {
  /** Frame pixel of each mark, null where it has no position or is on the far side of the globe. */
  readonly xy: readonly (readonly [number, number] | null)[];
  readonly values: ArrayLike<number>;
  readonly tracks: readonly Int32Array[];
  readonly radius: number;
}

/** The colour of `v` as the map paints cells (render.ts `colour`), or null when it has none. */
export function markColour(table: Uint8Array, v: number, o: ColourOptions): string | null {
  const z = forward(o.scale, v, o.threshold);
  if (!Number.isFinite(z)) return null;
  const k = Math.max(0, Math.min(255, Math.round(((z - o.zmin) / (o.zmax - o.zmin || 1)) * 255))) * 3;
  return `rgb(${table[k] ?? 0}, ${table[k + 1] ?? 0}, ${table[k + 2] ?? 0})`;
}

export function paintDsg(
  core: MapCore,
  canvas: HTMLCanvasElement,
  size: readonly [number, number],
  projection: Projection,
  picture: DsgPicture,
  colours: ColourOptions,
  land: Land | null,
  lines: MapLines | null,
  /** Pixels of `canvas` per CSS pixel (a zoom's image is at the screen's resolution). */
  pixelScale = 1,
): boolean {
  const [width, height] = size;
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  ctx.clearRect(0, 0, width, height);
  drawOverlay(core, ctx, projection, land, lines);
  const table = lut(colours.colormap, colours.invert);
  const { xy, values, tracks, radius } = picture;
  ctx.lineWidth = 2 * pixelScale;
  ctx.lineCap = 'round';
  for (const track of tracks) {
    for (let j = 1; j < track.length; j++) {
      const a = xy[track[j - 1]!];
      const b = xy[track[j]!];
      // A segment across the frame (the antimeridian on a cylinder) is not drawn.
      if (!a || !b || Math.abs(a[0] - b[0]) > width / 2) continue;
      ctx.strokeStyle = markColour(table, values[track[j - 1]!] ?? NaN, colours) ?? '#999';
      ctx.beginPath();
      ctx.moveTo(a[0], a[1]);
      ctx.lineTo(b[0], b[1]);
      ctx.stroke();
    }
  }
  ctx.lineWidth = pixelScale;
  for (let k = 0; k < xy.length; k++) {
    const p = xy[k];
    if (!p) continue;
    const c = markColour(table, values[k] ?? NaN, colours);
    ctx.beginPath();
    ctx.arc(p[0], p[1], radius, 0, 2 * Math.PI);
    if (c) {
      ctx.fillStyle = c;
      ctx.fill();
    }
    ctx.strokeStyle = c ? 'rgba(20, 20, 20, 0.8)' : '#888';
    ctx.stroke();
  }
  return true;
}

/** The mark nearest frame pixel (fx, fy) within `within` pixels, −1 for none. */
export function markAt(
  xy: readonly (readonly [number, number] | null)[],
  fx: number,
  fy: number,
  within: number,
): number {
  let best = -1;
  let bestD = within * within;
  for (let k = 0; k < xy.length; k++) {
    const p = xy[k];
    if (!p) continue;
    const d = (p[0] - fx) ** 2 + (p[1] - fy) ** 2;
    if (d <= bestD) {
      best = k;
      bestD = d;
    }
  }
  return best;
}
