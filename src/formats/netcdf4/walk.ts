/**
 * An HDF5 file's hierarchy as netCDF-4 sees it (netcdf-c's libhdf5 rules): groups in link creation order (name
 * order where the file tracks none), every link followed as HDF5 opens it (a soft or external link shows its
 * target at the link's name; an object with two names is there twice), datasets marked
 * `CLASS = "DIMENSION_SCALE"` as dimensions (also variables unless their `NAME` says "This is a netCDF dimension
 * but not a netCDF variable"), and each variable's dimensions as dims.ts makes them. A link that leads nowhere
 * (dangling, a cycle of soft links, a file that cannot be read) and a group that contains itself are named in
 * `lost`, never dropped silently and never walked forever.
 */
import { AbortedError } from '../../errors';
import {
  type Attribute,
  type Datatype,
  type Hdf5Dataset,
  type Hdf5File,
  type Hdf5Object,
  type Link,
  followLink,
} from '../hdf5/index';
import { DimTable, resolveDims } from './dims';
import { isUserClass } from './user-types';

export interface Nc4Dim {
  readonly name: string;
  /** Full path (`/grp/time`). */
  readonly path: string;
  size: number;
  readonly unlimited: boolean;
  /** `_Netcdf4Dimid` when the file has it. */
  readonly dimid: number | undefined;
  /** netcdf-c's id of it: the order dimensions are listed in, and a phony dimension's number. */
  readonly id: number;
  /** The object header of its dimension scale, and the file that holds it (undefined for a phony dimension). */
  readonly address: number | undefined;
  readonly file: Hdf5File | undefined;
}

export interface Nc4Var {
  readonly name: string;
  readonly path: string;
  readonly ds: Hdf5Dataset;
  /** The file that holds the dataset (another one than the opened file's past an external link). */
  readonly file: Hdf5File;
  readonly dims: Nc4Dim[];
  /** The dimension its own scale made (a coordinate variable), its first axis. */
  readonly own?: Nc4Dim | undefined;
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
  /** Children whose object headers could not be read, links that lead nowhere: named, and why. */
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
  readonly dims: DimTable;
  /** Groups already read (file and header), and how many more times a group may be read again. */
  readonly seen: Map<Hdf5File, Set<number>>;
  repeats: number;
  /** Links left to follow in the whole file (a file whose groups link to each other many times is bounded). */
  links: number;
  /** Reserved netCDF attribute names met on datasets (netcdf-c's last test of a netCDF-4 file, NC4_walk). */
  markers: number;
}

/** Groups read more than once (a group that several links name) before the rest are named as not read again. */
const MAX_REPEATS = 1000;
/** Links followed in all, across every group reached. */
const MAX_LINKS = 1_000_000;

/** A group on the way from the root: its file and header (a group that is its own ancestor is a cycle). */
interface Ancestor {
  readonly file: Hdf5File;
  readonly address: number;
  readonly path: string;
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

async function readGroup(
  w: Walk,
  at: { file: Hdf5File; address: number },
  name: string,
  path: string,
  ancestors: readonly Ancestor[],
  parent: Nc4Group | undefined,
  hard = true,
): Promise<Nc4Group> {
  const { file, address } = at;
  const info = await file.objectAt(address, path);
  const problems: string[] = [];
  const lost: { name: string; message: string }[] = [];
  if (info.lostAt !== undefined) problems.push(lostHeader(`group ${path}`, info.lostAt));
  const links = await file.links(address).catch((e: unknown) => {
    problems.push(
      `the links of group ${path} could not be read (${messageOf(e)}): its variables and groups are missing.`,
    );
    return [] as Link[];
  });
  const ordered = links.every((l) => l.creationOrder !== undefined)
    ? [...links].sort((a, b) => (a.creationOrder ?? 0) - (b.creationOrder ?? 0))
    : [...links].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const base = path === '/' ? '' : path;
  // Read together, reported in link order.
  const read = await Promise.all(
    ordered.map(async (l) => {
      const p = `${base}/${l.name}`;
      if (w.links-- <= 0)
        return { lost: `${p} is not read: the file's links lead to more than ${MAX_LINKS} objects.`, link: l };
      try {
        return { link: l, ...(await followLink(file, address, l, p)) };
      } catch (e) {
        if (e instanceof AbortedError) throw e;
        const why = messageOf(e);
        return { lost: why.startsWith(p) ? why : `${p} could not be read: ${why}`, link: l };
      }
    }),
  );
  for (const r of read) if (r.lost !== undefined) lost.push({ name: r.link.name, message: r.lost });
  const objects = read.filter((o): o is { link: Link; file: Hdf5File; object: Hdf5Object } => o.lost === undefined);
  for (const { link, object } of objects)
    if (object.lostAt !== undefined && object.kind !== 'group')
      problems.push(lostHeader(`${base}/${link.name}`, object.lostAt));
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
  w.dims.group(g, parent);
  const children: { link: Link; file: Hdf5File; address: number }[] = [];
  for (const { link, file: holder, object: obj } of objects) {
    if (obj.kind === 'group') children.push({ link, file: holder, address: obj.address });
    else if (obj.kind === 'datatype') {
      g.types.push({ name: link.name, datatype: obj.datatype });
      // netcdf-c reads a committed datatype only as a user-defined type; a named atomic type it passes over.
      if (!isUserClass(obj.datatype))
        problems.push(
          `committed datatype ${base}/${link.name}: an atomic type, which netCDF-4 has no named form for; not shown.`,
        );
    } else if (obj.kind === 'dataset') readDataset(w, g, link.name, holder, obj, hard && link.kind === 'hard');
  }
  const inside = [...ancestors, { file, address, path }];
  for (const { link, file: holder, address: child } of children) {
    const p = `${base}/${link.name}`;
    const loop = inside.find((a) => a.file === holder && a.address === child);
    if (loop) {
      lost.push({
        name: link.name,
        message: `${p} is the group ${loop.path} again, which contains it (a cycle of links): not read again inside itself.`,
      });
      continue;
    }
    const seen = w.seen.get(holder) ?? new Set<number>();
    w.seen.set(holder, seen);
    if (seen.has(child) && w.repeats-- <= 0) {
      lost.push({
        name: link.name,
        message: `${p} is a group already shown under another name; more than ${MAX_REPEATS} such groups are not read again.`,
      });
      continue;
    }
    seen.add(child);
    try {
      const viaHard = hard && link.kind === 'hard';
      g.groups.push(await readGroup(w, { file: holder, address: child }, link.name, p, inside, g, viaHard));
    } catch (e) {
      if (e instanceof AbortedError) throw e;
      lost.push({ name: link.name, message: `group ${p} could not be read: ${messageOf(e)}` });
    }
  }
  return g;
}

/** A dataset reached by the link `name`: a dimension if it is a scale, a variable unless only a dimension. */
function readDataset(w: Walk, g: Nc4Group, name: string, file: Hdf5File, obj: Hdf5Dataset, hard: boolean): void {
  const base = g.path === '/' ? '' : g.path;
  // NC4_walk counts the markers of objects reached by hard links only (H5Gget_objtype_by_idx names a soft or
  // external link H5G_LINK, which it passes over).
  if (hard && name === 'phony_dim') w.markers++;
  if (hard) for (const a of obj.attributes) if (RESERVED.has(a.name)) w.markers++;
  let own: Nc4Dim | undefined;
  let variable = true;
  if (isScale(obj)) {
    const nameAttr = attrText(attr(obj.attributes, 'NAME')) ?? '';
    variable = !nameAttr.startsWith(NOT_A_VARIABLE);
    // A dimension without a variable keeps its length at the end of NAME (the dataset may be shorter).
    const told = variable ? undefined : Number(nameAttr.slice(NOT_A_VARIABLE.length).trim());
    const dimid = firstNumber(attr(obj.attributes, '_Netcdf4Dimid'));
    own = {
      name,
      path: `${base}/${name}`,
      size: told !== undefined && Number.isSafeInteger(told) ? told : (obj.shape?.[0] ?? 0),
      // A length of 0 is NC_UNLIMITED: nc4_dim_list_add makes such a dimension unlimited whatever its max size.
      unlimited: obj.maxshape?.[0] === null || obj.shape?.[0] === 0,
      dimid,
      id: w.dims.scaleId(dimid),
      address: obj.address,
      file,
    };
    g.dims.push(own);
    w.dims.add(g, own);
  }
  if (!variable) return;
  // netcdf-c skips datasets of references (read_type refuses the class); named, not dropped silently.
  if (obj.datatype.class === 'reference') {
    g.lost.push({
      name,
      message: `${base}/${name} holds HDF5 ${obj.datatype.kind} references, which netCDF has no type for: not shown.`,
    });
    return;
  }
  // netcdf-c stores a variable named like a dimension it is not the coordinate of under this prefix.
  const vname = name.startsWith(NON_COORD) ? name.slice(NON_COORD.length) : name;
  g.vars.push({ name: vname, path: `${base}/${vname}`, ds: obj, file, dims: [], own });
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

const lostHeader = (what: string, at: number) =>
  `the file ends before byte ${at}, where the rest of the object header of ${what} was: what it held there (attributes, links) is missing; the file is truncated.`;

/** Reads the whole hierarchy (every object header; no data) into the netCDF-4 view of it. */
export async function readNetcdf4Tree(file: Hdf5File): Promise<Nc4Group> {
  const root = file.superblock.rootAddress;
  const w: Walk = {
    dims: new DimTable(),
    seen: new Map([[file, new Set([root])]]),
    repeats: MAX_REPEATS,
    links: MAX_LINKS,
    markers: 0,
  };
  const tree = await readGroup(w, { file, address: root }, '', '/', [], undefined);
  resolveDims(w.dims, tree);
  tree.markers = w.markers;
  return tree;
}
