/** The data path: slicing, chunk cache, decode executors (worker pool / in-process), cancellation helpers. */
export { readSlice, suggestStride, type ReadSliceOptions } from './read-slice';
export {
  createDataContext,
  defaultContext,
  canUseWorkers,
  type DataContext,
  type DataContextOptions,
  type DataStats,
} from './context';
export { ChunkCache, DEFAULT_CACHE_BYTES } from './cache';
export { InlineExecutor, type DecodeExecutor } from './pool/executor';
export { WorkerPool, defaultPoolSize } from './pool/worker-pool';
export {
  takeChunkImages,
  takeSliceImage,
  type ChunkImage,
  type MadeSliceImage,
  type SliceImageOptions,
} from './pool/fused-image';
export { latestOnly, isAborted } from './latest';
export { arraySpec, type ArraySpec } from './array-spec';
export { resolveSelection, planTasks, type DimRange, type ChunkTask } from './plan';
