/**
 * Nearest-neighbour regridding from a curvilinear grid (2-D latitude and longitude, one pair per cell): each of
 * A's cells takes the value of B's cell nearest to it on the sphere (least chord between the unit vectors, which
 * orders as the great-circle distance), or is masked when none is within `maxChord`. The search uses a grid index:
 * B's cells are binned in cubes of the unit sphere's 3-D space, and each query looks through shells of cubes
 * around its own until no unvisited cube can hold a nearer cell (exact, not approximate). Ties: the lower index.
 */
import type { CurvilinearRegridTask } from './regrid';

export interface CurvilinearSource {
  /** Latitude and longitude of each of B's cells (degrees, C order over B's 2-D shape). */
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  /** B's grid shape [rows, columns] (for the spacing that bounds the distance by default). */
  readonly shape: readonly [number, number];
}

const RAD = Math.PI / 180;

function unit(lat: number, lon: number, out: Float64Array, at: number): void {
  const la = lat * RAD;
  const lo = lon * RAD;
  out[at] = Math.cos(la) * Math.cos(lo);
  out[at + 1] = Math.cos(la) * Math.sin(lo);
  out[at + 2] = Math.sin(la);
}

/** The widest chord between neighbouring cells of B along either grid direction (NaN cells skipped). */
export function widestSpacing(xyz: Float64Array, shape: readonly [number, number]): number {
  const [ny, nx] = shape;
  let widest = 0;
  const chord = (p: number, q: number) =>
    Math.hypot(xyz[3 * p]! - xyz[3 * q]!, xyz[3 * p + 1]! - xyz[3 * q + 1]!, xyz[3 * p + 2]! - xyz[3 * q + 2]!);
  for (let y = 0; y < ny; y++)
    for (let x = 0; x < nx; x++) {
      const p = y * nx + x;
      if (x + 1 < nx) widest = Math.max(widest, chord(p, p + 1) || 0);
      if (y + 1 < ny) widest = Math.max(widest, chord(p, p + nx) || 0);
    }
  return widest;
}

/** B's cells binned in cubes of side `h` over [−1, 1]³ (compressed: cell lists by cube key). */
class CubeIndex {
  readonly #n: number;
  readonly #h: number;
  readonly #start = new Map<number, number>();
  readonly #count = new Map<number, number>();
  readonly #cells: Int32Array;

  constructor(
    readonly xyz: Float64Array,
    h: number,
  ) {
    this.#h = h;
    this.#n = Math.max(1, Math.ceil(2 / h));
    const m = xyz.length / 3;
    const keys = new Int32Array(m);
    for (let i = 0; i < m; i++) {
      keys[i] = Number.isNaN(xyz[3 * i]!) ? -1 : this.key(xyz[3 * i]!, xyz[3 * i + 1]!, xyz[3 * i + 2]!);
      if (keys[i]! >= 0) this.#count.set(keys[i]!, (this.#count.get(keys[i]!) ?? 0) + 1);
    }
    let next = 0;
    for (const [k, c] of this.#count) {
      this.#start.set(k, next);
      next += c;
    }
    this.#cells = new Int32Array(next);
    const fill = new Map<number, number>();
    for (let i = 0; i < m; i++) {
      const k = keys[i]!;
      if (k < 0) continue;
      const f = fill.get(k) ?? 0;
      this.#cells[this.#start.get(k)! + f] = i;
      fill.set(k, f + 1);
    }
  }

  #coord(v: number): number {
    return Math.min(this.#n - 1, Math.max(0, Math.floor((v + 1) / this.#h)));
  }

  key(x: number, y: number, z: number): number {
    return (this.#coord(x) * this.#n + this.#coord(y)) * this.#n + this.#coord(z);
  }

  /** The nearest cell to (x, y, z) within `limit` (chord), or −1. */
  nearest(x: number, y: number, z: number, limit: number): number {
    const n = this.#n;
    const cx = this.#coord(x);
    const cy = this.#coord(y);
    const cz = this.#coord(z);
    let best = -1;
    let bestD = Infinity;
    for (let r = 0; r < n; r++) {
      // Cubes at Chebyshev distance r from the query's cube.
      for (let i = Math.max(0, cx - r); i <= Math.min(n - 1, cx + r); i++)
        for (let j = Math.max(0, cy - r); j <= Math.min(n - 1, cy + r); j++)
          for (let k = Math.max(0, cz - r); k <= Math.min(n - 1, cz + r); k++) {
            if (Math.max(Math.abs(i - cx), Math.abs(j - cy), Math.abs(k - cz)) !== r) continue;
            const key = (i * n + j) * n + k;
            const start = this.#start.get(key);
            if (start === undefined) continue;
            const end = start + this.#count.get(key)!;
            for (let s = start; s < end; s++) {
              const c = this.#cells[s]!;
              const d = Math.hypot(x - this.xyz[3 * c]!, y - this.xyz[3 * c + 1]!, z - this.xyz[3 * c + 2]!);
              if (d < bestD || (d === bestD && c < best)) {
                bestD = d;
                best = c;
              }
            }
          }
      // Every cell in a cube beyond shell r is farther than r cube sides.
      if (bestD <= r * this.#h || r * this.#h > limit) break;
    }
    return bestD <= limit ? best : -1;
  }
}

/** The index of B's nearest cell for each target point (−1: none within `maxChord`), and the bound used. */
export function nearestCells(
  source: CurvilinearSource,
  lat: ArrayLike<number>,
  lon: ArrayLike<number>,
  maxChord?: number,
): { readonly cells: Int32Array; readonly maxChord: number } {
  const m = source.lat.length;
  const xyz = new Float64Array(3 * m);
  for (let i = 0; i < m; i++) unit(source.lat[i]!, source.lon[i]!, xyz, 3 * i);
  const limit = maxChord ?? widestSpacing(xyz, source.shape);
  const index = new CubeIndex(xyz, Math.max(limit, 1e-6));
  const q = new Float64Array(3);
  const cells = new Int32Array(lat.length);
  for (let p = 0; p < lat.length; p++) {
    unit(lat[p]!, lon[p]!, q, 0);
    cells[p] = Number.isNaN(q[0]!) ? -1 : index.nearest(q[0]!, q[1]!, q[2]!, limit);
  }
  return { cells, maxChord: limit };
}

export function regridCurvilinear(task: CurvilinearRegridTask): { values: Float64Array; shape: number[] } {
  const t = task.target;
  let lat: Float64Array;
  let lon: Float64Array;
  let shape: number[];
  if (t.kind === 'rectilinear') {
    const [ny, nx] = [t.lat.length, t.lon.length];
    lat = new Float64Array(ny * nx);
    lon = new Float64Array(ny * nx);
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        lat[y * nx + x] = t.lat[y]!;
        lon[y * nx + x] = t.lon[x]!;
      }
    shape = [ny, nx];
  } else {
    ({ lat, lon } = t);
    shape = [...t.shape];
  }
  const { cells } = nearestCells(task.source, lat, lon, task.maxChord);
  const values = new Float64Array(cells.length);
  for (let i = 0; i < cells.length; i++) values[i] = cells[i]! < 0 ? NaN : task.values[cells[i]!]!;
  return { values, shape };
}
