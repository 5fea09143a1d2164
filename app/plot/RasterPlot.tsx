import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ErrorMessage } from '../common/ErrorMessage';
import { PlotTargetContext, loadPlotly, themeLayout } from './PlotlyView';
import {
  extentRanges,
  pointAt,
  rasterTransform,
  type AxisFrame,
  type RasterExtent,
  type RasterPoint,
} from './raster-geometry';

export type { AxisFrame, RasterExtent, RasterPoint } from './raster-geometry';

/** Pixels to draw: `width` × `height`, row 0 first (its placement says where row 0 and column 0 lie). */
export interface RasterImage {
  readonly width: number;
  readonly height: number;
  /** An ImageBitmap, a canvas or an OffscreenCanvas holding the pixels. */
  readonly source: CanvasImageSource;
  /** Not every pixel is there yet (a progressive paint): drawn, but the plot is not marked rendered. */
  readonly partial?: boolean | undefined;
  /** Where these pixels lie, when not on the placement (e.g. a finer image of the zoomed part). */
  readonly extent?: RasterExtent | undefined;
}

/** Where the image lies in data coordinates and its size in pixels (known before the pixels are). */
export interface RasterPlacement extends RasterExtent {
  readonly width: number;
  readonly height: number;
}

/** The colour bar plotly draws beside the pixels (the same scale the pixels were coloured with). */
export interface RasterColorBar {
  readonly colorscale: readonly (readonly [number, string])[];
  readonly cmin: number;
  readonly cmax: number;
  readonly title: string;
  readonly tickvals?: readonly number[] | undefined;
  readonly ticktext?: readonly string[] | undefined;
}

/** A point under the pointer: data coordinates, image pixel, and the position in the figure (for a read-out). */
export interface RasterPointer extends RasterPoint {
  readonly left: number;
  readonly top: number;
}

export interface RasterPlotProps {
  /** The pixels, or null while they are being made (the axes are drawn already). A new object repaints. */
  readonly image: RasterImage | null;
  /** Where the pixels go; the axes start on its extent (a change resets the zoom). */
  readonly placement: RasterPlacement;
  /** The colour bar, or null for none. */
  readonly colorbar?: RasterColorBar | null | undefined;
  /** Plotly layout merged over the defaults (`xaxis`/`yaxis` merged key by key: titles, `visible`, …). */
  readonly layout?: Record<string, unknown> | undefined;
  /** Further plotly traces, drawn over the pixels (e.g. outlines); compared by identity. */
  readonly traces?: readonly unknown[] | undefined;
  readonly label: string;
  /** `data-testid` of the plot element; it carries `data-rendered` (a count of complete draws). */
  readonly testId: string;
  /** The pointer moved over the plot area (`null`: it left). */
  readonly onHover?: ((p: RasterPointer | null) => void) | undefined;
  /** A click (not a drag) in the plot area. */
  readonly onClick?: ((p: RasterPointer) => void) | undefined;
  /** Plotly's axes after each paint (zoom, pan, resize): their ranges and sizes on screen. */
  readonly onAxes?: ((ax: AxisFrame, ay: AxisFrame) => void) | undefined;
  /** Drawn over the plot (e.g. a hover read-out). */
  readonly children?: ReactNode;
}

type AxisLayout = { _offset: number; _length: number; range: [number, number] };
interface PlotElement extends HTMLDivElement {
  on?: (name: string, fn: () => void) => void;
  _fullLayout?: { xaxis?: AxisLayout; yaxis?: AxisLayout };
}

const frame = (a: AxisLayout): AxisFrame => ({ offset: a._offset, length: a._length, range: a.range });

function axesOf(el: PlotElement | null): { ax: AxisFrame; ay: AxisFrame } | null {
  const fl = el?._fullLayout;
  return fl?.xaxis && fl.yaxis ? { ax: frame(fl.xaxis), ay: frame(fl.yaxis) } : null;
}

/**
 * A raster under plotly's axes: plotly draws the axes, the colour bar and zoom/pan; the pixels are drawn on a
 * canvas placed exactly on plotly's plot area and redrawn whenever the axes move (zoom, pan, resize), so a new
 * image is one `drawImage`, not a plotly redraw. Hover and click report data coordinates and the image pixel.
 */
export function RasterPlot(props: RasterPlotProps) {
  const { image, placement, colorbar, layout, traces, label, testId, children } = props;
  const ref = useRef<PlotElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const fig = useRef<HTMLElement>(null);
  const live = useRef(props);
  // Before the effects below (and the plotly events) read it.
  useLayoutEffect(() => {
    live.current = props;
  });
  const rev = useRef({ figure: 0, plotted: -1 });
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const target = useContext(PlotTargetContext);

  const figKey = JSON.stringify({ placement, colorbar, layout });
  const figure = useMemo(() => {
    const { placement: p, colorbar: cb, layout: lay = {} } = JSON.parse(figKey) as RasterPlotProps;
    const r = extentRanges(p, p.width, p.height);
    const axis = (range: [number, number], extra: unknown) => ({
      type: 'linear',
      range,
      autorange: false,
      showgrid: false,
      zeroline: false,
      ...(extra as Record<string, unknown> | undefined),
    });
    const bar = cb
      ? [
          {
            type: 'scatter',
            x: [null],
            y: [null],
            mode: 'markers',
            hoverinfo: 'skip',
            showlegend: false,
            marker: {
              color: [cb.cmin, cb.cmax],
              cmin: cb.cmin,
              cmax: cb.cmax,
              colorscale: cb.colorscale,
              showscale: true,
              colorbar: {
                title: { text: cb.title, side: 'right' },
                ...(cb.tickvals ? { tickvals: cb.tickvals, ticktext: cb.ticktext } : {}),
              },
            },
          },
        ]
      : [];
    return {
      data: [...bar, ...(traces ?? [])],
      layout: {
        ...lay,
        xaxis: axis(r.x, lay.xaxis),
        yaxis: axis(r.y, lay.yaxis),
        hovermode: 'closest',
        // A new image on the same extent keeps the user's zoom.
        uirevision: JSON.stringify(p),
      },
    };
  }, [figKey, traces]);

  const paint = (): void => {
    const el = ref.current;
    const cv = canvas.current;
    const axes = axesOf(el);
    if (!el || !cv || !axes) return;
    const { ax, ay } = axes;
    const dpr = window.devicePixelRatio || 1;
    Object.assign(cv.style, {
      left: `${el.offsetLeft + ax.offset}px`,
      top: `${el.offsetTop + ay.offset}px`,
      width: `${ax.length}px`,
      height: `${ay.length}px`,
    });
    const w = Math.max(1, Math.round(ax.length * dpr));
    const h = Math.max(1, Math.round(ay.length * dpr));
    if (cv.width !== w) cv.width = w;
    if (cv.height !== h) cv.height = h;
    const ctx = cv.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    live.current.onAxes?.(ax, ay);
    const img = live.current.image;
    if (!img || img.width === 0 || img.height === 0) return;
    const t = rasterTransform(img.extent ?? live.current.placement, ax, ay);
    ctx.imageSmoothingEnabled = false;
    ctx.setTransform(t.a * dpr, 0, 0, t.d * dpr, t.e * dpr, t.f * dpr);
    ctx.drawImage(img.source, 0, 0);
  };
  const markRendered = () => {
    const el = ref.current;
    if (el && live.current.image && !live.current.image.partial)
      el.dataset.rendered = String(Number(el.dataset.rendered ?? 0) + 1);
  };

  useEffect(() => {
    let alive = true;
    const el = ref.current;
    if (!el) return;
    const mine = ++rev.current.figure;
    loadPlotly()
      .then((P) => {
        if (!alive) return;
        const base = themeLayout();
        const config = { responsive: true, displaylogo: false };
        return P.react(el, figure.data, { ...base, ...figure.layout, font: base.font }, config).then(() => {
          if (!alive) return;
          rev.current.plotted = mine;
          if (el.on && !el.dataset.rasterWired) {
            el.dataset.rasterWired = '1';
            // Zoom, pan (live) and resize move the axes: the pixels follow.
            for (const name of ['plotly_afterplot', 'plotly_relayout', 'plotly_relayouting']) el.on(name, paint);
          }
          if (target) {
            target.current = el;
            target.toImage = () => composite(el, canvas.current);
          }
          setReady(true);
          paint();
          markRendered();
        });
      })
      .catch((e: unknown) => alive && setError(e));
    return () => {
      alive = false;
    };
  }, [figure, target]);

  useEffect(() => {
    // While plotly redraws for a new figure, its completion paints (and counts) this image.
    if (rev.current.plotted !== rev.current.figure) return;
    paint();
    markRendered();
  }, [image, placement]);

  useEffect(() => {
    const el = ref.current;
    return () => {
      if (!el) return;
      if (target?.current === el) {
        target.current = null;
        target.toImage = undefined;
      }
      void loadPlotly().then((P) => P.purge(el));
    };
  }, [target]);

  const locate = (ev: React.MouseEvent): RasterPointer | null => {
    const el = ref.current;
    const axes = axesOf(el);
    const f = fig.current;
    if (!el || !axes || !f) return null;
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
      <div ref={ref} className="plot-area" data-testid={testId} />
      {children}
    </figure>
  );
}

/** The plot as shown, pixels included: the canvas under plotly's own PNG of its axes, at the size on screen. */
async function composite(el: PlotElement, raster: HTMLCanvasElement | null): Promise<string> {
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
  ctx.fillStyle = getComputedStyle(document.documentElement).getPropertyValue('--bg').trim() || '#fff';
  ctx.fillRect(0, 0, w, h);
  const axes = axesOf(el);
  if (raster && axes) ctx.drawImage(raster, axes.ax.offset, axes.ay.offset, axes.ax.length, axes.ay.length);
  ctx.drawImage(img, 0, 0, w, h);
  return c.toDataURL('image/png');
}
