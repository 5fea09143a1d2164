/**
 * netCDF-4 user-defined types of an HDF5 file, as netcdf-c's libhdf5 reads them: every named (committed) datatype
 * of class compound, vlen, enum or opaque is a type of the group holding it, named by its link; the types are
 * numbered in the order netcdf-c reads them (each group's in link order, groups in pre-order). A dataset's,
 * attribute's or field's datatype is the first of them it equals, compared as HDF5's H5Tequal compares the native
 * types (nc4_rec_find_hdf_type): sizes, field names and offsets, enum names and values, opaque tags, but not byte
 * order. Atomic datatypes map to netCDF's atomic types (a 1-byte string is `char`, any other string `string`).
 */
import type { DocValue } from '../nczarr-docs';
import type { Datatype } from '../hdf5/index';
import type { Nc4Group } from './walk';

/** One user-defined type: where it is defined and its HDF5 datatype. */
export interface Nc4UserType {
  /** Full path (`/grp/cmp_t`). */
  readonly path: string;
  readonly name: string;
  readonly datatype: Datatype;
}

const USER_CLASSES = new Set(['compound', 'vlen', 'enum', 'opaque']);

/** Whether netCDF-4 reads this datatype as a user-defined type. */
export const isUserClass = (t: Datatype): boolean => USER_CLASSES.has(t.class);

/** The netCDF atomic type name of an HDF5 datatype, or undefined for a user-defined (or unknown) one. */
export function atomicName(t: Datatype): string | undefined {
  switch (t.class) {
    case 'integer': {
      const names = t.signed ? ['byte', 'short', 'int', 'int64'] : ['ubyte', 'ushort', 'uint', 'uint64'];
      return names[[1, 2, 4, 8].indexOf(t.size)];
    }
    case 'float':
      return t.size === 4 ? 'float' : t.size === 8 ? 'double' : undefined;
    case 'string':
      return t.size === 1 ? 'char' : 'string';
    case 'vlen-string':
      return 'string';
    default:
      return undefined;
  }
}

/** H5Tequal of the native types: everything but byte order (and string padding, which native types share). */
export function sameType(a: Datatype, b: Datatype): boolean {
  if (a.class !== b.class || a.size !== b.size) return false;
  switch (a.class) {
    case 'integer':
      return b.class === 'integer' && a.signed === b.signed;
    case 'compound':
      return (
        b.class === 'compound' &&
        a.members.length === b.members.length &&
        a.members.every((m, i) => {
          const n = b.members[i];
          return n !== undefined && m.name === n.name && m.offset === n.offset && sameType(m.type, n.type);
        })
      );
    case 'enum':
      return (
        b.class === 'enum' &&
        sameType(a.base, b.base) &&
        a.members.length === b.members.length &&
        a.members.every((m, i) => m.name === b.members[i]?.name && m.value === b.members[i]?.value)
      );
    case 'vlen':
      return b.class === 'vlen' && sameType(a.base, b.base);
    case 'opaque':
      return b.class === 'opaque' && a.tag === b.tag;
    case 'array':
      return b.class === 'array' && a.dims.join() === b.dims.join() && sameType(a.base, b.base);
    default:
      return true;
  }
}

/** The user-defined types of a file, in netcdf-c's order, and how datatypes are named by them. */
export class TypeTable {
  readonly all: readonly Nc4UserType[];

  constructor(root: Nc4Group) {
    const all: Nc4UserType[] = [];
    const visit = (g: Nc4Group) => {
      const base = g.path === '/' ? '' : g.path;
      for (const t of g.types) if (isUserClass(t.datatype)) all.push({ ...t, path: `${base}/${t.name}` });
      g.groups.forEach(visit);
    };
    visit(root);
    this.all = all;
  }

  /** The user type a datatype is, or undefined. */
  find(t: Datatype): Nc4UserType | undefined {
    return isUserClass(t) ? this.all.find((u) => sameType(u.datatype, t)) : undefined;
  }

  /** A type reference: the atomic name or the user type's path; undefined when netCDF has no type for it. */
  ref(t: Datatype): string | undefined {
    return atomicName(t) ?? this.find(t)?.path;
  }

  /** Whether every type `t` uses (fields, bases) has a netCDF name, so that its values can be shown. */
  describable(t: Datatype): boolean {
    switch (t.class) {
      case 'compound':
        return t.members.every((m) => this.ref(m.type.class === 'array' ? m.type.base : m.type) !== undefined);
      case 'vlen':
        return this.ref(t.base) !== undefined;
      case 'enum':
        return atomicName(t.base) !== undefined;
      default:
        return true;
    }
  }

  /** The definitions of a group's types for `_nczarr_group.user_types` (src/model/user-types.ts). */
  definitions(g: Nc4Group): DocValue[] {
    const base = g.path === '/' ? '' : g.path;
    return g.types
      .filter((t) => isUserClass(t.datatype) && this.describable(t.datatype))
      .map((t) => this.definition(`${base}/${t.name}`, t.name, t.datatype));
  }

  private definition(path: string, name: string, t: Datatype): DocValue {
    const doc = new Map<string, DocValue>([
      ['name', name],
      ['class', t.class],
      ['size', t.size],
    ]);
    if (t.class === 'compound') {
      const fields = t.members.map((m) => {
        const array = m.type.class === 'array' ? m.type : undefined;
        return new Map<string, DocValue>([
          ['name', m.name],
          ['offset', m.offset],
          ['type', this.ref(array ? array.base : m.type) ?? path],
          ['dims', array ? [...array.dims] : []],
        ]);
      });
      doc.set('fields', fields);
    } else if (t.class === 'vlen') {
      doc.set('base', this.ref(t.base) ?? path);
      doc.set('size', t.base.size);
    } else if (t.class === 'enum') {
      doc.set('base', atomicName(t.base) ?? 'int');
      doc.set(
        'members',
        t.members.map(
          (m) =>
            new Map<string, DocValue>([
              ['name', m.name],
              ['value', m.value],
            ]),
        ),
      );
    }
    return doc;
  }
}
