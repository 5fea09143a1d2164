/**
 * HEALPix pixel arithmetic (Górski et al. 2005, the scheme healpy and the HEALPix C++ library implement): a point
 * (longitude, latitude in degrees) → the index of the cell holding it, in nested or ring ordering, and a cell's
 * centre back. Pure and allocation-free: the map's reprojection calls `ang2pix` once per screen pixel.
 *
 * @example
 * ang2pix({ nside: 16, order: 'nested' }, 10, 45); // the nested index of the cell at 45° N, 10° E
 * pix2ang({ nside: 16, order: 'ring' }, 0);          // [lon, lat] of ring cell 0, near the north pole
 */

export type HealpixOrder = 'nested' | 'ring';

export interface HealpixScheme {
  readonly nside: number;
  readonly order: HealpixOrder;
}

/** The largest nside whose 12·nside² cells JavaScript numbers index exactly. */
export const MAX_NSIDE = 2 ** 24;

const HALF_PI = Math.PI / 2;
const DEG = Math.PI / 180;

export const npix = (nside: number): number => 12 * nside * nside;

export const isPowerOfTwo = (n: number): boolean => Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;

/** Interleaves the bits of x (even bits) and y (odd bits); arithmetic, not 32-bit operators, for any nside. */
function spread(x: number, y: number): number {
  let out = 0;
  let w = 1;
  for (let b = 0; x > 0 || y > 0; b++) {
    out += (x % 2) * w + (y % 2) * w * 2;
    x = Math.floor(x / 2);
    y = Math.floor(y / 2);
    w *= 4;
  }
  return out;
}

/** The inverse of `spread`: [x, y]. */
function unspread(p: number): [number, number] {
  let x = 0;
  let y = 0;
  let w = 1;
  while (p > 0) {
    x += (p % 2) * w;
    p = Math.floor(p / 2);
    y += (p % 2) * w;
    p = Math.floor(p / 2);
    w *= 2;
  }
  return [x, y];
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

/** z = sin(latitude) and tt = longitude in quarter turns, [0, 4). */
function zt(lon: number, lat: number): [number, number] {
  const z = Math.sin(lat * DEG);
  let tt = mod(lon, 360) / 90;
  if (tt >= 4) tt = 0;
  return [Math.max(-1, Math.min(1, z)), tt];
}

function ringOf(n: number, z: number, tt: number): number {
  const za = Math.abs(z);
  if (za <= 2 / 3) {
    const t1 = n * (0.5 + tt);
    const t2 = n * z * 0.75;
    const jp = Math.floor(t1 - t2);
    const jm = Math.floor(t1 + t2);
    const ir = n + 1 + jp - jm; // 1 … 2n+1 within the equatorial belt
    const kshift = 1 - (ir % 2);
    const ip = mod(Math.floor((jp + jm - n + kshift + 1) / 2), 4 * n);
    return 2 * n * (n - 1) + (ir - 1) * 4 * n + ip;
  }
  const tp = tt - Math.floor(tt);
  const tmp = n * Math.sqrt(3 * (1 - za));
  const jp = Math.floor(tp * tmp);
  const jm = Math.floor((1 - tp) * tmp);
  const ir = jp + jm + 1; // ring counted from the nearer pole
  const ip = mod(Math.floor(tt * ir), 4 * ir);
  return z > 0 ? 2 * ir * (ir - 1) + ip : npix(n) - 2 * ir * (ir + 1) + ip;
}

function nestOf(n: number, z: number, tt: number): number {
  const za = Math.abs(z);
  let face: number;
  let ix: number;
  let iy: number;
  if (za <= 2 / 3) {
    const t1 = n * (0.5 + tt);
    const t2 = n * z * 0.75;
    const jp = Math.floor(t1 - t2);
    const jm = Math.floor(t1 + t2);
    const ifp = Math.floor(jp / n);
    const ifm = Math.floor(jm / n);
    // ifp and ifm are 0 … 4: 4 is face 0 … 3 again, one turn on.
    face = ifp === ifm ? (ifp % 4) + 4 : ifp < ifm ? ifp % 4 : (ifm % 4) + 8;
    ix = mod(jm, n);
    iy = n - mod(jp, n) - 1;
  } else {
    const ntt = Math.min(3, Math.floor(tt));
    const tp = tt - ntt;
    const tmp = n * Math.sqrt(3 * (1 - za));
    const jp = Math.min(n - 1, Math.floor(tp * tmp));
    const jm = Math.min(n - 1, Math.floor((1 - tp) * tmp));
    if (z >= 0) [face, ix, iy] = [ntt, n - jm - 1, n - jp - 1];
    else [face, ix, iy] = [ntt + 8, jp, jm];
  }
  return face * n * n + spread(ix, iy);
}

/** The cell holding (lon, lat) in degrees; −1 for a point that is not finite. */
export function ang2pix(s: HealpixScheme, lon: number, lat: number): number {
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return -1;
  const [z, tt] = zt(lon, lat);
  return s.order === 'nested' ? nestOf(s.nside, z, tt) : ringOf(s.nside, z, tt);
}

const JRLL = [2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4];
const JPLL = [1, 3, 5, 7, 0, 2, 4, 6, 1, 3, 5, 7];

/** [z, phi] of ring cell p. */
function ringCentre(n: number, p: number): [number, number] {
  const ncap = 2 * n * (n - 1);
  const total = npix(n);
  const f2 = 4 / total;
  if (p < ncap) {
    const ir = Math.floor((1 + Math.floor(Math.sqrt(1 + 2 * p))) / 2);
    const iphi = p + 1 - 2 * ir * (ir - 1);
    return [1 - ir * ir * f2, ((iphi - 0.5) * HALF_PI) / ir];
  }
  if (p < total - ncap) {
    const t = p - ncap;
    const ir = Math.floor(t / (4 * n)) + n;
    const iphi = (t % (4 * n)) + 1;
    const fodd = (ir + n) % 2 === 1 ? 1 : 0.5;
    return [((2 * n - ir) * 2) / (3 * n), ((iphi - fodd) * HALF_PI) / n];
  }
  const ip = total - p;
  const ir = Math.floor((1 + Math.floor(Math.sqrt(2 * ip - 1))) / 2);
  const iphi = 4 * ir + 1 - (ip - 2 * ir * (ir - 1));
  return [ir * ir * f2 - 1, ((iphi - 0.5) * HALF_PI) / ir];
}

/** [z, phi] of nested cell p. */
function nestCentre(n: number, p: number): [number, number] {
  const face = Math.floor(p / (n * n));
  const [ix, iy] = unspread(p - face * n * n);
  const f2 = 4 / npix(n);
  const jr = (JRLL[face] ?? 0) * n - ix - iy - 1;
  let nr: number;
  let z: number;
  let kshift: number;
  if (jr < n) [nr, z, kshift] = [jr, 1 - jr * jr * f2, 0];
  else if (jr > 3 * n) [nr, z, kshift] = [4 * n - jr, (4 * n - jr) ** 2 * f2 - 1, 0];
  else [nr, z, kshift] = [n, ((2 * n - jr) * 2) / (3 * n), (jr - n) % 2];
  let jp = Math.floor(((JPLL[face] ?? 0) * nr + ix - iy + 1 + kshift) / 2);
  if (jp > 4 * n) jp -= 4 * n;
  if (jp < 1) jp += 4 * n;
  return [z, (jp - (kshift + 1) * 0.5) * (HALF_PI / nr)];
}

/** The centre [lon, lat] in degrees (longitude 0 … 360) of cell `p`; NaNs for an index off the grid. */
export function pix2ang(s: HealpixScheme, p: number): [number, number] {
  if (!Number.isInteger(p) || p < 0 || p >= npix(s.nside)) return [NaN, NaN];
  const [z, phi] = s.order === 'nested' ? nestCentre(s.nside, p) : ringCentre(s.nside, p);
  return [phi / DEG, Math.asin(Math.max(-1, Math.min(1, z))) / DEG];
}
