import { describe, expect, it } from 'vitest';
import { COLORMAPS, colorAt, rgbStops } from '../../core';
import { LUT_BINS, colourLut, segments } from '../../core';
import { lutTexel, lutTexture } from './lut';

const texel = (t: ReturnType<typeof lutTexture>, col: number, row: number) =>
  Array.from(t.rgba.subarray(4 * (row * t.width + col), 4 * (row * t.width + col) + 4));

describe('the colour map as a lookup texture', () => {
  it('holds colour-lut.ts’s colour in every bin where the table has one', () => {
    for (const name of COLORMAPS)
      for (const invert of [false, true]) {
        const tex = lutTexture(name, invert);
        const stops = rgbStops(name, invert);
        const lut = colourLut(segments(stops), stops.length - 1);
        expect(tex.width * tex.height).toBe(lut.length + LUT_BINS - 1);
        for (let q = 0; q < lut.length; q++) {
          if (lut[q] === 0) continue;
          const w = lut[q]!;
          expect(texel(tex, q % LUT_BINS, Math.floor(q / LUT_BINS))).toEqual([
            w & 255,
            (w >>> 8) & 255,
            (w >>> 16) & 255,
            w >>> 24,
          ]);
        }
      }
  });

  it('gives colorAt’s colour within 1 per channel at any t (the texel a shader reads), exactly at the stops', () => {
    for (const name of COLORMAPS) {
      const tex = lutTexture(name, false);
      const stops = rgbStops(name);
      let worst = 0;
      let exact = 0;
      const n = 200_003;
      for (let i = 0; i <= n; i++) {
        const t = i / n;
        const got = texel(tex, ...lutTexel(tex.last, t));
        const want = [...colorAt(stops, t), 255];
        const d = Math.max(...got.map((g, c) => Math.abs(g - want[c]!)));
        worst = Math.max(worst, d);
        if (d === 0) exact++;
      }
      expect(worst).toBeLessThanOrEqual(1);
      // Almost every t exactly (only bins where a channel steps can be one off).
      expect(exact / (n + 1)).toBeGreaterThan(0.99);
      for (let k = 0; k < stops.length; k++)
        expect(texel(tex, ...lutTexel(tex.last, k / (stops.length - 1)))).toEqual([...stops[k]!, 255]);
    }
  });

  it('clamps t outside [0, 1] to the map’s ends', () => {
    const tex = lutTexture('viridis', true);
    const stops = rgbStops('viridis', true);
    expect(texel(tex, ...lutTexel(tex.last, -3))).toEqual([...stops[0]!, 255]);
    expect(texel(tex, ...lutTexel(tex.last, 7))).toEqual([...stops[stops.length - 1]!, 255]);
  });
});
