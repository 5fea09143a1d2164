/**
 * Gaussian latitudes: the 2N latitudes of a Gaussian grid of number N are the arcsines of the roots of the
 * Legendre polynomial of degree 2N, north to south. Found by Newton's method from the asymptotic first guess;
 * double precision to ~1e-12°, as the fixtures' numpy `leggauss` gives them.
 *
 * @example
 * gaussianLatitudes(1); // [35.264…, −35.264…]
 */

/** P_n(x) and its derivative. */
function legendre(n: number, x: number): [number, number] {
  let p0 = 1;
  let p1 = x;
  for (let k = 2; k <= n; k++) {
    const p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
    p0 = p1;
    p1 = p2;
  }
  const dp = (n * (x * p1 - p0)) / (x * x - 1);
  return [p1, dp];
}

/** The 2N Gaussian latitudes of grid number `n` (N), in degrees, north to south. */
export function gaussianLatitudes(n: number): Float64Array {
  const m = 2 * n;
  const out = new Float64Array(m);
  for (let i = 0; i < n; i++) {
    // The i-th root from x = 1, by its asymptotic position; Newton converges in a few steps.
    let x = Math.cos((Math.PI * (i + 0.75)) / (m + 0.5));
    for (let it = 0; it < 100; it++) {
      const [p, dp] = legendre(m, x);
      const dx = p / dp;
      x -= dx;
      if (Math.abs(dx) < 1e-16) break;
    }
    const lat = (Math.asin(x) * 180) / Math.PI;
    out[i] = lat;
    out[m - 1 - i] = -lat;
  }
  return out;
}
