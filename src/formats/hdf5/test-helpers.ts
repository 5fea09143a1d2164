/** Shared by the tests of this folder: h5py's description of types and values, and reading raw dataset values. */
import { Cursor } from './cursor.ts';
import type { Hdf5File } from './file.ts';
import type { Datatype } from './message-datatype.ts';
import { ObjectRef, RegionRef, type Hdf5Value } from './values.ts';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A datatype as the fixture script describes it from h5py's type ids. */
export function describeType(t: Datatype): Json {
  switch (t.class) {
    case 'integer':
      return { class: 'integer', size: t.size, order: t.order, signed: t.signed };
    case 'float':
    case 'time':
    case 'bitfield':
      return { class: t.class, size: t.size, order: t.order };
    case 'string':
      return { class: 'string', size: t.size, charset: t.charset, padding: t.padding };
    case 'vlen-string':
      return { class: 'string', size: 'variable', charset: t.charset, padding: t.padding };
    case 'opaque':
      return { class: 'opaque', size: t.size, tag: t.tag };
    case 'compound':
      return {
        class: 'compound',
        size: t.size,
        members: t.members.map((m) => ({ name: m.name, offset: m.offset, type: describeType(m.type) })),
      };
    case 'reference':
      return { class: 'reference', kind: t.kind };
    case 'enum':
      return {
        class: 'enum',
        base: describeType(t.base),
        members: Object.fromEntries(t.members.map((m) => [m.name, Number(m.value)])),
      };
    case 'vlen':
      return { class: 'vlen', base: describeType(t.base) };
    case 'array':
      return { class: 'array', dims: [...t.dims], base: describeType(t.base) };
  }
}

/** Resolves references to addresses for comparison. */
export interface RefResolver {
  object(address: number | undefined): Json;
  region(ref: RegionRef): Promise<Json>;
}

/** A decoded value as the fixture script writes it (array elements flattened into the list they are in). */
export async function normalise(v: Hdf5Value, t: Datatype, refs: RefResolver): Promise<Json> {
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return 'NaN';
    if (v === Infinity) return 'Infinity';
    if (v === -Infinity) return '-Infinity';
    return v;
  }
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (typeof v === 'string') return v;
  if (v instanceof Uint8Array) return { opaque: [...v].map((b) => b.toString(16).padStart(2, '0')).join('') };
  if (v instanceof ObjectRef) return { ref: refs.object(v.address) };
  if (v instanceof RegionRef) return { region: await refs.region(v) };
  if (Array.isArray(v)) {
    const base = t.class === 'array' || t.class === 'vlen' ? t.base : t;
    return Promise.all((v as Hdf5Value[]).map((x) => normalise(x, base, refs)));
  }
  if (t.class !== 'compound') throw new Error(`a record for a ${t.class}`);
  const rec = v as { readonly [k: string]: Hdf5Value };
  const out: Record<string, Json> = {};
  for (const m of t.members) out[m.name] = await normalise(rec[m.name]!, m.type, refs);
  return out;
}

/** Top-level values: array-class elements are spread into the flat list, as numpy flattens subarrays. */
export async function normaliseList(values: readonly Hdf5Value[], t: Datatype, refs: RefResolver): Promise<Json[]> {
  const out: Json[] = [];
  for (const v of values) {
    const n = await normalise(v, t, refs);
    if (t.class === 'array' && Array.isArray(n)) out.push(...n);
    else out.push(n);
  }
  return out;
}

/** The object address a region reference's heap object names. */
export async function regionTarget(file: Hdf5File, ref: RegionRef): Promise<number | undefined> {
  if (!ref.heap) return undefined;
  const data = await file.heap.object(ref.heap);
  return new Cursor(data, ref.heap.collection, 'region reference', file.ctx.format).addr();
}
