import { chunkBytes, downProducts, grid, gridCoords, location, maxGrid } from './chunk-index-types.ts';
import type { ChunkGeometry, ChunkIndex, ChunkLocation } from './chunk-index-types.ts';

/** The single chunk index (layout 4 type 1): one chunk, the size of the dataset. */
export function singleChunkIndex(
  g: ChunkGeometry,
  address: number | undefined,
  filtered: { readonly size: number; readonly filterMask: number } | undefined,
): ChunkIndex {
  const only = (): ChunkLocation | undefined =>
    address === undefined
      ? undefined
      : location(
          g,
          g.chunk.map(() => 0),
          address,
          filtered?.size ?? chunkBytes(g),
          filtered?.filterMask ?? 0,
        );
  return {
    get: (scaled) => Promise.resolve(scaled.every((s) => s === 0) ? only() : undefined),
    all: () => Promise.resolve([only()].filter((l): l is ChunkLocation => l !== undefined)),
  };
}

/**
 * The implicit index (layout 4 type 2): unfiltered chunks allocated together, in row-major order of the chunk grid
 * of the maximum shape, at `address`.
 */
export function implicitIndex(g: ChunkGeometry, address: number | undefined): ChunkIndex {
  const down = downProducts(maxGrid(g));
  const size = chunkBytes(g);
  const get = (scaled: readonly number[]): ChunkLocation | undefined => {
    if (address === undefined) return undefined;
    const i = scaled.reduce((a, s, d) => a + s * down[d]!, 0);
    return location(g, scaled, address + i * size, size, 0);
  };
  return {
    get: (scaled) => Promise.resolve(get(scaled)),
    all: () => Promise.resolve([...gridCoords(grid(g))].map(get).filter((l): l is ChunkLocation => l !== undefined)),
  };
}
