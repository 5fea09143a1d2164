/**
 * The NCZarr documents of the aggregated view of a CFA master: the master's own documents, with each aggregated
 * variable given its full shape, its dimensions and its chunk grid (dtype little-endian, no codecs: the store hands
 * on its chunks as plain values), its CFA attributes dropped, and the 0.5 partition-matrix groups left out of their
 * parents, as S3netCDF4's reader shows the dataset. Documents are rewritten through the model's lossless JSON, so
 * every other value keeps its exact text.
 */
import { MetadataError } from '../../errors';
import { type Json, type JsonObject, JsonNumber, isObject, jsonEntries, parseJson, unparse } from '../../model/json';
import type { Store } from '../../store/types';
import { CFA_ATTRIBUTES, type Aggregation } from './partitions';

const dec = new TextDecoder();
const enc = new TextEncoder();

async function doc(store: Store, key: string): Promise<JsonObject> {
  const bytes = await store.get(key as `/${string}`);
  const v = bytes ? parseJson(dec.decode(bytes), key) : undefined;
  if (!isObject(v)) throw new MetadataError(`${store.description}: ${key} is missing or not an object.`, { key });
  return v;
}

/** The object without `names`, in document order. */
function without(obj: JsonObject, names: ReadonlySet<string>): JsonObject {
  return Object.fromEntries(jsonEntries(obj).filter(([k]) => !names.has(k)));
}

const nums = (xs: readonly number[]): Json[] => xs.map((x) => new JsonNumber(String(x)));

/** The store key of a model path (`/g/tas` → `/g/tas`; the root group `/` → ``). */
const keyOf = (path: string) => (path === '/' ? '' : path);

/** A little-endian dtype for the same values (`>f4` → `<f4`); one-byte types keep theirs. */
export function littleEndian(dtype: string): string {
  return dtype.startsWith('>') ? `<${dtype.slice(1)}` : dtype;
}

/** The rewritten documents by key, and the key prefixes of the hidden partition-matrix groups. */
export async function aggregatedDocuments(
  store: Store,
  aggregations: readonly Aggregation[],
  chunks: ReadonlyMap<string, readonly number[]>,
): Promise<{ docs: Map<string, Uint8Array>; hidden: string[] }> {
  const docs = new Map<string, Uint8Array>();
  const hidden: string[] = [];
  const parents = new Map<string, Set<string>>();
  for (const a of aggregations) {
    const key = keyOf(a.variable.path);
    const zarray = await doc(store, `${key}/.zarray`);
    const dtype = zarray.dtype;
    const newArray: JsonObject = {
      ...without(zarray, new Set(['shape', 'chunks', 'dtype', 'compressor', 'filters'])),
      shape: nums(a.shape),
      dtype: typeof dtype === 'string' ? littleEndian(dtype) : (dtype ?? null),
      chunks: nums(chunks.get(a.variable.path) ?? a.shape),
      compressor: null,
      filters: null,
    };
    docs.set(`${key}/.zarray`, enc.encode(unparse(newArray)));
    const zattrs = await doc(store, `${key}/.zattrs`);
    const nczarr = isObject(zattrs._nczarr_array) ? zattrs._nczarr_array : {};
    const attr = isObject(zattrs._nczarr_attr) ? zattrs._nczarr_attr : {};
    const types = isObject(attr.types) ? without(attr.types, CFA_ATTRIBUTES) : {};
    const newAttrs: JsonObject = {
      ...without(zattrs, new Set([...CFA_ATTRIBUTES, '_ARRAY_DIMENSIONS', '_nczarr_array', '_nczarr_attr'])),
      _ARRAY_DIMENSIONS: a.dimensions.map((d) => d.name),
      _nczarr_array: {
        ...without(nczarr, new Set(['dimension_references', 'scalar', 'storage'])),
        dimension_references: a.dimensions.map((d) => d.path),
        storage: 'chunked',
      },
      _nczarr_attr: { ...attr, types },
    };
    docs.set(`${key}/.zattrs`, enc.encode(unparse(newAttrs)));
    if (a.matrixGroup) {
      hidden.push(`${a.matrixGroup}/`);
      const slash = a.matrixGroup.lastIndexOf('/');
      const parent = a.matrixGroup.slice(0, slash);
      const names = parents.get(parent) ?? new Set<string>();
      names.add(a.matrixGroup.slice(slash + 1));
      parents.set(parent, names);
    }
  }
  for (const [parent, names] of parents) {
    const zattrs = await doc(store, `${parent}/.zattrs`);
    const group = zattrs._nczarr_group;
    if (!isObject(group) || !Array.isArray(group.groups)) continue;
    const kept = group.groups.filter((g) => !(typeof g === 'string' && names.has(g)));
    const newGroup: JsonObject = Object.fromEntries(jsonEntries(group).map(([k, v]) => [k, k === 'groups' ? kept : v]));
    docs.set(
      `${parent}/.zattrs`,
      enc.encode(
        unparse(Object.fromEntries(jsonEntries(zattrs).map(([k, v]) => [k, k === '_nczarr_group' ? newGroup : v]))),
      ),
    );
  }
  return { docs, hidden };
}
