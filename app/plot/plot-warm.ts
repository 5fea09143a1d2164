/**
 * Plotly's first plot in a page costs about twice a later one (its code is not compiled yet, its SVG framework not
 * made), and any plot takes tens of ms of the page's thread to draw its axes. Once a dataset is open and the page is
 * idle, a raster plot's figure is drawn off screen: the figure the page expects first (the loading heatmap of the
 * variable a user is likeliest to open, views/heatmap/heatmap-figure.ts), or a made-up one. The first raster plot of the
 * page takes that element (`adoptWarmPlot`): when its figure is the one drawn, at the same size and in the same
 * theme, plotly does nothing more; otherwise plotly redraws it on the framework it made, instead of making a new one
 * while the user waits for the first heatmap.
 */
import { mark } from '../common/marks';
import { plotAreaHeight } from '../common/plot-size';
import type { PlotHost, PlotHostElement } from './plot-host';
import { isPlotlyInUse, loadPlotly, plotlyInUse, themeLayout, themedLayout } from './PlotlyView';
import { RASTER_CONFIG, figureKey, rasterFigure } from './raster-figure';
import type { RasterPlacement } from './raster-types';

/** The figure a raster plot is expected to draw first (a loading heatmap's: room kept for its colour bar). */
export interface ExpectedFigure {
  readonly placement: RasterPlacement;
  readonly layout: Record<string, unknown>;
}

/** A figure on made-up axes, when none is expected. */
const MADE_UP: ExpectedFigure = {
  placement: { x0: 0, dx: 0.25, y0: 90, dy: -0.25, width: 1440, height: 721 },
  layout: { xaxis: { title: { text: 'x' } }, yaxis: { title: { text: 'y' } } },
};

/** The warm-ups asked for, one after the other. */
let warmed: Promise<void> = Promise.resolve();
/** The off-screen plot until a raster plot takes it: its figure's key (null: made up) and the theme it was drawn in. */
let spare: { readonly el: PlotHostElement; readonly key: string | null; readonly theme: string } | null = null;
/** A raster plot took the off-screen plot: the page draws no other. */
let taken = false;

/** The size a plot area has in the page's main column (styles.css `#main`, `--plot-h`), for the off-screen plot. */
export function plotAreaSize(): { width: number; height: number } {
  const main = document.getElementById('main');
  let width = 600;
  if (main) {
    const style = getComputedStyle(main);
    width = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }
  return { width: Math.max(320, width), height: plotAreaHeight(window.innerWidth, window.innerHeight) };
}

function offScreenPlot(): PlotHostElement {
  const el = document.createElement('div') as PlotHostElement;
  el.className = 'plot-area';
  // Off screen and hidden from assistive technology and the keyboard (plotly's controls are in it) until taken.
  Object.assign(el.style, { position: 'fixed', left: '-10000px', top: '0', visibility: 'hidden' });
  el.setAttribute('aria-hidden', 'true');
  el.inert = true;
  document.body.appendChild(el);
  return el;
}

const idle = () =>
  new Promise<void>((resolve) => {
    const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number })
      .requestIdleCallback;
    if (ric) ric(() => resolve(), { timeout: 300 });
    else setTimeout(resolve, 0);
  });

/**
 * Loads plotly and, when the page is idle, draws the figure `expect` gives (else a made-up one) off screen: once
 * per page, and again for a new expected figure while no raster plot has taken it. Not once a real plot has started:
 * that one compiles the code, and a throwaway draw (70–90 ms of the page's thread) would come between the first
 * picture and its frame.
 */
export function warmPlotly(expect?: () => Promise<ExpectedFigure | null>): Promise<void> {
  warmed = warmed.then(() => warm(expect)).catch(() => undefined);
  return warmed;
}

async function warm(expect: (() => Promise<ExpectedFigure | null>) | undefined): Promise<void> {
  const P = await loadPlotly();
  await idle();
  if (taken || isPlotlyInUse()) return;
  const expected = expect ? await expect().catch(() => null) : null;
  const key = expected ? figureKey(expected.placement, expected.layout, true) : null;
  const base = themeLayout();
  const theme = JSON.stringify(base);
  if (taken || isPlotlyInUse() || (spare && (key === null || (spare.key === key && spare.theme === theme)))) return;
  // Not to be taken while plotly draws it.
  const el = spare?.el ?? offScreenPlot();
  spare = null;
  const size = plotAreaSize();
  Object.assign(el.style, { width: `${size.width}px`, height: `${size.height}px` });
  mark('warm-start');
  const { placement, layout } = expected ?? MADE_UP;
  const fig = rasterFigure(placement, layout, true);
  let kept = false;
  try {
    await P.react(el, fig.data, themedLayout(fig.layout, base), RASTER_CONFIG);
    // A real plot that started meanwhile compiled plotly's code on its own element: this one is not needed.
    kept = !isPlotlyInUse();
  } catch {
    // A warm-up that fails leaves the first plot to make its own element.
  } finally {
    if (kept) spare = { el, key, theme };
    else {
      P.purge(el);
      el.remove();
    }
    mark('warm-done');
  }
}

/**
 * Gives `host`, not drawn yet, the off-screen plot (once per page): the element takes the place and name of the
 * host's own. When `key` (the host's figure, `figureKey`) is the figure drawn on it, at the size it now has and in
 * the page's theme, the host counts it as drawn (`host.figure`); otherwise its next draw makes the host's figure and
 * sizes it to its new place (e2e/plot/image-heatmap.spec.ts checks it after a window resize). False when there is
 * none.
 */
export function adoptWarmPlot(host: PlotHost, key?: string): boolean {
  const s = spare;
  if (!s || host.figure !== null || host.el._fullLayout) return false;
  spare = null;
  taken = true;
  const { el } = s;
  const own = host.el;
  el.removeAttribute('style');
  el.removeAttribute('aria-hidden');
  el.inert = false;
  // The host's classes beside plotly's own (`js-plotly-plot`: its style sheet's rules, e.g. no pointer events on its
  // SVG layers, need it; a figure kept as drawn is not given it again by a new draw).
  el.classList.add(...own.classList);
  Object.assign(el.dataset, own.dataset);
  if (own.parentElement) own.replaceWith(el);
  else el.remove();
  host.el = el;
  mark('warm-adopted');
  const drawn = el._fullLayout as { width?: number; height?: number } | undefined;
  if (
    key !== undefined &&
    key === s.key &&
    s.theme === JSON.stringify(themeLayout()) &&
    drawn?.width === el.clientWidth &&
    drawn.height === el.clientHeight
  ) {
    host.figure = key;
    plotlyInUse();
    mark('warm-kept');
  }
  return true;
}
