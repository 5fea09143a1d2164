/** Metadata readers (every Zarr / NCZarr dialect) → the one netCDF-style model of types.ts. */
export * from './types';
export { readDataset, type ReadDatasetOptions, type ModeFlagsLike } from './read-dataset';
export { findVariable, findGroup, parentPath, pendingPaths, walkGroups, walkVariables } from './find';
export {
  openMetadata,
  relatedPaths,
  isPending,
  type MetadataLoader,
  type LoadOptions,
  type LoadAllOptions,
} from './lazy';
