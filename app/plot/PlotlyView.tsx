import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '../common/ErrorMessage';
import { mark } from '../common/marks';
import type { ImageRequest } from './plot-image';
import { PLOT_CONFIG, untabModeBar } from './plotly-config';

type PlotlyModule = (typeof import('plotly.js-cartesian-dist-min'))['default'];

let plotly: Promise<PlotlyModule> | null = null;

/** Plotly, loaded on first use (a separate chunk, never in the initial bundle). */
export function loadPlotly(): Promise<PlotlyModule> {
  if (plotly) return plotly;
  mark('plotly-import');
  plotly = import('plotly.js-cartesian-dist-min').then((m) => {
    mark('plotly-loaded');
    return m.default;
  });
  return plotly;
}

/** A real plot has started drawing: plotly's code is compiling on it (plot-warm.ts then draws no throwaway plot). */
let inUse = false;

/** Says that a real plot is being drawn (the warm-up then does not run: it would hold the page for nothing). */
export function plotlyInUse(): void {
  inUse = true;
}

export function isPlotlyInUse(): boolean {
  return inUse;
}

/** Where a plot puts its element once drawn (for PNG export); one per slice view, given by its context. */
export interface PlotTarget {
  current: HTMLElement | null;
  /**
   * The picture of the plot (a `data:` URL; as shown without a request), when plotly's own `toImage` would miss
   * part of it (pixels drawn under its axes).
   */
  toImage?: ((req?: ImageRequest) => Promise<string>) | undefined;
}

export const PlotTargetContext = createContext<PlotTarget | null>(null);

/** The export no longer points at `el` (its plot left the page). */
export function releaseTarget(target: PlotTarget, el: HTMLElement | null): void {
  if (target.current !== el) return;
  target.current = null;
  target.toImage = undefined;
}

/** The part of plotly's hover event the views use. */
export interface HoverEvent {
  readonly points: readonly { readonly pointNumber?: unknown; readonly curveNumber?: number }[];
  readonly event?: MouseEvent;
}

interface Props {
  readonly data: unknown[];
  readonly layout: Record<string, unknown>;
  readonly label: string;
  readonly testId: string;
  /** Hover over a point (`null`: the pointer left). */
  readonly onHover?: ((e: HoverEvent | null) => void) | undefined;
  /** A click on a point. */
  readonly onClick?: ((e: HoverEvent) => void) | undefined;
  /** Drawn over the plot (e.g. a hover read-out). */
  readonly children?: React.ReactNode;
}

interface PlotElement extends HTMLDivElement {
  on?: (name: string, fn: (e: HoverEvent) => void) => void;
  removeAllListeners?: (name: string) => void;
}

/** The page's colours and font as a plotly layout (transparent backgrounds). */
export function themeLayout(): Record<string, unknown> {
  const css = getComputedStyle(document.documentElement);
  const fg = css.getPropertyValue('--fg').trim() || '#222';
  return {
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: 'rgba(0,0,0,0)',
    font: { color: fg, family: 'system-ui, sans-serif', size: 12 },
    margin: { l: 70, r: 20, t: 30, b: 60 },
    autosize: true,
  };
}

/** `layout` over the page's theme (`themeLayout`, or `base`), the theme's font kept: the layout every plot draws. */
export function themedLayout(
  layout: Record<string, unknown>,
  base: Record<string, unknown> = themeLayout(),
): Record<string, unknown> {
  return { ...base, ...layout, font: base.font };
}

/** A plotly plot that follows its data; shows a status while plotly loads. */
export function PlotlyView({ data, layout, label, testId, onHover, onClick, children }: Props) {
  const ref = useRef<PlotElement>(null);
  const hover = useRef(onHover);
  const click = useRef(onClick);
  useEffect(() => {
    hover.current = onHover;
    click.current = onClick;
  }, [onHover, onClick]);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const target = useContext(PlotTargetContext);
  useEffect(() => {
    let alive = true;
    const el = ref.current;
    if (!el) return;
    loadPlotly()
      .then((P) => {
        if (!alive) return;
        plotlyInUse();
        return P.react(el, data, themedLayout(layout), PLOT_CONFIG).then(() => {
          untabModeBar(el);
          if (!alive) return;
          if (target) {
            target.current = el;
            target.toImage = undefined;
          }
          if (el.on && !el.dataset.hoverWired) {
            el.dataset.hoverWired = '1';
            el.on('plotly_hover', (e) => hover.current?.(e));
            el.on('plotly_unhover', () => hover.current?.(null));
            el.on('plotly_click', (e) => click.current?.(e));
          }
          el.dataset.rendered = String(Number(el.dataset.rendered ?? 0) + 1);
          setReady(true);
        });
      })
      .catch((e: unknown) => alive && setError(e));
    return () => {
      alive = false;
    };
  }, [data, layout, target]);
  useEffect(() => {
    const el = ref.current;
    return () => {
      if (el) {
        if (target?.current === el) target.current = null;
        void loadPlotly().then((P) => P.purge(el));
      }
    };
  }, [target]);
  if (error) return <ErrorMessage error={error} title="The plot could not be drawn" />;
  return (
    <figure className="plot" aria-label={label}>
      {!ready && <p className="muted">Loading plot…</p>}
      <div ref={ref} className="plot-area" data-testid={testId} />
      {children}
    </figure>
  );
}
