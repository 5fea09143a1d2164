/** The plotly figure of a raster plot (RasterPlot.tsx): its axes on the image's extent, no traces of its own. */
import { BAR_MARGIN } from './ColorBar';
import { PLOT_CONFIG } from './plotly-config';
import { extentRanges } from './raster-geometry';
import type { RasterPlacement } from './raster-types';

/** The margins of a raster plot with room for its colour bar (CSS pixels). */
const BAR_MARGINS = { l: 70, r: BAR_MARGIN, t: 30, b: 60 } as const;

/** The plot area inside a raster plot of `width` × `height` CSS pixels that keeps room for its colour bar. */
export function barPlotArea(width: number, height: number): { width: number; height: number } {
  const m = BAR_MARGINS;
  return { width: Math.max(1, width - m.l - m.r), height: Math.max(1, height - m.t - m.b) };
}

export interface RasterFigure {
  readonly data: unknown[];
  readonly layout: Record<string, unknown>;
}

/**
 * The figure for pixels at `placement`: `layout` merged over the defaults (`xaxis`/`yaxis` key by key), room for a
 * colour bar when `reserveBar`, and `traces` drawn over the pixels.
 */
export function rasterFigure(
  placement: RasterPlacement,
  layout: Record<string, unknown>,
  reserveBar: boolean,
  traces: readonly unknown[] = [],
): RasterFigure {
  const r = extentRanges(placement, placement.width, placement.height);
  const axis = (range: [number, number], extra: unknown) => ({
    type: 'linear',
    range,
    autorange: false,
    showgrid: false,
    zeroline: false,
    ...(extra as Record<string, unknown> | undefined),
  });
  return {
    data: [...traces],
    layout: {
      ...(reserveBar ? { margin: BAR_MARGINS } : {}),
      ...layout,
      xaxis: axis(r.x, layout.xaxis),
      yaxis: axis(r.y, layout.yaxis),
      hovermode: 'closest',
      // A new image on the same extent keeps the user's zoom.
      uirevision: JSON.stringify(placement),
    },
  };
}

/**
 * What a raster plot's figure is made of, as one string: two plots with the same key draw the same figure (the
 * colour bar's values are not part of it, only the room kept for it).
 */
export function figureKey(
  placement: RasterPlacement,
  layout: Record<string, unknown> | undefined,
  bar: boolean,
): string {
  return JSON.stringify({ placement, layout, bar });
}

/** Plotly's config for every raster plot (a plot drawn with another config is drawn anew): the viewer's one. */
export const RASTER_CONFIG = PLOT_CONFIG;
