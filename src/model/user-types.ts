/**
 * netCDF-4 user-defined types (compound, vlen, enum, opaque) in the model: their definitions as a file format's
 * NCZarr documents carry them (`_nczarr_group.user_types`, src/formats/nczarr-docs.ts), resolved into `UserType`
 * objects, and their values, handed on as JSON (attributes in `.zattrs`, data as one JSON text per element), read
 * back as `UserValue`s. Pure Zarr and NCZarr never carry these annotations: nothing changes for them.
 *
 * A definition: `{"name", "class": "compound"|"vlen"|"enum"|"opaque", "size", "fields": [{"name", "offset",
 * "type", "dims"}], "base", "members": [{"name", "value"}]}`; a type reference is an atomic type name (`int`) or
 * the full path of a user type (`/grp/cmp_t`). A value: numbers (int64 as integer text, non-finite floats as the
 * strings `NaN`, `Infinity`, `-Infinity`), strings (`char` as a string of byte codes 0–255, `null` for a NULL
 * string), opaque as upper-case hex text, enums as their integers, compounds as the list of their fields' values
 * (an array field as a flat list), vlens as the list of their elements.
 */
import { MetadataError } from '../errors';
import { type Json, JsonNumber, isObject, parseJson, toPlain } from './json';
import type { RawGroup } from './raw';
import { problemOf } from './walk';
import type {
  Attribute,
  Codec,
  CompoundField,
  Problem,
  NcAtomicType,
  TypeRef,
  UserType,
  UserValue,
  ValueType,
} from './types';

const ATOMIC = new Set<string>([
  'byte',
  'ubyte',
  'short',
  'ushort',
  'int',
  'uint',
  'int64',
  'uint64',
  'float',
  'double',
  'char',
  'string',
]);
const INTEGER = new Set<string>(['byte', 'ubyte', 'short', 'ushort', 'int', 'uint', 'int64', 'uint64']);

/** Whether a type name is a netCDF atomic type. */
export const isAtomicName = (name: string): name is NcAtomicType => ATOMIC.has(name);

/** A user type definition as found in one group, before its references are resolved. */
export interface UserTypeDef {
  readonly group: string;
  readonly json: Json;
}

const joinPath = (group: string, name: string) => (group === '/' ? `/${name}` : `${group}/${name}`);

function num(v: Json | undefined): number | undefined {
  return v instanceof JsonNumber ? v.toNumber() : undefined;
}

/**
 * Resolves every group's type definitions into `UserType`s by full path. A definition that is malformed or refers
 * to no type (or to itself) is reported through `onProblem` and left out, with the types that use it.
 */
export function resolveUserTypes(
  defs: readonly UserTypeDef[],
  onProblem: (group: string, e: MetadataError) => void,
): Map<string, UserType> {
  const byPath = new Map<string, UserTypeDef>();
  for (const d of defs) {
    if (isObject(d.json) && typeof d.json.name === 'string') byPath.set(joinPath(d.group, d.json.name), d);
    else onProblem(d.group, new MetadataError('a user-defined type has no name.', { key: d.group }));
  }
  const done = new Map<string, UserType | null>();
  const visiting = new Set<string>();
  const resolve = (path: string): UserType | undefined => {
    const known = done.get(path);
    if (known !== undefined) return known ?? undefined;
    const def = byPath.get(path);
    if (!def || visiting.has(path)) return undefined;
    visiting.add(path);
    let t: UserType | undefined;
    try {
      t = build(path, def.json, (ref) => (isAtomicName(ref) ? ref : resolve(ref)));
    } catch (e) {
      onProblem(def.group, e instanceof MetadataError ? e : new MetadataError(String(e), { key: path }));
    }
    visiting.delete(path);
    done.set(path, t ?? null);
    return t;
  };
  const out = new Map<string, UserType>();
  for (const path of byPath.keys()) {
    const t = resolve(path);
    if (t) out.set(path, t);
  }
  return out;
}

function build(path: string, j: Json, ref: (r: string) => TypeRef | undefined): UserType {
  const bad = (why: string) => new MetadataError(`user-defined type ${path}: ${why}.`, { key: path });
  if (!isObject(j)) throw bad('not an object');
  const name = String(j.name);
  const size = num(j.size) ?? 0;
  const need = (r: Json | undefined): TypeRef => {
    const t = typeof r === 'string' ? ref(r) : undefined;
    if (t === undefined) throw bad(`type ${JSON.stringify(r)} is not defined`);
    return t;
  };
  switch (j.class) {
    case 'compound': {
      if (!Array.isArray(j.fields)) throw bad('no fields');
      const fields: CompoundField[] = j.fields.map((f) => {
        if (!isObject(f) || typeof f.name !== 'string') throw bad('a field has no name');
        const dims = Array.isArray(f.dims) ? f.dims.map((d) => num(d) ?? 0) : [];
        return { name: f.name, offset: num(f.offset) ?? 0, type: need(f.type), dims };
      });
      return { kind: 'compound', name, path, size, fields };
    }
    case 'vlen':
      return { kind: 'vlen', name, path, size, base: need(j.base) };
    case 'opaque':
      return { kind: 'opaque', name, path, size };
    case 'enum': {
      const base = j.base;
      if (typeof base !== 'string' || !INTEGER.has(base)) throw bad('the base type is not an integer type');
      if (!Array.isArray(j.members)) throw bad('no members');
      const members = j.members.map((m) => {
        if (!isObject(m) || typeof m.name !== 'string' || !(m.value instanceof JsonNumber)) throw bad('a bad member');
        return { name: m.name, value: intValue(m.value, base as NcAtomicType) };
      });
      return { kind: 'enum', name, path, size, base: base as NcAtomicType, members };
    }
    default:
      throw bad(`class ${JSON.stringify(j.class)} is not compound, vlen, enum or opaque`);
  }
}

function intValue(v: JsonNumber, type: NcAtomicType): number | bigint {
  return type === 'int64' || type === 'uint64' ? v.toBigInt() : v.toNumber();
}

function hexBytes(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor(text.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16) || 0;
  return out;
}

function atomicValue(j: Json, type: NcAtomicType): UserValue {
  if (type === 'string') return typeof j === 'string' ? j : null;
  if (type === 'char') return typeof j === 'string' ? j : '';
  if (typeof j === 'string') return Number(j); // NaN, Infinity, -Infinity
  if (!(j instanceof JsonNumber)) return 0;
  return intValue(j, type);
}

/** The elements of a field (`dims` not empty) or a vlen: a list, whatever the JSON holds. */
const list = (j: Json): Json[] => (Array.isArray(j) ? j : []);

/** A JSON value (see the module doc) as the `UserValue` of type `t`. */
export function userValue(j: Json, t: TypeRef): UserValue {
  if (typeof t === 'string') return atomicValue(j, t);
  switch (t.kind) {
    case 'enum':
      return atomicValue(j, t.base);
    case 'opaque':
      return hexBytes(typeof j === 'string' ? j : '');
    case 'vlen':
      return list(j).map((x) => userValue(x, t.base));
    case 'compound':
      return t.fields.map((f, i) => {
        const x = list(j)[i] ?? null;
        return f.dims.length === 0 ? userValue(x, f.type) : list(x).map((e) => userValue(e, f.type));
      });
  }
}

/** One element's JSON text (a data value handed on as text) as the `UserValue` of `t`. */
export function parseUserValue(text: string, t: TypeRef): UserValue {
  return userValue(parseJson(text, typeof t === 'string' ? t : t.path), t);
}

/** Filters a file's store decodes itself (`_nczarr_array.store_filters`: `{id, ...configuration}` each). */
export function storeCodecs(filters: readonly Json[]): Codec[] {
  return filters.filter(isObject).map((f) => {
    const { id, ...rest } = f;
    const configuration = Object.fromEntries(Object.entries(rest).map(([k, x]) => [k, toPlain(x)]));
    return { id: typeof id === 'string' ? id : String(id), configuration };
  });
}

/** An attribute of user type `t`: its JSON value list read as `UserValue`s. */
export function userAttribute(name: string, value: Json, t: UserType): Attribute {
  return { name, type: 'user', userType: t, value: list(value).map((x) => userValue(x, t)) };
}

/**
 * The model's `type` of a variable of user type `t`: an enum's base integer type (its values are read as numbers),
 * else the class (`compound`, `vlen`, `opaque`: values come as JSON text, one per element).
 */
export function variableType(t: UserType): ValueType {
  return t.kind === 'enum' ? t.base : t.kind;
}

/** The resolved types a group defines (its `user_types` in order), from all types by path. */
export function groupTypes(
  defs: readonly Json[] | undefined,
  group: string,
  byPath: ReadonlyMap<string, UserType>,
): UserType[] {
  return (defs ?? []).flatMap((j) => {
    const t = isObject(j) && typeof j.name === 'string' ? byPath.get(joinPath(group, j.name)) : undefined;
    return t ? [t] : [];
  });
}

/** netCDF-4 user-defined types by full path (empty for Zarr and NCZarr), and the attribute reader that uses them. */
export interface UserTypes {
  readonly byPath: ReadonlyMap<string, UserType>;
  readonly user: (name: string, value: Json, typePath: string) => Attribute | undefined;
}

/** Every group's type definitions, resolved; problems are added to `problems`. */
export function readUserTypes(root: RawGroup, problems: Problem[]): UserTypes {
  const defs: UserTypeDef[] = [];
  const visit = (g: RawGroup) => {
    for (const json of g.nc?.userTypes ?? []) defs.push({ group: g.key === '' ? '/' : `/${g.key}`, json });
    g.groups.forEach(visit);
  };
  visit(root);
  const byPath = defs.length ? resolveUserTypes(defs, (group, e) => problems.push(problemOf(group, e))) : new Map();
  return {
    byPath,
    user: (name, value, typePath) => {
      const t = byPath.get(typePath);
      return t ? userAttribute(name, value, t) : undefined;
    },
  };
}
