/**
 * The colours the Map paints, computed in Node from the colour map's stops: viridis as render.ts `lut` builds it
 * (256 entries interpolated between the stops), a value's entry over a colour range, and a canvas pixel compared
 * with it (also under the graticule's half-transparent grey).
 */
import { colorscale } from '../../src/render/colormap';

/** viridis as the map paints it (render.ts `lut`): 256 entries interpolated between the scale's stops. */
function lut(): number[][] {
  const stops = colorscale('viridis').map(([t, c]) => {
    const h = c.replace('#', '');
    return [t, [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16))] as const;
  });
  return Array.from({ length: 256 }, (_, i) => {
    const t = i / 255;
    let k = 0;
    while (k < stops.length - 2 && (stops[k + 1]?.[0] ?? 1) < t) k++;
    const [t0, c0] = stops[k]!;
    const [t1, c1] = stops[k + 1] ?? stops[k]!;
    const f = t1 > t0 ? (t - t0) / (t1 - t0) : 0;
    return c0.map((a, j) => Math.round(a + (c1[j]! - a) * f));
  });
}
export const VIRIDIS = lut();

/** The viridis colour (RGB) of value `v` over the colour range `[lo, hi]`. */
export function valueColour(v: number, [lo, hi]: readonly [number, number]): number[] {
  return VIRIDIS[Math.max(0, Math.min(255, Math.round(((v - lo) / (hi - lo || 1)) * 255)))]!;
}

/**
 * The pixel `px` (RGBA) holds the colour of value `v` over `range`, or the same under some of the graticule's
 * half-transparent grey (render.ts GRATICULE_STYLE, rgba(90, 90, 90, 0.5), anti-aliased where a line crosses part
 * of the pixel): one blend factor of 0 … ½ for all three channels.
 */
export function sameColour(px: number[], v: number, range: readonly [number, number]): boolean {
  const c = valueColour(v, range);
  if (px[3] !== 255) return false;
  if (c.every((x, i) => Math.abs(x - px[i]!) <= 1)) return true;
  const a = c.flatMap((x, i) => (Math.abs(90 - x) > 20 ? [(px[i]! - x) / (90 - x)] : []));
  const ok = c.every((x, i) => Math.abs(90 - x) > 20 || Math.abs(px[i]! - x) <= Math.abs(90 - x) / 2 + 1);
  return (
    ok && a.length > 0 && Math.min(...a) > -0.03 && Math.max(...a) < 0.53 && Math.max(...a) - Math.min(...a) < 0.06
  );
}
