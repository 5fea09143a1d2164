/**
 * The part of the UI's seam to `src/` (see core.ts) for comparing two datasets (src/compare: the metadata diff,
 * coordinate linking, units, the difference): imported only by app/compare's modules, which load with the Compare
 * panel, so that none of it is in the page's first script.
 */
export {
  difference,
  differenceText,
  diffDatasets,
  diffVariables,
  formatMetadataDiff,
  linkAxis,
  linkSelection,
  readLinkAxes,
  unitsForDifference,
  convertValues,
  UnitsError,
} from '../src/compare';
export { engineOf as xarrayEngine } from '../src/code/file-snippets';

/** Projected cells' longitude/latitude through a grid mapping (proj4), loaded when a compared side needs it. */
export const loadMappingTransform = () => import('../src/geo/grid-mapping/transform');
