/** The PNG of a raster plot as shown: plotly's axes over the canvas's pixels, with the page's colour bar. */
import type { AxisLabels } from './AxisTickLabels';
import { drawColorBar, type BarBox } from './ColorBar';
import { rasterImage, type ImageRequest } from './plot-image';
import { drawableOf } from './pixel-canvas';
import { loadPlotly, type PlotTarget } from './PlotlyView';
import { rasterTransform, type AxisFrame } from './raster-geometry';
import type { RasterColorBar, RasterImage, RasterPlacement } from './raster-types';

/** The pixel layers of a raster plot, bottom first, and where an image without an extent of its own lies. */
export interface RasterLayers {
  readonly layers: readonly (RasterImage | null | undefined)[];
  readonly placement: RasterPlacement;
}

/** Draws the layers on `ctx` for these axes (plot-area CSS pixels), `k` device pixels per CSS pixel. */
export function drawLayers(ctx: CanvasRenderingContext2D, l: RasterLayers, ax: AxisFrame, ay: AxisFrame, k: number) {
  ctx.imageSmoothingEnabled = false;
  for (const layer of l.layers) {
    if (!layer || layer.width === 0 || layer.height === 0) continue;
    const t = rasterTransform(layer.extent ?? l.placement, ax, ay);
    ctx.setTransform(t.a * k, 0, 0, t.d * k, t.e * k, t.f * k);
    ctx.drawImage(drawableOf(layer.source), 0, 0);
  }
}

export interface RasterShot {
  readonly el: HTMLElement;
  readonly raster: HTMLCanvasElement | null;
  readonly axes: { readonly ax: AxisFrame; readonly ay: AxisFrame } | null;
  readonly colorbar: RasterColorBar | null | undefined;
  /** The colour bar's place relative to the plotly element. */
  readonly barBox: BarBox | null;
  /** Tick labels the page draws beside the plot area. */
  readonly axisLabels?: AxisLabels | null | undefined;
  /** The pixels drawn on screen (drawn again from these at the picture's resolution). */
  readonly layers?: RasterLayers | undefined;
}

export async function composite({ el, raster, axes, colorbar, barBox }: RasterShot): Promise<string> {
  const P = await loadPlotly();
  const w = el.clientWidth;
  const h = el.clientHeight;
  const img = new Image();
  img.src = await P.toImage(el, { format: 'png', width: w, height: h });
  await img.decode();
  const c = document.createElement('canvas');
  [c.width, c.height] = [w, h];
  const ctx = c.getContext('2d');
  if (!ctx) throw new Error('The browser cannot draw the PNG.');
  const css = getComputedStyle(document.documentElement);
  ctx.fillStyle = css.getPropertyValue('--bg').trim() || '#fff';
  ctx.fillRect(0, 0, w, h);
  if (raster && axes) ctx.drawImage(raster, axes.ax.offset, axes.ay.offset, axes.ax.length, axes.ay.length);
  ctx.drawImage(img, 0, 0, w, h);
  if (colorbar && barBox) drawColorBar(ctx, colorbar, barBox, css.getPropertyValue('--fg').trim() || '#222');
  return c.toDataURL('image/png');
}

/**
 * Points the slice view's export at this raster plot: its picture as shown is `composite` of what `shot` gives
 * then; at a size asked, the plot drawn again at that size (`rasterImage`).
 */
export function aimTarget(target: PlotTarget, el: HTMLElement, shot: () => RasterShot): void {
  target.current = el;
  target.toImage = (req?: ImageRequest) => {
    const s = shot();
    if (!req) return composite(s);
    const { axes, layers } = s;
    const ranges = axes ? { x: axes.ax.range, y: axes.ay.range } : null;
    // The pixels at the picture's resolution, from the images on screen (not the screen's canvas scaled).
    const draw =
      axes && layers
        ? (w: number, h: number) => {
            const c = document.createElement('canvas');
            [c.width, c.height] = [w, h];
            const ctx = c.getContext('2d');
            const frame = (a: AxisFrame, n: number) => ({ offset: 0, length: n, range: a.range });
            if (ctx) drawLayers(ctx, layers, frame(axes.ax, w), frame(axes.ay, h), 1);
            return c;
          }
        : undefined;
    return rasterImage({ ...s, ranges, draw }, req);
  };
}
