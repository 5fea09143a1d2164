/**
 * Pictures of a plot at a chosen size and scale, PNG or SVG. A plotly plot is plotly's own `toImage` (run in the
 * page, nothing sent anywhere); a raster plot (pixels on a canvas under plotly's axes: heatmap images, the Map) is
 * drawn again off screen at the size asked — plotly's axes for that size, the pixels placed on its plot area, the
 * page's colour bar beside it — into a canvas (PNG) or an SVG holding the pixels as an embedded PNG image.
 */
import { axisLabelsSvg, drawAxisLabels, type AxisLabels, type TickArea } from './AxisTickLabels';
import { barSvg, drawColorBar, type BarBox } from './ColorBar';
import { loadPlotly } from './PlotlyView';
import type { RasterColorBar } from './raster-types';

export type ImageFormat = 'png' | 'svg';

export interface ImageRequest {
  readonly format: ImageFormat;
  /** CSS pixels of the picture (SVG: its width and height). */
  readonly width: number;
  readonly height: number;
  /** Device pixels per CSS pixel of a PNG (1–4). */
  readonly scale: number;
}

/** What a raster plot gives to be drawn again: its plotly element, its pixels and their axis ranges, its bar. */
export interface RasterSource {
  readonly el: HTMLElement;
  readonly raster: HTMLCanvasElement | null;
  /** The data ranges the raster canvas covers (plotly's x and y ranges on screen). */
  readonly ranges: { readonly x: readonly [number, number]; readonly y: readonly [number, number] } | null;
  readonly colorbar: RasterColorBar | null | undefined;
  /** Tick labels the page draws beside the plot area (the Map's graticule). */
  readonly axisLabels?: AxisLabels | null | undefined;
  /** The pixels drawn anew on a canvas of w × h device pixels covering `ranges` (else `raster` is scaled). */
  readonly draw?: ((w: number, h: number) => HTMLCanvasElement) | undefined;
}

type AxisLayout = { _offset: number; _length: number; range: [number, number] };
interface PlotlyElement extends HTMLElement {
  data?: unknown[];
  layout?: Record<string, unknown>;
  _fullLayout?: { xaxis?: AxisLayout; yaxis?: AxisLayout; margin?: { l: number; r: number; t: number; b: number } };
}

/** The page's background and text colours. */
function colours(): { bg: string; fg: string } {
  const css = getComputedStyle(document.documentElement);
  return { bg: css.getPropertyValue('--bg').trim() || '#fff', fg: css.getPropertyValue('--fg').trim() || '#222' };
}

/** The request's size, whole pixels within 16…8192, scale within 1…4. */
export function checkedRequest(r: ImageRequest): ImageRequest {
  const px = (v: number) => Math.max(16, Math.min(8192, Math.round(Number.isFinite(v) ? v : 800)));
  return { format: r.format, width: px(r.width), height: px(r.height), scale: Math.max(1, Math.min(4, r.scale || 1)) };
}

/** A plotly plot's picture at the size asked (a `data:` URL). */
export async function plotlyImage(el: HTMLElement, req: ImageRequest): Promise<string> {
  const P = await loadPlotly();
  const r = checkedRequest(req);
  return P.toImage(el, { format: r.format, width: r.width, height: r.height, scale: r.format === 'png' ? r.scale : 1 });
}

/**
 * Margins that give the plot area the aspect `aspect` (width / height) in a `w` × `h` picture (for plots whose
 * scales are tied, like the Map's: otherwise plotly would widen a range, and the pixels would not fill it).
 */
export function aspectMargins(
  m: { l: number; r: number; t: number; b: number },
  w: number,
  h: number,
  aspect: number,
): { l: number; r: number; t: number; b: number } {
  const aw = Math.max(1, w - m.l - m.r);
  const ah = Math.max(1, h - m.t - m.b);
  if (!(aspect > 0)) return m;
  if (aw / ah > aspect) {
    const extra = (aw - ah * aspect) / 2;
    return { ...m, l: m.l + extra, r: m.r + extra };
  }
  const extra = (ah - aw / aspect) / 2;
  return { ...m, t: m.t + extra, b: m.b + extra };
}

/** Draws the plot off screen at `w` × `h`: the same data and layout, the ranges shown on screen, no interaction. */
async function offscreenPlot(src: RasterSource, w: number, h: number) {
  const P = await loadPlotly();
  const el = src.el as PlotlyElement;
  const fl = el._fullLayout;
  const layout = { ...(el.layout ?? {}) };
  const axes = (layout.xaxis ?? {}) as Record<string, unknown>;
  const yaxes = (layout.yaxis ?? {}) as Record<string, unknown>;
  const tied = yaxes.scaleanchor !== undefined;
  const m = fl?.margin ?? { l: 70, r: 20, t: 30, b: 60 };
  const sx = fl?.xaxis;
  const sy = fl?.yaxis;
  const margin = tied && sx && sy ? aspectMargins(m, w, h, sx._length / sy._length) : m;
  const div = document.createElement('div');
  Object.assign(div.style, { position: 'fixed', left: '-20000px', top: '0', width: `${w}px`, height: `${h}px` });
  document.body.appendChild(div);
  const fixed = (a: Record<string, unknown>, r: readonly [number, number] | undefined) => ({
    ...a,
    ...(r ? { range: [...r], autorange: false } : {}),
    scaleanchor: undefined,
  });
  await P.newPlot(
    div,
    el.data ?? [],
    {
      ...layout,
      width: w,
      height: h,
      autosize: false,
      margin: { ...margin, autoexpand: false },
      xaxis: fixed(axes, src.ranges?.x),
      yaxis: fixed(yaxes, src.ranges?.y),
    },
    { staticPlot: true, displayModeBar: false },
  );
  const dfl = (div as PlotlyElement)._fullLayout;
  const box = dfl?.xaxis && dfl.yaxis ? { ax: dfl.xaxis, ay: dfl.yaxis } : null;
  return { P, div, box, dispose: () => (P.purge(div), div.remove()) };
}

/** Where the raster's pixels go on the off-screen plot area: the screen ranges placed on its axes. */
function rasterRect(src: RasterSource, box: { ax: AxisLayout; ay: AxisLayout }) {
  const { ax, ay } = box;
  const rx = src.ranges?.x ?? ax.range;
  const ry = src.ranges?.y ?? ay.range;
  const px = (v: number) => ax._offset + ((v - ax.range[0]) / (ax.range[1] - ax.range[0])) * ax._length;
  const py = (v: number) => ay._offset + (1 - (v - ay.range[0]) / (ay.range[1] - ay.range[0])) * ay._length;
  const x0 = px(rx[0]);
  const x1 = px(rx[1]);
  const y0 = py(ry[1]);
  const y1 = py(ry[0]);
  return { x: Math.min(x0, x1), y: Math.min(y0, y1), w: Math.abs(x1 - x0), h: Math.abs(y1 - y0) };
}

function tickArea(box: { ax: AxisLayout; ay: AxisLayout }): TickArea {
  const { ax, ay } = box;
  return { left: ax._offset, top: ay._offset, width: ax._length, height: ay._length, x: ax.range, y: ay.range };
}

function barBox(box: { ax: AxisLayout; ay: AxisLayout }): BarBox {
  return { left: box.ax._offset + box.ax._length, top: box.ay._offset, height: box.ay._length };
}

/** A raster plot's picture at the size asked (a `data:` URL). */
export async function rasterImage(src: RasterSource, req: ImageRequest): Promise<string> {
  const r = checkedRequest(req);
  const { P, div, box, dispose } = await offscreenPlot(src, r.width, r.height);
  try {
    const { bg, fg } = colours();
    if (r.format === 'svg') {
      const url = await P.toImage(div, { format: 'svg', width: r.width, height: r.height });
      return svgWithRaster(url, src, box, bg, fg);
    }
    const img = new Image();
    img.src = await P.toImage(div, { format: 'png', width: r.width, height: r.height, scale: r.scale });
    await img.decode();
    const c = document.createElement('canvas');
    c.width = Math.round(r.width * r.scale);
    c.height = Math.round(r.height * r.scale);
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('The browser cannot draw the PNG.');
    ctx.scale(r.scale, r.scale);
    ctx.fillStyle = bg;
    ctx.fillRect(0, 0, r.width, r.height);
    if (src.raster && box) {
      const d = rasterRect(src, box);
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(pixels(src, d, r.scale), d.x, d.y, d.w, d.h);
    }
    ctx.drawImage(img, 0, 0, r.width, r.height);
    if (src.colorbar && box) drawColorBar(ctx, src.colorbar, barBox(box), fg);
    if (src.axisLabels && box) drawAxisLabels(ctx, src.axisLabels, tickArea(box), fg);
    return c.toDataURL('image/png');
  } finally {
    dispose();
  }
}

/** The raster's pixels for a place of `d` CSS pixels at `k` device pixels each. */
function pixels(src: RasterSource, d: { w: number; h: number }, k: number): HTMLCanvasElement {
  const n = (v: number) => Math.max(1, Math.min(16384, Math.round(v * k)));
  return src.draw?.(n(d.w), n(d.h)) ?? src.raster!;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Plotly's SVG with the raster as an embedded PNG under its axes and the colour bar beside them. */
function svgWithRaster(
  url: string,
  src: RasterSource,
  box: { ax: AxisLayout; ay: AxisLayout } | null,
  bg: string,
  fg: string,
): string {
  const text = url.startsWith('data:image/svg+xml;base64,')
    ? atob(url.slice(url.indexOf(',') + 1))
    : decodeURIComponent(url.slice(url.indexOf(',') + 1));
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = doc.documentElement;
  const first = svg.firstElementChild;
  const backdrop = doc.createElementNS(SVG_NS, 'rect');
  for (const [k, v] of Object.entries({ x: '0', y: '0', width: '100%', height: '100%', fill: bg }))
    backdrop.setAttribute(k, v);
  svg.insertBefore(backdrop, first);
  if (src.raster && box) {
    const d = rasterRect(src, box);
    const image = doc.createElementNS(SVG_NS, 'image');
    for (const [k, v] of Object.entries({ x: d.x, y: d.y, width: d.w, height: d.h })) image.setAttribute(k, String(v));
    image.setAttribute('preserveAspectRatio', 'none');
    image.setAttribute('style', 'image-rendering: pixelated');
    image.setAttribute('href', pixels(src, d, 2).toDataURL('image/png'));
    svg.insertBefore(image, first);
  }
  if (src.colorbar && box) svg.appendChild(barSvg(doc, src.colorbar, barBox(box), fg));
  if (src.axisLabels && box) svg.appendChild(axisLabelsSvg(doc, src.axisLabels, tickArea(box), fg));
  return `data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(doc))}`;
}

/** The bytes of a `data:` URL, base64 or percent-encoded (no fetch: the CSP's connect-src does not cover data:). */
export function dataUrlBytes(url: string): Uint8Array {
  const body = url.slice(url.indexOf(',') + 1);
  if (/;base64,/.test(url.slice(0, url.indexOf(',') + 1))) {
    const bin = atob(body);
    return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
  }
  return new TextEncoder().encode(decodeURIComponent(body));
}
