/** The PNG of a raster plot as shown: plotly's axes over the canvas's pixels, with the page's colour bar. */
import type { AxisLabels } from './AxisTickLabels';
import { drawColorBar, type BarBox } from './ColorBar';
import { rasterImage, type ImageRequest } from './plot-image';
import { loadPlotly, type PlotTarget } from './PlotlyView';
import type { AxisFrame } from './raster-geometry';
import type { RasterColorBar } from './RasterPlot';

export interface RasterShot {
  readonly el: HTMLElement;
  readonly raster: HTMLCanvasElement | null;
  readonly axes: { readonly ax: AxisFrame; readonly ay: AxisFrame } | null;
  readonly colorbar: RasterColorBar | null | undefined;
  /** The colour bar's place relative to the plotly element. */
  readonly barBox: BarBox | null;
  /** Tick labels the page draws beside the plot area. */
  readonly axisLabels?: AxisLabels | null | undefined;
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
    const ranges = s.axes ? { x: s.axes.ax.range, y: s.axes.ay.range } : null;
    return rasterImage({ el: s.el, raster: s.raster, ranges, colorbar: s.colorbar, axisLabels: s.axisLabels }, req);
  };
}
