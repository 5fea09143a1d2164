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

/** What netcdf-c calls an anonymous type's class in its name (read_type: `_Anonymous<Class><n>`). */
const ANONYMOUS_CLASS: Readonly<Record<string, string>> = {
  compound: 'Compound',
  enum: 'Enum',
  vlen: 'Vlen',
  opaque: 'Opaque',
};

/**
 * The user-defined types of a file, in netcdf-c's order, and how datatypes are named by them.
 *
 * Besides the committed types, a dataset whose compound, enum, vlen or opaque datatype is none of the types read
 * so far gets an anonymous (transient) type, as netcdf-c's get_type_info2/read_type make it: named
 * `_Anonymous<Class><n>` with one counter for the whole file, counted in the order datasets are read (a group's
 * datasets in link order, then its subgroups), defined in the dataset's group; a later dataset of an equal datatype
 * uses it. netcdf-c also counts a bitfield or array dataset (its `_AnonymousUnknown<n>` fails). What netcdf-c
 * cannot name is named here after all of netcdf-c's, so that its names stay as it gives them: the parts of a type
 * that no type read before it equals (a compound field that is an anonymous enum, vlen or compound, a vlen of an
 * anonymous compound: netcdf-c leaves the type half-read and drops the dataset), defined just before the type
 * using them; then the datatypes of attributes no dataset uses (netcdf-c drops those attributes), in the
 * attribute's group.
 */
export class TypeTable {
  readonly all: readonly Nc4UserType[];
  private readonly byGroup = new Map<string, Nc4UserType[]>();

  constructor(root: Nc4Group) {
    const all: Nc4UserType[] = [];
    this.all = all;
    let counter = 0;
    const add = (g: Nc4Group, t: Datatype, at?: number): Nc4UserType => {
      const name = `_Anonymous${ANONYMOUS_CLASS[t.class] ?? 'Unknown'}${++counter}`;
      const u = { path: `${g.path === '/' ? '' : g.path}/${name}`, name, datatype: t };
      all.push(u);
      const list = this.byGroup.get(g.path) ?? [];
      list.splice(at ?? list.length, 0, u);
      this.byGroup.set(g.path, list);
      return u;
    };
    const half: { g: Nc4Group; u: Nc4UserType }[] = [];
    const visit = (g: Nc4Group) => {
      const base = g.path === '/' ? '' : g.path;
      const own = g.types.filter((t) => isUserClass(t.datatype)).map((t) => ({ ...t, path: `${base}/${t.name}` }));
      all.push(...own);
      this.byGroup.set(g.path, own);
      for (const v of g.vars) {
        const t = v.ds.datatype;
        if (t.class === 'bitfield' || t.class === 'array') counter++;
        if (!isUserClass(t) || this.find(t)) continue;
        const u = add(g, t);
        if (this.parts(t).some((p) => this.ref(p) === undefined)) half.push({ g, u });
      }
      g.groups.forEach(visit);
    };
    visit(root);
    // The parts netcdf-c leaves unnamed, each defined before the type that uses it.
    const nameParts = (g: Nc4Group, t: Datatype) => {
      for (const p of this.parts(t)) {
        if (!isUserClass(p) || this.find(p)) continue;
        const list = this.byGroup.get(g.path) ?? [];
        const outer = list.findIndex((u) => u.datatype === t);
        add(g, p, outer < 0 ? undefined : outer);
        nameParts(g, p);
      }
    };
    for (const { g, u } of half) nameParts(g, u.datatype);
    // Attributes of a type no dataset has.
    const attributes = (g: Nc4Group) => {
      for (const a of [...g.attributes, ...g.vars.flatMap((v) => v.ds.attributes)]) {
        if (!isUserClass(a.datatype) || this.find(a.datatype)) continue;
        add(g, a.datatype);
        nameParts(g, a.datatype);
      }
      g.groups.forEach(attributes);
    };
    attributes(root);
  }

  /** The datatypes a type is made of: a compound's fields (an array field's element type), a vlen's base. */
  private parts(t: Datatype): Datatype[] {
    if (t.class === 'compound') return t.members.map((m) => (m.type.class === 'array' ? m.type.base : m.type));
    if (t.class === 'vlen') return [t.base];
    return [];
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
    return (this.byGroup.get(g.path) ?? [])
      .filter((t) => this.describable(t.datatype))
      .map((t) => this.definition(t.path, t.name, t.datatype));
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
