/** Comparing two datasets: the metadata diff, coordinate linking, units, regridding and the difference (see README). */
export {
  DIFF_SECTIONS,
  attributeText,
  codecsText,
  comparableCodecs,
  differenceLine,
  diffDatasets,
  diffVariables,
  fillText,
  formatMetadataDiff,
  sameAttribute,
  sameValue,
  type DiffKind,
  type DiffSection,
  type DiffTarget,
  type MetadataDiff,
  type MetadataDifference,
} from './metadata-diff';
export { linkAxis, type AxisLink, type LinkAxis, type LinkKind } from './link';
export { linkSelection, readLinkAxes, type DimensionLink, type PairAxis } from './pair';
export {
  convertValues,
  dimensionText,
  parseUnits,
  sameDimension,
  unitsConversion,
  unitsForDifference,
  UnitsError,
  type Unit,
  type UnitsConversion,
  type UnitsProblem,
} from './units';
export {
  axisWeights,
  normaliseLongitudes,
  runRegrid,
  type CurvilinearRegridTask,
  type GridLayout,
  type RectilinearRegridTask,
  type RegridMethod,
  type RegridResult,
  type RegridTask,
} from './regrid';
export { nearestCells, type CurvilinearSource } from './regrid-curvilinear';
export { impliedEdges, sampleCount, MAX_SAMPLES, type CellsMethod, type CellsRegridTask } from './regrid-cells';
export {
  byteIdentical,
  difference,
  differenceText,
  type Difference,
  type DifferenceSide,
  type DifferenceSummary,
  type Identity,
} from './difference';
