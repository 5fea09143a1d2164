/**
 * Nearest-cell lookup along a 1-D coordinate (ascending, descending or unevenly spaced). Longitudes are periodic:
 * 0–360 and −180–180 grids both answer any longitude, a grid crossing the antimeridian (170 … 180, −175 …) is
 * unwrapped first, and a global grid wraps its edge cells around.
 */
export type Lookup = (q: number) => number;

function unwrap(coords: ArrayLike<number>): number[] {
  const out: number[] = [];
  let shift = 0;
  for (let i = 0; i < coords.length; i++) {
    const c = Number(coords[i]);
    const prev = out[i - 1];
    if (prev !== undefined && Number.isFinite(c)) {
      // A jump of more than 180° between neighbours is the antimeridian, not a real step.
      while (c + shift - prev > 180) shift -= 360;
      while (c + shift - prev < -180) shift += 360;
    }
    out.push(c + shift);
  }
  return out;
}

/** A lookup: coordinate value → index of the nearest cell whose extent contains it, or −1 outside the grid. */
export function axisLookup(coords: ArrayLike<number>, periodic: boolean): Lookup {
  const values = periodic ? unwrap(coords) : Array.from(coords, Number);
  const order = values
    .map((_, i) => i)
    .filter((i) => Number.isFinite(values[i]))
    .sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0));
  const sorted = order.map((i) => values[i] ?? 0);
  const n = sorted.length;
  if (n === 0) return () => -1;
  const spacing = n > 1 ? ((sorted[n - 1] ?? 0) - (sorted[0] ?? 0)) / (n - 1) : 1;
  const lo = sorted[0] ?? 0;
  const hi = sorted[n - 1] ?? 0;
  // Half a cell beyond each end; a global longitude grid shares its gap between both ends.
  const global = periodic && hi - lo + spacing >= 360 - 1e-9;
  const lowEdge = global ? lo - (360 - (hi - lo)) / 2 : lo - (n > 1 ? ((sorted[1] ?? lo) - lo) / 2 : 0.5);
  const highEdge = global ? hi + (360 - (hi - lo)) / 2 : hi + (n > 1 ? (hi - (sorted[n - 2] ?? hi)) / 2 : 0.5);
  const nearest = (q: number): number => {
    let a = 0;
    let b = n - 1;
    while (b - a > 1) {
      const m = (a + b) >> 1;
      if ((sorted[m] ?? 0) <= q) a = m;
      else b = m;
    }
    const pick = Math.abs(q - (sorted[a] ?? 0)) <= Math.abs((sorted[b] ?? 0) - q) ? a : b;
    return order[pick] ?? -1;
  };
  return (q) => {
    if (!Number.isFinite(q)) return -1;
    if (!periodic) return q >= lowEdge && q <= highEdge ? nearest(q) : -1;
    for (const k of [0, 360, -360, 720, -720]) {
      const v = q + k;
      if (v < lowEdge || v > highEdge) continue;
      // In a global grid's wrap-around gap, the nearer of the last cell and the first one (one turn on).
      if (global && v > hi) return v - hi <= lo + 360 - v ? (order[n - 1] ?? -1) : (order[0] ?? -1);
      if (global && v < lo) return lo - v <= v - (hi - 360) ? (order[0] ?? -1) : (order[n - 1] ?? -1);
      return nearest(v);
    }
    return -1;
  };
}
