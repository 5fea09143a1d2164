/** Reduced Gaussian grids (ECMWF N and O): Gaussian latitudes, rings, detection and the map's lookup. */
export { gaussianLatitudes } from './legendre';
export { namedGrid, octahedralPl, pointCount, ringsOfPoints, type ReducedGaussian } from './rings';
export { gaussianLookup, gaussianPoint } from './lookup';
export { gaussianGrid, type GaussianGridRef, type GaussianProblem, type GaussianResult } from './detect';
