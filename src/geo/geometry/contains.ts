/**
 * Which geometry is at a point: a polygon by the even-odd rule over all its rings (so a hole's points are outside,
 * as the canvas's even-odd fill draws it), a line or a point within `within` of its nodes and segments. Positions
 * are whatever plane the rings are in (the frame's pixels on the Map).
 */

/** Whether (px, py) is inside the rings (x/y interleaved) by the even-odd rule. */
export function insideRings(rings: readonly ArrayLike<number>[], px: number, py: number): boolean {
  let inside = false;
  for (const r of rings) {
    const n = r.length / 2;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const xi = r[2 * i]!;
      const yi = r[2 * i + 1]!;
      const xj = r[2 * j]!;
      const yj = r[2 * j + 1]!;
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Squared distance from (px, py) to the polyline (x/y interleaved; one node: to that node). */
export function distanceToLine(line: ArrayLike<number>, px: number, py: number): number {
  const n = line.length / 2;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const ax = line[2 * i]!;
    const ay = line[2 * i + 1]!;
    const bx = i + 1 < n ? line[2 * i + 2]! : ax;
    const by = i + 1 < n ? line[2 * i + 3]! : ay;
    const dx = bx - ax;
    const dy = by - ay;
    const len = dx * dx + dy * dy;
    const t = len > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len)) : 0;
    best = Math.min(best, (ax + t * dx - px) ** 2 + (ay + t * dy - py) ** 2);
  }
  return best;
}

/**
 * The geometry at (px, py), −1 for none: for polygons the first whose rings hold it (even-odd), for lines and
 * points the nearest within `within`.
 */
export function geometryAt(
  kind: 'point' | 'line' | 'polygon',
  shapes: readonly (readonly ArrayLike<number>[])[],
  px: number,
  py: number,
  within: number,
): number {
  if (kind === 'polygon') return shapes.findIndex((rings) => insideRings(rings, px, py));
  let best = -1;
  let bestD = within * within;
  shapes.forEach((parts, g) => {
    for (const p of parts) {
      const d = distanceToLine(p, px, py);
      if (d <= bestD) {
        best = g;
        bestD = d;
      }
    }
  });
  return best;
}
