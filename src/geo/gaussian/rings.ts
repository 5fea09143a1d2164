/**
 * Reduced Gaussian grids: rings of latitude (the Gaussian latitudes) with a number of points each (`pl`), the
 * points of a ring evenly spaced in longitude from the ring's first longitude (0 unless the file says otherwise),
 * stored ring after ring from the north. ECMWF's octahedral grid O<N> has 4·i + 16 points on ring i (1 … N) from
 * either pole; the classic N<N> grids are listed by their `pl` array (no formula), which the file must give.
 */
import { gaussianLatitudes } from './legendre';

export interface ReducedGaussian {
  readonly kind: 'gaussian';
  /** `O32`, `N32`, or `reduced` when only the rings are known. */
  readonly name: string;
  /** Ring latitudes, degrees, north to south. */
  readonly lat: ArrayLike<number>;
  /** Points per ring. */
  readonly pl: ArrayLike<number>;
  /** First longitude of each ring, degrees (0 in GRIB's grids). */
  readonly lon0?: ArrayLike<number> | undefined;
}

/** The ring lengths of the octahedral grid O<n>, north to south. */
export function octahedralPl(n: number): number[] {
  const half = Array.from({ length: n }, (_, i) => 4 * (i + 1) + 16);
  return [...half, ...half.slice().reverse()];
}

/**
 * The grid named `O<n>` (all of it) or `N<n>` given its `pl`; null for another name, a pl of the wrong length, a
 * ring that is not a whole number of points (at least one), or (given `points`) rings that do not hold that many
 * points. The rings are checked before the latitudes are computed (their cost grows as n²).
 */
export function namedGrid(name: string, pl?: ArrayLike<number>, points?: number): ReducedGaussian | null {
  const m = /^([ON])(\d{1,5})$/i.exec(name.trim());
  if (!m) return null;
  const n = Number(m[2]);
  if (n < 1) return null;
  const octahedral = m[1]?.toUpperCase() === 'O';
  const rings = pl ? Array.from(pl, Number) : octahedral ? octahedralPl(n) : null;
  if (!rings || rings.length !== 2 * n) return null;
  if (!rings.every((p) => Number.isSafeInteger(p) && p >= 1)) return null;
  if (points !== undefined && pointCount({ pl: rings }) !== points) return null;
  return { kind: 'gaussian', name: `${octahedral ? 'O' : 'N'}${n}`, lat: gaussianLatitudes(n), pl: rings };
}

/** The number of points of a grid. */
export function pointCount(g: Pick<ReducedGaussian, 'pl'>): number {
  let s = 0;
  for (let i = 0; i < g.pl.length; i++) s += Number(g.pl[i]);
  return s;
}

/**
 * The rings of per-point latitudes and longitudes (as cfgrib and CDO write them, ring after ring): runs of one
 * latitude. Null when the points are not ring after ring (a latitude met again after another).
 */
export function ringsOfPoints(lat: ArrayLike<number>, lon: ArrayLike<number>): ReducedGaussian | null {
  const rl: number[] = [];
  const pl: number[] = [];
  const lon0: number[] = [];
  for (let i = 0; i < lat.length; i++) {
    const y = Number(lat[i]);
    if (!Number.isFinite(y)) return null;
    const last = rl[rl.length - 1];
    if (last !== undefined && Math.abs(y - last) < 1e-9) {
      pl[pl.length - 1] = (pl[pl.length - 1] ?? 0) + 1;
      continue;
    }
    if (rl.some((r) => Math.abs(r - y) < 1e-9)) return null;
    rl.push(y);
    pl.push(1);
    lon0.push(Number(lon[i]));
  }
  if (rl.length === 0) return null;
  const n = rl.length / 2;
  const octa = Number.isInteger(n) && octahedralPl(n).every((p, i) => pl[i] === p);
  return { kind: 'gaussian', name: octa ? `O${n}` : 'reduced', lat: rl, pl, lon0 };
}
