/**
 * Zarr attribute JSON → typed netCDF attributes, as netcdf-c reads them:
 * - with an NCZarr type (`_nczarr_attr.types`, `_NCZARR_ATTR`, `.nczattr`, v3 `_nczarr_attrs`) the value is
 *   converted to that type (`|J0`/`json` → the JSON text as char);
 * - otherwise the type is inferred from the first value (NCZ_inferattrtype): integers → int, or uint / int64 /
 *   uint64 when they do not fit; reals → double; booleans → ubyte; a single string → char; anything else
 *   (objects, nested arrays, arrays of strings) → the JSON text as char (the JSON attribute convention, seed
 *   2024-04 Appendix C). netcdf-c 4.9.3 shows string arrays as JSON text (`["ab","cd"]`); its development
 *   branch infers char/string instead — we follow the released reader the reference outputs come from.
 */
import { MetadataError } from '../errors';
import { attributeType } from './dtype';
import { type Json, type JsonObject, JsonNumber, isAtomic, jsonEntries, unparse } from './json';
import type { Attribute, NcAtomicType, NumericAttributeType, ValueType } from './types';

const INT_MIN = -2147483648n;
const INT_MAX = 2147483647n;
const UINT_MAX = 4294967295n;
const INT64_MAX = 9223372036854775807n;

function inferInt(text: string): NcAtomicType {
  let v: bigint;
  try {
    v = BigInt(text);
  } catch {
    return 'double';
  }
  if (v >= INT64_MAX) return 'uint64';
  if (v < 0n) return v >= INT_MIN ? 'int' : 'int64';
  if (v <= INT_MAX) return 'int';
  if (v <= UINT_MAX) return 'uint';
  return 'int64';
}

/** The narrowest of int, uint, int64, uint64 holding every integer (reals keep netcdf-c's first-value rule). */
function widest(values: readonly JsonNumber[]): NcAtomicType {
  const types = new Set(values.map((v) => inferInt(v.text)));
  if (types.size === 1) return [...types][0] as NcAtomicType;
  const negative = values.some((v) => v.text.startsWith('-'));
  if (types.has('uint64')) return negative ? 'int64' : 'uint64';
  if (types.has('int64') || negative) return 'int64';
  return 'uint';
}

/** The type netcdf-c infers for an untyped attribute value; 'json' for complex JSON; undefined if none. */
export function inferAttributeType(value: Json): NcAtomicType | 'json' | undefined {
  if (value === null) return undefined;
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    if (!value.every((x) => isAtomic(x))) return 'json';
  } else if (!isAtomic(value)) return 'json';
  const first = Array.isArray(value) ? value[0] : value;
  if (
    first instanceof JsonNumber &&
    Array.isArray(value) &&
    value.every((x) => x instanceof JsonNumber && x.isInteger)
  ) {
    // netcdf-c infers from the first value and then fails ("Numeric conversion not representable") or wraps;
    // the type that holds every value is what the writer had (the netCDF-4 file of the same CDL shows it).
    return widest(value as JsonNumber[]);
  }
  if (first instanceof JsonNumber) return first.isInteger ? inferInt(first.text) : 'double';
  if (typeof first === 'boolean') return 'ubyte';
  if (typeof first === 'string') return Array.isArray(value) ? 'json' : 'char';
  return undefined;
}

function toNumber(x: Json): number {
  if (x instanceof JsonNumber) return x.toNumber();
  if (typeof x === 'boolean') return x ? 1 : 0;
  if (typeof x === 'string') {
    if (x === 'NaN' || x === 'nan') return NaN;
    if (x === 'Infinity' || x === 'inf') return Infinity;
    if (x === '-Infinity' || x === '-inf') return -Infinity;
    const n = Number(x);
    return Number.isNaN(n) ? NaN : n;
  }
  return NaN;
}

const INT_RANGES: Partial<Record<NcAtomicType, [number, number]>> = {
  byte: [-128, 127],
  ubyte: [0, 255],
  short: [-32768, 32767],
  ushort: [0, 65535],
  int: [-2147483648, 2147483647],
  uint: [0, 4294967295],
};

function toInt(x: Json, type: NcAtomicType): number {
  const n = Math.trunc(toNumber(x));
  const r = INT_RANGES[type];
  if (!r || Number.isNaN(n)) return 0;
  // C conversion wraps; keep the value in range the way a cast would.
  const span = r[1] - r[0] + 1;
  return ((((n - r[0]) % span) + span) % span) + r[0];
}

function toBig(x: Json, type: 'int64' | 'uint64'): bigint {
  let v: bigint;
  if (x instanceof JsonNumber && x.isInteger) v = x.toBigInt();
  else if (typeof x === 'boolean') v = x ? 1n : 0n;
  else {
    const n = toNumber(x);
    v = Number.isFinite(n) ? BigInt(Math.trunc(n)) : 0n;
  }
  return type === 'int64' ? BigInt.asIntN(64, v) : BigInt.asUintN(64, v);
}

function text(x: Json): string {
  if (typeof x === 'string') return x;
  return unparse(x);
}

/** Whether a JSON value can become a number: a number, a boolean, or a string that spells one. */
function numeric(x: Json): boolean {
  if (x instanceof JsonNumber || typeof x === 'boolean') return true;
  return (
    typeof x === 'string' && ((x.trim() !== '' && !Number.isNaN(Number(x))) || /^-?(nan|NaN|inf|Infinity)$/.test(x))
  );
}

const NUMERIC = new Set<ValueType>([
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
  'bool',
]);

/** Converts one attribute value to `type` (see the module doc); undefined when a value does not fit the type. */
export function convertAttribute(name: string, value: Json, type: ValueType | 'json'): Attribute | undefined {
  const list: Json[] = Array.isArray(value) ? value : [value];
  if (type !== 'json' && NUMERIC.has(type) && (list.length === 0 || !list.every(numeric))) return undefined;
  switch (type) {
    case 'json':
      return { name, type: 'char', value: typeof value === 'string' ? value : unparse(value) };
    case 'char':
      // A char attribute holding anything but a JSON string is shown as its JSON text, as netcdf-c main does
      // (4.9.3 stores text that looks like JSON as JSON: `[chr]` comes back as `["chr"]`).
      return { name, type: 'char', value: text(value) };
    case 'string':
      return { name, type: 'string', value: list.map(text) };
    case 'int64':
    case 'uint64':
      return { name, type, value: list.map((x) => toBig(x, type)) };
    case 'float':
      return { name, type, value: list.map((x) => Math.fround(toNumber(x))) };
    case 'double':
      return { name, type, value: list.map(toNumber) };
    case 'byte':
    case 'ubyte':
    case 'short':
    case 'ushort':
    case 'int':
    case 'uint':
      return { name, type: type as NumericAttributeType, value: list.map((x) => toInt(x, type)) };
    case 'bool':
      return { name, type: 'ubyte', value: list.map((x) => (toNumber(x) ? 1 : 0)) };
    default:
      return undefined;
  }
}

/** Attribute names the reader consumes and netcdf-c never lists as ordinary attributes. */
export function isHiddenAttribute(name: string, xarray: boolean): boolean {
  if (name === '_ARRAY_DIMENSIONS') return xarray;
  const l = name.toLowerCase();
  return l.startsWith('_nczarr_') || l === '_ncproperties';
}

/**
 * Typed attributes of one object. `types` maps attribute names to NCZarr dtypes (absent for pure Zarr).
 * Attributes that cannot be converted are reported through `onProblem` and left out.
 */
export function readAttributes(
  raw: JsonObject,
  types: Readonly<Record<string, string>> | undefined,
  opts: {
    xarray: boolean;
    key: string;
    onProblem: (e: MetadataError) => void;
    fillType?: ValueType | undefined;
    /** An attribute whose NCZarr type is a user-defined type's full path (`/cmp_t`, file formats only). */
    user?: ((name: string, value: Json, typePath: string) => Attribute | undefined) | undefined;
  },
): Attribute[] {
  const out: Attribute[] = [];
  for (const [name, value] of jsonEntries(raw)) {
    if (isHiddenAttribute(name, opts.xarray)) continue;
    const typePath = types?.[name];
    if (typePath?.startsWith('/') && opts.user) {
      const a = opts.user(name, value, typePath);
      if (a) out.push(a);
      else opts.onProblem(new MetadataError(`attribute ${name} has no type ${typePath}.`, { key: opts.key }));
      continue;
    }
    // netcdf-c types an untyped _FillValue as its variable.
    const dtype = types?.[name] ?? (name === '_FillValue' && opts.fillType ? opts.fillType : undefined);
    let type: ValueType | 'json' | undefined;
    if (dtype !== undefined) {
      type = name === '_FillValue' && opts.fillType && !types?.[name] ? opts.fillType : attributeType(dtype);
      if (type === undefined) {
        opts.onProblem(
          new MetadataError(`attribute ${name} has unknown NCZarr type ${JSON.stringify(dtype)}.`, { key: opts.key }),
        );
        type = inferAttributeType(value);
      }
    } else type = inferAttributeType(value);
    if (type === undefined) {
      if (value === null || (Array.isArray(value) && value.length === 0)) continue;
      opts.onProblem(new MetadataError(`attribute ${name} has a value netCDF cannot represent.`, { key: opts.key }));
      continue;
    }
    const a = convertAttribute(name, value, type);
    if (a) out.push(a);
    else
      opts.onProblem(
        new MetadataError(
          `attribute ${name} (${unparse(value).slice(0, 60)}) does not fit its type ${type}; left out.`,
          { key: opts.key },
        ),
      );
  }
  return out;
}
