/**
 * Zarr v2 structured dtypes (numpy record dtypes, the list form of `.zarray`'s `"dtype"`) as netCDF-4 compound
 * types: the array's metadata (`structuredArray`) and the anonymous types the model defines for them
 * (`RecordTypes`). A record's values reach the printer and the viewer as netCDF-4 compounds' do: one JSON text per
 * element (src/codecs/records.ts reads them from the chunk bytes), read back with the variable's type.
 *
 * Types. Each structured array's dtype is a compound type of the array's group named `_AnonymousCompound<N>`, a
 * nested record or a complex field another (fields `r`, `i`), a `|V` field an `_AnonymousOpaque<N>`; numbered per
 * dataset in definition order (a nested type is defined before the type that uses it, as netCDF requires), groups
 * in pre-order, arrays in order. Arrays of one group with the same dtype share its type. Fields map to netCDF
 * atomic types: integers and floats as they are (`<f2` widened to `float`), `|b1` as `ubyte` (0/1),
 * datetime64/timedelta64 as `int64` (their count), `|S1` as `char`, `|Sn` as `char` with a last dimension `n`,
 * `<Un` as `string`. Field offsets and sizes are numpy's (packed, padding included).
 */
import { MetadataError } from '../errors';
import { type RecordLayout, type RecordScalar, parseRecordLayout, recordTexts } from '../codecs/records';
import { type Json, JsonNumber, toPlain } from './json';
import type { CompoundField, FillValue, TypeRef, UserType } from './types';
import type { TypeInfo } from './dtype';
import type { RawGroup } from './raw';

export interface StructuredInfo {
  /** The dtype as compact JSON text (`Variable.dtype`; the data path parses it again). */
  readonly dtype: string;
  readonly record: RecordLayout;
  readonly typeInfo: TypeInfo;
  /** One record's JSON text, or null. */
  readonly fill: FillValue;
}

function base64(text: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/**
 * A structured `.zarray` dtype and its `fill_value` (zarr-python: the base64 of the record's bytes; `0` or null
 * also accepted). Throws `MetadataError` naming what cannot be read.
 */
export function structuredArray(dtype: Json, fillJson: Json, key: string): StructuredInfo {
  const plain = toPlain(dtype);
  let record: RecordLayout;
  try {
    record = parseRecordLayout(plain);
  } catch (cause) {
    throw new MetadataError(cause instanceof Error ? cause.message : String(cause), { key, cause });
  }
  let fill: FillValue = null;
  if (fillJson !== null) {
    const zero = fillJson instanceof JsonNumber && fillJson.toNumber() === 0;
    const bytes = zero ? new Uint8Array(record.itemSize) : typeof fillJson === 'string' ? base64(fillJson) : undefined;
    if (!bytes || bytes.length !== record.itemSize)
      throw new MetadataError(
        `fill_value of a structured dtype must be the base64 text of one record's ${record.itemSize} bytes.`,
        { key },
      );
    fill = recordTexts(bytes, record, 1)[0] ?? null;
  }
  return {
    dtype: JSON.stringify(plain),
    record,
    typeInfo: { type: 'compound', itemSize: record.itemSize, endianness: 'none' },
    fill,
  };
}

/** Every structured array's group and layout, in the order the model reads arrays (a group's, then its subgroups'). */
export function structuredArrays(g: RawGroup): { group: string; layout: RecordLayout }[] {
  const path = g.key === '' ? '/' : `/${g.key}`;
  const own = g.arrays.flatMap((a) => (a.info.record ? [{ group: path, layout: a.info.record }] : []));
  return [...own, ...g.groups.flatMap(structuredArrays)];
}

const joinPath = (group: string, name: string) => (group === '/' ? `/${name}` : `${group}/${name}`);

/** A part of a record that is a type of its own: a nested record, a complex number, raw bytes. */
type Part = RecordScalar & { kind: 'record' | 'complex' | 'void' };
const isPart = (t: RecordScalar): t is Part => t.kind === 'record' || t.kind === 'complex' || t.kind === 'void';
const partKey = (t: Part) => (t.kind === 'record' ? JSON.stringify(t.layout) : `${t.kind}${t.size}`);
const parts = (layout: RecordLayout): Part[] => layout.fields.flatMap((f) => (isPart(f.type) ? [f.type] : []));

/**
 * The anonymous types of a dataset's structured arrays (see the module doc), named as netcdf-c names the anonymous
 * types of a netCDF-4 file (src/formats/netcdf4/user-types.ts): `_Anonymous<Class><n>`, one counter for the
 * dataset, the arrays' own types first in the order arrays are read (a group's arrays, then its subgroups), each
 * defined in its array's group and used by every later array of an equal dtype; then the parts they use that no
 * type read before equals, each defined just before the type that uses it.
 */
export class RecordTypes {
  private readonly byKey = new Map<string, { name: string; group: string; part: Part }>();
  private readonly order = new Map<string, string[]>();
  private readonly built = new Map<string, UserType>();

  /** `arrays`: each structured array's group (full path) and layout, in the order arrays are read. */
  constructor(arrays: readonly { readonly group: string; readonly layout: RecordLayout }[]) {
    let counter = 0;
    const add = (group: string, part: Part, before?: string) => {
      const key = partKey(part);
      const name = `_Anonymous${part.kind === 'void' ? 'Opaque' : 'Compound'}${++counter}`;
      this.byKey.set(key, { name, group, part });
      const list = this.order.get(group) ?? [];
      const at = before === undefined ? -1 : list.indexOf(before);
      list.splice(at < 0 ? list.length : at, 0, key);
      this.order.set(group, list);
    };
    const half: { group: string; part: Part }[] = [];
    for (const { group, layout } of arrays) {
      const part: Part = { kind: 'record', layout };
      if (this.byKey.has(partKey(part))) continue;
      add(group, part);
      half.push({ group, part });
    }
    const nameParts = (group: string, outer: Part) => {
      if (outer.kind !== 'record') return;
      for (const p of parts(outer.layout)) {
        if (this.byKey.has(partKey(p))) continue;
        add(group, p, partKey(outer));
        nameParts(group, p);
      }
    };
    for (const { group, part } of half) nameParts(group, part);
  }

  /** The compound type of a structured array's layout. */
  compound(layout: RecordLayout): UserType {
    return this.type(partKey({ kind: 'record', layout }));
  }

  /** The types defined in `group`, in definition order. */
  group(group: string): UserType[] {
    return (this.order.get(group) ?? []).map((k) => this.type(k));
  }

  private type(key: string): UserType {
    const known = this.built.get(key);
    if (known) return known;
    const def = this.byKey.get(key);
    if (!def) throw new Error(`no anonymous type for ${key}`);
    const { name, group, part } = def;
    const path = joinPath(group, name);
    let t: UserType;
    if (part.kind === 'void') t = { kind: 'opaque', name, path, size: part.size };
    else if (part.kind === 'complex') {
      const type = part.size === 16 ? 'double' : 'float';
      const fields: CompoundField[] = [
        { name: 'r', offset: 0, type, dims: [] },
        { name: 'i', offset: part.size / 2, type, dims: [] },
      ];
      t = { kind: 'compound', name, path, size: part.size, fields };
    } else {
      const fields = part.layout.fields.map((f): CompoundField => {
        const { type, dims } = this.fieldType(f.type);
        return { name: f.name, offset: f.offset, type, dims: [...f.shape, ...dims] };
      });
      t = { kind: 'compound', name, path, size: part.layout.itemSize, fields };
    }
    this.built.set(key, t);
    return t;
  }

  private fieldType(t: RecordScalar): { type: TypeRef; dims: number[] } {
    switch (t.kind) {
      case 'int':
        return { type: t.size === 1 ? 'byte' : t.size === 2 ? 'short' : t.size === 4 ? 'int' : 'int64', dims: [] };
      case 'uint':
        return { type: t.size === 1 ? 'ubyte' : t.size === 2 ? 'ushort' : t.size === 4 ? 'uint' : 'uint64', dims: [] };
      case 'float':
        return { type: t.size === 8 ? 'double' : 'float', dims: [] };
      case 'bool':
        return { type: 'ubyte', dims: [] };
      case 'datetime':
      case 'timedelta':
        return { type: 'int64', dims: [] };
      case 'bytes':
        return { type: 'char', dims: t.size === 1 ? [] : [t.size] };
      case 'unicode':
        return { type: 'string', dims: [] };
      default:
        return { type: this.type(partKey(t)), dims: [] };
    }
  }
}
