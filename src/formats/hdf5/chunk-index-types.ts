import type { Context } from './context.ts';
import { log2 } from './cursor.ts';

/** Where one stored chunk is: absolute byte offset, stored size and the filters skipped for it (bit i = filter i). */
export interface ChunkLocation {
  /** Element offsets of the chunk's first element (scaled coordinates × chunk shape). */
  readonly coords: readonly number[];
  readonly offset: number;
  readonly size: number;
  readonly filterMask: number;
}

/** A chunk index: one chunk by its grid coordinates, or every stored chunk. */
export interface ChunkIndex {
  get(scaled: readonly number[]): Promise<ChunkLocation | undefined>;
  all(): Promise<ChunkLocation[]>;
}

/** The shape facts every index needs. */
export interface ChunkGeometry {
  readonly ctx: Context;
  readonly shape: readonly number[];
  readonly maxshape: readonly (number | null)[];
  readonly chunk: readonly number[];
  readonly elementSize: number;
  readonly filtered: boolean;
}

/** Chunks along each dimension for the current shape. */
export function grid(g: Pick<ChunkGeometry, 'shape' | 'chunk'>): number[] {
  return g.shape.map((n, i) => Math.ceil(n / g.chunk[i]!));
}

/** Chunks along each dimension for the maximum shape (unlimited dimensions count as the current extent). */
export function maxGrid(g: ChunkGeometry): number[] {
  return g.maxshape.map((m, i) => Math.ceil((m ?? g.shape[i]!) / g.chunk[i]!));
}

/** Row-major strides of a grid. */
export function downProducts(counts: readonly number[]): number[] {
  const out = new Array<number>(counts.length).fill(1);
  for (let i = counts.length - 2; i >= 0; i--) out[i] = out[i + 1]! * counts[i + 1]!;
  return out;
}

/** Bytes of an unfiltered chunk. */
export function chunkBytes(g: ChunkGeometry): number {
  return g.chunk.reduce((a, b) => a * b, 1) * g.elementSize;
}

/** Bytes the filtered chunk size takes in fixed/extensible array elements and v2 B-tree records. */
export function chunkSizeLength(g: ChunkGeometry): number {
  return Math.min(8, 1 + Math.floor((log2(chunkBytes(g)) + 8) / 8));
}

/** Every chunk coordinate of a grid, row-major. */
export function* gridCoords(counts: readonly number[]): Generator<number[]> {
  if (counts.some((n) => n <= 0)) return;
  const at = new Array<number>(counts.length).fill(0);
  for (;;) {
    yield at.slice();
    let d = counts.length - 1;
    for (; d >= 0; d--) {
      at[d]!++;
      if (at[d]! < counts[d]!) break;
      at[d] = 0;
    }
    if (d < 0) return;
  }
}

/** A location from its scaled coordinates. */
export function location(
  g: ChunkGeometry,
  scaled: readonly number[],
  offset: number,
  size: number,
  filterMask: number,
): ChunkLocation {
  return { coords: scaled.map((s, i) => s * g.chunk[i]!), offset, size, filterMask };
}
