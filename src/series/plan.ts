/**
 * A series at a point: which dimension it runs along (time when there is one), the selection that reads it, and
 * what reading it costs (chunks and uncompressed bytes) — known from the metadata before anything is fetched.
 * Where the dataset holds a time-chunked copy of the variable (copies.ts), the plan reads the copy when it touches
 * fewer chunks.
 */
import type { DimSelection } from '../api';
import type { AxisDescription } from '../cf/coordinates';
import type { Group, Variable } from '../model/types';
import { seriesChunks, timeChunkedCopies } from './copies';

export interface SeriesPlan {
  /** The dimension the series runs along. */
  readonly dim: number;
  readonly selection: readonly DimSelection[];
  readonly length: number;
  /** Chunks the read touches (one per chunk along the series dimension). */
  readonly chunks: number;
  /** Uncompressed bytes of those chunks (what is fetched and decoded at most). */
  readonly bytes: number;
  /** The variable read: the one asked for, or a time-chunked copy of it. */
  readonly source: Variable;
  /** When `source` is a copy: what reading the variable itself would touch. */
  readonly instead?: { readonly path: string; readonly chunks: number; readonly bytes: number } | undefined;
}

/** The series dimension: a time axis other than x and y, else the first other dimension longer than 1. */
export function seriesDimension(
  axes: readonly AxisDescription[],
  shape: readonly number[],
  x: number | null,
  y: number | null,
): number | null {
  const others = shape.map((_, d) => d).filter((d) => d !== x && d !== y && (shape[d] ?? 0) > 1);
  return others.find((d) => axes[d]?.time || axes[d]?.kind === 'T') ?? others[0] ?? null;
}

/** The plan of a series along `dim` through the point `indices` (one index per dimension), read from `v`. */
export function planSeries(v: Variable, dim: number, indices: readonly number[]): SeriesPlan {
  const selection = v.shape.map((n, d) => (d === dim ? null : Math.min(Math.max(0, indices[d] ?? 0), n - 1)));
  const length = v.shape[dim] ?? 0;
  const chunks = seriesChunks(v, dim);
  const chunkBytes = v.chunks.reduce((a, n) => a * n, 1) * v.itemSize;
  return { dim, selection, length, chunks, bytes: chunks * chunkBytes, source: v };
}

/**
 * The cheapest plan of a series of `v` along `dim` at `indices`: from `v`, or from a time-chunked copy of it in the
 * dataset (`root`) when that touches fewer chunks (then fewer bytes on a tie).
 */
export function planSeriesSource(root: Group | undefined, v: Variable, dim: number, indices: readonly number[]) {
  const own = planSeries(v, dim, indices);
  if (!root) return own;
  let best = own;
  for (const c of timeChunkedCopies(root, v, dim)) {
    const p = planSeries(c, dim, indices);
    if (p.chunks < best.chunks || (p.chunks === best.chunks && p.bytes < best.bytes)) best = p;
  }
  return best === own ? own : { ...best, instead: { path: v.path, chunks: own.chunks, bytes: own.bytes } };
}
