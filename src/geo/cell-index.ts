/**
 * Nearest-cell lookup on a curvilinear grid (2-D latitude and longitude per cell): cell centres as unit vectors,
 * hashed into cubes of a 3-D bucket grid whose side h is the largest cell radius, so the nearest cell of any
 * point that lies on the grid is in the buckets that the cube of side 2h around the point overlaps (2 × 2 × 2
 * mostly). A point farther from its nearest cell than that cell's radius (three quarters of the longest step to a
 * neighbour) is off the grid. Chord distance on the unit sphere: no special case at the antimeridian or the poles.
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
  // Buckets: cubes of side h ≥ every cell radius over [−1, 1]³; cells sorted by bucket, and an open-addressing
  // hash table from a bucket's (bx, by, bz) to its run of cells.
  const h = Math.min(2, Math.sqrt(maxR2));
  const cellOf = (v: number) => Math.floor((v + 1) / h);
  const bx = new Int32Array(n);
  const by = new Int32Array(n);
  const bz = new Int32Array(n);
  const order: number[] = [];
  for (let k = 0; k < n; k++) {
    if (!valid[k]) continue;
    bx[k] = cellOf(xyz[k * 3] ?? 0);
    by[k] = cellOf(xyz[k * 3 + 1] ?? 0);
    bz[k] = cellOf(xyz[k * 3 + 2] ?? 0);
    order.push(k);
  }
  const cmp = (a: number, b: number) => bx[a]! - bx[b]! || by[a]! - by[b]! || bz[a]! - bz[b]!;
  order.sort(cmp);
  const sorted = Int32Array.from(order);
  let buckets = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || cmp(sorted[i - 1]!, sorted[i]!) !== 0) buckets++;
  let size = 16;
  while (size < buckets * 2) size *= 2;
  const mask = size - 1;
  const hash = (x: number, y: number, z: number) =>
    (Math.imul(x, 73856093) ^ Math.imul(y, 19349663) ^ Math.imul(z, 83492791)) & mask;
  const tx = new Int32Array(size);
  const ty = new Int32Array(size);
  const tz = new Int32Array(size);
  const tStart = new Int32Array(size).fill(-1);
  const tEnd = new Int32Array(size);
  for (let i = 0; i < sorted.length;) {
    const k = sorted[i]!;
    let j = i + 1;
    while (j < sorted.length && cmp(k, sorted[j]!) === 0) j++;
    let slot = hash(bx[k]!, by[k]!, bz[k]!);
    while (tStart[slot]! >= 0) slot = (slot + 1) & mask;
    [tx[slot], ty[slot], tz[slot], tStart[slot], tEnd[slot]] = [bx[k]!, by[k]!, bz[k]!, i, j];
    i = j;
  }

  // Candidates: the cells of the buckets that the cube of side 2h around the query overlaps (2 × 2 × 2 mostly);
  // consecutive pixels mostly share them.
  let candidates = new Int32Array(64);
  let count = 0;
  const last = new Float64Array(6).fill(NaN);
  const gather = (x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): void => {
    count = 0;
    for (let i = x0; i <= x1; i++)
      for (let j = y0; j <= y1; j++)
        for (let l = z0; l <= z1; l++) {
          let slot = hash(i, j, l);
          while (tStart[slot]! >= 0 && (tx[slot] !== i || ty[slot] !== j || tz[slot] !== l)) slot = (slot + 1) & mask;
          const s0 = tStart[slot]!;
          if (s0 < 0) continue;
          const s1 = tEnd[slot]!;
          if (count + s1 - s0 > candidates.length) {
            const grown = new Int32Array(Math.max(candidates.length * 2, count + s1 - s0));
            grown.set(candidates.subarray(0, count));
            candidates = grown;
          }
          for (let s = s0; s < s1; s++) candidates[count++] = sorted[s]!;
        }
  };
  const q = new Float64Array(3);
  return (lon, lat) => {
    if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lat) > 90) return -1;
    unit(lon, lat, q, 0);
    const qx = q[0]!;
    const qy = q[1]!;
    const qz = q[2]!;
    const x0 = cellOf(qx - h);
    const y0 = cellOf(qy - h);
    const z0 = cellOf(qz - h);
    const x1 = cellOf(qx + h);
    const y1 = cellOf(qy + h);
    const z1 = cellOf(qz + h);
    if (x0 !== last[0] || y0 !== last[1] || z0 !== last[2] || x1 !== last[3] || y1 !== last[4] || z1 !== last[5]) {
      gather(x0, y0, z0, x1, y1, z1);
      last.set([x0, y0, z0, x1, y1, z1]);
    }
    let best = -1;
    let bestD = Infinity;
    for (let s = 0; s < count; s++) {
      const k = candidates[s]!;
      const dx = qx - xyz[k * 3]!;
      const dy = qy - xyz[k * 3 + 1]!;
      const dz = qz - xyz[k * 3 + 2]!;
      const d = dx * dx + dy * dy + dz * dz;
      if (d < bestD || (d === bestD && k < best)) {
        bestD = d;
        best = k;
      }
    }
    return best >= 0 && bestD <= radius2[best]! ? best : -1;
  };
}
