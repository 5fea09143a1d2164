/**
 * Draws CF simple geometries on the map's canvas: the graticule, outline and coastlines first (render.ts), then
 * each polygon filled in the colour of its value by the even-odd rule over all its rings (holes stay empty) with a
 * thin outline, each line stroked in its colour, each point as a disc. Positions are the projection's frame pixels.
 */
import type { Land } from '../../core';
import type { MapCore } from '../../plot/map/map-core';
import { drawOverlay, lut, type ColourOptions, type MapLines } from '../../plot/map/render';
import { markColour } from './dsg-paint';

type Projection = ReturnType<MapCore['makeProjection']>;

/** Disc radius of a point geometry, line width of a line geometry, in frame pixels. */
export const POINT_RADIUS = 5;
export const LINE_WIDTH = 3;

/** Each geometry's parts as frame pixels (x/y interleaved); a part with a node off the map is left out. */
export type PixelShapes = readonly (readonly Float64Array[])[];

/** The shapes' nodes through `projection` (null where a node does not project: the far side of the globe). */
export function projectShapes(
  shapes: readonly (readonly { readonly xy: Float64Array }[])[],
  projection: (p: [number, number]) => [number, number] | null,
): PixelShapes {
  return shapes.map((parts) =>
    parts.flatMap((part) => {
      const out = new Float64Array(part.xy.length);
      for (let k = 0; k < part.xy.length; k += 2) {
        const p = projection([part.xy[k]!, part.xy[k + 1]!]);
        if (!p || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) return [];
        out[k] = p[0];
        out[k + 1] = p[1];
      }
      return [out];
    }),
  );
}

export function paintGeometries(
  core: MapCore,
  canvas: HTMLCanvasElement,
  size: readonly [number, number],
  projection: Projection,
  kind: 'point' | 'line' | 'polygon',
  shapes: PixelShapes,
  values: ArrayLike<number>,
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
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  shapes.forEach((parts, g) => {
    const c = markColour(table, values[g] ?? NaN, colours);
    ctx.beginPath();
    for (const xy of parts) {
      if (kind === 'point') {
        ctx.moveTo(xy[0]! + POINT_RADIUS * pixelScale, xy[1]!);
        ctx.arc(xy[0]!, xy[1]!, POINT_RADIUS * pixelScale, 0, 2 * Math.PI);
        continue;
      }
      for (let k = 0; k < xy.length; k += 2) (k === 0 ? ctx.moveTo : ctx.lineTo).call(ctx, xy[k]!, xy[k + 1]!);
      if (kind === 'polygon') ctx.closePath();
    }
    if (kind === 'line') {
      ctx.lineWidth = LINE_WIDTH * pixelScale;
      ctx.strokeStyle = c ?? '#999';
      ctx.stroke();
      return;
    }
    if (c) {
      ctx.fillStyle = c;
      ctx.fill('evenodd');
    }
    ctx.lineWidth = pixelScale;
    ctx.strokeStyle = c ? 'rgba(20, 20, 20, 0.8)' : '#888';
    ctx.stroke();
  });
  return true;
}
