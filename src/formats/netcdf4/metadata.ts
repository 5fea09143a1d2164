/**
 * The netCDF-4 view of an HDF5 file (walk.ts) as NCZarr documents (nczarr-docs.ts) and, per variable, the plan
 * the store follows to give its chunks: the chunk grid (HDF5's own for chunked data, whole rows of about
 * `ROW_CHUNK_BYTES` for contiguous and compact data), the codec chain, and where strings are resolved.
 */
import type { CodecSpec } from '../../codecs/pipeline';
import type { DocAttribute, DocGroup, DocValue, DocVariable } from '../nczarr-docs';
import type { Hdf5Dataset, Hdf5File, Hdf5Value } from '../hdf5/index';
import { codecsOf, docAttribute, dtypeOf } from './types';
import { TypeTable } from './user-types';
import { userFill } from './user-values';
import type { Nc4Group, Nc4Var } from './walk';

/** Contiguous data is read in chunks of whole rows of about this size (1 row at least). */
export const ROW_CHUNK_BYTES = 4 * 2 ** 20;

export interface VarPlan {
  readonly path: string;
  readonly ds: Hdf5Dataset;
  /** The file that holds the dataset (another one past an external link). */
  readonly file: Hdf5File;
  /** The Zarr shape (`[1]` for a scalar) and chunk shape. */
  readonly shape: readonly number[];
  readonly chunks: readonly number[];
  /** The dataset's own extent (`[1]` for a scalar): chunks past it were never written. */
  readonly extent: readonly number[];
  /** Bytes of one row (all dimensions but the first) as stored, for contiguous and compact data. */
  readonly rowBytes: number;
  /** Whether the dataset has a filter pipeline. */
  readonly filtered: boolean;
  /** The HDF5 filters as codecs (decoded in the store for strings, by the data path otherwise). */
  readonly codecs: readonly CodecSpec[];
  /** Variable-length strings: resolved by the store, handed on as vlen-utf8. */
  readonly strings: boolean;
  /** A compound, vlen or opaque type: elements resolved by the store, handed on as JSON text in vlen-utf8. */
  readonly user?: Hdf5Dataset['datatype'] | undefined;
  /** Floats netCDF has no type of their size for (half, extended, quad): converted by the store to `dtype`. */
  readonly widen?: string | undefined;
}

/** netCDF's default fill values by Zarr dtype kind and size (netcdf.h NC_FILL_*). */
function defaultFill(dtype: string): DocValue {
  const kind = dtype[1];
  const size = Number(dtype.slice(2));
  if (kind === 'f') return size === 4 ? 9.969209968386869e36 : 9.969209968386869e36;
  if (kind === 'S') return '';
  if (kind === 'i') return size === 1 ? -127 : size === 2 ? -32767 : size === 4 ? -2147483647 : -9223372036854775806n;
  if (kind === 'u') return size === 1 ? 255 : size === 2 ? 65535 : size === 4 ? 4294967295 : 18446744073709551614n;
  return null;
}

function fillOf(v: Nc4Var, dtype: string, attrs: readonly DocAttribute[]): DocValue {
  const fill = attrs.find((a) => a.name === '_FillValue');
  if (fill) return Array.isArray(fill.value) ? ((fill.value as DocValue[])[0] ?? null) : fill.value;
  // No fill value set by the writer (h5py's default): netcdf-c reads the variable as no-fill (get_fill_info).
  if (!v.ds.fillValue?.bytes?.length) return null;
  if (dtype === '|O') return ''; // netCDF's default string fill
  if (dtype.startsWith('|V')) return null;
  return defaultFill(dtype);
}

function plan(v: Nc4Var, table: TypeTable): { doc: DocVariable; plan: VarPlan } {
  const ds = v.ds;
  const t = ds.datatype;
  const userType = table.describable(t) ? table.find(t) : undefined;
  const json = userType !== undefined && t.class !== 'enum';
  // Fixed-length strings (not `char`) are read as netcdf-c reads them, converted to variable-length strings by
  // HDF5 (cut at the first NUL, padding spaces dropped): an empty one is an empty string, not NULL.
  const dtype = json || (t.class === 'string' && t.size > 1) ? '|O' : dtypeOf(t);
  const strings = dtype === '|O';
  const attributes = ds.attributes
    .map((a) => docAttribute(a, table))
    .filter((a): a is DocAttribute => typeof a === 'object');
  // Along an unlimited dimension a variable is as long as the dimension (netCDF's rule); records past the
  // dataset's own extent read as fill values.
  const hdfShape = (ds.shape ?? []).map((n, d) => (v.dims[d]?.unlimited ? Math.max(n, v.dims[d]?.size ?? n) : n));
  const shape = hdfShape.length === 0 ? [1] : [...hdfShape];
  const rowElems = shape.slice(1).reduce((a, b) => a * b, 1);
  const rowBytes = rowElems * t.size;
  const chunks =
    ds.layout.kind === 'chunked' && hdfShape.length > 0
      ? [...ds.layout.chunk]
      : [Math.max(1, Math.min(shape[0] ?? 1, Math.floor(ROW_CHUNK_BYTES / Math.max(1, rowBytes)))), ...shape.slice(1)];
  const codecDocs = codecsOf(ds.filters, t.size, t);
  const codecs: CodecSpec[] = codecDocs.map((m) => {
    const entries = [...(m as ReadonlyMap<string, DocValue>)];
    return {
      id: String(entries.find(([k]) => k === 'id')?.[1]),
      configuration: Object.fromEntries(entries.filter(([k]) => k !== 'id')) as Record<string, unknown>,
    };
  });
  const doc: DocVariable = {
    name: v.name,
    dtype,
    shape: hdfShape,
    chunks,
    // No fill value in the file: netcdf-c reads the variable as no-fill (fillOf), user types too.
    fill: userType && ds.fillValue?.bytes?.length ? userFill(t, attributes) : fillOf(v, dtype, attributes),
    filters: strings ? [new Map([['id', 'vlen-utf8']])] : codecDocs,
    dimensions: v.dims.map((d) => d.path),
    storage: ds.layout.kind === 'chunked' ? 'chunked' : ds.layout.kind === 'compact' ? 'compact' : 'contiguous',
    attributes,
    userType: userType?.path,
    // The store decodes a user type's or a string's chunks itself, through these filters (ncdump -s shows them).
    storeFilters: json || (strings && codecDocs.length > 0) ? codecDocs : undefined,
  };
  return {
    doc,
    plan: {
      path: v.path,
      ds,
      file: v.file,
      shape,
      chunks,
      extent: ds.shape?.length ? ds.shape : [1],
      rowBytes,
      filtered: ds.filters.length > 0,
      codecs,
      strings,
      user: json ? t : undefined,
      widen: t.class === 'float' && t.size !== 4 && t.size !== 8 && !dtype.startsWith('|') ? dtype : undefined,
    },
  };
}

/**
 * What a damaged file lost, as the store keys that answer with an error instead of a document: a group's
 * `.zgroup` carries what its own header lost (the group is still read), a lost child's `.zarray` why it is lost.
 */
export function unreadableKeys(root: Nc4Group): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (g: Nc4Group) => {
    const base = g.path === '/' ? '' : g.path;
    if (g.problems.length) out.set(`${base}/.zgroup`, g.problems.join(' '));
    for (const l of g.lost) out.set(`${base}/${l.name}/.zarray`, l.message);
    g.groups.forEach(visit);
  };
  visit(root);
  return out;
}

/** The documents' description of the tree, and the plan of every variable by its store key (`/grp/temp`). */
export function describe(root: Nc4Group): { docs: DocGroup; plans: Map<string, VarPlan> } {
  const plans = new Map<string, VarPlan>();
  const table = new TypeTable(root);
  const visit = (g: Nc4Group): DocGroup => {
    const variables: DocVariable[] = [];
    for (const v of g.vars) {
      const p = plan(v, table);
      variables.push(p.doc);
      plans.set(v.path, p.plan);
    }
    return {
      name: g.name,
      attributes: g.attributes
        .map((a) => docAttribute(a, table))
        .filter((a): a is DocAttribute => typeof a === 'object'),
      dimensions: g.dims.map((d) => ({ name: d.name, size: d.size, unlimited: d.unlimited })),
      variables,
      groups: g.groups.map(visit),
      userTypes: table.definitions(g),
      lost: g.lost.map((l) => l.name),
    };
  };
  return { docs: visit(root), plans };
}

export type { Hdf5Value };
