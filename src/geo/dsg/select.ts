/**
 * What the Map shows of placed DSG marks (pure): the steps of its own time and depth sliders where several
 * elements share a place (ragged stations and profiles), the element shown at each place for the sliders' values,
 * the lines through the trajectories' shown marks, and the series a click on a mark gives.
 *
 * @example
 * const steps = sliderSteps(placed); // { time: [0, 1, 2, 4, 5, 8], z: null } for ragged stations
 * const { shown } = shownMarks(spec, placed, { time: 4, z: null }); // per mark 1 where it is drawn
 * featureSeries(spec, placed, 5, values, { time: 4, z: null }); // the station's values in time order
 */
import { inTimeOrder, type DsgPlacement } from './place';
import type { DsgSpec } from './types';

export interface SliderValues {
  readonly time: number | null;
  readonly z: number | null;
}

/** The sorted distinct values of a coordinate, when it tells stacked marks at one place apart; else null. */
function stepsOf(placed: DsgPlacement, c: Float64Array | null): number[] | null {
  if (!c) return null;
  const first = new Map<number, number>();
  let varies = false;
  for (let k = 0; k < c.length; k++) {
    const v = c[k]!;
    if (!Number.isFinite(v) || !Number.isFinite(placed.lat[k]!)) continue;
    const p = placed.place[k]!;
    const f = first.get(p);
    if (f === undefined) first.set(p, v);
    else if (f !== v) varies = true;
  }
  if (!varies) return null;
  return [...new Set(Array.from(c).filter(Number.isFinite))].sort((a, b) => a - b);
}

/** The steps of the Map's own time and depth sliders (stacked marks only). */
export function sliderSteps(spec: DsgSpec, placed: DsgPlacement): { time: number[] | null; z: number[] | null } {
  if (!spec.stacked) return { time: null, z: null };
  return { time: stepsOf(placed, placed.time), z: stepsOf(placed, placed.z) };
}

const distance = (c: Float64Array | null, k: number, at: number | null) =>
  c && at !== null ? (Number.isFinite(c[k]!) ? Math.abs(c[k]! - at) : Infinity) : 0;

/** Is element `a` nearer than `b` to the sliders: the time first, then the depth, then the first stored? */
function nearer(placed: DsgPlacement, a: number, b: number, at: SliderValues): boolean {
  const dt = distance(placed.time, a, at.time) - distance(placed.time, b, at.time);
  if (dt !== 0) return dt < 0;
  return distance(placed.z, a, at.z) < distance(placed.z, b, at.z);
}

/**
 * Per mark, 1 where the Map draws it: every placed mark, or for stacked marks the one nearest the sliders at each
 * place; and the lines of the trajectories through their shown marks in time order.
 */
export function shownMarks(
  spec: DsgSpec,
  placed: DsgPlacement,
  at: SliderValues,
): { shown: Uint8Array; tracks: readonly Int32Array[] } {
  const n = placed.lat.length;
  const shown = new Uint8Array(n);
  if (!spec.stacked) {
    for (let k = 0; k < n; k++) shown[k] = Number.isFinite(placed.lat[k]!) ? 1 : 0;
    return { shown, tracks: placed.tracks };
  }
  const best = new Map<number, number>();
  for (let k = 0; k < n; k++) {
    if (!Number.isFinite(placed.lat[k]!)) continue;
    const p = placed.place[k]!;
    const b = best.get(p);
    if (b === undefined || nearer(placed, k, b, at)) best.set(p, k);
  }
  for (const k of best.values()) shown[k] = 1;
  if (spec.featureType !== 'trajectory' && spec.featureType !== 'trajectoryProfile') return { shown, tracks: [] };
  const members: number[][] = placed.labels.map(() => []);
  for (const k of best.values()) members[placed.instance[k]!]?.push(k);
  return { shown, tracks: members.map((m) => Int32Array.from(inTimeOrder(m, placed.time))) };
}

/** A feature's series as the Map gives it on a click: x the coordinate it runs along, y the values. */
export interface FeatureSeries {
  readonly along: 'time' | 'z' | 'index';
  /** The elements in the series' order (indices into the marks). */
  readonly elements: readonly number[];
  readonly x: readonly number[];
  readonly y: readonly (number | null)[];
}

/**
 * The series a click on mark `k` gives, read from the marks' values (null: the click gives none — a point, or a
 * station or profile whose series is the variable's along a slider dimension). A trajectory: its observations in
 * time order. Stacked stations: the station's in time order (a timeSeriesProfile: the level nearest the depth
 * slider of each profile); stacked profiles: the profile's levels in depth order.
 */
export function featureSeries(
  spec: DsgSpec,
  placed: DsgPlacement,
  k: number,
  values: ArrayLike<number>,
  at: SliderValues,
): FeatureSeries | null {
  const i = placed.instance[k] ?? -1;
  if (spec.marks !== 'element' || i < 0) return null;
  const n = placed.lat.length;
  let members: number[] = [];
  let along: FeatureSeries['along'] = placed.time ? 'time' : 'index';
  if (spec.featureType === 'trajectory' || spec.featureType === 'timeSeries') {
    for (let e = 0; e < n; e++) if (placed.instance[e] === i) members.push(e);
  } else if (spec.featureType === 'timeSeriesProfile' && placed.profile) {
    // One element per profile of the station: the level nearest the depth slider.
    const best = new Map<number, number>();
    for (let e = 0; e < n; e++) {
      if (placed.instance[e] !== i) continue;
      const p = placed.profile[e]!;
      const b = best.get(p);
      if (b === undefined || distance(placed.z, e, at.z) < distance(placed.z, b, at.z)) best.set(p, e);
    }
    members = [...best.values()];
  } else if (spec.stacked) {
    // A profile's levels: the marks at its place.
    const p = placed.place[k]!;
    for (let e = 0; e < n; e++) if (placed.place[e] === p) members.push(e);
    along = placed.z ? 'z' : 'index';
  } else return null;
  const c = along === 'time' ? placed.time : along === 'z' ? placed.z : null;
  const ordered = c ? [...members].sort((a, b) => (c[a]! || 0) - (c[b]! || 0) || a - b) : members.sort((a, b) => a - b);
  const elements = ordered.filter((e) => !c || Number.isFinite(c[e]!));
  return {
    along,
    elements,
    x: elements.map((e) => (c ? c[e]! : e)),
    y: elements.map((e) => (Number.isFinite(values[e]!) ? values[e]! : null)),
  };
}
