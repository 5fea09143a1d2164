/**
 * Nearest-cell lookup on a curvilinear grid (2-D latitude and longitude per cell): cell centres as unit vectors,
 * hashed into cubes of a 3-D bucket grid whose side is the largest cell radius, so the nearest cell of any point
 * that lies on the grid is within the 27 buckets around it. A point farther from its nearest cell than that
 * cell's radius (three quarters of the longest step to a neighbour) is off the grid. Chord distance on the unit
 * sphere: no special case at the antimeridian or the poles.
 *
 * @example
 * const find = cellIndex(lat, lon, rows, cols);
 * find(lon, lat); // index of the nearest cell in row-major order, −1 off the grid
 */

/** Point (lon, lat in degrees) → index of its cell in row-major order, or −1 when it is off the grid. */
export type CellLookup = (lon: number, lat: number) => number;

const RAD = Math.PI / 180;

function unit(lon: number, lat: number, out: Float64Array, k: number): void {
  const cl = Math.cos(lat * RAD);
  out[k] = cl * Math.cos(lon * RAD);
  out[k + 1] = cl * Math.sin(lon * RAD);
  out[k + 2] = Math.sin(lat * RAD);
}

function chord2(p: Float64Array, a: number, b: number): number {
  const dx = (p[a] ?? 0) - (p[b] ?? 0);
  const dy = (p[a + 1] ?? 0) - (p[b + 1] ?? 0);
  const dz = (p[a + 2] ?? 0) - (p[b + 2] ?? 0);
  return dx * dx + dy * dy + dz * dz;
}

/**
 * Builds the lookup of a `rows` × `cols` grid whose cell (r, c) is at `lat[r·cols + c]`, `lon[r·cols + c]`
 * (degrees; non-finite: no cell).
 */
export function cellIndex(lat: ArrayLike<number>, lon: ArrayLike<number>, rows: number, cols: number): CellLookup {
  const n = rows * cols;
  const xyz = new Float64Array(n * 3);
  const valid = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const la = Number(lat[k]);
    const lo = Number(lon[k]);
    if (Number.isFinite(la) && Number.isFinite(lo) && Math.abs(la) <= 90) {
      unit(lo, la, xyz, k * 3);
      valid[k] = 1;
    }
  }
  // Radius² of each cell: (¾ of its longest step to a valid neighbour)².
  const radius2 = new Float64Array(n);
  let maxR2 = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = r * cols + c;
      if (!valid[k]) continue;
      let m = 0;
      for (const [dr, dc] of [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ] as const) {
        const rr = r + dr;
        const cc = c + dc;
        if (rr < 0 || rr >= rows || cc < 0 || cc >= cols || !valid[rr * cols + cc]) continue;
        m = Math.max(m, chord2(xyz, k * 3, (rr * cols + cc) * 3));
      }
      // A lone cell (no valid neighbour) answers within one degree.
      const r2 = m > 0 ? m * 0.5625 : (2 * Math.sin(0.5 * RAD)) ** 2;
      radius2[k] = r2;
      if (r2 > maxR2) maxR2 = r2;
    }
  }
  if (maxR2 === 0) return () => -1;
  // Buckets: cubes of side h ≥ every cell radius, over [−1, 1]³, g per axis; cells sorted by bucket (CSR).
  const h = Math.min(2, Math.sqrt(maxR2));
  const g = Math.ceil(2 / h) + 1;
  const bucketOf = (x: number, y: number, z: number) =>
    (Math.floor((x + 1) / h) * g + Math.floor((y + 1) / h)) * g + Math.floor((z + 1) / h);
  const keys = new Float64Array(n).fill(-1);
  const order: number[] = [];
  for (let k = 0; k < n; k++) {
    if (!valid[k]) continue;
    keys[k] = bucketOf(xyz[k * 3] ?? 0, xyz[k * 3 + 1] ?? 0, xyz[k * 3 + 2] ?? 0);
    order.push(k);
  }
  order.sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0));
  const sorted = Int32Array.from(order);
  const start = new Map<number, number>();
  for (let i = 0; i < sorted.length; i++) {
    const key = keys[sorted[i] ?? 0] ?? 0;
    if (!start.has(key)) start.set(key, i);
  }
  const end = (i: number) => {
    const key = keys[sorted[i] ?? 0];
    let j = i;
    while (j < sorted.length && keys[sorted[j] ?? 0] === key) j++;
    return j;
  };
  const ranges = new Map<number, readonly [number, number]>();
  for (const [key, i] of start) ranges.set(key, [i, end(i)]);

  // Consecutive pixels mostly fall in one bucket: keep the candidate list of the last bucket asked.
  let lastKey = -1;
  let candidates: Int32Array = new Int32Array(0);
  const gather = (bx: number, by: number, bz: number): Int32Array => {
    const list: number[] = [];
    for (let i = bx - 1; i <= bx + 1; i++)
      for (let j = by - 1; j <= by + 1; j++)
        for (let l = bz - 1; l <= bz + 1; l++) {
          if (i < 0 || j < 0 || l < 0 || i >= g || j >= g || l >= g) continue;
          const range = ranges.get((i * g + j) * g + l);
          if (!range) continue;
          for (let s = range[0]; s < range[1]; s++) list.push(sorted[s] ?? 0);
        }
    return Int32Array.from(list);
  };
  const q = new Float64Array(3);
  return (lon, lat) => {
    if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lat) > 90) return -1;
    unit(lon, lat, q, 0);
    const bx = Math.floor(((q[0] ?? 0) + 1) / h);
    const by = Math.floor(((q[1] ?? 0) + 1) / h);
    const bz = Math.floor(((q[2] ?? 0) + 1) / h);
    const key = (bx * g + by) * g + bz;
    if (key !== lastKey) {
      candidates = gather(bx, by, bz);
      lastKey = key;
    }
    let best = -1;
    let bestD = Infinity;
    for (let s = 0; s < candidates.length; s++) {
      const k = candidates[s] ?? 0;
      const dx = (q[0] ?? 0) - (xyz[k * 3] ?? 0);
      const dy = (q[1] ?? 0) - (xyz[k * 3 + 1] ?? 0);
      const dz = (q[2] ?? 0) - (xyz[k * 3 + 2] ?? 0);
      const d = dx * dx + dy * dy + dz * dz;
      if (d < bestD || (d === bestD && k < best)) {
        bestD = d;
        best = k;
      }
    }
    return best >= 0 && bestD <= (radius2[best] ?? 0) ? best : -1;
  };
}
