/**
 * A plotly plot in a group whose zoom and pan follow one another: a relayout of one member's axes (a zoom box, a
 * pan, a double-click back to the full view) is applied to every other member.
 */
import { useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '../common/ErrorMessage';
import { loadPlotly, plotlyInUse, themeLayout } from '../plot/PlotlyView';
import { PLOT_CONFIG, untabModeBar } from '../plot/plotly-config';

/** plotly's `relayout` (not in the app's small typing of plotly). */
type Relayout = (el: HTMLElement, update: Record<string, unknown>) => Promise<unknown>;

interface PlotEl extends HTMLDivElement {
  on?: (name: string, fn: (e: unknown) => void) => void;
}

/** The plots of one comparison. */
export interface LinkGroup {
  readonly members: Set<HTMLElement>;
  syncing: boolean;
}

export function newLinkGroup(): LinkGroup {
  return { members: new Set(), syncing: false };
}

/** The axis part of a relayout event (`xaxis.range[0]`, `yaxis.autorange`, …). */
export function axisUpdate(e: unknown): Record<string, unknown> | null {
  if (!e || typeof e !== 'object') return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) if (/^[xy]axis\.(range(\[[01]\])?|autorange)$/.test(k)) out[k] = v;
  return Object.keys(out).length ? out : null;
}

interface Props {
  readonly group: LinkGroup;
  readonly data: unknown[];
  readonly layout: Record<string, unknown>;
  readonly label: string;
  readonly testId: string;
  /** A click on a point: its x and y coordinates. */
  readonly onPoint?: ((x: number, y: number) => void) | undefined;
}

export function LinkedPlot({ group, data, layout, label, testId, onPoint }: Props) {
  const ref = useRef<PlotEl>(null);
  const point = useRef(onPoint);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    point.current = onPoint;
  }, [onPoint]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let alive = true;
    loadPlotly()
      .then(async (P) => {
        if (!alive) return;
        plotlyInUse();
        const base = themeLayout();
        await P.react(el, data, { ...base, ...layout, uirevision: 'compare' }, PLOT_CONFIG);
        untabModeBar(el);
        if (!alive || !el.on || el.dataset.linked) return;
        el.dataset.linked = '1';
        group.members.add(el);
        el.on('plotly_relayout', (e) => {
          const update = axisUpdate(e);
          if (!update || group.syncing) return;
          group.syncing = true;
          const others = [...group.members].filter((m) => m !== el && m.isConnected);
          const relayout = (P as unknown as { relayout: Relayout }).relayout;
          void Promise.all(others.map((m) => relayout(m, update))).finally(() => {
            group.syncing = false;
          });
        });
        el.on('plotly_click', (e) => {
          const p = (e as { points?: { x?: unknown; y?: unknown }[] }).points?.[0];
          if (p && typeof p.x === 'number' && typeof p.y === 'number') point.current?.(p.x, p.y);
        });
      })
      .then(() => {
        if (alive) el.dataset.rendered = String(Number(el.dataset.rendered ?? 0) + 1);
      })
      .catch((e: unknown) => alive && setError(e));
    return () => {
      alive = false;
    };
  }, [data, layout, group]);
  useEffect(() => {
    const el = ref.current;
    return () => {
      if (!el) return;
      group.members.delete(el);
      void loadPlotly().then((P) => P.purge(el));
    };
  }, [group]);
  if (error) return <ErrorMessage error={error} title="The plot could not be drawn" />;
  return (
    <figure className="plot compare-plot" aria-label={label}>
      <div ref={ref} className="plot-area" data-testid={testId} />
    </figure>
  );
}
