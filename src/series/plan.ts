/**
 * A series at a point: which dimension it runs along (time when there is one), the selection that reads it, and
 * what reading it costs (chunks and uncompressed bytes) — known from the metadata before anything is fetched.
 */
import type { DimSelection } from '../api';
import type { AxisDescription } from '../cf/coordinates';
import type { Variable } from '../model/types';

export interface SeriesPlan {
  /** The dimension the series runs along. */
  readonly dim: number;
  readonly selection: readonly DimSelection[];
  readonly length: number;
  /** Chunks the read touches (one per chunk along the series dimension). */
  readonly chunks: number;
  /** Uncompressed bytes of those chunks (what is fetched and decoded at most). */
  readonly bytes: number;
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

/** The plan of a series along `dim` through the point `indices` (one index per dimension). */
export function planSeries(v: Variable, dim: number, indices: readonly number[]): SeriesPlan {
  const selection = v.shape.map((n, d) => (d === dim ? null : Math.min(Math.max(0, indices[d] ?? 0), n - 1)));
  const length = v.shape[dim] ?? 0;
  const chunks = Math.ceil(length / Math.max(1, v.chunks[dim] ?? length));
  const chunkBytes = v.chunks.reduce((a, n) => a * n, 1) * v.itemSize;
  return { dim, selection, length, chunks, bytes: chunks * chunkBytes };
}
