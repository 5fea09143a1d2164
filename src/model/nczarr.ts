/**
 * NCZarr annotations in every form, normalised:
 * - attribute form (netcdf-c ≥ 4.9.1): `_nczarr_superblock`, `_nczarr_group {dimensions, arrays, groups|subgroups}`,
 *   `_nczarr_array {dimension_references, storage, scalar}`, `_nczarr_attr {types}` inside `.zattrs`;
 * - key form (4.8–4.9.0): the same dictionaries as keys of `.zgroup` / `.zarray` / `.zattrs`, upper or lower
 *   case, with the old member names `dims`, `vars`, `dimrefs`;
 * - v1 objects (seed 2023-03 Appendix C): `.nczarr`, `.nczgroup`, `.nczarray`, `.nczattr` next to the Zarr ones;
 * - Zarr v3 (seed 2024-04 Appendix E): `_nczarr_group.dimensions` as a list of `{name, size, unlimited}`,
 *   `_nczarr_array.type_alias`, `_nczarr_attrs.attribute_types`.
 */
import { MetadataError } from '../errors';
import { type Json, type JsonObject, JsonNumber, asCount, asStrings, getCI, isObject, jsonEntries } from './json';
import type { NcArrayInfo, NcDimDef, NcGroupInfo } from './raw';

function truthy(v: Json | undefined): boolean {
  if (v instanceof JsonNumber) return v.toNumber() !== 0;
  if (typeof v === 'string') return v === '1' || v.toLowerCase() === 'true';
  return v === true;
}

function dimDef(name: string, v: Json, key: string): NcDimDef {
  const size = asCount(v);
  if (size !== undefined) return { name, size, unlimited: false };
  if (isObject(v)) {
    const s = asCount(getCI(v, 'size'));
    if (s !== undefined) return { name, size: s, unlimited: truthy(getCI(v, 'unlimited')) };
  }
  throw new MetadataError(`NCZarr dimension ${name} has no valid size.`, { key });
}

/** Normalises a group annotation. */
export function parseNcGroup(v: Json, key: string): NcGroupInfo {
  if (!isObject(v)) throw new MetadataError('the NCZarr group annotation is not an object.', { key });
  const dimsJson = getCI(v, 'dimensions', 'dims');
  const dims: NcDimDef[] = [];
  if (isObject(dimsJson)) {
    for (const [name, d] of jsonEntries(dimsJson)) dims.push(dimDef(name, d, key));
  } else if (Array.isArray(dimsJson)) {
    for (const d of dimsJson) {
      if (!isObject(d) || typeof d.name !== 'string')
        throw new MetadataError('an NCZarr dimension has no name.', { key });
      dims.push(dimDef(d.name, d, key));
    }
  } else if (dimsJson !== undefined && dimsJson !== null) {
    throw new MetadataError('NCZarr "dimensions" is neither an object nor a list.', { key });
  }
  const arraysJson = getCI(v, 'arrays', 'vars');
  const groupsJson = getCI(v, 'groups', 'subgroups');
  const arrays = arraysJson === undefined ? undefined : asStrings(arraysJson);
  const groups = groupsJson === undefined ? undefined : asStrings(groupsJson);
  if (arraysJson !== undefined && !arrays) throw new MetadataError('NCZarr "arrays" is not a list of names.', { key });
  if (groupsJson !== undefined && !groups) throw new MetadataError('NCZarr "groups" is not a list of names.', { key });
  const userTypes = getCI(v, 'user_types');
  return { dims, arrays, groups, ...(Array.isArray(userTypes) ? { userTypes } : {}) };
}

/** Normalises an array annotation. */
export function parseNcArray(v: Json, key: string): NcArrayInfo {
  if (!isObject(v)) throw new MetadataError('the NCZarr array annotation is not an object.', { key });
  const refsJson = getCI(v, 'dimension_references', 'dimrefs');
  const dimrefs = refsJson === undefined || refsJson === null ? undefined : asStrings(refsJson);
  if (refsJson !== undefined && refsJson !== null && !dimrefs)
    throw new MetadataError('NCZarr dimension references are not a list of names.', { key });
  const storage = getCI(v, 'storage');
  const alias = getCI(v, 'type_alias');
  const userType = getCI(v, 'user_type');
  const storeFilters = getCI(v, 'store_filters');
  return {
    dimrefs,
    storage: typeof storage === 'string' ? storage : undefined,
    scalar: truthy(getCI(v, 'scalar')) || storage === 'scalar',
    typeAlias: typeof alias === 'string' ? alias : undefined,
    ...(typeof userType === 'string' ? { userType } : {}),
    ...(Array.isArray(storeFilters) ? { storeFilters } : {}),
  };
}

/** Normalises attribute types (`{types: {name: dtype}}` or v3 `{attribute_types: [...]}`). */
export function parseNcAttrTypes(v: Json, key: string): Record<string, string> {
  if (!isObject(v)) throw new MetadataError('the NCZarr attribute annotation is not an object.', { key });
  const types = getCI(v, 'types');
  const out: Record<string, string> = {};
  if (isObject(types)) {
    for (const [name, t] of Object.entries(types)) if (typeof t === 'string') out[name] = t;
    return out;
  }
  const list = getCI(v, 'attribute_types');
  if (Array.isArray(list)) {
    for (const e of list) {
      if (!isObject(e) || typeof e.name !== 'string') continue;
      const t = isObject(e.configuration) ? e.configuration.type : e.type;
      if (typeof t === 'string') out[e.name] = t;
    }
    return out;
  }
  if (types === undefined && list === undefined) return out;
  throw new MetadataError('NCZarr attribute types are not an object.', { key });
}

/** Finds an annotation by any spelling (`_nczarr_group`, `_NCZARR_GROUP`) in an object. */
export function annotation(obj: JsonObject | undefined, name: string): Json | undefined {
  if (!obj) return undefined;
  return getCI(obj, `_nczarr_${name}`);
}
