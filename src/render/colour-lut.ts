/**
 * Exact colouring by table. A pixel's colour is a function of `u` ∈ [0, last] (its place along the colour map,
 * `last` segments between the stops): channel `c` of segment `k = ⌊u⌋` is `round(start + rise · (u − k))`. Each
 * channel is monotonic in `u` within a segment (every floating-point step of that formula is), so on an interval
 * whose two ends get the same colour, every `u` between them gets it too. The table splits each segment into
 * `LUT_BINS` equal bins and stores the colour of every bin whose two ends agree; the few bins where a channel
 * steps to its next value are marked 0 (no colour has alpha 0) and computed per pixel. So the table gives exactly
 * the colour `colorAt` gives, at a load per pixel instead of three roundings.
 *
 * `u · LUT_BINS` is exact (a power of two), so a pixel's bin is `⌊u · LUT_BINS⌋` with no rounding at its edges.
 */

/** Bins per colour-map segment (a power of two). */
export const LUT_BINS = 4096;

/**
 * Per colour-map segment k: the start of each channel and its rise to the next stop (`seg[6k + c]`,
 * `seg[6k + 3 + c]`), as `colorAt` computes them from `rgbStops`.
 */
export function segments(stops: readonly (readonly number[])[]): Float64Array {
  const last = stops.length - 1;
  const seg = new Float64Array(6 * last);
  for (let k = 0; k < last; k++)
    for (let c = 0; c < 3; c++) {
      seg[6 * k + c] = stops[k]![c]!;
      seg[6 * k + 3 + c] = stops[k + 1]![c]! - stops[k]![c]!;
    }
  return seg;
}

/** The colour at `f` ∈ [0, 1] along segment `k` as one little-endian RGBA word (alpha 255): `colorAt`'s arithmetic. */
function segmentWord(seg: Float64Array, k: number, f: number): number {
  const a = 6 * k;
  const red = Math.round(seg[a]! + seg[a + 3]! * f);
  const green = Math.round(seg[a + 1]! + seg[a + 4]! * f);
  const blue = Math.round(seg[a + 2]! + seg[a + 5]! * f);
  return (red | (green << 8) | (blue << 16) | (255 << 24)) >>> 0;
}

/** The colour at `u` ∈ [0, last] as one little-endian RGBA word (alpha 255): `colorAt`'s arithmetic exactly. */
export function colourWord(seg: Float64Array, last: number, u: number): number {
  const k = u >= last ? last - 1 : Math.floor(u);
  return segmentWord(seg, k, u - k);
}

/**
 * The colour at `t` ∈ [0, 1] (clamped) as `colorAt` gives it, from the table (`colourLut` of the same segments);
 * a bin whose colour varies, or a `t` that is no number (an overflowing span), takes the formula itself.
 */
export function lutWord(lut: Uint32Array, seg: Float64Array, last: number, t: number): number {
  const u = (t < 0 ? 0 : t > 1 ? 1 : t) * last;
  const w = u >= 0 ? lut[(u * LUT_BINS) | 0]! : 0;
  return w !== 0 ? w : colourWord(seg, last, u);
}

/** The colour of each bin of `u` (index `⌊u · LUT_BINS⌋`, the last entry for `u = last`), or 0 where it varies. */
function buildLut(seg: Float64Array, last: number): Uint32Array {
  const n = LUT_BINS * last;
  const lut = new Uint32Array(n + 1);
  let lo = colourWord(seg, last, 0);
  for (let q = 0; q < n; q++) {
    const k = Math.floor(q / LUT_BINS);
    // The bin's upper end, evaluated in the bin's own segment (f = 1 at a segment's end).
    const hi = segmentWord(seg, k, (q + 1 - k * LUT_BINS) / LUT_BINS);
    lut[q] = lo === hi ? lo : 0;
    // The next bin starts where this one ends; at a segment's end it starts the next segment (f = 0 there).
    lo = (q + 1) % LUT_BINS === 0 && q + 1 < n ? colourWord(seg, last, (q + 1) / LUT_BINS) : hi;
  }
  lut[n] = colourWord(seg, last, last);
  return lut;
}

const cache = new Map<string, Uint32Array>();

/** The table of a colour map given by its segments (cached: a few maps, 128 KB each). */
export function colourLut(seg: Float64Array, last: number): Uint32Array {
  const key = Array.prototype.join.call(seg, ',');
  let lut = cache.get(key);
  if (!lut) {
    lut = buildLut(seg, last);
    if (cache.size >= 16) cache.delete(cache.keys().next().value as string);
    cache.set(key, lut);
  }
  return lut;
}
