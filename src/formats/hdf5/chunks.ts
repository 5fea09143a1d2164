import { AbortedError, BudgetError, UnsupportedError, UsageError } from '../../errors.ts';
import { btreeV1Index } from './chunk-index-btree-v1.ts';
import { btreeV2Index } from './chunk-index-btree-v2.ts';
import { extensibleArrayIndex } from './chunk-index-extensible-array.ts';
import { fixedArrayIndex } from './chunk-index-fixed-array.ts';
import { implicitIndex, singleChunkIndex } from './chunk-index-simple.ts';
import { grid, gridCoords, type ChunkGeometry, type ChunkIndex, type ChunkLocation } from './chunk-index-types.ts';
import type { Hdf5File } from './file.ts';
import type { Hdf5Dataset } from './objects.ts';

/** A box of elements: `start` and `count` per dimension. */
export interface Region {
  readonly start: readonly number[];
  readonly count: readonly number[];
}

const indexes = new WeakMap<Hdf5Dataset, ChunkIndex>();

/** Lookups one by one up to this many chunks in a region; above it the whole index is read once and filtered. */
const DIRECT_LOOKUPS = 256;

function indexOf(file: Hdf5File, ds: Hdf5Dataset): ChunkIndex {
  const layout = ds.layout;
  if (layout.kind !== 'chunked') throw new UsageError(`${ds.path} is not chunked (its layout is ${layout.kind}).`);
  let index = indexes.get(ds);
  if (index) return index;
  if (!ds.shape || !ds.maxshape || ds.shape.length !== layout.chunk.length) {
    throw new UnsupportedError(`${ds.path}: a chunk shape of rank ${layout.chunk.length} for a different dataspace.`);
  }
  const g: ChunkGeometry = {
    ctx: file.ctx,
    shape: ds.shape,
    maxshape: ds.maxshape,
    chunk: layout.chunk,
    elementSize: layout.elementSize,
    filtered: ds.filters.length > 0,
  };
  const i = layout.index;
  switch (i.type) {
    case 'btree-v1':
      index = btreeV1Index(g, i.address);
      break;
    case 'single':
      index = singleChunkIndex(g, i.address, i.filtered);
      break;
    case 'implicit':
      index = implicitIndex(g, i.address);
      break;
    case 'fixed-array':
      index = fixedArrayIndex(g, i.address);
      break;
    case 'extensible-array':
      index = extensibleArrayIndex(g, i.address);
      break;
    case 'btree-v2':
      index = btreeV2Index(g, i.address);
      break;
  }
  indexes.set(ds, index);
  return index;
}

/**
 * The stored chunk at chunk-grid coordinates `scaled` (element offset / chunk shape), or `undefined` when it was
 * never written (its elements are the fill value). Reads only the index nodes on the way.
 *
 * @example
 * const loc = await chunkAt(file, ds, [0, 3]); // { coords: [0, 30], offset: 4096, size: 812, filterMask: 0 }
 */
export function chunkAt(
  file: Hdf5File,
  ds: Hdf5Dataset,
  scaled: readonly number[],
): Promise<ChunkLocation | undefined> {
  return file.guard(async () => {
    const index = indexOf(file, ds);
    const counts = grid(indexGeometry(ds));
    if (
      scaled.length !== counts.length ||
      scaled.some((s, d) => !Number.isSafeInteger(s) || s < 0 || s >= counts[d]!)
    ) {
      throw new UsageError(`${ds.path}: chunk [${scaled.join(', ')}] is outside the grid [${counts.join(', ')}].`);
    }
    return index.get(scaled);
  });
}

function indexGeometry(ds: Hdf5Dataset): { shape: readonly number[]; chunk: readonly number[] } {
  if (ds.layout.kind !== 'chunked' || !ds.shape) throw new UsageError(`${ds.path} is not chunked.`);
  return { shape: ds.shape, chunk: ds.layout.chunk };
}

/**
 * The stored chunks of a chunked dataset, in row-major grid order; with `region`, only those it touches. A small
 * region looks its chunks up one by one; otherwise the index is read whole. `signal` stops between lookups (pages
 * being read are shared with other reads and finish).
 */
export function chunkLocations(
  file: Hdf5File,
  ds: Hdf5Dataset,
  region?: Region,
  options: { readonly signal?: AbortSignal } = {},
): Promise<ChunkLocation[]> {
  const check = () => {
    if (options.signal?.aborted) throw new AbortedError({ key: ds.path });
  };
  return file.guard(async () => {
    check();
    const index = indexOf(file, ds);
    const { shape, chunk } = indexGeometry(ds);
    const counts = grid({ shape, chunk });
    const total = counts.reduce((a, b) => a * b, 1);
    if (total > file.ctx.limits.maxChunks) {
      throw new BudgetError(
        total,
        file.ctx.limits.maxChunks,
        `${ds.path} has ${total} chunks, more than listed at once.`,
      );
    }
    const key = (l: ChunkLocation) => l.coords.reduce((a, c, d) => a * counts[d]! + c / chunk[d]!, 0);
    if (!region) {
      const all = await index.all();
      check();
      return all.sort((a, b) => key(a) - key(b));
    }
    if (region.start.length !== shape.length || region.count.length !== shape.length) {
      throw new UsageError(`${ds.path}: a region of rank ${region.start.length} for rank ${shape.length}.`);
    }
    const lo = region.start.map((s, d) => Math.floor(s / chunk[d]!));
    const hi = region.start.map((s, d) => Math.min(counts[d]!, Math.ceil((s + region.count[d]!) / chunk[d]!)));
    const n = lo.reduce((a, l, d) => a * Math.max(0, hi[d]! - l), 1);
    if (n > DIRECT_LOOKUPS) {
      const inside = (l: ChunkLocation) => l.coords.every((c, d) => c / chunk[d]! >= lo[d]! && c / chunk[d]! < hi[d]!);
      const all = await index.all();
      check();
      return all.filter(inside).sort((a, b) => key(a) - key(b));
    }
    const out: ChunkLocation[] = [];
    for (const rel of gridCoords(hi.map((h, d) => h - lo[d]!))) {
      check();
      const l = await index.get(rel.map((r, d) => r + lo[d]!));
      if (l) out.push(l);
    }
    return out;
  });
}
