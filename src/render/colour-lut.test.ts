import { describe, expect, it } from 'vitest';
import { COLORMAPS, colorAt, rgbStops } from './colormap';
import { LUT_BINS, colourLut, lutWord, segments } from './colour-lut';

/** The next double above (dir 1) or below (dir −1) a finite x. */
function nextAfter(x: number, dir: 1 | -1): number {
  if (x === 0) return dir * Number.MIN_VALUE;
  const b = new Float64Array([x]);
  const i = new BigInt64Array(b.buffer);
  i[0]! += x > 0 === dir > 0 ? 1n : -1n;
  return b[0]!;
}

const word = ([r, g, b]: readonly number[]) => (r! | (g! << 8) | (b! << 16) | (255 << 24)) >>> 0;

describe('colouring by table', () => {
  it('gives colorAt’s colour exactly: at and beside every bin edge, on a dense grid and outside [0, 1]', () => {
    for (const name of COLORMAPS)
      for (const invert of [false, true]) {
        const stops = rgbStops(name, invert);
        const last = stops.length - 1;
        const seg = segments(stops);
        const lut = colourLut(seg, last);
        const ts: number[] = [-1, -1e-300, 0, 1, 1 + 1e-12, 7, Infinity, -Infinity];
        // Every bin edge u = q / LUT_BINS, as t = u / last, and the doubles around it (where a colour steps).
        for (let q = 0; q <= last * LUT_BINS; q++) {
          const t = q / LUT_BINS / last;
          ts.push(t, nextAfter(t, 1), nextAfter(t, -1));
        }
        for (let k = 0; k < 200_000; k++) ts.push(k / 199_999);
        let mismatches = 0;
        for (const t of ts) if (lutWord(lut, seg, last, t) !== word(colorAt(stops, t))) mismatches++;
        expect(mismatches, `${name}${invert ? ' inverted' : ''}`).toBe(0);
      }
  });

  it('steps where a channel steps: the values beside a step differ, and the table marks that bin', () => {
    const stops = rgbStops('viridis');
    const last = stops.length - 1;
    const seg = segments(stops);
    const lut = colourLut(seg, last);
    // Find a colour step by bisection between two table bins of different colours.
    let lo = 0.1;
    let hi = 0.1 + 1 / LUT_BINS / last;
    while (word(colorAt(stops, lo)) === word(colorAt(stops, hi))) hi += 1 / LUT_BINS / last;
    for (let k = 0; k < 80 && nextAfter(lo, 1) < hi; k++) {
      const mid = (lo + hi) / 2;
      if (word(colorAt(stops, mid)) === word(colorAt(stops, lo))) lo = mid;
      else hi = mid;
    }
    expect(lutWord(lut, seg, last, lo)).toBe(word(colorAt(stops, lo)));
    expect(lutWord(lut, seg, last, hi)).toBe(word(colorAt(stops, hi)));
    expect(lutWord(lut, seg, last, lo)).not.toBe(lutWord(lut, seg, last, hi));
    expect(lut[Math.floor(lo * last * LUT_BINS)]).toBe(0);
  });
});
