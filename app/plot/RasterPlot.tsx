import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ErrorMessage } from '../common/ErrorMessage';
import { mark } from '../common/marks';
import { AxisTickLabels, type AxisLabels, type TickArea } from './AxisTickLabels';
import { ColorBar, type BarBox } from './ColorBar';
import {
  attachHost,
  countRendered,
  createPlotHost,
  disposePlotHost,
  setHostEarlyPaint,
  setHostFigure,
  setHostPaint,
  type PlotHost,
  type PlotHostElement,
} from './plot-host';
import { PlotTargetContext, loadPlotly, plotlyInUse, releaseTarget, themedLayout } from './PlotlyView';
import { adoptWarmPlot } from './plot-warm';
import { aimTarget, drawLayers } from './raster-export';
import type { RasterColorBar, RasterImage, RasterPlacement, RasterPointer } from './raster-types';
import { RASTER_CONFIG, figureKey, rasterFigure } from './raster-figure';
import { untabModeBar } from './plotly-config';
import { pointAt, type AxisFrame } from './raster-geometry';

export type { AxisFrame, RasterExtent, RasterPoint } from './raster-geometry';
export type { RasterColorBar, RasterImage, RasterPlacement, RasterPointer } from './raster-types';

export interface RasterPlotProps {
  /** The pixels, or null while they are being made (the axes are drawn already). A new object repaints. */
  readonly image: RasterImage | null;
  /**
   * Pixels drawn under `image` (e.g. a coarse picture of the whole field under a finer one of the part in view);
   * compared by identity. Not counted in `data-rendered`.
   */
  readonly underlay?: RasterImage | null | undefined;
  /** Where the pixels go; the axes start on its extent (a change resets the zoom). */
  readonly placement: RasterPlacement;
  /** The colour bar; null keeps its room beside the plot (its range is not known yet); undefined: none. */
  readonly colorbar?: RasterColorBar | null | undefined;
  /** Plotly layout merged over the defaults (`xaxis`/`yaxis` merged key by key: titles, `visible`, …). */
  readonly layout?: Record<string, unknown> | undefined;
  /** Further plotly traces, drawn over the pixels (e.g. outlines); compared by identity. */
  readonly traces?: readonly unknown[] | undefined;
  readonly label: string;
  /** `data-testid` of the plot element; it carries `data-rendered` (a count of complete draws) and `data-frame-index`. */
  readonly testId: string;
  /** The pointer moved over the plot area (`null`: it left). */
  readonly onHover?: ((p: RasterPointer | null) => void) | undefined;
  /** A click (not a drag) in the plot area. */
  readonly onClick?: ((p: RasterPointer) => void) | undefined;
  /** Plotly's axes after each paint (zoom, pan, resize): their ranges and sizes on screen. */
  readonly onAxes?: ((ax: AxisFrame, ay: AxisFrame) => void) | undefined;
  /** Drawn over the plot (e.g. a hover read-out). */
  readonly children?: ReactNode;
  /** A plotly element shared with the plot that showed this figure before (see plot-host.ts). */
  readonly host?: PlotHost | null | undefined;
  /**
   * The read this plot is loading: while `image` is null it draws the host's early picture of that read
   * (`showEarly`), made before the read returns.
   */
  readonly early?: string | null | undefined;
  /** Tick labels drawn by the page beside the plot area (in data coordinates; e.g. the Map's graticule). */
  readonly axisLabels?: AxisLabels | null | undefined;
}

type AxisLayout = { _offset: number; _length: number; range: [number, number] };
type PlotElement = PlotHostElement & { _fullLayout?: { xaxis?: AxisLayout; yaxis?: AxisLayout } };

const frame = (a: AxisLayout): AxisFrame => ({ offset: a._offset, length: a._length, range: a.range });

function axesOf(el: PlotElement | null): { ax: AxisFrame; ay: AxisFrame } | null {
  const fl = el?._fullLayout;
  return fl?.xaxis && fl.yaxis ? { ax: frame(fl.xaxis), ay: frame(fl.yaxis) } : null;
}

/**
 * A raster under plotly's axes: plotly draws the axes and zoom/pan; the pixels are drawn on a canvas placed exactly
 * on plotly's plot area and redrawn whenever the axes move (zoom, pan, resize), so a new image is one `drawImage`,
 * not a plotly redraw. The colour bar is the page's own (`ColorBar`), beside the plot area, for the same reason.
 * Hover and click report data coordinates and the image pixel. With a `host`, the plotly element is shared with
 * the raster plot that showed it before (see plot-host.ts): the same figure is not drawn again.
 */
export function RasterPlot(props: RasterPlotProps) {
  const { image, placement, colorbar, layout, traces, label, testId, children } = props;
  const [own] = useState(createPlotHost);
  const host = props.host ?? own;
  const slot = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const fig = useRef<HTMLElement>(null);
  const live = useRef(props);
  // Before the effects below (and the plotly events) read it.
  useLayoutEffect(() => {
    live.current = props;
  });
  const rev = useRef({ figure: 0, plotted: -1 });
  /** The image and placement last painted (a mount's figure effect paints them already: not twice). */
  const painted = useRef<{ image: unknown; placement: unknown; underlay: unknown } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [bar, setBar] = useState<{ box: BarBox; plot: BarBox } | null>(null);
  const [area, setArea] = useState<TickArea | null>(null);
  const barPlot = useRef<BarBox | null>(null);
  useLayoutEffect(() => {
    barPlot.current = bar?.plot ?? null;
  });
  const target = useContext(PlotTargetContext);

  const figKey = figureKey(placement, layout, colorbar !== undefined);
  const [ready, setReady] = useState(() => host.figure === figKey);
  const figure = useMemo(() => {
    const { placement: p, layout: lay = {}, bar: reserve } = JSON.parse(figKey) as RasterPlotProps & { bar: boolean };
    return rasterFigure(p, lay, reserve, traces);
  }, [figKey, traces]);

  /** The picture to draw: the image given, else the host's early picture of the read this plot loads. */
  const current = (): RasterImage | null | undefined => {
    const { image: img, early } = live.current;
    if (img) return img;
    return early && host.early?.key === early ? host.early.image : img;
  };
  const paint = (): void => {
    const el = host.el as PlotElement;
    const cv = canvas.current;
    const axes = axesOf(el);
    if (!cv || !axes || !el.isConnected) return;
    const { ax, ay } = axes;
    const dpr = window.devicePixelRatio || 1;
    Object.assign(cv.style, {
      left: `${el.offsetLeft + ax.offset}px`,
      top: `${el.offsetTop + ay.offset}px`,
      width: `${ax.length}px`,
      height: `${ay.length}px`,
    });
    const box = { left: el.offsetLeft + ax.offset + ax.length, top: el.offsetTop + ay.offset, height: ay.length };
    setBar((b) =>
      b && b.box.left === box.left && b.box.top === box.top && b.box.height === box.height
        ? b
        : { box, plot: { left: ax.offset + ax.length, top: ay.offset, height: ay.length } },
    );
    const a = { left: el.offsetLeft + ax.offset, top: el.offsetTop + ay.offset, width: ax.length, height: ay.length };
    const next: TickArea = { ...a, x: [ax.range[0], ax.range[1]], y: [ay.range[0], ay.range[1]] };
    setArea((old) => (JSON.stringify(old) === JSON.stringify(next) ? old : next));
    const w = Math.max(1, Math.round(ax.length * dpr));
    const h = Math.max(1, Math.round(ay.length * dpr));
    if (cv.width !== w) cv.width = w;
    if (cv.height !== h) cv.height = h;
    const ctx = cv.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    live.current.onAxes?.(ax, ay);
    const img = current();
    const under = live.current.underlay;
    painted.current = { image: img, placement: live.current.placement, underlay: under };
    drawLayers(ctx, { layers: [under, img], placement: live.current.placement }, ax, ay, dpr);
  };
  // `data-rendered` counts complete pictures: a new whole image once its pixels are on the axes.
  const markRendered = () => {
    const img = current();
    if (img && (img.preview || !img.partial) && axesOf(host.el as PlotElement)) {
      mark(img.preview ? 'previewed' : 'rendered');
      countRendered(host, img, img.frame);
    }
  };

  // The host's element goes into this plot's slot; plotly's events repaint this plot's pixels.
  useLayoutEffect(() => (slot.current ? attachHost(host, slot.current, testId) : undefined), [host, testId]);
  useLayoutEffect(() => {
    setHostPaint(host, paint);
    setHostEarlyPaint(
      host,
      props.early
        ? () => {
            // Not once this plot is gone; while its figure is drawn, the draw paints the picture when done.
            if (!canvas.current?.isConnected || rev.current.plotted !== rev.current.figure) return false;
            paint();
            markRendered();
            return true;
          }
        : null,
    );
  });
  useEffect(() => () => disposePlotHost(own), [own]);

  /** The figure drawn (or kept) as figure number `mine`: the pixels go on it and it counts as rendered. */
  const figureDrawn = (el: PlotHostElement, mine: number) => {
    rev.current.plotted = mine;
    untabModeBar(el);
    setHostPaint(host, paint);
    if (target)
      aimTarget(target, el, () => ({
        el,
        raster: canvas.current,
        axes: axesOf(el as PlotElement),
        colorbar: live.current.colorbar,
        barBox: barPlot.current,
        axisLabels: live.current.axisLabels,
        layers: { layers: [live.current.underlay, current()], placement: live.current.placement },
      }));
    setReady(true);
    paint();
    markRendered();
  };
  // A figure plotly drew already (the loading plot's, or the page's off-screen plot of it: plot-warm.ts) is kept and
  // painted before the browser's next frame: the picture on screen passes from one plot to the other without a blank
  // frame between them, and a first heatmap whose axes the page drew while idle costs plotly nothing.
  const keptFigure = useRef<unknown>(null);
  useLayoutEffect(() => {
    keptFigure.current = null;
    if (host.figure === null && !host.el._fullLayout) adoptWarmPlot(host, figKey);
    if (host.figure !== figKey || figure.data.length || !host.el._fullLayout) return;
    keptFigure.current = figure;
    mark('figure-kept');
    figureDrawn(host.el, ++rev.current.figure);
    // figKey is what `figure` is made of.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [figure, target, host]);

  useEffect(() => {
    if (keptFigure.current === figure) return;
    let alive = true;
    adoptWarmPlot(host);
    const el = host.el;
    const mine = ++rev.current.figure;
    const drawn = () => figureDrawn(el, mine);
    // In a task of its own: a slice's read, started by the same render, sends its requests first (plotly's first
    // draw takes tens of ms of this thread, and the read's next steps are promise callbacks queued behind it).
    new Promise((resolve) => setTimeout(resolve, 0))
      .then(loadPlotly)
      .then((P) => {
        if (!alive) return;
        setHostFigure(host, null);
        mark('plotly-start');
        plotlyInUse();
        return P.react(el, figure.data, themedLayout(figure.layout), RASTER_CONFIG).then(() => {
          mark('plotly-done');
          if (!alive) return;
          setHostFigure(host, figKey);
          drawn();
        });
      })
      .catch((e: unknown) => alive && setError(e));
    return () => {
      alive = false;
    };
    // figKey is what `figure` is made of.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [figure, target, host]);

  useEffect(() => {
    // While plotly redraws for a new figure, its completion paints (and counts) this image.
    if (rev.current.plotted !== rev.current.figure) return;
    const last = painted.current;
    if (last?.image !== image || last.placement !== placement || last.underlay !== props.underlay) paint();
    markRendered();
    // paint and markRendered read the latest props through `live`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [image, placement, props.underlay]);

  useEffect(() => () => (target ? releaseTarget(target, host.el) : undefined), [target, host]);

  const locate = (ev: React.MouseEvent): RasterPointer | null => {
    const el = host.el as PlotElement;
    const axes = axesOf(el);
    const f = fig.current;
    if (!axes || !f) return null;
    const box = el.getBoundingClientRect();
    const { placement: p } = live.current;
    const px = ev.clientX - box.left - axes.ax.offset;
    const py = ev.clientY - box.top - axes.ay.offset;
    const pt = pointAt(p, p.width, p.height, axes.ax, axes.ay, px, py);
    if (!pt) return null;
    const fb = f.getBoundingClientRect();
    return { ...pt, left: ev.clientX - fb.left, top: ev.clientY - fb.top };
  };
  // Plotly may deliver a click twice (the browser's and its own after a drag that did not move): one per press.
  const lastClick = useRef(0);
  const onClick = (ev: React.MouseEvent) => {
    if (ev.timeStamp - lastClick.current < 40) return;
    lastClick.current = ev.timeStamp;
    const p = locate(ev);
    if (p) live.current.onClick?.(p);
  };

  if (error) return <ErrorMessage error={error} title="The plot could not be drawn" />;
  return (
    <figure
      ref={fig}
      className="plot raster-plot"
      aria-label={label}
      onMouseMove={(ev) => live.current.onHover?.(locate(ev))}
      onMouseLeave={() => live.current.onHover?.(null)}
      onClick={onClick}
    >
      {!ready && <p className="muted">Loading plot…</p>}
      <canvas ref={canvas} className="raster-canvas" data-testid={`${testId}-raster`} aria-hidden="true" />
      <div ref={slot} className="plot-slot" />
      {colorbar && bar && ready && <ColorBar bar={colorbar} box={bar.box} />}
      {props.axisLabels && area && ready && <AxisTickLabels labels={props.axisLabels} area={area} />}
      {children}
    </figure>
  );
}
