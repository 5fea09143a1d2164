/**
 * Finds how a data variable of a CF discrete sampling geometry file (CF §9: the global `featureType`) is laid out,
 * from the metadata alone (it runs on the start page: no reads). The Map draws it with `loadDsg` (load.ts).
 *
 * @example
 * const r = findDsg(ds.model, temp); // temp(station, time), featureType "timeSeries"
 * r.kind === 'dsg' && r.spec.mapDim; // 0: one mark per station, the time on its slider
 */
import { textAttribute } from '../../cf/attributes';
import { ancestors, findGroup, resolveVariable } from '../../cf/coordinates';
import { namesAlong } from '../../cf/dsg';
import { parentPath } from '../../model/find';
import type { Dataset, Variable } from '../../model/types';
import { FEATURE_TYPES, type DsgLayout, type DsgResult, type DsgSpec, type FeatureType } from './types';

const ID_ROLES = new Set(['timeseries_id', 'profile_id', 'trajectory_id']);
const LAT_UNITS = new Set(['degrees_north', 'degree_north', 'degree_n', 'degrees_n', 'degreen', 'degreesn']);
const LON_UNITS = new Set(['degrees_east', 'degree_east', 'degree_e', 'degrees_e', 'degreee', 'degreese']);

/** The file's `featureType` in CF's spelling (CF: case-insensitive), or null when it declares none CF knows. */
export function featureTypeOf(ds: Dataset): FeatureType | null {
  const text = textAttribute(ds.root.attributes, 'featureType')?.trim().toLowerCase();
  return FEATURE_TYPES.find((f) => f.toLowerCase() === text) ?? null;
}

const attr = (v: Variable, name: string) => textAttribute(v.attributes, name)?.trim() ?? '';

function isAxis(v: Variable, standard: string, units: Set<string>): boolean {
  return attr(v, 'standard_name') === standard || units.has(attr(v, 'units').toLowerCase());
}

/** Is `v` one of the geometry's own variables (ids, names, counts, index, coordinates), not data? */
function isStructure(v: Variable): boolean {
  return (
    v.type === 'char' ||
    v.type === 'string' ||
    attr(v, 'cf_role') !== '' ||
    attr(v, 'sample_dimension') !== '' ||
    attr(v, 'instance_dimension') !== '' ||
    isAxis(v, 'latitude', LAT_UNITS) ||
    isAxis(v, 'longitude', LON_UNITS) ||
    attr(v, 'standard_name') === 'time' ||
    (v.dimensions.length === 1 && v.dimensions[0]?.name === v.name)
  );
}

const problem = (featureType: FeatureType, message: string): DsgResult => ({ kind: 'problem', featureType, message });

/** The layout of data variable `v` of a DSG file (`none` when the file declares no `featureType`). */
export function findDsg(ds: Dataset, v: Variable): DsgResult {
  const featureType = featureTypeOf(ds);
  if (!featureType || v.dimensions.length === 0 || isStructure(v)) return { kind: 'none' };
  const group = parentPath(v.path);
  const scope = ancestors(group).flatMap((p) => findGroup(ds, p)?.variables ?? []);
  const named = attr(v, 'coordinates')
    .split(/\s+/)
    .flatMap((n) => (n ? (resolveVariable(ds, group, n) ?? []) : []));
  const candidates = [...named, ...scope];
  const lat = candidates.find((c) => isAxis(c, 'latitude', LAT_UNITS));
  const lon = candidates.find((c) => isAxis(c, 'longitude', LON_UNITS));
  const what = `${v.path} (featureType ${featureType})`;
  if (!lat || !lon) {
    const missing = !lat && !lon ? 'latitude nor longitude' : !lat ? 'latitude' : 'longitude';
    return problem(
      featureType,
      `${what} has no ${missing} (a variable with standard_name ${!lat ? 'latitude' : 'longitude'} or units ${!lat ? 'degrees_north' : 'degrees_east'}): its features cannot be placed on the Map.`,
    );
  }
  if (
    lat.dimensions.length !== 1 ||
    lon.dimensions.length !== 1 ||
    lat.dimensions[0]?.name !== lon.dimensions[0]?.name
  ) {
    return problem(
      featureType,
      `${what}: the Map draws features placed by 1-D latitude and longitude along one dimension; ${lat.path}(${lat.dimensions.map((d) => d.name).join(', ')}) and ${lon.path}(${lon.dimensions.map((d) => d.name).join(', ')}) are not.`,
    );
  }
  const placeDim = lat.dimensions[0]!.name;
  const dims = v.dimensions.map((d) => d.name);
  const count = scope.find((c) => attr(c, 'sample_dimension') !== '' && c.dimensions.length === 1);
  const index = scope.find((c) => attr(c, 'instance_dimension') !== '' && c.dimensions.length === 1);
  let layout: DsgLayout;
  let instanceDim: string | null;
  let elementDim: string;
  let ragged: Variable | null = null;
  let mapDim = 0;
  if (dims.length === 1 && count && attr(count, 'sample_dimension') === dims[0]) {
    layout = 'contiguous';
    ragged = count;
    instanceDim = count.dimensions[0]!.name;
    elementDim = dims[0]!;
  } else if (dims.length === 1 && index && index.dimensions[0]?.name === dims[0]) {
    layout = 'indexed';
    ragged = index;
    instanceDim = attr(index, 'instance_dimension');
    elementDim = dims[0]!;
  } else if (dims.length === 1 && (featureType === 'point' || placeDim === dims[0])) {
    // Points, or one value per instance (a station's height): one mark per index.
    layout = featureType === 'point' ? 'point' : 'multidimensional';
    instanceDim = featureType === 'point' ? null : dims[0]!;
    elementDim = dims[0]!;
  } else if (dims.length >= 2 && dims.includes(placeDim)) {
    layout = 'multidimensional';
    instanceDim = placeDim;
    mapDim = dims.indexOf(placeDim);
    elementDim = dims.find((d) => d !== placeDim)!;
  } else {
    return problem(
      featureType,
      `${what}: its dimensions (${dims.join(', ')}) are neither those of ${lat.path}(${placeDim}) nor a ragged array's (no count variable with sample_dimension, no index variable with instance_dimension, along ${dims.join(', ')}).`,
    );
  }
  if (layout === 'indexed' && !scope.some((c) => c.dimensions.some((d) => d.name === instanceDim))) {
    return problem(
      featureType,
      `${what}: ${index!.path} names instance_dimension "${instanceDim}", which no variable has.`,
    );
  }
  const placedBy = placeDim === elementDim && layout !== 'multidimensional' ? 'element' : 'instance';
  if (placedBy === 'instance' && placeDim !== instanceDim) {
    return problem(
      featureType,
      `${what}: ${lat.path} is along ${placeDim}, neither the instance dimension ${instanceDim ?? '(none)'} nor the element dimension ${elementDim}.`,
    );
  }
  const instDims = scope.flatMap((c) => c.dimensions).find((d) => d.name === instanceDim);
  const ids = instDims
    ? scope.find((c) => ID_ROLES.has(attr(c, 'cf_role').toLowerCase()) && c.dimensions[0]?.name === instanceDim)
    : undefined;
  const names = instDims
    ? scope.find((c) => c !== ids && namesAlong(c, instDims) && attr(c, 'cf_role') === '')
    : undefined;
  const spec: DsgSpec = {
    featureType,
    layout,
    variable: v.path,
    instanceDim,
    elementDim,
    mapDim,
    marks: layout === 'multidimensional' ? 'instance' : 'element',
    length: v.shape[mapDim] ?? 0,
    instances: instDims?.length ?? 0,
    latitude: lat.path,
    longitude: lon.path,
    placedBy,
    ids: ids && (ids.type === 'char' || ids.type === 'string' || ids.dimensions.length === 1) ? ids.path : null,
    names: names?.path ?? null,
    ragged: ragged?.path ?? null,
  };
  return { kind: 'dsg', spec };
}
