import { formatNumber } from '../core';
import type { RasterColorBar } from './RasterPlot';

/** Where the colour bar goes in its figure: beside the plot area, as tall as it. */
export interface BarBox {
  readonly left: number;
  readonly top: number;
  readonly height: number;
}

/** Width of the ramp and the room the bar takes right of the plot area (ticks and title included). */
const RAMP = 14;
export const BAR_MARGIN = 110;
const GAP = 12;

/**
 * About `count` round values between `lo` and `hi` (steps of 1, 2 or 5 × 10ⁿ), as an axis labels a range; one
 * value for an empty or single-valued range.
 */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const r = raw / mag;
  const step = (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10) * mag;
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const out: number[] = [];
  for (let k = Math.ceil(lo / step); k * step <= hi + step * 1e-9; k++) out.push(Number((k * step).toFixed(decimals)));
  return out;
}

export interface BarTick {
  /** 0 at the bottom of the ramp (cmin), 1 at its top (cmax). */
  readonly at: number;
  readonly text: string;
}

/** The labelled ticks of a colour bar: its own (log/symlog scales) or round values of the range. */
export function barTicks(bar: RasterColorBar): BarTick[] {
  const span = bar.cmax - bar.cmin;
  const at = (v: number) => (span > 0 ? (v - bar.cmin) / span : 0.5);
  if (bar.tickvals) return bar.tickvals.map((v, i) => ({ at: at(v), text: bar.ticktext?.[i] ?? formatNumber(v) }));
  return niceTicks(bar.cmin, bar.cmax).map((v) => ({ at: at(v), text: formatNumber(v) }));
}

function gradient(bar: RasterColorBar): string {
  return `linear-gradient(to top, ${bar.colorscale.map(([t, c]) => `${c} ${t * 100}%`).join(', ')})`;
}

/**
 * The colour bar of a raster plot, drawn by the page (not plotly), so that a new image with a new range is not a
 * plotly redraw. Tick labels and title are text nodes.
 */
export function ColorBar({ bar, box }: { readonly bar: RasterColorBar; readonly box: BarBox }) {
  const ticks = barTicks(bar);
  const range = ticks.length ? `${ticks[0]!.text} to ${ticks.at(-1)!.text}` : '';
  return (
    <div
      className="raster-colorbar colorbar"
      data-testid="colorbar"
      role="img"
      aria-label={`Colour scale of ${bar.title}: ${range}`}
      style={{ left: box.left + GAP, top: box.top, height: box.height }}
    >
      <div className="raster-colorbar-ramp" style={{ width: RAMP, background: gradient(bar) }} />
      <div className="raster-colorbar-ticks">
        {ticks.map((t, i) => (
          <span key={i} style={{ bottom: `${t.at * 100}%` }}>
            {t.text}
          </span>
        ))}
      </div>
      <div className="raster-colorbar-title">{bar.title}</div>
    </div>
  );
}

/** The colour bar on a canvas (for the PNG export), at `box` in the canvas's pixels. */
export function drawColorBar(ctx: CanvasRenderingContext2D, bar: RasterColorBar, box: BarBox, colour: string): void {
  const x = box.left + GAP;
  const g = ctx.createLinearGradient(0, box.top + box.height, 0, box.top);
  for (const [t, c] of bar.colorscale) g.addColorStop(t, c);
  ctx.fillStyle = g;
  ctx.fillRect(x, box.top, RAMP, box.height);
  ctx.fillStyle = colour;
  ctx.font = '12px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  for (const t of barTicks(bar)) ctx.fillText(t.text, x + RAMP + 4, box.top + box.height * (1 - t.at));
  ctx.save();
  ctx.translate(x + BAR_MARGIN - GAP - 8, box.top + box.height / 2);
  ctx.rotate(Math.PI / 2);
  ctx.textAlign = 'center';
  ctx.fillText(bar.title, 0, 0);
  ctx.restore();
}

/** The colour bar as SVG elements (for the SVG export), at `box` in the picture's pixels; text as text nodes. */
export function barSvg(doc: Document, bar: RasterColorBar, box: BarBox, colour: string): SVGGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const el = <K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number>) => {
    const e = doc.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  };
  const g = el('g', { class: 'colorbar', 'font-family': 'system-ui, sans-serif', 'font-size': 12, fill: colour });
  const id = `zv-bar-${Math.random().toString(36).slice(2)}`;
  const grad = el('linearGradient', { id, x1: 0, y1: 1, x2: 0, y2: 0 });
  for (const [t, c] of bar.colorscale) grad.appendChild(el('stop', { offset: t, 'stop-color': c }));
  const defs = el('defs', {});
  defs.appendChild(grad);
  g.appendChild(defs);
  const x = box.left + GAP;
  g.appendChild(el('rect', { x, y: box.top, width: RAMP, height: box.height, fill: `url(#${id})` }));
  for (const t of barTicks(bar)) {
    const label = el('text', { x: x + RAMP + 4, y: box.top + box.height * (1 - t.at), 'dominant-baseline': 'middle' });
    label.textContent = t.text;
    g.appendChild(label);
  }
  const cx = x + BAR_MARGIN - GAP - 8;
  const cy = box.top + box.height / 2;
  const title = el('text', { x: cx, y: cy, 'text-anchor': 'middle', transform: `rotate(90 ${cx} ${cy})` });
  title.textContent = bar.title;
  g.appendChild(title);
  return g;
}
