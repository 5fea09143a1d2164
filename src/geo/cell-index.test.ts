/**
 * The curvilinear nearest-cell index equals a brute-force nearest search (great-circle) on rotated grids, one of
 * them around a pole and across the antimeridian, and says "off the grid" beyond the grid's edge.
 */
import { describe, expect, it } from 'vitest';
import { cellIndex } from './cell-index';

const RAD = Math.PI / 180;

/** A rows × cols grid of `step`° in a frame whose north pole is at (poleLat, poleLon). */
function rotatedGrid(rows: number, cols: number, step: number, poleLat: number, poleLon: number) {
  const lat = new Float64Array(rows * cols);
  const lon = new Float64Array(rows * cols);
  const pl = poleLat * RAD;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const phi = (r - rows / 2) * step * RAD;
      const lam = (c - cols / 2) * step * RAD;
      const x = Math.cos(phi) * Math.cos(lam);
      const y = Math.cos(phi) * Math.sin(lam);
      const z = Math.sin(phi);
      // Rotate about y by (90° − poleLat), then about z by poleLon.
      const a = (90 * RAD - pl) * -1;
      const x1 = x * Math.cos(a) + z * Math.sin(a);
      const z1 = -x * Math.sin(a) + z * Math.cos(a);
      lat[r * cols + c] = Math.asin(Math.max(-1, Math.min(1, z1))) / RAD;
      lon[r * cols + c] = ((Math.atan2(y, x1) / RAD + poleLon + 540) % 360) - 180;
    }
  return { lat, lon };
}

function distance(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const s =
    Math.sin(lat1 * RAD) * Math.sin(lat2 * RAD) +
    Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos((lon1 - lon2) * RAD);
  return Math.acos(Math.max(-1, Math.min(1, s)));
}

function bruteNearest(lat: Float64Array, lon: Float64Array, qlon: number, qlat: number): number {
  let best = -1;
  let d = Infinity;
  for (let k = 0; k < lat.length; k++) {
    const e = distance(qlon, qlat, lon[k]!, lat[k]!);
    if (e < d) [best, d] = [k, e];
  }
  return best;
}

/** A seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('cellIndex', () => {
  for (const [name, poleLat, poleLon] of [
    ['a EURO-CORDEX-like rotated pole', 39.25, -162],
    ['a grid over the north pole, across the antimeridian', 0, 0],
  ] as const) {
    it(`${name}: every cell finds itself, random points find the brute-force nearest cell`, () => {
      const rows = 30;
      const cols = 40;
      const { lat, lon } = rotatedGrid(rows, cols, 1.5, poleLat, poleLon);
      const find = cellIndex(lat, lon, rows, cols);
      for (let k = 0; k < rows * cols; k++) expect(find(lon[k]!, lat[k]!)).toBe(k);
      const rnd = random(7);
      let inside = 0;
      for (let n = 0; n < 3000; n++) {
        // Points near the grid: jitter around a random cell of up to two cells.
        const k = Math.floor(rnd() * rows * cols);
        const qlat = Math.max(-90, Math.min(90, lat[k]! + (rnd() - 0.5) * 6));
        const qlon = lon[k]! + (rnd() - 0.5) * 6;
        const got = find(qlon, qlat);
        const want = bruteNearest(lat, lon, qlon, qlat);
        if (got >= 0) {
          inside++;
          expect(got, `(${qlon}, ${qlat})`).toBe(want);
        } else {
          // Off the grid: the nearest cell is more than half a cell away.
          expect(distance(qlon, qlat, lon[want]!, lat[want]!)).toBeGreaterThan(0.5 * 1.5 * RAD);
        }
      }
      expect(inside).toBeGreaterThan(2000);
    });
  }

  it('points far from a regional grid are off it; masked (NaN) cells are never answered', () => {
    const { lat, lon } = rotatedGrid(10, 10, 2, 39.25, -162);
    const lat55 = lat[55]!;
    lat[55] = NaN;
    const find = cellIndex(lat, lon, 10, 10);
    expect(find(-150, 0)).toBe(-1);
    expect(find(100, -40)).toBe(-1);
    expect(find(NaN, 10)).toBe(-1);
    for (let k = 0; k < 100; k++) if (k !== 55) expect(find(lon[k]!, lat[k]!)).toBe(k);
    // Its place is a hole (more than ¾ of a step from every neighbour's centre).
    expect(find(lon[55]!, lat55)).toBe(-1);
  });
});
