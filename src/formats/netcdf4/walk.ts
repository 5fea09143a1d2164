/**
 * An HDF5 file's hierarchy as netCDF-4 sees it (netcdf-c's libhdf5 rules): groups in link creation order (name
 * order where the file tracks none), datasets marked `CLASS = "DIMENSION_SCALE"` as dimensions (also variables
 * unless their `NAME` says "This is a netCDF dimension but not a netCDF variable"), dimensions ordered by
 * `_Netcdf4Dimid`, a variable's dimensions from `DIMENSION_LIST` (object references to the scales, in any
 * ancestor group), and `phony_dim_<n>` where a dataset has no scale for an axis (plain HDF5), one per distinct
 * length in a group, as netcdf-c makes them.
 */
import { AbortedError, MetadataError } from '../../errors';
import {
  type Attribute,
  type Datatype,
  type Hdf5Dataset,
  type Hdf5File,
  type Hdf5Value,
  ObjectRef,
} from '../hdf5/index';

export interface Nc4Dim {
  readonly name: string;
  /** Full path (`/grp/time`). */
  readonly path: string;
  size: number;
  readonly unlimited: boolean;
  /** `_Netcdf4Dimid` when the file has it. */
  readonly dimid: number | undefined;
  /** The object header of its dimension scale (undefined for a phony dimension). */
  readonly address: number | undefined;
}

export interface Nc4Var {
  readonly name: string;
  readonly path: string;
  readonly ds: Hdf5Dataset;
  readonly dims: Nc4Dim[];
}

/** A named (committed) datatype of a group: a netCDF-4 user-defined type. */
export interface Nc4Type {
  readonly name: string;
  readonly datatype: Datatype;
}

export interface Nc4Group {
  /** Root only: how many reserved netCDF attributes the datasets carry (netcdf-c counts 2 as a netCDF-4 file). */
  markers?: number;
  readonly name: string;
  readonly path: string;
  readonly attributes: readonly Attribute[];
  readonly dims: Nc4Dim[];
  readonly vars: Nc4Var[];
  readonly groups: Nc4Group[];
  readonly types: Nc4Type[];
  /** What a truncated or damaged file lost here, in words (the group's own header, its links). */
  readonly problems: string[];
  /** Children whose object headers could not be read: named, and why. */
  readonly lost: { readonly name: string; readonly message: string }[];
}

const NOT_A_VARIABLE = 'This is a netCDF dimension but not a netCDF variable';
const NON_COORD = '_nc4_non_coord_';

export const attr = (attrs: readonly Attribute[], name: string): Attribute | undefined =>
  attrs.find((a) => a.name === name);

/** A string attribute's text (fixed or variable length), or undefined. */
export function attrText(a: Attribute | undefined): string | undefined {
  const v = a?.value?.[0];
  return typeof v === 'string' ? v : undefined;
}

function firstNumber(a: Attribute | undefined): number | undefined {
  const v = a?.value?.[0];
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined;
}

const isScale = (ds: Hdf5Dataset) => attrText(attr(ds.attributes, 'CLASS')) === 'DIMENSION_SCALE';

interface Walk {
  readonly file: Hdf5File;
  readonly byAddress: Map<number, Nc4Dim>;
  phony: number;
  readonly visited: Set<number>;
  /** Reserved netCDF attribute names met on datasets (netcdf-c's last test of a netCDF-4 file, NC4_walk). */
  markers: number;
}

/** netcdf-c's reserved attribute names (libsrc4/nc4internal.c NC_reserved). */
const RESERVED = new Set([
  'CLASS',
  'DIMENSION_LIST',
  'NAME',
  'REFERENCE_LIST',
  '_ARRAY_DIMENSIONS',
  '_Codecs',
  '_Format',
  '_IsNetcdf4',
  '_NCProperties',
  '_Netcdf4Coordinates',
  '_Netcdf4Dimid',
  '_SuperblockVersion',
  '_nc3_strict',
  '_nczarr_attr',
  '_nczarr_group',
  '_nczarr_array',
  '_nczarr_superblock',
]);

async function readGroup(w: Walk, address: number, name: string, path: string): Promise<Nc4Group> {
  if (w.visited.has(address)) throw new MetadataError(`${path}: the group links back to ${path}'s ancestors.`);
  w.visited.add(address);
  const info = await w.file.objectAt(address, path);
  const problems: string[] = [];
  const lost: { name: string; message: string }[] = [];
  if (info.lostAt !== undefined) problems.push(lostHeader(`group ${path}`, info.lostAt));
  const links = (
    await w.file.links(address).catch((e: unknown) => {
      problems.push(
        `the links of group ${path} could not be read (${messageOf(e)}): its variables and groups are missing.`,
      );
      return [];
    })
  ).filter((l) => l.kind === 'hard');
  const ordered = links.every((l) => l.creationOrder !== undefined)
    ? [...links].sort((a, b) => (a.creationOrder ?? 0) - (b.creationOrder ?? 0))
    : [...links].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const base = path === '/' ? '' : path;
  const read = await Promise.all(
    ordered.map(async (l) => {
      try {
        return { link: l, obj: await w.file.objectAt((l as { address: number }).address, `${base}/${l.name}`) };
      } catch (e) {
        if (e instanceof AbortedError) throw e;
        lost.push({ name: l.name, message: `${base}/${l.name} could not be read: ${messageOf(e)}` });
        return undefined;
      }
    }),
  );
  const objects = read.filter((o) => o !== undefined);
  for (const { link, obj } of objects)
    if (obj.lostAt !== undefined && obj.kind !== 'group') problems.push(lostHeader(`${base}/${link.name}`, obj.lostAt));
  const g: Nc4Group = {
    name,
    path,
    attributes: info.attributes,
    dims: [],
    vars: [],
    groups: [],
    types: [],
    problems,
    lost,
  };
  const scales: { dim: Nc4Dim; ds: Hdf5Dataset; variable: boolean }[] = [];
  for (const { link, obj } of objects) {
    if (obj.kind !== 'dataset') continue;
    if (link.name === 'phony_dim') w.markers++;
    for (const a of obj.attributes) if (RESERVED.has(a.name)) w.markers++;
  }
  for (const { link, obj } of objects) {
    if (obj.kind !== 'dataset' || !isScale(obj)) continue;
    const nameAttr = attrText(attr(obj.attributes, 'NAME')) ?? '';
    const variable = !nameAttr.startsWith(NOT_A_VARIABLE);
    // A dimension without a variable keeps its length at the end of NAME (the dataset may be shorter).
    const told = variable ? undefined : Number(nameAttr.slice(NOT_A_VARIABLE.length).trim());
    const dim: Nc4Dim = {
      name: link.name,
      path: `${base}/${link.name}`,
      size: told !== undefined && Number.isSafeInteger(told) ? told : (obj.shape?.[0] ?? 0),
      unlimited: obj.maxshape?.[0] === null,
      dimid: firstNumber(attr(obj.attributes, '_Netcdf4Dimid')),
      address: obj.address,
    };
    w.byAddress.set(obj.address, dim);
    scales.push({ dim, ds: obj, variable });
  }
  g.dims.push(
    ...scales
      .map((s) => s.dim)
      .sort((a, b) => (a.dimid ?? Number.MAX_SAFE_INTEGER) - (b.dimid ?? Number.MAX_SAFE_INTEGER)),
  );
  for (const { link, obj } of objects) {
    const p = `${base}/${link.name}`;
    if (obj.kind === 'group') {
      try {
        g.groups.push(await readGroup(w, obj.address, link.name, p));
      } catch (e) {
        if (e instanceof AbortedError) throw e;
        lost.push({ name: link.name, message: `group ${p} could not be read: ${messageOf(e)}` });
      }
    } else if (obj.kind === 'datatype') g.types.push({ name: link.name, datatype: obj.datatype });
    else if (obj.kind === 'dataset') {
      const scale = scales.find((s) => s.ds === obj);
      if (scale && !scale.variable) continue;
      // netcdf-c stores a variable named like a dimension it is not the coordinate of under this prefix.
      const name = link.name.startsWith(NON_COORD) ? link.name.slice(NON_COORD.length) : link.name;
      g.vars.push({ name, path: `${base}/${name}`, ds: obj, dims: [] });
    }
  }
  return g;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

const lostHeader = (what: string, at: number) =>
  `the file ends before byte ${at}, where the rest of the object header of ${what} was: what it held there (attributes, links) is missing; the file is truncated.`;

/** The scales a dataset's `DIMENSION_LIST` names, one per axis (undefined where it names none). */
function listedScales(ds: Hdf5Dataset): (number | undefined)[] {
  const list = attr(ds.attributes, 'DIMENSION_LIST')?.value ?? [];
  return list.map((entry: Hdf5Value) => {
    const first = Array.isArray(entry) ? (entry as Hdf5Value[])[0] : entry;
    return first instanceof ObjectRef ? first.address : undefined;
  });
}

/**
 * Gives every variable its dimensions; phony ones are made in the variable's group. Subgroups first, as netcdf-c
 * reads them (its phony dimensions are numbered in that order).
 */
function resolveDims(w: Walk, g: Nc4Group): void {
  for (const c of g.groups) resolveDims(w, c);
  for (const v of g.vars) {
    const shape = v.ds.shape ?? [];
    const scales = listedScales(v.ds);
    const own = w.byAddress.get(v.ds.address);
    shape.forEach((len, axis) => {
      let dim = axis === 0 && own ? own : undefined;
      const ref = scales[axis];
      if (!dim && ref !== undefined) dim = w.byAddress.get(ref);
      if (!dim) dim = phonyDim(w, g, len, v.ds.maxshape?.[axis] === null, v.dims);
      v.dims.push(dim);
      if (dim.unlimited && len > dim.size) dim.size = len;
    });
  }
}

function phonyDim(w: Walk, g: Nc4Group, len: number, unlimited: boolean, taken: readonly Nc4Dim[]): Nc4Dim {
  const found = g.dims.find(
    (d) => d.address === undefined && d.size === len && d.unlimited === unlimited && !taken.includes(d),
  );
  if (found) return found;
  const name = `phony_dim_${w.phony++}`;
  const dim: Nc4Dim = {
    name,
    path: `${g.path === '/' ? '' : g.path}/${name}`,
    size: len,
    unlimited,
    dimid: undefined,
    address: undefined,
  };
  g.dims.push(dim);
  return dim;
}

/** Reads the whole hierarchy (every object header; no data) into the netCDF-4 view of it. */
export async function readNetcdf4Tree(file: Hdf5File): Promise<Nc4Group> {
  const w: Walk = { file, byAddress: new Map(), phony: 0, visited: new Set(), markers: 0 };
  const root = await readGroup(w, file.superblock.rootAddress, '', '/');
  resolveDims(w, root);
  root.markers = w.markers;
  return root;
}
