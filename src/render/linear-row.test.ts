/**
 * The linear-scale row places most values by a multiplication instead of `lutWord`'s division (image.ts): the
 * pixels must be `lutWord`'s for every value, at bin edges, at the map's ends and for degenerate ranges too.
 */
import { describe, expect, it } from 'vitest';
import { COLORMAPS, rgbStops } from './colormap';
import { LUT_BINS, colourLut, lutWord, segments } from './colour-lut';
import { colourRegion, type ImageRequest } from './image';

/** A seeded generator, so a failure replays. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** Values around `[zmin, zmax]`: random, every bin edge and its neighbouring doubles, the ends, NaN and infinities. */
function values(zmin: number, zmax: number, last: number, seed: number): Float64Array {
  const r = rng(seed);
  const span = zmax - zmin;
  const out: number[] = [zmin, zmax, NaN, Infinity, -Infinity, zmin - span, zmax + span, 0, -0];
  for (let q = 0; q <= last * LUT_BINS; q += 1 + Math.floor(r() * 7)) {
    const z = zmin + (span * q) / (last * LUT_BINS);
    out.push(z, nextDouble(z, 1), nextDouble(z, -1));
  }
  for (let k = 0; k < 20_000; k++) out.push(zmin + span * (r() * 1.2 - 0.1));
  return Float64Array.from(out);
}

/** The double next to `x` upwards (`dir` 1) or downwards (-1). */
function nextDouble(x: number, dir: 1 | -1): number {
  if (x === 0) return dir * Number.MIN_VALUE;
  const b = new Float64Array([x]);
  const u = new BigInt64Array(b.buffer);
  u[0] = u[0]! + BigInt((x > 0 ? 1 : -1) * dir);
  return b[0]!;
}

function pixels(v: Float64Array | Float32Array, zmin: number, zmax: number, colormap: ImageRequest['colormap']) {
  const req: ImageRequest = {
    values: v,
    mask: null,
    shape: [1, v.length],
    transposed: false,
    step: 1,
    scale: 'linear',
    range: null,
    colormap,
    invert: false,
  };
  const rgba = new Uint8ClampedArray(v.length * 4);
  colourRegion(req, rgba, { zmin, zmax, threshold: 1 });
  return new Uint32Array(rgba.buffer);
}

describe('the linear-scale row', () => {
  const ranges: [number, number][] = [
    [0, 1],
    [250.125, 289.75],
    [-1e-7, 3e-7],
    [-5e300, 7e300],
    [1e-310, 3e-310],
    [42, 42],
    [-Infinity, Infinity],
    [0, Infinity],
  ];
  for (const colormap of COLORMAPS)
    it(`gives lutWord's pixel for every value (${colormap})`, () => {
      const stops = rgbStops(colormap);
      const last = stops.length - 1;
      const seg = segments(stops);
      const lut = colourLut(seg, last);
      let checked = 0;
      for (const [k, [zmin, zmax]] of ranges.entries()) {
        for (const v of [values(zmin, zmax, last, k + 1), Float32Array.from(values(zmin, zmax, last, k + 11))]) {
          const got = pixels(v, zmin, zmax, colormap);
          const span = zmax - zmin;
          for (let i = 0; i < v.length; i++) {
            const z = v[i]!;
            const want = z - z !== 0 ? 0 : lutWord(lut, seg, last, (z - zmin) / span);
            if (got[i] !== want) throw new Error(`${colormap} [${zmin}, ${zmax}]: ${z} gave ${got[i]}, not ${want}`);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(300_000);
    });
});
