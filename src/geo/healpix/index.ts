/** HEALPix grids: pixel arithmetic, detection in a dataset, zoom-level pyramids and the map's lookup. */
export { ang2pix, pix2ang, npix, isPowerOfTwo, MAX_NSIDE, type HealpixOrder, type HealpixScheme } from './pixel';
export {
  healpixGrid,
  healpixLabel,
  type HealpixGrid,
  type HealpixProblem,
  type HealpixProblemKind,
  type HealpixResult,
} from './detect';
export { healpixLevels, chooseHealpixLevel, cellDegrees, healpixCellAt, type HealpixLevel } from './levels';
export { healpixLookup, type HealpixGeometry } from './lookup';
