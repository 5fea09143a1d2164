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
import {
  FEATURE_TYPES,
  type DsgCoordinate,
  type DsgLayout,
  type DsgResult,
  type DsgSpec,
  type FeatureType,
} from './types';

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

const isVertical = (v: Variable) =>
  attr(v, 'axis').toUpperCase() === 'Z' ||
  attr(v, 'positive') !== '' ||
  ['depth', 'altitude', 'height'].includes(attr(v, 'standard_name'));
const isTime = (v: Variable) => attr(v, 'standard_name') === 'time' || attr(v, 'axis').toUpperCase() === 'T';

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
    isTime(v) ||
    isVertical(v) ||
    (v.dimensions.length === 1 && v.dimensions[0]?.name === v.name)
  );
}

const problem = (featureType: FeatureType, message: string): DsgResult => ({ kind: 'problem', featureType, message });
const dimsOf = (v: Variable) => v.dimensions.map((d) => d.name);
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((d, i) => d === b[i]);

interface Layout {
  readonly layout: DsgLayout;
  readonly instanceDim: string | null;
  readonly elementDim: string;
  readonly mapDims: readonly number[];
  readonly ragged: Variable | null;
  readonly profileDim: string | null;
  readonly profileIndex: Variable | null;
}

const SINGLE = new Set<FeatureType>(['timeSeries', 'trajectory', 'profile']);

/**
 * A file of one feature (CF H.2.3, H.3.3, H.4.2): a 1-D data variable with no ragged array, placed by scalar
 * latitude/longitude (a station, a profile) or by latitude/longitude along its own dimension (a trajectory).
 */
function isSingle(featureType: FeatureType, dims: readonly string[], latDims: readonly string[], ragged: boolean) {
  if (!SINGLE.has(featureType) || dims.length !== 1 || ragged) return false;
  return latDims.length === 0 ? featureType !== 'trajectory' : featureType === 'trajectory' && same(latDims, dims);
}

/** How `dims` (the data variable's) are laid out, given the dimensions of latitude/longitude; null: not a DSG's. */
function layoutOf(featureType: FeatureType, dims: readonly string[], latDims: readonly string[], scope: Variable[]) {
  const none = { ragged: null, profileDim: null, profileIndex: null };
  // A count variable for the elements, or an index variable along them: a ragged array, not a single feature.
  const ragged = scope.some(
    (c) =>
      attr(c, 'sample_dimension') === dims[0] ||
      (attr(c, 'instance_dimension') !== '' && same(dimsOf(c), dims.slice(0, 1))),
  );
  if (isSingle(featureType, dims, latDims, ragged)) {
    return { layout: 'single', instanceDim: null, elementDim: dims[0]!, mapDims: [0], ...none } satisfies Layout;
  }
  if (latDims.length === 0) return null;
  if (latDims.length === 2) {
    const mapDims = latDims.map((d) => dims.indexOf(d));
    if (mapDims.some((d) => d < 0) || mapDims[0]! > mapDims[1]!) return null;
    const [instanceDim, elementDim] = latDims as [string, string];
    return { layout: 'multidimensional', instanceDim, elementDim, mapDims, ...none } satisfies Layout;
  }
  const placeDim = latDims[0]!;
  const count = scope.find((c) => attr(c, 'sample_dimension') === dims[0] && c.dimensions.length === 1);
  const index = (along: string) =>
    scope.find((c) => attr(c, 'instance_dimension') !== '' && same(dimsOf(c), [along])) ?? null;
  if (dims.length === 1 && count) {
    const countDim = count.dimensions[0]!.name;
    const outer = index(countDim);
    const instanceDim = outer ? attr(outer, 'instance_dimension') : countDim;
    const profileDim = outer ? countDim : null;
    const l: Layout = {
      layout: 'contiguous',
      instanceDim,
      elementDim: dims[0]!,
      mapDims: [0],
      ragged: count,
      profileDim,
      profileIndex: outer,
    };
    return l;
  }
  const ix = dims.length === 1 ? index(dims[0]!) : null;
  if (ix) {
    const instanceDim = attr(ix, 'instance_dimension');
    return { layout: 'indexed', instanceDim, elementDim: dims[0]!, mapDims: [0], ...none, ragged: ix } satisfies Layout;
  }
  if (dims.length === 1 && (featureType === 'point' || placeDim === dims[0])) {
    // Points, or one value per instance (a station's height): one mark per index.
    const point = featureType === 'point';
    const l: Layout = {
      layout: point ? 'point' : 'multidimensional',
      instanceDim: point ? null : dims[0]!,
      elementDim: dims[0]!,
      mapDims: [0],
      ...none,
    };
    return l;
  }
  if (dims.length >= 2 && dims.includes(placeDim)) {
    const mapDims = [dims.indexOf(placeDim)];
    const elementDim = dims.find((d) => d !== placeDim)!;
    return { layout: 'multidimensional', instanceDim: placeDim, elementDim, mapDims, ...none } satisfies Layout;
  }
  return null;
}

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
  const latDims = dimsOf(lat);
  const dims = dimsOf(v);
  if (latDims.length > 2 || !same(latDims, dimsOf(lon))) {
    return problem(
      featureType,
      `${what}: the Map draws features placed by latitude and longitude along the same dimensions (none for a single station or profile, one or two); ${lat.path}(${latDims.join(', ')}) and ${lon.path}(${dimsOf(lon).join(', ')}) are not.`,
    );
  }
  const l = layoutOf(featureType, dims, latDims, scope);
  if (!l) {
    return problem(
      featureType,
      `${what}: its dimensions (${dims.join(', ')}) are neither those of ${lat.path}(${latDims.join(', ')}) nor a ragged array's (no count variable with sample_dimension, no index variable with instance_dimension, along ${dims.join(', ')}).`,
    );
  }
  const { layout, instanceDim, elementDim, mapDims, profileDim } = l;
  const index = l.profileIndex ?? (layout === 'indexed' ? l.ragged : null);
  if (index && !scope.some((c) => c.dimensions.some((d) => d.name === instanceDim))) {
    return problem(
      featureType,
      `${what}: ${index.path} names instance_dimension "${instanceDim}", which no variable has.`,
    );
  }
  const placeDim = latDims[0]!;
  const placedBy =
    latDims.length === 2 || (placeDim === elementDim && layout !== 'multidimensional')
      ? 'element'
      : profileDim !== null && placeDim === profileDim
        ? 'profile'
        : 'instance';
  if (placedBy === 'instance' && placeDim !== instanceDim && layout !== 'single') {
    return problem(
      featureType,
      `${what}: ${lat.path} is along ${placeDim}, neither the instance dimension ${instanceDim ?? '(none)'} nor the element dimension ${elementDim}.`,
    );
  }
  const marks = layout === 'multidimensional' && latDims.length === 1 ? 'instance' : 'element';
  // The elements' own time and depth: along the marks' dimensions, the instances or the profiles.
  const mapNames = mapDims.map((d) => dims[d]!);
  const coordinate = (test: (c: Variable) => boolean): DsgCoordinate | null => {
    if (marks === 'instance') return null;
    for (const c of candidates.filter(test)) {
      const cd = dimsOf(c);
      if (same(cd, mapNames)) return { path: c.path, along: 'element' };
      // A single feature's scalar coordinate (a profile's time, a station's height): the same for every element.
      if (layout === 'single' && cd.length === 0) return { path: c.path, along: 'instance' };
      if (instanceDim && same(cd, [instanceDim])) return { path: c.path, along: 'instance' };
      if (profileDim && same(cd, [profileDim])) return { path: c.path, along: 'profile' };
    }
    return null;
  };
  const instDims = scope.flatMap((c) => c.dimensions).find((d) => d.name === instanceDim);
  const single = layout === 'single';
  const isId = (c: Variable) => ID_ROLES.has(attr(c, 'cf_role').toLowerCase());
  // A single feature's id: scalar, or a char array of one string.
  const scalarId = (c: Variable) => c.dimensions.length === 0 || (c.type === 'char' && c.dimensions.length === 1);
  const ids = single
    ? scope.find((c) => isId(c) && scalarId(c))
    : instDims
      ? scope.find((c) => isId(c) && c.dimensions[0]?.name === instanceDim)
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
    mapDim: mapDims[0]!,
    mapDims,
    marks,
    length: mapDims.reduce((n, d) => n * (v.shape[d] ?? 0), 1),
    instances: single ? 1 : (instDims?.length ?? 0),
    latitude: lat.path,
    longitude: lon.path,
    placedBy,
    ids:
      ids && (single || ids.type === 'char' || ids.type === 'string' || ids.dimensions.length === 1) ? ids.path : null,
    names: names?.path ?? null,
    ragged: l.ragged?.path ?? null,
    profileDim,
    profileIndex: l.profileIndex?.path ?? null,
    time: coordinate(isTime),
    z: coordinate(isVertical),
    stacked: marks === 'element' && placedBy !== 'element',
  };
  return { kind: 'dsg', spec };
}
