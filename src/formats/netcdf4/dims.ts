/**
 * Dimensions as netcdf-c's libhdf5 makes them (hdf5open.c), numbered by one counter of the file (`next_dimid`):
 * - while the groups are read (links in order, subgroups after their group's own links), every dimension scale
 *   reached by a link is a dimension of that group, with the id `_Netcdf4Dimid` gives (the counter moves past
 *   it) or the next id; a scale reached by two links is two dimensions;
 * - then, subgroups first, each variable gets its dimensions: from `DIMENSION_LIST` when a scale is attached to
 *   its first axis (matched to the dimensions of its group, then of each ancestor, in the order they were made),
 *   else every axis a phony one: the first dimension of its group (scale or phony) of that length and
 *   unlimitedness that the variable does not already use, or a new `phony_dim_<next id>`.
 */
import type { Hdf5Dataset, Hdf5File, Hdf5Value } from '../hdf5/index';
import { ObjectRef } from '../hdf5/index';
import type { Nc4Dim, Nc4Group } from './walk';

/** The walk's dimension state: the file's next id, and each group's dimensions in the order they were made. */
export class DimTable {
  nextId = 0;
  private readonly made = new Map<Nc4Group, Nc4Dim[]>();
  private readonly parents = new Map<Nc4Group, Nc4Group | undefined>();

  /** Registers a group (before its dimensions). */
  group(g: Nc4Group, parent: Nc4Group | undefined): void {
    this.made.set(g, []);
    this.parents.set(g, parent);
  }

  /** The id of a scale's dimension: `_Netcdf4Dimid` when the file gives one (the counter moves past it). */
  scaleId(dimid: number | undefined): number {
    if (dimid === undefined || !Number.isSafeInteger(dimid) || dimid < 0) return this.nextId++;
    if (dimid >= this.nextId) this.nextId = dimid + 1;
    return dimid;
  }

  add(g: Nc4Group, dim: Nc4Dim): void {
    this.made.get(g)?.push(dim);
  }

  /** The dimension made for the scale at (`file`, `address`) in `g` or its nearest ancestor that has one. */
  scaleFor(g: Nc4Group, file: Hdf5File, address: number): Nc4Dim | undefined {
    for (let at: Nc4Group | undefined = g; at; at = this.parents.get(at)) {
      const d = this.made.get(at)?.find((x) => x.address === address && x.file === file);
      if (d) return d;
    }
    return undefined;
  }

  /** Any group's dimension for that scale (a `DIMENSION_LIST` naming a scale outside the variable's ancestors). */
  anyScale(file: Hdf5File, address: number): Nc4Dim | undefined {
    for (const dims of this.made.values()) {
      const d = dims.find((x) => x.address === address && x.file === file);
      if (d) return d;
    }
    return undefined;
  }

  /** netcdf-c's create_phony_dims for one axis. */
  phony(g: Nc4Group, len: number, unlimited: boolean, taken: readonly Nc4Dim[]): Nc4Dim {
    const dims = this.made.get(g) ?? [];
    const found = dims.find((d) => d.size === len && d.unlimited === unlimited && !taken.includes(d));
    if (found) return found;
    // nc4_dim_list_add makes a dimension of length 0 (NC_UNLIMITED) unlimited; it is then matched as unlimited.
    const isUnlimited = unlimited || len === 0;
    const id = this.nextId++;
    const name = `phony_dim_${id}`;
    const dim: Nc4Dim = {
      name,
      path: `${g.path === '/' ? '' : g.path}/${name}`,
      size: len,
      unlimited: isUnlimited,
      dimid: undefined,
      id,
      address: undefined,
      file: undefined,
    };
    dims.push(dim);
    g.dims.push(dim);
    return dim;
  }
}

/** The scales a dataset's `DIMENSION_LIST` names, one per axis (undefined where it names none). */
function listedScales(ds: Hdf5Dataset): (number | undefined)[] {
  const list = ds.attributes.find((a) => a.name === 'DIMENSION_LIST')?.value ?? [];
  return list.map((entry: Hdf5Value) => {
    const first = Array.isArray(entry) ? (entry as Hdf5Value[])[0] : entry;
    return first instanceof ObjectRef ? first.address : undefined;
  });
}

/** Gives every variable its dimensions, subgroups first (netcdf-c's rec_match_dimscales). */
export function resolveDims(t: DimTable, g: Nc4Group): void {
  for (const c of g.groups) resolveDims(t, c);
  for (const v of g.vars) {
    const shape = v.ds.shape ?? [];
    const scales = listedScales(v.ds);
    // netcdf-c reads DIMENSION_LIST only when the first axis has a scale (H5DSget_num_scales of axis 0).
    const listed = scales[0] !== undefined;
    shape.forEach((len, axis) => {
      let dim = axis === 0 ? v.own : undefined;
      const ref = scales[axis];
      if (!dim && listed && ref !== undefined) dim = t.scaleFor(g, v.file, ref) ?? t.anyScale(v.file, ref);
      if (!dim) dim = t.phony(g, len, v.ds.maxshape?.[axis] === null, v.dims);
      v.dims.push(dim);
      if (dim.unlimited && len > dim.size) dim.size = len;
    });
  }
  g.dims.sort((a, b) => a.id - b.id);
}
