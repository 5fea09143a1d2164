/**
 * Perceptual colour maps and value scales for heatmaps, slice images and colour bars: pure functions, no plotting
 * library. The UI gives plotly the same stops (`colorscale`) that the decode workers colour images with
 * (`colorAt`), so a heatmap trace and an image of one slice have the same colours.
 */
export const COLORMAPS = ['viridis', 'magma', 'inferno', 'plasma', 'cividis', 'greys', 'rdbu'] as const;
export type ColormapName = (typeof COLORMAPS)[number];

export const SCALES = ['linear', 'log', 'symlog'] as const;
export type ScaleName = (typeof SCALES)[number];

/** Nine evenly spaced stops of each map (matplotlib's values). */
const STOPS: Record<ColormapName, readonly string[]> = {
  viridis: ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'],
  magma: ['#000004', '#1c1044', '#4f127b', '#812581', '#b5367a', '#e55064', '#fb8761', '#fec287', '#fcfdbf'],
  inferno: ['#000004', '#1f0c48', '#550f6d', '#88226a', '#ba3655', '#e35933', '#f98e09', '#f8c932', '#fcffa4'],
  plasma: ['#0d0887', '#4c02a1', '#7e03a8', '#a92395', '#cc4778', '#e56b5d', '#f89540', '#fdc527', '#f0f921'],
  cividis: ['#00224e', '#123570', '#3b496c', '#575d6d', '#707173', '#8a8779', '#a69d75', '#c4b56c', '#fee838'],
  greys: ['#000000', '#202020', '#404040', '#606060', '#808080', '#a0a0a0', '#c0c0c0', '#e0e0e0', '#ffffff'],
  rdbu: ['#053061', '#2166ac', '#4393c3', '#92c5de', '#f7f7f7', '#f4a582', '#d6604d', '#b2182b', '#67001f'],
};

/** A plotly colour scale `[[0, c0], …, [1, c8]]`, optionally inverted. */
export function colorscale(name: ColormapName, invert = false): [number, string][] {
  const stops = invert ? [...STOPS[name]].reverse() : STOPS[name];
  return stops.map((c, i) => [i / (stops.length - 1), c]);
}

/** The stops of a map as `[r, g, b]` bytes, optionally inverted. */
export function rgbStops(name: ColormapName, invert = false): number[][] {
  const stops = invert ? [...STOPS[name]].reverse() : STOPS[name];
  return stops.map((c) => [1, 3, 5].map((k) => parseInt(c.slice(k, k + 2), 16)));
}

/**
 * The colour at `t` ∈ [0, 1] (clamped) of a map given by `rgbStops`: linear interpolation in RGB between
 * evenly spaced stops, rounded to bytes — as plotly colours a heatmap trace from the same colour scale.
 */
export function colorAt(stops: readonly (readonly number[])[], t: number): [number, number, number] {
  const last = stops.length - 1;
  const u = Math.min(1, Math.max(0, t)) * last;
  const k = Math.min(last - 1, Math.floor(u));
  const f = u - k;
  const a = stops[k]!;
  const b = stops[k + 1]!;
  return [0, 1, 2].map((c) => Math.round(a[c]! + (b[c]! - a[c]!) * f)) as [number, number, number];
}

/** A CSS linear-gradient of a map, for swatches. */
export function gradientCss(name: ColormapName, invert = false): string {
  return `linear-gradient(to right, ${colorscale(name, invert)
    .map(([, c]) => c)
    .join(', ')})`;
}

/** The symlog linear threshold for a value range: 1/1000 of the largest magnitude (at least tiny). */
export function symlogThreshold(min: number, max: number): number {
  const m = Math.max(Math.abs(min), Math.abs(max));
  return m > 0 ? m / 1000 : 1;
}

/** Maps a value to the scale's space: log10 (NaN for v ≤ 0), symlog, or itself. */
export function forward(scale: ScaleName, v: number, threshold = 1): number {
  if (!Number.isFinite(v)) return NaN;
  if (scale === 'log') return v > 0 ? Math.log10(v) : NaN;
  if (scale === 'symlog') return Math.sign(v) * Math.log10(1 + Math.abs(v) / threshold);
  return v;
}

/** The inverse of {@link forward}. */
export function inverse(scale: ScaleName, t: number, threshold = 1): number {
  if (scale === 'log') return 10 ** t;
  if (scale === 'symlog') return Math.sign(t) * threshold * (10 ** Math.abs(t) - 1);
  return t;
}

export interface ScaledValues {
  /** Transformed values; NaN where masked, non-finite or outside the scale's domain (drawn as gaps). */
  readonly z: Float64Array;
  /** Colour range in transformed space. */
  readonly zmin: number;
  readonly zmax: number;
  readonly threshold: number;
}

/**
 * The colour range in scale space and the symlog threshold: `range` (data units) fixes the colour limits;
 * otherwise they are the finite unmasked extremes (for log, the positive ones).
 */
export function scaleRange(
  values: ArrayLike<number>,
  mask: ArrayLike<number> | null,
  scale: ScaleName,
  range: readonly [number, number] | null,
): { zmin: number; zmax: number; threshold: number } {
  let lo = Infinity;
  let hi = -Infinity;
  if (range) [lo, hi] = range;
  else
    for (let i = 0; i < values.length; i++) {
      const v = values[i] as number;
      if ((mask && mask[i]) || !Number.isFinite(v) || (scale === 'log' && v <= 0)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  const threshold =
    scale === 'symlog' ? symlogThreshold(Number.isFinite(lo) ? lo : 0, Number.isFinite(hi) ? hi : 0) : 1;
  if (!(lo <= hi)) return { zmin: 0, zmax: 1, threshold };
  let zmin = forward(scale, lo, threshold);
  let zmax = forward(scale, hi, threshold);
  if (!Number.isFinite(zmin)) zmin = Number.isFinite(zmax) ? zmax - 1 : 0;
  if (!Number.isFinite(zmax)) zmax = zmin + 1;
  if (zmin === zmax) {
    zmin -= 0.5;
    zmax += 0.5;
  }
  return { zmin, zmax, threshold };
}

/** Transforms values for a colour scale, with the colour range of `scaleRange`. */
export function scaleValues(
  values: ArrayLike<number>,
  mask: ArrayLike<number> | null,
  scale: ScaleName,
  range: readonly [number, number] | null,
): ScaledValues {
  const r = scaleRange(values, mask, scale, range);
  const z = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++)
    z[i] = mask && mask[i] ? NaN : forward(scale, values[i] as number, r.threshold);
  return { z, ...r };
}

/** Colour-bar ticks: positions in transformed space with labels in data units. */
export function colorbarTicks(
  scale: ScaleName,
  zmin: number,
  zmax: number,
  threshold: number,
  count = 6,
): { vals: number[]; text: string[] } {
  const vals: number[] = [];
  const text: string[] = [];
  for (let k = 0; k < count; k++) {
    const t = zmin + ((zmax - zmin) * k) / (count - 1);
    vals.push(t);
    text.push(Number(inverse(scale, t, threshold).toPrecision(3)).toString());
  }
  return { vals, text };
}
