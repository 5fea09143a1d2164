/**
 * Selection planning: a selection (per dimension an index, all, or a range with step) is resolved against the
 * array's shape and split into one task per chunk it touches.
 */
import type { DimSelection } from '../api';
import { UsageError } from '../errors';

/** A resolved selection of one dimension: `count` indices `start + i * step`. */
export interface DimRange {
  readonly start: number;
  readonly step: number;
  readonly count: number;
  /** The dimension was selected by an index and is dropped from the result's shape. */
  readonly drop: boolean;
}

/** The part of one dimension that falls into one chunk. */
export interface DimPiece {
  readonly chunk: number;
  /** First output index (along this dimension) and how many. */
  readonly outStart: number;
  readonly count: number;
  /** Index within the chunk of the first selected element. */
  readonly local: number;
}

export interface ChunkTask {
  readonly coords: readonly number[];
  readonly pieces: readonly DimPiece[];
}

/**
 * Resolves a selection against `shape` (missing trailing entries mean "all"); `stride` multiplies the step of
 * every kept dimension (a thinned read). Ranges clamp like Python slices; indices may be negative.
 */
export function resolveSelection(shape: readonly number[], selection: readonly DimSelection[], stride = 1): DimRange[] {
  if (selection.length > shape.length) {
    throw new UsageError(`The selection has ${selection.length} entries; the array has ${shape.length} dimensions.`);
  }
  if (!Number.isInteger(stride) || stride < 1) throw new UsageError(`The stride must be a positive integer.`);
  return shape.map((n, d) => {
    const s = selection[d] ?? null;
    if (typeof s === 'number') {
      const i = s < 0 ? s + n : s;
      if (!Number.isInteger(i) || i < 0 || i >= n) {
        throw new UsageError(`Index ${s} is out of range for dimension ${d} of length ${n}.`);
      }
      return { start: i, step: 1, count: 1, drop: true };
    }
    if (s === null) return { start: 0, step: stride, count: Math.ceil(n / stride), drop: false };
    const step = (s.step ?? 1) * stride;
    if (!Number.isInteger(step) || step < 1) throw new UsageError(`The step must be a positive integer.`);
    const clamp = (v: number) => Math.min(n, Math.max(0, v < 0 ? v + n : v));
    const start = clamp(s.start);
    const stop = clamp(s.stop);
    return { start, step, count: stop > start ? Math.ceil((stop - start) / step) : 0, drop: false };
  });
}

/** Shape of the result: the kept dimensions' counts. */
export function resultShape(ranges: readonly DimRange[]): number[] {
  return ranges.filter((r) => !r.drop).map((r) => r.count);
}

/** Splits one dimension's range into per-chunk pieces. */
export function dimPieces(r: DimRange, chunk: number): DimPiece[] {
  const out: DimPiece[] = [];
  let i = 0;
  while (i < r.count) {
    const idx = r.start + i * r.step;
    const c = Math.floor(idx / chunk);
    const end = (c + 1) * chunk; // first index past this chunk
    const count = Math.min(r.count - i, Math.ceil((end - idx) / r.step));
    out.push({ chunk: c, outStart: i, count, local: idx - c * chunk });
    i += count;
  }
  return out;
}

/** Number of chunks one dimension's range touches, by arithmetic (no pieces built). */
function dimChunkCount(r: DimRange, chunk: number): number {
  if (r.count === 0) return 0;
  const first = Math.floor(r.start / chunk);
  const last = Math.floor((r.start + (r.count - 1) * r.step) / chunk);
  // step ≤ chunk: every chunk from first to last is touched; step ≥ chunk: every element is in its own chunk.
  return Math.min(r.count, last - first + 1);
}

/** Number of chunks a selection touches (without building the tasks; cheap for any shape). */
export function countTasks(ranges: readonly DimRange[], chunks: readonly number[]): number {
  // An empty selection touches no chunk, however many the other dimensions have (shape [0, 2^40]).
  if (ranges.some((r) => r.count === 0)) return 0;
  return ranges.reduce((acc, r, d) => acc * dimChunkCount(r, chunks[d] || 1), 1);
}

/** One task per touched chunk, in C order of chunk coordinates. */
export function planTasks(ranges: readonly DimRange[], chunks: readonly number[]): ChunkTask[] {
  if (ranges.some((r) => r.count === 0)) return [];
  const perDim = ranges.map((r, d) => dimPieces(r, chunks[d] ?? 1));
  if (perDim.some((p) => p.length === 0)) return [];
  const tasks: ChunkTask[] = [];
  const idx = new Array<number>(perDim.length).fill(0);
  for (;;) {
    const pieces = perDim.map((p, d) => p[idx[d] as number] as DimPiece);
    tasks.push({ coords: pieces.map((p) => p.chunk), pieces });
    let d = perDim.length - 1;
    while (d >= 0) {
      idx[d] = (idx[d] as number) + 1;
      if ((idx[d] as number) < (perDim[d] as DimPiece[]).length) break;
      idx[d] = 0;
      d--;
    }
    if (d < 0) break;
  }
  return tasks;
}
