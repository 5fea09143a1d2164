/**
 * CF grid mappings (CF §5.6, Appendix F) read into proj4 definitions, and the positions of projected cells.
 * `find`/`parse` need no proj4 (the main bundle finds mappings); `transform`/`lookup` load it (the map, workers).
 */
export {
  cellCorners,
  cellLonLat,
  mappingError,
  mappingTransform,
  wktReadable,
  type MappingTransform,
} from './transform';
export { gridMappingReferences, projectedGrid, type ProjectedGrid, type ProjectedGridResult } from './find';
export { MAPPING_NAMES, parseGridMapping } from './parse';
export type { GridMapping, GridMappingProblem, GridMappingProblemKind, GridMappingResult } from './types';
export { unitScale } from './units';
