/**
 * Which chunks of a read have their image made by the worker that decodes them: the slice's one whole chunk
 * (`ReadSliceOptions.image`), or each chunk that lies whole in a 2-D slice (`ReadSliceOptions.chunkImages`).
 */
import type { Variable } from '../model/types';
import type { ArraySpec } from './array-spec';
import { takesWholeChunk } from './assemble';
import type { ChunkTask, DimRange } from './plan';
import type { FusedImage, SliceImageOptions } from './pool/fused-image';

/** Whether one chunk task covers the whole chunk and is the whole selection (unit steps), for numbers. */
export function isWholeChunk(spec: ArraySpec, ranges: readonly DimRange[], task: ChunkTask, n: number): boolean {
  const kind = spec.dtype.kind;
  if (kind !== 'int' && kind !== 'uint' && kind !== 'float') return false;
  return spec.chunk.shape.reduce((a, b) => a * b, 1) === n && takesWholeChunk(ranges, task);
}

/** The image of one whole chunk, part of the slice's image (`ReadSliceOptions.chunkImages`), or undefined. */
export function chunkFuse(
  options: SliceImageOptions | undefined,
  spec: ArraySpec,
  ranges: readonly DimRange[],
  task: ChunkTask,
  variable: Variable,
): FusedImage | undefined {
  const kind = spec.dtype.kind;
  // The whole chunk, every element, in the slice (an edge chunk cut by the array's end is not).
  const whole = task.pieces.every(
    (p, d) => p.local === 0 && ranges[d]!.step === 1 && (ranges[d]!.drop || p.count === spec.chunk.shape[d]),
  );
  if (!options || (kind !== 'int' && kind !== 'uint' && kind !== 'float') || !whole) return undefined;
  const { image } = options;
  if (image.range === null || image.step !== 1 || image.flipX || image.flipY) return undefined;
  const kept = task.pieces.filter((_, d) => !ranges[d]!.drop).map((p) => p.count);
  const n = spec.chunk.shape.reduce((a, b) => a * b, 1);
  if (kept.length !== 2 || kept[0]! * kept[1]! !== n) return undefined;
  const shape = kept as [number, number];
  return { ...options, image: { ...image, shape }, n, slice: { variable, shape }, values: false };
}
