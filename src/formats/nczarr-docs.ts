/**
 * The NCZarr documents (attribute form, as netcdf-c 4.9.3 writes them) of a netCDF dataset described in memory:
 * the metadata half of a file format's virtual store. Per group `.zgroup` and `.zattrs` (`_nczarr_superblock` at
 * the root, `_nczarr_group`, `_nczarr_attr`), per variable `.zarray` and `.zattrs` (`_ARRAY_DIMENSIONS`,
 * `_nczarr_array`, `_nczarr_attr`). Numbers keep their exact text: int64/uint64 as integer text, floats as the
 * shortest text of their value, non-finite values as netcdf-c spells them.
 */

/** A JSON value; maps keep their insertion order. */
export type DocValue = string | number | bigint | boolean | null | readonly DocValue[] | ReadonlyMap<string, DocValue>;

export interface DocAttribute {
  readonly name: string;
  readonly value: DocValue;
  /**
   * The NCZarr attribute type: `<i4`, `<f8`, `>S1` (char text), `|S128` (netCDF string), or the full path of a
   * netCDF-4 user-defined type (`/cmp_t`: the value is then the list of its values, src/model/user-types.ts).
   */
  readonly type: string;
}

export interface DocDimension {
  readonly name: string;
  readonly size: number;
  readonly unlimited: boolean;
}

export interface DocVariable {
  readonly name: string;
  /** Zarr v2 dtype (`>f4`, `<i2`, `>S1`, `|O`). */
  readonly dtype: string;
  /** `[]` for a scalar. */
  readonly shape: readonly number[];
  readonly chunks: readonly number[];
  readonly fill: DocValue;
  /** Zarr v2 filters in write order (decoding runs them backwards); no compressor is written. */
  readonly filters: readonly DocValue[];
  /** Full paths of the variable's dimensions (`/grp/time`). */
  readonly dimensions: readonly string[];
  readonly storage: 'contiguous' | 'chunked' | 'compact';
  readonly attributes: readonly DocAttribute[];
  /** Full path of a netCDF-4 user-defined type (`_nczarr_array.user_type`). */
  readonly userType?: string | undefined;
  /** Filters the store decodes itself, for `ncdump -s` (`_nczarr_array.store_filters`). */
  readonly storeFilters?: readonly DocValue[] | undefined;
}

export interface DocGroup {
  readonly name: string;
  readonly attributes: readonly DocAttribute[];
  readonly dimensions: readonly DocDimension[];
  readonly variables: readonly DocVariable[];
  readonly groups: readonly DocGroup[];
  /** netCDF-4 user-defined type definitions (`_nczarr_group.user_types`, src/model/user-types.ts). */
  readonly userTypes?: readonly DocValue[] | undefined;
  /** Children a damaged file names but whose metadata is unreadable: listed as arrays, their `.zarray` an error. */
  readonly lost?: readonly string[] | undefined;
}

function num(x: number | bigint): string {
  if (typeof x === 'bigint') return x.toString();
  if (Number.isNaN(x)) return '"NaN"';
  if (x === Infinity) return '"Infinity"';
  if (x === -Infinity) return '"-Infinity"';
  return Object.is(x, -0) ? '-0.0' : String(x);
}

/** JSON text of a value (maps in insertion order). */
export function docJson(v: DocValue): string {
  if (v === null || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'bigint') return num(v);
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${JSON.stringify(k)}: ${docJson(x)}`).join(', ')}}`;
  return `[${(v as readonly DocValue[]).map(docJson).join(',')}]`;
}

/** Names the model reads as NCZarr annotations: a file attribute of that name is not written over them. */
const RESERVED = /^(_nczarr_|_ARRAY_DIMENSIONS$)/i;

function attrsDoc(attrs: readonly DocAttribute[], annotations: [string, DocValue][]): string {
  const doc = new Map<string, DocValue>();
  const types = new Map<string, DocValue>();
  for (const a of attrs) {
    if (RESERVED.test(a.name)) continue;
    doc.set(a.name, a.value);
    types.set(a.name, a.type);
  }
  for (const [k, v] of annotations) {
    doc.set(k, v);
    if (k.startsWith('_nczarr_')) types.set(k, '|J0');
  }
  types.set('_nczarr_attr', '|J0');
  doc.set('_nczarr_attr', new Map([['types', types]]));
  return docJson(doc);
}

const join = (base: string, name: string) => `${base}/${name}`;

/** Every metadata document of the dataset, by store key (`/.zattrs`, `/grp/temp/.zarray`). */
export function nczarrDocuments(root: DocGroup): Map<string, Uint8Array> {
  const docs = new Map<string, Uint8Array>();
  const enc = new TextEncoder();
  const put = (key: string, text: string) => docs.set(key, enc.encode(text));
  const visit = (g: DocGroup, base: string, isRoot: boolean) => {
    put(`${base}/.zgroup`, '{"zarr_format": 2}');
    const dims = new Map<string, DocValue>(
      g.dimensions.map((d) => [
        d.name,
        d.unlimited
          ? new Map<string, DocValue>([
              ['size', d.size],
              ['unlimited', 1],
            ])
          : d.size,
      ]),
    );
    const group = new Map<string, DocValue>([
      ['dimensions', dims],
      ['arrays', [...g.variables.map((v) => v.name), ...(g.lost ?? [])]],
      ['groups', g.groups.map((c) => c.name)],
    ]);
    if (g.userTypes?.length) group.set('user_types', g.userTypes);
    const annotations: [string, DocValue][] = [['_nczarr_group', group]];
    if (isRoot) annotations.push(['_nczarr_superblock', new Map([['version', '2.0.0']])]);
    put(`${base}/.zattrs`, attrsDoc(g.attributes, annotations));
    for (const v of g.variables) {
      const scalar = v.shape.length === 0;
      const key = join(base, v.name);
      const zarray = new Map<string, DocValue>([
        ['zarr_format', 2],
        ['shape', scalar ? [1] : v.shape],
        ['dtype', v.dtype],
        ['chunks', scalar ? [1] : v.chunks],
        ['fill_value', v.fill],
        ['order', 'C'],
        ['compressor', null],
        ['filters', v.filters.length ? v.filters : null],
      ]);
      const array = new Map<string, DocValue>([
        ['dimension_references', v.dimensions],
        ...(scalar ? [['scalar', 1] as [string, DocValue]] : []),
        ['storage', v.storage],
        ...(v.userType === undefined ? [] : [['user_type', v.userType] as [string, DocValue]]),
        ...(v.storeFilters?.length ? [['store_filters', v.storeFilters] as [string, DocValue]] : []),
      ]);
      put(`${key}/.zarray`, docJson(zarray));
      const dimNames = v.dimensions.map((p) => p.slice(p.lastIndexOf('/') + 1));
      put(
        `${key}/.zattrs`,
        attrsDoc(v.attributes, [
          ['_ARRAY_DIMENSIONS', scalar ? ['_scalar_'] : dimNames],
          ['_nczarr_array', array],
        ]),
      );
    }
    for (const c of g.groups) visit(c, join(base, c.name), false);
  };
  visit(root, '', true);
  return docs;
}
