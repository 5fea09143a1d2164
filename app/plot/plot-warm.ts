/**
 * Plotly's first plot in a page costs about twice a later one (its code is not compiled yet, its SVG framework not
 * made). Once a dataset is open and the page is idle, a raster plot's figure is drawn off screen, once; the first
 * raster plot of the page then takes that element (`adoptWarmPlot`) and redraws it for its own figure, which plotly
 * does on the framework it made, instead of making a new one while the user waits for the first heatmap.
 */
import { mark } from '../common/marks';
import type { PlotHost, PlotHostElement } from './plot-host';
import { isPlotlyInUse, loadPlotly, themeLayout } from './PlotlyView';
import { RASTER_CONFIG, rasterFigure } from './raster-figure';

let warmed: Promise<void> | null = null;
/** The off-screen plot, until a raster plot takes it. */
let spare: PlotHostElement | null = null;

/** The height a plot area has in the page (styles.css `.plot-area`), for the off-screen plot. */
function plotAreaHeight(): number {
  return Math.max(320, Math.min(0.6 * window.innerHeight, 560));
}

/**
 * Loads plotly and draws a raster plot's figure off screen, once, when the page is idle. Not once a real plot has
 * started: that one compiles the code, and the throwaway draw (70–90 ms of the page's thread) would come between the
 * first picture and its frame.
 */
export function warmPlotly(): Promise<void> {
  warmed ??= loadPlotly().then(async (P) => {
    await new Promise<void>((resolve) => {
      const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number })
        .requestIdleCallback;
      if (ric) ric(() => resolve(), { timeout: 300 });
      else setTimeout(resolve, 0);
    });
    if (isPlotlyInUse()) return;
    const el = document.createElement('div') as PlotHostElement;
    el.className = 'plot-area';
    // About the size it will have: the main column's width.
    const width = document.getElementById('main')?.clientWidth ?? 640;
    // Off screen and hidden from assistive technology and the keyboard (plotly's controls are in it) until taken.
    Object.assign(el.style, {
      position: 'fixed',
      left: '-10000px',
      top: '0',
      visibility: 'hidden',
      width: `${Math.max(320, width - 40)}px`,
      height: `${plotAreaHeight()}px`,
    });
    el.setAttribute('aria-hidden', 'true');
    el.inert = true;
    document.body.appendChild(el);
    mark('warm-start');
    const base = themeLayout();
    const placement = { x0: 0, dx: 0.25, y0: 90, dy: -0.25, width: 1440, height: 721 };
    const axes = { xaxis: { title: { text: 'x' } }, yaxis: { title: { text: 'y' } } };
    const fig = rasterFigure(placement, axes, true);
    let kept = false;
    try {
      await P.react(el, fig.data, { ...base, ...fig.layout, font: base.font }, RASTER_CONFIG);
      // A real plot that started meanwhile compiled plotly's code on its own element: this one is not needed.
      kept = !isPlotlyInUse();
    } catch {
      // A warm-up that fails leaves the first plot to make its own element.
    } finally {
      if (kept) spare = el;
      else {
        P.purge(el);
        el.remove();
      }
      mark('warm-done');
    }
  });
  return warmed;
}

/**
 * Gives `host`, not drawn yet, the off-screen plot (once per page): the element takes the place and name of the
 * host's own; its next draw (the host's figure) sizes it to its new place (e2e/plot/image-heatmap.spec.ts checks it
 * after a window resize). False when there is none.
 */
export function adoptWarmPlot(host: PlotHost): boolean {
  const el = spare;
  if (!el || host.figure !== null || host.el._fullLayout) return false;
  spare = null;
  const own = host.el;
  el.removeAttribute('style');
  el.removeAttribute('aria-hidden');
  el.inert = false;
  el.className = own.className;
  Object.assign(el.dataset, own.dataset);
  if (own.parentElement) own.replaceWith(el);
  else el.remove();
  host.el = el;
  mark('warm-adopted');
  return true;
}
