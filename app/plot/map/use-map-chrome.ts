/**
 * What the map shows around its pixels: the graticule for the part in view (lines drawn with the coastlines,
 * labels as the axes' ticks), the view a regional grid opens on (zoomed to its cells), and the layout of the plot
 * (room for the labels and the colour bar).
 */
import { useMemo } from 'react';
import type { ProjectionSpec } from '../../core';
import type { AxisLabels } from '../AxisTickLabels';
import { BAR_MARGIN } from '../ColorBar';
import { dataExtent } from './extent';
import { graticule, graticuleTicks, labelRule, viewBounds, type Graticule, type Project } from './graticule';
import type { MapCore } from './map-core';
import type { MapGrid } from './map-grid';
import type { MapZoom, Rect } from './zoom';

export interface MapChrome {
  /** Plotly's layout of the map (merged over the raster plot's). */
  readonly layout: Record<string, unknown>;
  /** The graticule's labels for the part in view (drawn by the page beside the plot area). */
  readonly labels: AxisLabels | null;
  /** The graticule drawn over the pixels, or null before the map core loads. */
  readonly graticule: Graticule | null;
  /** The frame box the map opens on (a regional grid's cells), or null: the whole frame. */
  readonly extent: Rect | null;
}

/** `p` with points on the far side of the globe (where the inverse does not come back) left out. */
function checked(
  core: MapCore,
  spec: ProjectionSpec,
): { project: Project; invert: ReturnType<MapCore['checkedInvert']> } {
  const p = core.makeProjection(spec);
  const invert = core.checkedInvert(p);
  const project: Project = (ll) => {
    const xy = p(ll);
    if (!xy) return null;
    const back = invert(xy[0], xy[1]);
    if (!back) return null;
    const dLon = Math.abs(((back[0] - ll[0] + 540) % 360) - 180);
    return Math.abs(back[1] - ll[1]) < 1e-3 && (dLon < 1e-3 || Math.abs(ll[1]) > 89.99) ? [xy[0], xy[1]] : null;
  };
  return { project, invert };
}

export function useMapChrome(
  core: MapCore | null,
  spec: ProjectionSpec,
  grid: MapGrid | null,
  zoom: MapZoom | null,
  /** The frame box to open on when there is no grid (marks placed by the caller), or null: the whole frame. */
  box: Rect | null = null,
): MapChrome {
  const geo = useMemo(() => (core ? checked(core, spec) : null), [core, spec]);
  const round = spec.name === 'orthographic';
  const extent = useMemo(
    () => (round ? null : geo && grid ? dataExtent(gridCells(grid), geo.project, spec.width, spec.height) : box),
    [geo, grid, round, spec.width, spec.height, box],
  );
  const whole: Rect = [0, 0, spec.width, spec.height];
  const view = zoom?.view ?? extent ?? whole;
  const viewKey = view.map((v) => v.toFixed(1)).join(',');
  const scale = zoom?.scale ?? 1;
  const { g, ticks } = useMemo(() => {
    if (!geo) return { g: null, ticks: null };
    const v = viewKey.split(',').map(Number) as unknown as Rect;
    const bounds = viewBounds(v, geo.invert) ?? { lon: [-180, 180] as const, lat: [-90, 90] as const };
    const gr = graticule(bounds);
    return { g: gr, ticks: graticuleTicks(gr, geo.project, v, labelRule(spec.name), spec.center[1], scale) };
  }, [geo, viewKey, scale, spec.name, spec.center]);
  // The layout does not change with the zoom (the labels are the page's): plotly keeps the user's ranges.
  const layout = useMemo(
    () => ({
      margin: { l: 46, r: BAR_MARGIN, t: 8, b: 26 },
      xaxis: { visible: false, ...(extent ? { range: [extent[0], extent[2]] } : {}) },
      yaxis: {
        visible: false,
        scaleanchor: 'x',
        scaleratio: 1,
        ...(extent ? { range: [-extent[3], -extent[1]] } : {}),
      },
      dragmode: round ? false : 'zoom',
    }),
    [extent, round],
  );
  return { layout, labels: ticks, graticule: g, extent };
}

/** The grid's cells by index (rows × cols of its geometry; a grid of cells — a mesh — as one row). */
function gridCells(grid: MapGrid) {
  const g = grid.geometry;
  if (!('rows' in g)) return { rows: 1, cols: grid.values.length, latLon: grid.latLon };
  return { rows: g.rows, cols: g.cols, latLon: grid.latLon };
}
