/**
 * The NCZarr documents of a netCDF-3 file, as netcdf-c 4.9.3 writes them for the same dataset (attribute
 * form): root `.zgroup`, `.zattrs` with `_nczarr_superblock`, `_nczarr_group` and `_nczarr_attr`; per variable
 * `.zarray` (big-endian dtype, no compressor, the virtual chunks of layout.ts) and `.zattrs` with
 * `_ARRAY_DIMENSIONS`, `_nczarr_array` (`storage: "contiguous"`, `scalar` for rank 0) and `_nczarr_attr`.
 * Numbers are written so that the model reads back exactly what the file holds: float attributes as the
 * shortest text of their float32 value, int64/uint64 as integer text, non-finite values as netcdf-c spells them.
 */
import { decodeEscaped } from '../../text/utf8';
import type { Nc3Attribute } from './header';
import type { Nc3Layout, VarLayout } from './layout';
import { type Nc3Type, readValue } from './types';

/** JSON text of a value; numbers keep their exact text (see `num`). */
type JsonValue = string | number | bigint | boolean | null | readonly JsonValue[] | ReadonlyMap<string, JsonValue>;

function num(x: number | bigint): string {
  if (typeof x === 'bigint') return x.toString();
  if (Number.isNaN(x)) return '"NaN"';
  if (x === Infinity) return '"Infinity"';
  if (x === -Infinity) return '"-Infinity"';
  return Object.is(x, -0) ? '-0.0' : String(x);
}

function json(v: JsonValue): string {
  if (v === null || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'bigint') return num(v);
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${JSON.stringify(k)}: ${json(x)}`).join(', ')}}`;
  return `[${(v as readonly JsonValue[]).map(json).join(',')}]`;
}

/**
 * Names the model reads as NCZarr annotations: a file attribute of that name is not written over them. A global
 * char `_NCProperties` (a file converted from netCDF-4 keeps it as a plain attribute) passes through: the model
 * takes it as the provenance that `ncdump -s` prints, as netcdf-c does for a netCDF-3 file.
 */
const RESERVED = /^(_nczarr_|_ARRAY_DIMENSIONS$|_NCProperties$)/i;
const keptProvenance = (a: Nc3Attribute, global: boolean): boolean =>
  global && a.name === '_NCProperties' && a.type.name === 'char';

function values(bytes: Uint8Array, type: Nc3Type, count: number): (number | bigint)[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: (number | bigint)[] = [];
  for (let i = 0; i < count; i++) out.push(readValue(view, i * type.size, type));
  return out;
}

/** Char attribute text without its trailing NULs (ncdump's pr_att_string drops them; ncgen writes `""` as one NUL). */
function text(bytes: Uint8Array): string {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return decodeEscaped(bytes.subarray(0, end));
}

function attributeValue(a: Nc3Attribute): JsonValue {
  if (a.type.name === 'char') return text(a.bytes);
  const list = values(a.bytes, a.type, a.count);
  return list.length === 1 ? (list[0] as number | bigint) : list;
}

/** User attributes and their NCZarr types, then the annotations (with their `|J0` types) in netcdf-c's order. */
function attrsDoc(attrs: readonly Nc3Attribute[], annotations: [string, JsonValue][], global = false): Uint8Array {
  const doc = new Map<string, JsonValue>();
  const types = new Map<string, JsonValue>();
  for (const a of attrs) {
    if (RESERVED.test(a.name) && !keptProvenance(a, global)) continue;
    doc.set(a.name, attributeValue(a));
    types.set(a.name, a.type.attrType);
  }
  for (const [k, v] of annotations) {
    doc.set(k, v);
    if (k.startsWith('_nczarr_')) types.set(k, '|J0');
  }
  types.set('_nczarr_attr', '|J0');
  doc.set('_nczarr_attr', new Map([['types', types]]));
  return new TextEncoder().encode(json(doc));
}

/** The fill value netcdf-c writes in `.zarray`: the `_FillValue` attribute's first value, else netCDF's default. */
function fillValue(v: VarLayout): JsonValue {
  const t = v.variable.type;
  const att = v.variable.attributes.find((a) => a.name === '_FillValue');
  if (att && att.type.code === t.code && att.count > 0) {
    if (t.name === 'char') return decodeEscaped(att.bytes.subarray(0, 1));
    return values(att.bytes, t, 1)[0] as number | bigint;
  }
  return t.fill;
}

/** Every metadata document of the virtual store, by store key (`/.zattrs`, `/temp/.zarray`). */
export function metadataDocuments(
  layout: Nc3Layout,
  globals: readonly Nc3Attribute[],
  dimensions: readonly { name: string; length: number }[],
): Map<string, Uint8Array> {
  const docs = new Map<string, Uint8Array>();
  const enc = (s: string) => new TextEncoder().encode(s);
  docs.set('/.zgroup', enc('{"zarr_format": 2}'));
  const dims = new Map<string, JsonValue>(
    dimensions.map((d) => [
      d.name,
      d.length === 0
        ? new Map<string, JsonValue>([
            ['size', layout.numrecs],
            ['unlimited', 1],
          ])
        : d.length,
    ]),
  );
  const group = new Map<string, JsonValue>([
    ['dimensions', dims],
    ['arrays', layout.variables.map((v) => v.variable.name)],
    ['groups', []],
  ]);
  docs.set(
    '/.zattrs',
    attrsDoc(
      globals,
      [
        ['_nczarr_group', group],
        ['_nczarr_superblock', new Map([['version', '2.0.0']])],
      ],
      true,
    ),
  );
  for (const v of layout.variables) {
    const scalar = v.shape.length === 0;
    const zarray = new Map<string, JsonValue>([
      ['zarr_format', 2],
      ['shape', scalar ? [1] : v.shape],
      ['dtype', v.variable.type.dtype],
      ['chunks', scalar ? [1] : v.chunks],
      ['fill_value', fillValue(v)],
      ['order', 'C'],
      ['compressor', null],
      ['filters', null],
    ]);
    const array = new Map<string, JsonValue>([
      ['dimension_references', v.dimensions.map((d) => `/${d.name}`)],
      ...(scalar ? [['scalar', 1] as [string, JsonValue]] : []),
      ['storage', 'contiguous'],
    ]);
    docs.set(`/${v.variable.name}/.zarray`, enc(json(zarray)));
    docs.set(
      `/${v.variable.name}/.zattrs`,
      attrsDoc(v.variable.attributes, [
        ['_ARRAY_DIMENSIONS', scalar ? ['_scalar_'] : v.dimensions.map((d) => d.name)],
        ['_nczarr_array', array],
      ]),
    );
  }
  return docs;
}
