/**
 * Which raw values are missing: `_FillValue` (or a default fill), `missing_value` (scalar or vector),
 * `valid_min` / `valid_max` / `valid_range`, tested on the raw (packed) values as CF says.
 *
 * Two flavours, matching the two reference decoders:
 * - `cf` (netCDF4-python 1.6 auto-mask): all of the above; attribute values that the variable's type cannot hold
 *   exactly are ignored (with a warning); without `_FillValue`, the fill policy may supply one.
 * - `xarray` (xarray 2023.01 `CFMaskCoder`): only `_FillValue` and `missing_value`, compared after promoting
 *   small integers to float32 and others to float64; no valid range.
 */
import type { FillValue, Variable } from '../model/types';
import { numericAttribute, type NumericAttrType } from './attributes';
import { castExact, isFloat, numTypeOf, reinterpret, wrapInteger, type NumType, type Scalar } from './numeric';

/**
 * Where a fill value comes from when the variable has no `_FillValue` attribute:
 * `netcdf` — netCDF's default fill for the type (what netCDF4-python masks; netcdf-c writes an explicit fill as
 * a `_FillValue` attribute, and netCDF4-python does not mask a pure Zarr `fill_value`);
 * `zarr` — the Zarr `fill_value` (what xarray does for Zarr v2); `none` — nothing.
 */
export type DefaultFill = 'netcdf' | 'zarr' | 'none';

export type DecodeMode = 'cf' | 'xarray';

/** netCDF default fill values (netcdf.h NC_FILL_*), by type. */
export const NETCDF_DEFAULT_FILL: Readonly<Record<NumType, Scalar>> = {
  int8: -127,
  uint8: 255,
  int16: -32767,
  uint16: 65535,
  int32: -2147483647,
  uint32: 4294967295,
  int64: -9223372036854775806n,
  uint64: 18446744073709551614n,
  float32: Math.fround(9.969209968386869e36),
  float64: 9.969209968386869e36,
};

export interface MaskPlan {
  /** Raw values that are missing, in the comparison domain. */
  readonly values: readonly Scalar[];
  /** Whether NaN is a fill/missing value. */
  readonly nan: boolean;
  readonly min: Scalar | null;
  readonly max: Scalar | null;
  /** `view`: compare the (possibly `_Unsigned`-reinterpreted) raw values; otherwise after a cast to that float. */
  readonly domain: 'view' | 'float32' | 'float64';
}

export function zarrFillScalar(fill: FillValue): Scalar | null {
  if (typeof fill === 'number' || typeof fill === 'bigint') return fill;
  if (typeof fill === 'boolean') return fill ? 1 : 0;
  if (fill === 'NaN') return NaN;
  if (fill === 'Infinity') return Infinity;
  if (fill === '-Infinity') return -Infinity;
  return null;
}

/** xarray's `maybe_promote`: the float type an integer array becomes once it can hold NaN. */
export function promoteForNaN(t: NumType): NumType {
  if (isFloat(t)) return t;
  return t === 'int8' || t === 'uint8' || t === 'int16' || t === 'uint16' ? 'float32' : 'float64';
}

interface Ctx {
  readonly variable: Variable;
  readonly stored: NumType;
  readonly view: NumType;
  readonly defaultFill: DefaultFill;
  readonly warnings: string[];
}

/**
 * CF values of an attribute in the view domain: cast exactly to the stored type (else ignored with a warning),
 * then reinterpreted when `_Unsigned` changed the type. An attribute already of the view type is taken as is.
 */
function cfValues(ctx: Ctx, name: string): Scalar[] | null {
  const attr = numericAttribute(ctx.variable.attributes, name);
  if (!attr) return null;
  const same = ctx.view !== ctx.stored && numTypeOf(attr.type as NumericAttrType) === ctx.view;
  const out: Scalar[] = [];
  for (const v of attr.values) {
    const c = castExact(v, same ? ctx.view : ctx.stored);
    if (c === null) {
      ctx.warnings.push(`${name} ${String(v)} cannot be held by the variable's type ${ctx.stored}: ignored.`);
      return null;
    }
    out.push(same || ctx.view === ctx.stored || Number.isNaN(c) ? c : reinterpret(c, ctx.stored));
  }
  return out;
}

function cfPlan(ctx: Ctx): MaskPlan {
  const values: Scalar[] = [];
  const missing = cfValues(ctx, 'missing_value');
  if (missing) values.push(...missing);
  const fillAttr = numericAttribute(ctx.variable.attributes, '_FillValue');
  if (fillAttr) {
    values.push(...(cfValues(ctx, '_FillValue') ?? []).slice(0, 1));
  } else if (ctx.defaultFill === 'zarr') {
    const zarr = zarrFillScalar(ctx.variable.fillValue);
    const z = zarr === null ? null : castExact(zarr, ctx.stored, true);
    if (z !== null) values.push(ctx.view === ctx.stored || Number.isNaN(z) ? z : reinterpret(z, ctx.stored));
  } else if (ctx.defaultFill === 'netcdf' && ctx.view === ctx.stored) {
    // netCDF4-python compares the signed default with unsigned-viewed data, which never matches: none then.
    values.push(NETCDF_DEFAULT_FILL[ctx.stored]);
  }
  // valid_range (two values) wins over valid_min / valid_max.
  const range = numericAttribute(ctx.variable.attributes, 'valid_range');
  const rangeValues = range && range.values.length === 2 ? cfValues(ctx, 'valid_range') : null;
  const min = rangeValues ? (rangeValues[0] ?? null) : (cfValues(ctx, 'valid_min')?.[0] ?? null);
  const max = rangeValues ? (rangeValues[1] ?? null) : (cfValues(ctx, 'valid_max')?.[0] ?? null);
  return {
    values: values.filter((v) => !Number.isNaN(v)),
    nan: values.some((v) => Number.isNaN(v)),
    min,
    max,
    domain: 'view',
  };
}

function xarrayPlan(ctx: Ctx): MaskPlan | null {
  const raw: Scalar[] = [];
  const missing = numericAttribute(ctx.variable.attributes, 'missing_value');
  if (missing) raw.push(...missing.values);
  const fillAttr = numericAttribute(ctx.variable.attributes, '_FillValue');
  let fills: Scalar[] = fillAttr ? [...fillAttr.values] : [];
  if (!fillAttr && ctx.defaultFill !== 'none') {
    const z = zarrFillScalar(ctx.variable.fillValue);
    if (z !== null) fills = [z];
  }
  // UnsignedIntegerCoder converts _FillValue (not missing_value) to the new type first.
  if (ctx.view !== ctx.stored) fills = fills.map((f) => wrapInteger(f, ctx.view)).filter((f) => f !== null);
  raw.push(...fills);
  const values = raw.filter((v) => !Number.isNaN(v));
  if (values.length === 0) return null;
  const domain = promoteForNaN(ctx.view) as 'float32' | 'float64';
  const cast = (v: Scalar): number => (domain === 'float32' ? Math.fround(Number(v)) : Number(v));
  return { values: values.map(cast), nan: false, min: null, max: null, domain };
}

/** The mask plan of a variable whose raw type is `stored`, seen as `view` after `_Unsigned`. */
export function maskPlan(
  variable: Variable,
  stored: NumType,
  view: NumType,
  mode: DecodeMode,
  defaultFill: DefaultFill,
  warnings: string[],
): MaskPlan | null {
  const ctx: Ctx = { variable, stored, view, defaultFill, warnings };
  const plan = mode === 'xarray' ? xarrayPlan(ctx) : cfPlan(ctx);
  if (!plan) return null;
  const empty = plan.values.length === 0 && !plan.nan && plan.min === null && plan.max === null;
  return empty ? null : plan;
}

/** A predicate telling whether a raw (view-domain) value is missing under a plan. */
export function maskTest(plan: MaskPlan): (v: Scalar) => boolean {
  const { nan, min, max, domain } = plan;
  if (domain !== 'view') {
    const set = new Set(plan.values as number[]);
    const f32 = domain === 'float32';
    return (v) => set.has(f32 ? Math.fround(Number(v)) : Number(v));
  }
  const set = new Set<Scalar>(plan.values);
  return (v) => {
    if (set.has(v)) return true;
    if (typeof v === 'number' && Number.isNaN(v)) return nan;
    return (min !== null && v < min) || (max !== null && v > max);
  };
}
