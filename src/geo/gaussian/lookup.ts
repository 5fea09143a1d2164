/**
 * The map's lookup on a reduced Gaussian grid: a point → its ring by latitude (the nearest ring; the edges halfway
 * between ring latitudes, the polar caps to the first and last ring), then its point by longitude (the nearest of
 * the ring's evenly spaced points) → the point's position, ring after ring. Computed per pixel; no index.
 */
import type { ReducedGaussian } from './rings';

export function gaussianLookup(g: ReducedGaussian): (lon: number, lat: number) => number {
  const n = g.lat.length;
  const lat = Float64Array.from(g.lat as ArrayLike<number>, Number);
  const pl = Float64Array.from(g.pl as ArrayLike<number>, Number);
  const start = new Float64Array(n);
  for (let i = 1; i < n; i++) start[i] = (start[i - 1] ?? 0) + (pl[i - 1] ?? 0);
  const descending = n < 2 || (lat[0] ?? 0) > (lat[n - 1] ?? 0);
  return (lon, y) => {
    if (!Number.isFinite(lon) || !Number.isFinite(y) || n === 0) return -1;
    // Rings north to south (or south to north): the first ring whose lower edge is at or below y.
    let a = 0;
    let b = n - 1;
    const above = (i: number) => (descending ? (lat[i] ?? 0) : -(lat[i] ?? 0));
    const q = descending ? y : -y;
    while (a < b) {
      const m = (a + b) >> 1;
      const edge = (above(m) + above(m + 1)) / 2;
      if (q >= edge) b = m;
      else a = m + 1;
    }
    const count = pl[a] ?? 0;
    if (count <= 0) return -1;
    const step = 360 / count;
    const x0 = Number(g.lon0?.[a] ?? 0);
    const j = ((Math.round((lon - x0) / step) % count) + count) % count;
    return (start[a] ?? 0) + j;
  };
}

/** [lon, lat] of point k (its ring's latitude, its longitude from the ring's first one). */
export function gaussianPoint(g: ReducedGaussian, k: number): [number, number] {
  let s = 0;
  for (let i = 0; i < g.pl.length; i++) {
    const c = Number(g.pl[i]);
    if (k < s + c) return [Number(g.lon0?.[i] ?? 0) + ((k - s) * 360) / c, Number(g.lat[i])];
    s += c;
  }
  return [NaN, NaN];
}
