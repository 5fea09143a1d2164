/**
 * The colour map as a lookup texture for the GPU: the table of `colour-lut.ts` laid out as rows of `LUT_BINS`
 * texels, row k holding the bins of colour-map segment k and one more row for `u = last` (the map's last colour),
 * so that bin q of the table is texel `(q mod LUT_BINS, q div LUT_BINS)`.
 *
 * Most bins have one colour (the table's); a bin where a channel steps to its next value (the table's 0, computed
 * per pixel on the CPU) gets the colour at the bin's centre, which differs from `colorAt`'s anywhere in the bin by
 * at most 1 per channel (a bin is 1/4096 of a segment; no channel rises by 4096 within one).
 */
import { LUT_BINS, colourLut, colourWord, rgbStops, segments, type ColormapName } from '../../core';

/** The lookup texture of a colour map: `width` × `height` RGBA texels (row 0 first). */
export interface LutTexture {
  readonly width: number;
  readonly height: number;
  /** `last`: segments between the colour map's stops (bins run over `u` ∈ [0, last]). */
  readonly last: number;
  readonly rgba: Uint8Array;
}

const cache = new Map<string, LutTexture>();

/** The lookup texture of a colour map (cached: a few maps, 144 KB each). */
export function lutTexture(colormap: ColormapName, invert: boolean): LutTexture {
  const key = `${colormap}:${invert}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const stops = rgbStops(colormap, invert);
  const last = stops.length - 1;
  const seg = segments(stops);
  const lut = colourLut(seg, last);
  const width = LUT_BINS;
  const height = last + 1;
  const rgba = new Uint8Array(width * height * 4);
  for (let q = 0; q < lut.length; q++) {
    const w = lut[q] !== 0 ? lut[q]! : colourWord(seg, last, Math.min(last, (q + 0.5) / LUT_BINS));
    // Little-endian words (r the lowest byte) on every platform: write the bytes one by one.
    rgba[4 * q] = w & 255;
    rgba[4 * q + 1] = (w >>> 8) & 255;
    rgba[4 * q + 2] = (w >>> 16) & 255;
    rgba[4 * q + 3] = w >>> 24;
  }
  const tex = { width, height, last, rgba };
  cache.set(key, tex);
  return tex;
}

/** The texel a shader reads for `t` ∈ [0, 1] (clamped), as `lutWord` finds its bin: `(column, row)`. */
export function lutTexel(last: number, t: number): readonly [number, number] {
  const u = (t < 0 ? 0 : t > 1 ? 1 : t) * last;
  const q = Math.min(last * LUT_BINS, Math.floor(u * LUT_BINS));
  return [q % LUT_BINS, Math.floor(q / LUT_BINS)];
}
