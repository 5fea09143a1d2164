/**
 * Raw tree → model. Dimensions follow netcdf-c:
 * 1. NCZarr groups define their dimensions; arrays reference them by full path (`/g1/lat`), in any group.
 * 2. Otherwise (pure Zarr, or an NCZarr array without references) xarray's `_ARRAY_DIMENSIONS` — or v3
 *    `dimension_names` — name dimensions, created in the array's own group (`/grp/name`, netcdf-c main's
 *    computedimrefs; 4.9.3 used the root) unless `noxarray`.
 * 3. Otherwise anonymous dimensions `_Anonymous_Dim_<len>`, created in the root group, shared by length.
 * A dimension created with length 0 is UNLIMITED (netCDF-4's NC_UNLIMITED is 0), as netcdf-c shows it.
 * Rank-0 arrays and NCZarr `scalar` are scalar variables; xarray's `["_scalar_"]` with shape `[1]` is a
 * dimension `_scalar_ = 1`, as netcdf-c (4.9.3 and main) shows it.
 * An UNLIMITED dimension's length is the largest extent of any variable along it.
 * Inconsistencies (a reference to nothing, one name with two lengths, a shape that disagrees with its
 * dimension) are recorded as problems; that axis falls back to an anonymous dimension so the data stays readable.
 */
import { MetadataError } from '../errors';
import { readAttributes } from './attributes';
import { asCount, asStrings } from './json';
import { applyPyramids, declaredLevelKeys } from './multiscales';
import type { RawArray, RawGroup } from './raw';
import { problemOf } from './walk';
import { RecordTypes, structuredArrays } from './structured';
import type { Attribute, Dimension, FillValue, Group, Problem, UserType, Variable } from './types';
import { type UserTypes, groupTypes, parseUserValue, readUserTypes, storeCodecs, variableType } from './user-types';

interface MutableDim {
  name: string;
  path: string;
  length: number;
  unlimited: boolean;
  anonymous: boolean;
}

export interface BuildOptions {
  readonly xarray: boolean;
  readonly nczarr: boolean;
  /** Keys of arrays a `multiscales` declaration names as levels (multiscales.ts): set by `buildModel`. */
  readonly pyramidLevels?: ReadonlySet<string> | undefined;
}

const ANON = '_Anonymous_Dim_';

class Dims {
  readonly byPath = new Map<string, MutableDim>();
  readonly byGroup = new Map<string, MutableDim[]>();

  add(groupPath: string, name: string, length: number, unlimited: boolean, anonymous: boolean): MutableDim {
    const path = groupPath === '/' ? `/${name}` : `${groupPath}/${name}`;
    const d = { name, path, length, unlimited, anonymous };
    this.byPath.set(path, d);
    const list = this.byGroup.get(groupPath) ?? [];
    list.push(d);
    this.byGroup.set(groupPath, list);
    return d;
  }

  anonymous(length: number): MutableDim {
    return this.byPath.get(`/${ANON}${length}`) ?? this.add('/', `${ANON}${length}`, length, length === 0, true);
  }
}

const groupPath = (key: string) => (key === '' ? '/' : `/${key}`);

function registerNcDims(g: RawGroup, dims: Dims, problems: Problem[]) {
  const seen = new Set<string>();
  for (const d of g.nc?.dims ?? []) {
    if (seen.has(d.name)) {
      problems.push(
        problemOf(
          groupPath(g.key),
          new MetadataError(`dimension ${d.name} is defined twice.`, { key: groupPath(g.key) }),
        ),
      );
      continue;
    }
    seen.add(d.name);
    dims.add(groupPath(g.key), d.name, d.size, d.unlimited, false);
  }
  for (const c of g.groups) registerNcDims(c, dims, problems);
}

function isScalar(a: RawArray): boolean {
  return a.info.shape.length === 0 || a.nc?.scalar === true;
}

function resolveDims(a: RawArray, dims: Dims, opts: BuildOptions, problems: Problem[]): MutableDim[] {
  const shape = a.info.shape;
  const key = a.info.metaKey;
  const fail = (message: string) => problems.push(problemOf(`/${a.key}`, new MetadataError(message, { key })));
  const refs = opts.nczarr ? a.nc?.dimrefs : undefined;
  if (refs && refs.length !== shape.length)
    fail(`${refs.length} dimension references for a rank-${shape.length} array.`);
  if (refs && refs.length === shape.length) {
    return refs.map((ref, i) => {
      const len = shape[i] ?? 0;
      const d = dims.byPath.get(ref.startsWith('/') ? ref : `/${ref}`);
      if (!d) {
        fail(`dimension reference ${ref} names no dimension.`);
        return dims.anonymous(len);
      }
      if (d.unlimited) d.length = Math.max(d.length, len);
      else if (d.length !== len) {
        fail(`shape ${len} along ${ref} differs from the dimension's length ${d.length}.`);
        return dims.anonymous(len);
      }
      return d;
    });
  }
  let names: (string | null)[] | undefined;
  if (opts.xarray) {
    if (a.info.zarrFormat === 3) names = a.info.dimensionNames ? [...a.info.dimensionNames] : undefined;
    const xd = a.attrs._ARRAY_DIMENSIONS;
    if (!names && xd !== undefined) {
      names = asStrings(xd);
      if (!names) fail('_ARRAY_DIMENSIONS is not a list of names.');
      else if (names.length !== shape.length) {
        fail(`_ARRAY_DIMENSIONS has ${names.length} names for a rank-${shape.length} array.`);
        names = undefined;
      }
    }
  }
  const slash = a.key.lastIndexOf('/');
  const home = slash < 0 ? '/' : `/${a.key.slice(0, slash)}`;
  return shape.map((len, i) => {
    const name = names?.[i];
    if (!name) return dims.anonymous(len);
    const d = dims.byPath.get(home === '/' ? `/${name}` : `${home}/${name}`);
    if (!d) return dims.add(home, name, len, len === 0, false);
    if (d.unlimited) {
      d.length = Math.max(d.length, len);
      return d;
    }
    if (d.length !== len) {
      // Pyramid levels share their dimension names at their own lengths (OME-NGFF 0.5 `dimension_names`).
      if (opts.pyramidLevels?.has(a.key)) return dims.anonymous(len);
      fail(`dimension ${name} has length ${d.length} elsewhere but ${len} here.`);
      return dims.anonymous(len);
    }
    return d;
  });
}

function buildVariable(
  a: RawArray,
  dims: Dims,
  opts: BuildOptions,
  problems: Problem[],
  types: UserTypes,
  /** The compound type of a structured dtype (structured.ts). */
  record: UserType | undefined,
): { v: Variable; dims: MutableDim[] } {
  const scalar = isScalar(a);
  const vdims = scalar ? [] : resolveDims(a, dims, opts, problems);
  const info = a.info;
  const attributes = readAttributes(a.attrs, a.attrTypes, {
    xarray: opts.xarray,
    key: info.metaKey,
    onProblem: (e) => problems.push(problemOf(`/${a.key}`, e)),
    fillType: info.typeInfo.type,
    user: types.user,
  });
  const userType = record ?? (a.nc?.userType === undefined ? undefined : types.byPath.get(a.nc.userType));
  if (a.nc?.userType !== undefined && !userType)
    problems.push(
      problemOf(
        `/${a.key}`,
        new MetadataError(`the variable's type ${a.nc.userType} is not defined.`, { key: info.metaKey }),
      ),
    );
  const maxStrlen = asCount(a.attrs._nczarr_maxstrlen) ?? info.typeInfo.maxStrlen;
  const base = {
    name: a.name,
    // A root that is itself an array (a URL into a hierarchy) has key '': its variable is `/<name>`, never `/`.
    path: a.key === '' ? `/${a.name}` : `/${a.key}`,
    type: userType ? variableType(userType) : info.typeInfo.type,
    ...(userType ? { userType } : {}),
    dtype: info.dtype,
    itemSize: info.typeInfo.itemSize,
    endianness: info.typeInfo.endianness,
    dimensions: [] as Dimension[],
    shape: scalar ? [] : info.shape,
    chunks: scalar ? [] : info.chunks,
    order: info.order,
    fillValue: info.fill,
    codecs: info.codecs,
    ...(a.nc?.storeFilters ? { storeCodecs: storeCodecs(a.nc.storeFilters) } : {}),
    // A file read in place says how its data is laid out, scalars too; NCZarr's scalars say "chunked".
    storage:
      a.nc?.storage === 'contiguous' || a.nc?.storage === 'compact' ? a.nc.storage : scalar ? 'scalar' : 'chunked',
    maxStrlen,
    zarr: {
      zarrFormat: info.zarrFormat,
      key: a.key,
      chunkSeparator: info.chunkSeparator,
      chunkKeyPrefix: info.chunkKeyPrefix,
      metadata: info.metadata,
      codecsText: info.codecsText,
    },
  } satisfies Omit<Variable, 'attributes'>;
  // netcdf-c answers nc_get_att(_FillValue) from fill_value and lists it only for pure Zarr's rank-0 arrays
  // (main reads their attributes twice, and the second read adds it): so do we, without the repeated attributes.
  const implied =
    !opts.nczarr && info.shape.length === 0 ? fillAttribute(base.type, base.fillValue, attributes, record) : undefined;
  return { v: { ...base, attributes: implied ? [...attributes, implied] : attributes }, dims: vdims };
}

/** `_FillValue` from Zarr's fill_value, when the variable has none and netCDF has the type. */
function fillAttribute(
  type: Variable['type'],
  fill: FillValue,
  attributes: readonly Attribute[],
  record?: UserType,
): Attribute | undefined {
  if (fill === null || attributes.some((a) => a.name === '_FillValue')) return undefined;
  const name = '_FillValue';
  if (record && typeof fill === 'string')
    return { name, type: 'user', userType: record, value: [parseUserValue(fill, record)] };
  if (type === 'string') return typeof fill === 'string' ? { name, type, value: [fill] } : undefined;
  if (type === 'char') return typeof fill === 'string' ? { name, type, value: fill } : undefined;
  if (type === 'int64' || type === 'uint64')
    return typeof fill === 'bigint' ? { name, type, value: [fill] } : undefined;
  if (
    type === 'byte' ||
    type === 'ubyte' ||
    type === 'short' ||
    type === 'ushort' ||
    type === 'int' ||
    type === 'uint' ||
    type === 'float' ||
    type === 'double'
  ) {
    return typeof fill === 'number' ? { name, type, value: [fill] } : undefined;
  }
  return undefined;
}

/** Builds the model tree from the raw tree. Returns the root group. */
export function buildModel(root: RawGroup, options: BuildOptions): Group {
  const opts: BuildOptions = { ...options, pyramidLevels: declaredLevelKeys(root) };
  const dims = new Dims();
  const early: Problem[] = [];
  if (opts.nczarr) registerNcDims(root, dims, early);
  const types = readUserTypes(root, early);
  const records = new RecordTypes(structuredArrays(root));
  // Variables are built first, then dimensions are frozen: unlimited lengths grow while variables are read.
  const pending: { v: Variable; dims: MutableDim[] }[] = [];
  const shells = new Map<RawGroup, { problems: Problem[]; vars: { v: Variable; dims: MutableDim[] }[] }>();
  const visit = (g: RawGroup, problems: Problem[]) => {
    const vars = g.arrays.map((a) => {
      const record = a.info.record && records.compound(a.info.record);
      return buildVariable(a, dims, opts, problems, types, record);
    });
    pending.push(...vars);
    shells.set(g, { problems, vars });
    for (const c of g.groups) visit(c, [...c.problems]);
  };
  visit(root, [...early, ...root.problems]);
  const frozen = new Map<MutableDim, Dimension>();
  const freeze = (d: MutableDim): Dimension => {
    let f = frozen.get(d);
    if (!f) frozen.set(d, (f = { ...d }));
    return f;
  };
  const make = (g: RawGroup): Group => {
    const shell = shells.get(g);
    const problems = shell?.problems ?? [];
    const path = groupPath(g.key);
    const attributes = readAttributes(g.attrs, g.attrTypes, {
      xarray: opts.xarray,
      key: path,
      onProblem: (e) => problems.push(problemOf(path, e)),
      user: types.user,
    });
    const own = [...groupTypes(g.nc?.userTypes, path, types.byPath), ...records.group(path)];
    return {
      name: g.key === '' ? '/' : g.name,
      path,
      attributes,
      ...(own.length ? { types: own } : {}),
      dimensions: (dims.byGroup.get(path) ?? []).map(freeze),
      variables: (shell?.vars ?? []).map(({ v, dims: ds }) => ({ ...v, dimensions: ds.map(freeze) })),
      groups: g.groups.map(make),
      problems,
      ...(g.pending
        ? {
            pending: g.pending.map((c) => ({
              name: c.name,
              path: path === '/' ? `/${c.name}` : `${path}/${c.name}`,
              kind: c.known ? ('variable' as const) : ('node' as const),
            })),
            childNames: g.slots,
          }
        : {}),
    };
  };
  return applyPyramids(make(root), root);
}

/** Every problem of the tree, flattened (pre-order). */
export function collectProblems(g: Group): Problem[] {
  return [...g.problems, ...g.groups.flatMap(collectProblems)];
}
