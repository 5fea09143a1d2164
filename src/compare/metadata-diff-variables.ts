/**
 * Two variables compared (`diffVariables`: type, dimensions, attributes, encodings), and the values that go into
 * it: equality by value (NaN equals NaN), the codec pipeline as compared, and values as CDL-like text. The
 * datasets' diff (metadata-diff.ts) compares the variables it finds in both with the same steps.
 */
import { attributeValues } from '../cdl/attributes';
import { cdlName, cdlString } from '../cdl/escape';
import { doubleAttr, floatAttr, intAttr } from '../cdl/number';
import { typeName } from '../cdl/header';
import type { Attribute, Codec, Dimension, FillValue, Variable } from '../model/types';
import {
  type DiffSection,
  type Emit,
  type MetadataDiff,
  type MetadataDifference,
  finish,
} from './metadata-diff-result';

// ---------------------------------------------------------------------------------------------------------------
// Values

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && !(x instanceof Uint8Array);

/** Equality by value: NaN equals NaN, bigint equals the same integer, objects whatever their key order. */
export function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x === 'number' && typeof y === 'number') return Number.isNaN(x) && Number.isNaN(y);
  if ((typeof x === 'bigint' || typeof x === 'number') && (typeof y === 'bigint' || typeof y === 'number')) {
    // 64-bit values: a bigint and a number holding the same integer.
    return Number.isInteger(typeof x === 'number' ? x : y) && BigInt(x as number) === BigInt(y as number);
  }
  if (x instanceof Uint8Array && y instanceof Uint8Array) return x.length === y.length && x.every((b, i) => b === y[i]);
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => sameValue(v, y[i]));
  if (isObject(x) && isObject(y)) {
    const kx = Object.keys(x).filter((k) => x[k] !== undefined);
    const ky = Object.keys(y).filter((k) => y[k] !== undefined);
    return kx.length === ky.length && kx.every((k) => k in y && sameValue(x[k], y[k]));
  }
  return false;
}

/** Whether two attributes of the same name hold the same netCDF type and values. */
export function sameAttribute(a: Attribute, b: Attribute): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'user' && b.type === 'user')
    return a.userType.name === b.userType.name && a.userType.kind === b.userType.kind && sameValue(a.value, b.value);
  return sameValue(a.value, b.value);
}

/** An attribute's values in CDL (`"K"`, `1.5f, 2.f`, `string "a", "b"`). */
export function attributeText(a: Attribute): string {
  return `${a.type === 'string' ? 'string ' : ''}${attributeValues(a)}`;
}

/** A fill value in CDL for the variable's type; `none` when the variable has no fill (`_NoFill`). */
export function fillText(v: Variable, x: FillValue = v.fillValue): string {
  if (x === null) return 'none';
  if (typeof x === 'string') return `"${cdlString(x)}"`;
  if (typeof x === 'boolean') return String(x);
  if (typeof x === 'bigint') return intAttr(x, v.type);
  if (x instanceof Uint8Array) return `0x${[...x].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  if (Array.isArray(x)) return `(${x.map((n) => doubleAttr(n as number)).join(', ')})`;
  const n = x as number;
  if (v.type === 'float') return floatAttr(n);
  if (v.type === 'double' || v.type === 'half' || !Number.isInteger(n)) return doubleAttr(n);
  return intAttr(n, v.type);
}

const BLOSC_SHUFFLE: Record<string, string> = { '0': 'noshuffle', '1': 'shuffle', '2': 'bitshuffle', '-1': 'auto' };

/**
 * A variable's codec pipeline as compared: the file's own filters then the chain, without the v3 `bytes` codec
 * (its byte order is compared as `byte order`, and v2 has it implicitly) and with Blosc's shuffle by name and
 * without the `typesize` v3 adds (the item size is the type's), so the same pipeline in v2 and v3 compares equal.
 */
export function comparableCodecs(v: Variable): Codec[] {
  return [...(v.storeCodecs ?? []), ...v.codecs]
    .filter((c) => !(c.id === 'bytes' && Object.keys(c.configuration).every((k) => k === 'endian')))
    .map((c) => {
      if (c.id !== 'blosc') return c;
      const { typesize: _typesize, shuffle, ...rest } = c.configuration;
      const named = shuffle === undefined ? undefined : (BLOSC_SHUFFLE[String(shuffle)] ?? shuffle);
      return { id: c.id, configuration: named === undefined ? rest : { ...rest, shuffle: named } };
    });
}

function jsonText(x: unknown): string {
  return JSON.stringify(x, (_k, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
    if (v instanceof Uint8Array) return [...v];
    if (isObject(v))
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, v[k]]),
      );
    return v;
  });
}

/** The pipeline as text: `blosc(blocksize=0, clevel=5, cname="lz4", shuffle="shuffle"), zlib(level=4)`, or `none`. */
export function codecsText(codecs: readonly Codec[]): string {
  if (codecs.length === 0) return 'none';
  return codecs
    .map((c) => {
      const keys = Object.keys(c.configuration)
        .filter((k) => c.configuration[k] !== undefined)
        .sort();
      return `${c.id}(${keys.map((k) => `${k}=${jsonText(c.configuration[k])}`).join(', ')})`;
    })
    .join(', ');
}

/** A dimension by its full path: `/time = 4`, `/time = UNLIMITED (4 currently)`. */
export const dimensionText = (d: Dimension) =>
  `${d.path} = ${d.unlimited ? `UNLIMITED (${d.length} currently)` : d.length}`;

const dimensionsText = (v: Variable, lengths: boolean) =>
  `(${v.dimensions.map((d) => (lengths ? `${cdlName(d.name)} = ${d.length}` : cdlName(d.name))).join(', ')})`;

/** A variable's declaration by its full path: `float /t2m(time, latitude, longitude)`. */
export const declaration = (v: Variable) =>
  `${typeName(v)} ${v.path}${v.dimensions.length > 0 ? dimensionsText(v, false) : ''}`;

/** Zarr's dtype without its byte order (`<f4` → `f4`); v3 names have none. */
const dtypeCore = (v: Variable) => v.dtype.replace(/^[<>|=]/, '');
/** The fill value as stored: a float variable's as float32 (NCZarr's JSON `9.96921e+36` is NC_FILL_FLOAT). */
const storedFill = (v: Variable) =>
  v.type === 'float' && typeof v.fillValue === 'number' ? Math.fround(v.fillValue) : v.fillValue;

// ---------------------------------------------------------------------------------------------------------------
// Diffing

/** A list's items by name. */
export function byName<T extends { readonly name: string }>(xs: readonly T[]): Map<string, T> {
  return new Map(xs.map((x) => [x.name, x]));
}

/** Attributes only on one side or with another value; the order of either list does not matter. */
export function diffAttributes(
  a: readonly Attribute[],
  b: readonly Attribute[],
  path: string,
  target: 'group' | 'variable',
  emit: Emit,
): void {
  const bs = byName(b);
  const as = byName(a);
  for (const x of a) {
    const y = bs.get(x.name);
    if (!y) emit({ section: 'attributes', kind: 'only-in-a', target, path, property: x.name, a: attributeText(x) });
    else if (!sameAttribute(x, y))
      emit({
        section: 'attributes',
        kind: 'changed',
        target,
        path,
        property: x.name,
        a: attributeText(x),
        b: attributeText(y),
      });
  }
  for (const y of b)
    if (!as.has(y.name))
      emit({ section: 'attributes', kind: 'only-in-b', target, path, property: y.name, b: attributeText(y) });
}

interface VariableOptions {
  /**
   * Paths of dimensions whose length difference is reported at the dimension: a variable over one of them (the
   * same dimension on both sides) does not report the length again.
   */
  readonly reportedLengths?: ReadonlySet<string> | undefined;
}

export function diffVariablePair(a: Variable, b: Variable, emit: Emit, o: VariableOptions = {}): void {
  const path = a.path;
  const change = (section: DiffSection, property: string, x: string, y: string) => {
    if (x !== y) emit({ section, kind: 'changed', target: 'variable', path, property, a: x, b: y });
  };
  const typeA = typeName(a);
  const typeB = typeName(b);
  change('variables', 'type', typeA, typeB);
  const sameNames =
    a.dimensions.length === b.dimensions.length && a.dimensions.every((d, i) => d.name === b.dimensions[i]?.name);
  const lengthsDiffer = a.dimensions.some((d, i) => {
    const e = b.dimensions[i];
    return e !== undefined && d.length !== e.length && !(d.path === e.path && o.reportedLengths?.has(d.path));
  });
  if (!sameNames || lengthsDiffer) {
    // Lengths shown when they are what differs (or when the names do too and the lengths tell more).
    const lengths = lengthsDiffer || !sameNames;
    change('variables', 'dimensions', dimensionsText(a, lengths), dimensionsText(b, lengths));
  }
  diffAttributes(a.attributes, b.attributes, path, 'variable', emit);

  // Encodings.
  change('encodings', 'storage', a.storage, b.storage);
  if (a.storage === 'chunked' && b.storage === 'chunked')
    change('encodings', 'chunks', a.chunks.join(', '), b.chunks.join(', '));
  const ca = comparableCodecs(a);
  const cb = comparableCodecs(b);
  const sameCodecs =
    ca.length === cb.length &&
    ca.every((c, i) => c.id === cb[i]?.id && sameValue(c.configuration, cb[i]?.configuration));
  if (!sameCodecs)
    emit({
      section: 'encodings',
      kind: 'changed',
      target: 'variable',
      path,
      property: 'codecs',
      a: codecsText(ca),
      b: codecsText(cb),
    });
  if (!sameValue(storedFill(a), storedFill(b)))
    emit({
      section: 'encodings',
      kind: 'changed',
      target: 'variable',
      path,
      property: 'fill value',
      a: fillText(a),
      b: fillText(b),
    });
  if (a.endianness !== 'none' && b.endianness !== 'none') change('encodings', 'byte order', a.endianness, b.endianness);
  change('encodings', 'order', a.order, b.order);
  // The same netCDF type stored as another Zarr type (`<M8[ns]` / `<M8[s]`), when both speak the same format.
  if (typeA === typeB && a.zarr.zarrFormat === b.zarr.zarrFormat)
    change('encodings', 'dtype', dtypeCore(a), dtypeCore(b));
  change('encodings', 'string length', String(a.maxStrlen ?? ''), String(b.maxStrlen ?? ''));
}

/**
 * The differences between two variables, whatever their paths (`/t2m` of one dataset against `/tas` of another):
 * type, dimensions (names, order, lengths), attributes and encodings. Each difference has A's path, and B's as
 * `pathB` when it is another.
 */
export function diffVariables(a: Variable, b: Variable): MetadataDiff {
  const found: MetadataDifference[] = [];
  diffVariablePair(a, b, (d) => found.push(a.path === b.path ? d : { ...d, pathB: b.path }));
  return finish('variables', a.path, b.path, found);
}
