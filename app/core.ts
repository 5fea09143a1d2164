/**
 * The one seam between the UI and the core: every import from `src/` goes through this file, so the UI never
 * knows where bytes come from.
 */
import { AbortedError, BudgetError, OpenFailure, ZarrviewError, isZarrviewError } from '../src/errors';

export type {
  DimSelection,
  EndpointAlias,
  FolderFile,
  OpenOptions,
  OpenedDataset,
  Progress,
  RepositoryHistory,
  RepositoryVersion,
  S3Credentials,
  Slice,
  SourceSummary,
  SliceData,
  SlicePart,
  Source,
} from '../src/api';
export type { Attribute, Dataset, Dimension, Group, PendingNode, Variable, Codec, FillValue } from '../src/model/types';
export type { CompoundField, TypeRef, UserType, UserValue } from '../src/model/types';
export { parseUserValue } from '../src/model/user-types';
export { valueEquals, valueText } from '../src/cdl/user-values';
export type { Telemetry } from '../src/store/types';
export { ZarrviewError, AbortedError, BudgetError, OpenFailure, isZarrviewError };
export {
  axisTitle,
  axisValueLabel,
  decodeSlice,
  defaultFillFor,
  describeAxes,
  displayName,
  formatNumber,
  formatValue,
  readAxisValues,
  charStrings,
  textAttribute,
  valueRange,
  type AxisDescription,
  type AxisValues,
  type DecodedSlice,
} from '../src/cf';
export { parseLocation, formatLocation, redactLocation } from '../src/url';
export { withVersion } from '../src/opening/open-icechunk';
export {
  openDataset,
  type Dataset as OpenDataset,
  type DatasetReadOptions,
  type OpenDatasetOptions,
} from '../src/open';
export { printCdl, attributeValues } from '../src/cdl';
export {
  takeChunkImages,
  takeSliceImage,
  type ChunkImage,
  type MadeSliceImage,
  type SliceImageOptions,
} from '../src/data';
export { curvilinearCoords, latLonDims, type CurvilinearCoords, type LatLonDims } from '../src/geo/geo-axes';
export { axisLookup } from '../src/geo/lookup';
export { projectedGrid, type ProjectedGrid, type ProjectedGridResult } from '../src/geo/grid-mapping/find';
export type { GridMappingProblem } from '../src/geo/grid-mapping/types';
export {
  cellDimension,
  findCellGrid,
  type CellGrid,
  type CellGridProblem,
  type CellGridResult,
} from '../src/geo/cell-grid';
export { chooseHealpixLevel, healpixCellAt } from '../src/geo/healpix/levels';
export { findDsg } from '../src/geo/dsg/detect';
export type { DsgResult, DsgSpec } from '../src/geo/dsg/types';
export { findGeometry } from '../src/geo/geometry/detect';
export type { GeometryResult, GeometrySpec } from '../src/geo/geometry/types';
export { planSeries, planSeriesSource, seriesDimension, type SeriesPlan } from '../src/series/plan';
export { nearbyPending } from '../src/series/copies';
export type { SeriesPart } from '../src/series/read-series';
export { PROJECTIONS, PROJECTION_LABELS, isProjectionName, type ProjectionName } from '../src/geo/projection-names';
export type { ProjectionSpec, Land } from '../src/geo/map-core';
export type { GridGeometry } from '../src/geo/reproject';
export type { ReprojectTask } from '../src/geo/reproject-task';
export type { SliceImageResult, SliceImageTask } from '../src/render/slice-image-task';
/** The map view's main-thread code (d3 for hover and coastlines, Natural Earth), loaded on first use. */
export const loadMapCore = () => import('../src/geo/map-core');
export { findGroup, findVariable, parentPath, pendingPaths, walkGroups, walkVariables } from '../src/model/find';
export { isPending, relatedPaths } from '../src/model/lazy';
/** The dataset report's values (buildReport, the standard name table) are in ./core-report.ts. */
export type { DatasetReport, Fact, Finding, ReportTables, Severity } from '../src/report';
export * from '../src/render/colormap';
export {
  colourImage,
  colourRegion,
  imageSize,
  regionPixels,
  type ImageRequest,
  type ColouredImage,
} from '../src/render/image';
export type { RenderedImage } from '../src/render/encode';
export { LUT_BINS, colourLut, colourWord, segments } from '../src/render/colour-lut';

/** Whether an error is a cancellation (the user pressed Cancel or a newer request replaced this one). */
export function isAbort(e: unknown): boolean {
  return (
    e instanceof AbortedError ||
    (e instanceof DOMException && e.name === 'AbortError') ||
    (isZarrviewError(e) && e.code === 'aborted')
  );
}
/** Comparing two datasets: the types here, the code in ./core-compare.ts (loaded with the Compare panel). */
export type {
  AxisLink,
  DifferenceSummary,
  DimensionLink,
  LinkAxis,
  PairAxis,
  RegridTask,
  UnitsConversion,
} from '../src/compare';
export { createLister, type Lister } from '../src/listing/place';
export { isPlaceEntry, type Entry as ListingEntry, type ListPage, type Place } from '../src/listing/types';
/** Whether a URL is a glob or member list, opened as one dataset; the join code itself is in ./core-join.ts. */
export { isJoinLocation } from '../src/listing/join-pattern';
