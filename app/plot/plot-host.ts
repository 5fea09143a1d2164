/**
 * A plotly element that outlives the raster plot showing it: the heatmap of a variable is first drawn while its
 * slice loads (axes, then the chunks as they come) and then by the finished slice's view, two components at two
 * places of the page. Both show the same host element, so plotly draws the axes once, while the data is still on
 * the network, and the finished image is one canvas draw.
 */
import { createContext } from 'react';
import { loadPlotly } from './PlotlyView';
import type { RasterImage } from './raster-types';

export interface PlotHostElement extends HTMLDivElement {
  on?: (name: string, fn: () => void) => void;
  _fullLayout?: unknown;
}

export interface PlotHost {
  /** Plotly's element (replaced once, before its first draw, by the page's warm plot: see plot-warm.ts). */
  el: PlotHostElement;
  /** The figure plotly last drew on `el` (a key), or null before the first draw. */
  figure: string | null;
  /** Repaints the pixels of the raster plot showing the host now (plotly's events call it). */
  paint: (() => void) | null;
  /** The image this host last counted as rendered (`data-rendered` counts new pictures). */
  counted: unknown;
  /**
   * A read's picture drawn the moment its worker made it, before the slice reaches the view (`showEarly`): the
   * loading plot draws it; the view's plot that then shows the same pixels does not count them again.
   */
  early: { readonly key: string; readonly image: RasterImage } | null;
  /** Draws `early` now if the raster plot showing the host is the one loading that read (set by that plot). */
  paintEarly: (() => boolean) | null;
}

export function createPlotHost(): PlotHost {
  const el = document.createElement('div') as PlotHostElement;
  el.className = 'plot-area';
  return { el, figure: null, paint: null, counted: null, early: null, paintEarly: null };
}

/** Frees plotly's state of a host no raster plot shows any more. */
export function disposePlotHost(host: PlotHost): void {
  host.paint = null;
  host.paintEarly = null;
  host.early = null;
  host.figure = null;
  if (host.el._fullLayout) void loadPlotly().then((P) => P.purge(host.el));
}

/** The host the heatmaps of the variable on display share (none: each raster plot has its own). */
export const PlotHostContext = createContext<PlotHost | null>(null);

/** Puts the host's element into `slot` (named `testId`); returns the undo. */
export function attachHost(host: PlotHost, slot: HTMLElement, testId: string): () => void {
  host.el.dataset.testid = testId;
  slot.appendChild(host.el);
  return () => {
    if (host.el.parentElement === slot) slot.removeChild(host.el);
  };
}

/** Records the figure plotly drew on the host (null: a draw is under way). */
export function setHostFigure(host: PlotHost, key: string | null): void {
  host.figure = key;
}

/** Who repaints the pixels when plotly's axes move; plotly's events are wired to it once per host. */
export function setHostPaint(host: PlotHost, paint: (() => void) | null): void {
  host.paint = paint;
  const el = host.el;
  if (paint && el.on && !el.dataset.rasterWired) {
    el.dataset.rasterWired = '1';
    // Zoom, pan (live) and resize move the axes: the pixels follow.
    for (const name of ['plotly_afterplot', 'plotly_relayout', 'plotly_relayouting']) el.on(name, () => host.paint?.());
  }
}

/**
 * Counts `image` as a rendered picture in the host's `data-rendered` (once per image object, and once for the early
 * picture and the same pixels shown after it; a preview in `data-previewed` instead); `frame` (what it shows, e.g. the time step) goes in `data-frame-index`.
 */
export function countRendered(host: PlotHost, image: RasterImage, frame?: string): void {
  if (image.preview) {
    // A first picture at the plot's resolution: counted apart, once (the full image is the rendered one).
    if (host.counted === image) return;
    host.counted = image;
    host.el.dataset.previewed = String(Number(host.el.dataset.previewed ?? 0) + 1);
    return;
  }
  if (frame !== undefined) host.el.dataset.frameIndex = frame;
  const early = host.early?.image;
  const counted = early && early !== image && early.source === image.source ? early : image;
  if (host.counted === counted) return;
  host.counted = counted;
  host.el.dataset.rendered = String(Number(host.el.dataset.rendered ?? 0) + 1);
}

/** Who draws the host's early picture (the raster plot loading a read), or null. */
export function setHostEarlyPaint(host: PlotHost, paint: (() => boolean) | null): void {
  host.paintEarly = paint;
}

/**
 * Shows the picture of the read `key` on the host at once (the plot loading that read draws it and counts it as
 * rendered), ahead of the view that will show the finished slice with the same pixels; whether it was drawn now.
 */
export function showEarly(host: PlotHost, key: string, image: RasterImage): boolean {
  host.early = { key, image };
  return host.paintEarly?.() === true;
}
