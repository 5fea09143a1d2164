// The synthetic field behind /synthetic/pyramid.zarr and /synthetic/big.zarr: a 21,600 × 43,200 float32 field
// (y, x) computed from a formula, so that any chunk of any level can be made when it is asked for and a test can
// compute the value it expects at any cell.
//
//   bump(t) = 16 · u² · (1 − u)²  with u = t − floor(t)      (a smooth periodic bump, 0 at integers, 1 at ½)
//   f(y, x) = float32( 250
//                      + 40  · bump(x / 14400 + y / 21600)    three tilted waves across the field
//                      + 12  · bump((x + 2y) / 2700)
//                      + 3   · bump((3x − y) / 173)
//                      + 0.5 · bump((7x + 13y) / 61.3)        a texture of a few cells (noise at coarse levels)
//                      − 30  · (y / 21600) )
//
// evaluated in float64 in exactly this order (left to right) and rounded once to float32: only +, −, ×, ÷ and floor,
// so numpy (bench/synthetic/check-with-zarr.py) gets the same bits. Level k of the pyramid holds f at every 2^k-th
// cell: level k cell (i, j) = f(i · 2^k, j · 2^k), shape [ceil(21600 / 2^k), ceil(43200 / 2^k)].

export const HEIGHT = 21600;
export const WIDTH = 43200;
export const LEVELS = 7;
export const CHUNK = 512;

/** @param {number} t */
export function bump(t) {
  const u = t - Math.floor(t);
  const v = u * (1 - u);
  return 16 * v * v;
}

/** The field's value at level-0 cell (y, x), as float64 before the float32 rounding. */
function f64(y, x) {
  return (
    250 +
    40 * bump(x / 14400 + y / 21600) +
    12 * bump((x + 2 * y) / 2700) +
    3 * bump((3 * x - y) / 173) +
    0.5 * bump((7 * x + 13 * y) / 61.3) -
    30 * (y / 21600)
  );
}

/** f(y, x) at level-0 cell (y, x), a float32 value (as a JS number). */
export function f(y, x) {
  return Math.fround(f64(y, x));
}

/** Level k cell (i, j): f(i · 2^k, j · 2^k). */
export function levelValue(k, i, j) {
  return f(i * 2 ** k, j * 2 ** k);
}

/** Shape [rows, cols] of level k. */
export function levelShape(k) {
  return [Math.ceil(HEIGHT / 2 ** k), Math.ceil(WIDTH / 2 ** k)];
}

/** How many chunks level k has along [y, x]. */
export function chunkGrid(k, chunk = CHUNK) {
  const [h, w] = levelShape(k);
  return [Math.ceil(h / chunk), Math.ceil(w / chunk)];
}

/**
 * The values of chunk (ci, cj) of level k, full-size (chunk × chunk, row-major) as Zarr v2 writes an edge chunk:
 * cells past the array's edge hold the fill value, NaN.
 */
export function chunkValues(k, ci, cj, chunk = CHUNK) {
  const [h, w] = levelShape(k);
  const s = 2 ** k;
  const out = new Float32Array(chunk * chunk).fill(NaN);
  const rows = Math.min(chunk, h - ci * chunk);
  const cols = Math.min(chunk, w - cj * chunk);
  for (let r = 0; r < rows; r++) {
    const y = (ci * chunk + r) * s;
    const base = r * chunk;
    for (let c = 0; c < cols; c++) out[base + c] = f64(y, (cj * chunk + c) * s);
  }
  return out;
}
