/** Turning the orthographic globe by dragging it. */

/** The centre after dragging the globe by (dx, dy) canvas pixels on a globe of radius `r` pixels. */
export function dragCenter(from: readonly [number, number], dx: number, dy: number, r: number): [number, number] {
  const deg = 180 / Math.PI / r;
  const lon = ((((from[0] - dx * deg + 180) % 360) + 360) % 360) - 180;
  const lat = Math.max(-90, Math.min(90, from[1] + dy * deg));
  return [Math.round(lon), Math.round(lat)];
}
