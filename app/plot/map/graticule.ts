/**
 * The map's graticule, pure: a step of round degrees for the part of the globe in view, its meridians and
 * parallels as GeoJSON (drawn over the pixels with the coastlines), and their labels as ticks of the plot's x
 * (meridians) and y (parallels) axes, placed where each line leaves the view and thinned so none overlap.
 */
import { CHAR_PX, GAP_PX } from '../date-ticks';
import type { Rect } from './zoom';
import type { AxisTicks } from '../AxisTickLabels';

/** Frame pixels of a longitude/latitude, null when not drawn (the far side of the globe). */
export type Project = (lonLat: [number, number]) => [number, number] | null;
/** Longitude/latitude of a frame pixel, null off the globe. */
export type Unproject = (x: number, y: number) => readonly [number, number] | null;

const STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 45];

/** The least round step that draws at most `lines` lines over `span` degrees. */
export function graticuleStep(span: number, lines: number): number {
  return STEPS.find((s) => span / s <= lines) ?? 90;
}

export interface Bounds {
  readonly lon: readonly [number, number];
  readonly lat: readonly [number, number];
}

/** The longitudes and latitudes seen in `view` (sampled on a 24 × 24 grid; the whole globe when a pole shows). */
export function viewBounds(view: Rect, invert: Unproject): Bounds | null {
  const lons: number[] = [];
  let latLo = 90;
  let latHi = -90;
  const n = 24;
  for (let i = 0; i <= n; i++)
    for (let j = 0; j <= n; j++) {
      const ll = invert(view[0] + ((view[2] - view[0]) * i) / n, view[1] + ((view[3] - view[1]) * j) / n);
      if (!ll) continue;
      lons.push(ll[0]);
      latLo = Math.min(latLo, ll[1]);
      latHi = Math.max(latHi, ll[1]);
    }
  if (!lons.length) return null;
  const lo = Math.min(...lons);
  const hi = Math.max(...lons);
  const whole = hi - lo > 300 || latHi > 85 || latLo < -85;
  return { lon: whole ? [-180, 180] : [lo, hi], lat: [latLo, latHi] };
}

/** Multiples of `step` from just below `lo` to just above `hi`, within [min, max]. */
function multiples(lo: number, hi: number, step: number, min: number, max: number): number[] {
  const out: number[] = [];
  for (let k = Math.floor(lo / step) - 1; k * step <= hi + step; k++) {
    const v = Number((k * step).toFixed(6));
    if (v >= min && v <= max) out.push(v);
  }
  return out;
}

export interface Graticule {
  readonly lonStep: number;
  readonly latStep: number;
  readonly lons: readonly number[];
  readonly lats: readonly number[];
  /** Meridians and parallels as one MultiLineString. */
  readonly lines: { readonly type: 'MultiLineString'; readonly coordinates: [number, number][][] };
}

/** The graticule over `bounds`, about 6 lines each way. */
export function graticule(bounds: Bounds): Graticule {
  const lonStep = graticuleStep(bounds.lon[1] - bounds.lon[0], 7);
  const latStep = graticuleStep(bounds.lat[1] - bounds.lat[0], 6);
  const lons = multiples(bounds.lon[0], bounds.lon[1], lonStep, -180, 179.999999);
  const lats = multiples(bounds.lat[0], bounds.lat[1], latStep, -89.999999, 89.999999);
  const latLo = Math.max(-90, bounds.lat[0] - latStep);
  const latHi = Math.min(90, bounds.lat[1] + latStep);
  const lonLo = bounds.lon[0] - lonStep;
  const lonHi = bounds.lon[1] + lonStep;
  const along = (lo: number, hi: number, n: number) =>
    Array.from({ length: n + 1 }, (_, i) => lo + ((hi - lo) * i) / n);
  const coordinates: [number, number][][] = [
    ...lons.map((lon) => along(latLo, latHi, 90).map((lat): [number, number] => [lon, lat])),
    ...lats.map((lat) => along(lonLo, lonHi, 180).map((lon): [number, number] => [lon, lat])),
  ];
  return { lonStep, latStep, lons, lats, lines: { type: 'MultiLineString', coordinates } };
}

function trim(v: number): string {
  return String(Number(v.toFixed(4)));
}

/** `30°E`, `30°W`, `0°`, `180°`. */
export function lonText(lon: number): string {
  const l = ((((lon + 180) % 360) + 360) % 360) - 180;
  if (Math.abs(l) < 1e-9) return '0°';
  if (Math.abs(Math.abs(l) - 180) < 1e-9) return '180°';
  return `${trim(Math.abs(l))}°${l < 0 ? 'W' : 'E'}`;
}

/** `30°N`, `30°S`, `0°`. */
export function latText(lat: number): string {
  if (Math.abs(lat) < 1e-9) return '0°';
  return `${trim(Math.abs(lat))}°${lat < 0 ? 'S' : 'N'}`;
}

export type { AxisTicks };

/** Where a meridian's label goes (and a parallel's): by the projection's shape. */
export type LabelRule = 'cylinder' | 'globe' | 'polar';

export function labelRule(projection: string): LabelRule {
  if (projection === 'orthographic') return 'globe';
  if (projection.endsWith('-polar')) return 'polar';
  return 'cylinder';
}

function inside(p: [number, number] | null, view: Rect): p is [number, number] {
  return p !== null && p[0] >= view[0] && p[0] <= view[2] && p[1] >= view[1] && p[1] <= view[3];
}

/** Of `points`, the one that `better` prefers. */
function pick(points: [number, number][], better: (a: [number, number], b: [number, number]) => boolean) {
  let best: [number, number] | null = null;
  for (const p of points) if (!best || better(p, best)) best = p;
  return best;
}

/** Keeps positions at least `room(text)` apart (in screen pixels: `scale` per frame pixel), in order. */
function thin(ticks: { at: number; text: string }[], scale: number, room: (t: string) => number): AxisTicks {
  ticks.sort((a, b) => a.at - b.at);
  const out: AxisTicks = { tickvals: [], ticktext: [] };
  let last: { at: number; text: string } | null = null;
  for (const t of ticks) {
    if (last && (t.at - last.at) * scale < (room(last.text) + room(t.text)) / 2) continue;
    out.tickvals.push(t.at);
    out.ticktext.push(t.text);
    last = t;
  }
  return out;
}

/**
 * The graticule's labels as axis ticks for `view` (frame pixels; the y axis is −y): a meridian's at the x where it
 * leaves the bottom of the view (on the globe: where it crosses the centre's parallel; polar: its outermost point),
 * a parallel's at the y where it leaves the left (polar: the lowest point).
 */
export function graticuleTicks(
  g: Graticule,
  project: Project,
  view: Rect,
  rule: LabelRule,
  centerLat: number,
  scale: number,
): { x: AxisTicks; y: AxisTicks } {
  const sample = (f: (t: number) => [number, number], n: number) => {
    const out: [number, number][] = [];
    for (let i = 0; i <= n; i++) {
      const p = project(f(i / n));
      if (inside(p, view)) out.push(p);
    }
    return out;
  };
  const pole = project([0, rule === 'polar' && centerLat < 0 ? -90 : 90]) ?? [0, 0];
  const far = (a: [number, number], b: [number, number]) =>
    Math.hypot(a[0] - pole[0], a[1] - pole[1]) > Math.hypot(b[0] - pole[0], b[1] - pole[1]);
  const x: { at: number; text: string }[] = [];
  for (const lon of g.lons) {
    const pts = rule === 'globe' ? sample(() => [lon, centerLat], 0) : sample((t) => [lon, -90 + 180 * t], 360);
    const p = pick(pts, rule === 'polar' ? far : (a, b) => a[1] > b[1]);
    if (p) x.push({ at: p[0], text: lonText(lon) });
  }
  const y: { at: number; text: string }[] = [];
  for (const lat of g.lats) {
    const pts = sample((t) => [-180 + 360 * t, lat], 720);
    const p = pick(pts, rule === 'polar' ? (a, b) => a[1] > b[1] : (a, b) => a[0] < b[0]);
    if (p) y.push({ at: -p[1], text: latText(lat) });
  }
  return {
    x: thin(x, scale, (t) => t.length * CHAR_PX + GAP_PX),
    y: thin(y, scale, () => 18),
  };
}
