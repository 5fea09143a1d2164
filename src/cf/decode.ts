/**
 * Raw → decoded values: `_Unsigned`, masking, then unpacking, as pure functions. The raw slice is never
 * modified (the data path caches raw chunks). Results are new arrays, except where decoding changes no value
 * (floating-point values, no unpacking, nothing masked but NaN): the decoded values are then the raw array itself,
 * which nothing writes to.
 *
 * @example
 * const slice = await ds.read('/temp', [0, null, null]);
 * const { values, mask } = decodeSlice(slice, { defaultFill: defaultFillFor(ds.model.dialect) });
 */
import { takeBuffer } from '../memory/spare-buffers';
import type { Slice, SliceData } from '../api';
import { UnsupportedError } from '../errors';
import type { Dialect, Variable } from '../model/types';
import { decodeFloats, decodeNumbers, fastMask, FloatScan, type FastMask, type NumberArray } from './decode-fast';
import { maskPlan, maskTest, promoteForNaN, type DecodeMode, type DefaultFill, type MaskPlan } from './masking';
import { numTypeOf, numTypeOfData, reinterpretArray, type NumType, type Scalar } from './numeric';
import { packingPlan, unsignedView, type Packing } from './packing';

const NAT = -(2n ** 63n);

export interface DecodeOptions {
  /** `cf` (default): CF / netCDF4-python semantics. `xarray`: xarray 2023.01's CF decoder, bit for bit. */
  readonly mode?: DecodeMode | undefined;
  /**
   * Fill value when there is no `_FillValue` attribute (see {@link DefaultFill}). Default: `zarr` for Zarr v2,
   * `none` for v3 (xarray's defaults); {@link defaultFillFor} picks `netcdf` for NCZarr.
   */
  readonly defaultFill?: DefaultFill | undefined;
  /** Apply masking (default true). */
  readonly mask?: boolean | undefined;
  /** Apply `scale_factor` / `add_offset` (default true). */
  readonly scale?: boolean | undefined;
  /** The values' masking and extent as far as found while they arrived (`floatScanFor`); used where it applies. */
  readonly scanned?: FloatScan | null | undefined;
}

/** What decoding a variable does, computed once from its metadata. */
export interface DecodePlan {
  readonly stored: NumType;
  /** Type after `_Unsigned`. */
  readonly view: NumType;
  readonly mask: MaskPlan | null;
  readonly packing: Packing;
  /** Type of the decoded values as the reference library reports it (`float32`, `int16`…). */
  readonly resultType: NumType;
  /** Attributes that were ignored, and why. */
  readonly warnings: readonly string[];
}

export interface Decoded {
  /**
   * Decoded values; masked elements are NaN. Float64 in general; where decoding changes no value of a float32 or
   * float64 array (no unpacking, no masked value but NaN) it is that array itself (the raw slice's, shared: read only).
   */
  readonly values: Float64Array | Float32Array;
  /** 1 where an element was masked by `_FillValue`, `missing_value` or the valid range (not for NaN data). */
  readonly mask: Uint8Array;
  readonly maskedCount: number;
  /** The least and greatest finite unmasked value (`[Infinity, -Infinity]` when none), when known. */
  readonly extent?: readonly [number, number] | undefined;
}

export interface DecodedSlice extends Decoded {
  readonly shape: readonly number[];
  readonly plan: DecodePlan;
}

/**
 * The default-fill policy matching a dataset's dialect: NCZarr → `netcdf` (netCDF semantics); xarray-style
 * Zarr v2 → `zarr` (xarray masks the Zarr `fill_value`); other Zarr → `none` (a plain Zarr `fill_value`, often 0,
 * only marks unwritten chunks; netcdf-c does not mask it either).
 */
export function defaultFillFor(dialect: Dialect): DefaultFill {
  if (dialect.nczarr !== null) return 'netcdf';
  return dialect.xarray && dialect.zarrFormat === 2 ? 'zarr' : 'none';
}

/**
 * Plans the decoding of a numeric variable.
 * @throws ZarrviewError (`unsupported`) for text, complex or opaque variables.
 */
export function planDecoding(variable: Variable, options: DecodeOptions = {}): DecodePlan {
  const stored = numTypeOf(variable.type);
  if (stored === null) {
    throw new UnsupportedError(`${variable.path} holds ${variable.type} values, which have no numeric decoding.`, {
      key: variable.path,
    });
  }
  const mode = options.mode ?? 'cf';
  const defaultFill = options.defaultFill ?? (variable.zarr.zarrFormat === 2 ? 'zarr' : 'none');
  const warnings: string[] = [];
  const doScale = options.scale ?? true;
  const view = doScale || mode === 'xarray' ? unsignedView(variable.attributes, stored, mode) : stored;
  let mask = options.mask === false ? null : maskPlan(variable, stored, view, mode, defaultFill, warnings);
  if (variable.type === 'datetime64' || variable.type === 'timedelta64') {
    mask = {
      values: [...(mask?.values ?? []), NAT],
      nan: false,
      min: mask?.min ?? null,
      max: mask?.max ?? null,
      domain: 'view',
    };
  }
  const maskedType = mode === 'xarray' && mask ? promoteForNaN(view) : view;
  const packing = doScale
    ? packingPlan(variable.attributes, view, mode, maskedType, warnings)
    : { scale: null, offset: null, compute: null, resultType: maskedType };
  return { stored, view, mask, packing, resultType: packing.resultType, warnings };
}

/** Decodes raw values with a plan. The input is not modified. */
export function decodeData(data: SliceData, plan: DecodePlan, scanned?: FloatScan | null): Decoded {
  const n = data.length;
  // Memory touched ahead of need (memory/spare-buffers.ts): a new array's pages would fault one by one. Taken only
  // on the paths that write them (floats without unpacking keep their own values: 9 bytes a cell not zeroed).
  const take = () => ({ values: new Float64Array(takeBuffer(n * 8)), mask: new Uint8Array(takeBuffer(n)) });
  if (!ArrayBuffer.isView(data)) {
    const { values, mask } = take();
    if (data.length > 0 && typeof data[0] === 'string') {
      throw new UnsupportedError('Text values have no numeric decoding.');
    }
    for (let i = 0; i < n; i++) values[i] = data[i] ? 1 : 0;
    return { values, mask, maskedCount: 0 };
  }
  const actual = numTypeOfData(data);
  const view = actual === plan.stored && plan.view !== plan.stored ? reinterpretArray(data, plan.view) : data;
  const src = view as ArrayLike<Scalar>;
  const kept = keptFloats(view as ArrayBufferView, plan);
  if (kept) return decodeFloats(kept.floats, kept.m, scanned);
  const fast = fastMask(view as ArrayBufferView, plan.mask);
  const { values, mask } = take();
  if (fast) return decodeNumbers(view as NumberArray, fast, plan.packing, values, mask);
  const isMissing = plan.mask ? maskTest(plan.mask) : null;
  const { scale, offset, compute } = plan.packing;
  let maskedCount = 0;
  for (let i = 0; i < n; i++) {
    const raw = src[i] as Scalar;
    if (isMissing?.(raw)) {
      values[i] = NaN;
      mask[i] = 1;
      maskedCount++;
      continue;
    }
    let x = Number(raw);
    if (compute === 'float32') {
      x = Math.fround(x);
      if (scale !== null) x = Math.fround(x * scale);
      if (offset !== null) x = Math.fround(x + offset);
    } else if (compute === 'float64') {
      if (scale !== null) x *= scale;
      if (offset !== null) x += offset;
    }
    values[i] = x;
  }
  return { values, mask, maskedCount };
}

/**
 * Floating-point values (`view`, as `decodeData` reads them) that decoding leaves as they are and only masks (no
 * unpacking; at most two fill values and a range: `decodeFloats`), with their mask test; else null.
 */
function keptFloats(
  view: ArrayBufferView,
  plan: DecodePlan,
): { readonly floats: Float32Array | Float64Array; readonly m: FastMask } | null {
  if (plan.packing.compute !== null || !(view instanceof Float32Array || view instanceof Float64Array)) return null;
  const m = fastMask(view, plan.mask);
  return m && { floats: view, m };
}

/**
 * A scan of `n` values of this variable as they arrive (`FloatScan.scan`), where decoding leaves them as they are
 * and only masks them (`keptFloats`); else null. `decodeSlice` with the same options and `scanned` then finishes it
 * instead of reading them all again.
 */
export function floatScanFor(variable: Variable, options: DecodeOptions, n: number): FloatScan | null {
  let plan: DecodePlan;
  try {
    plan = planDecoding(variable, options);
  } catch {
    return null;
  }
  const empty = plan.view === 'float32' ? new Float32Array(0) : plan.view === 'float64' ? new Float64Array(0) : null;
  const kept = empty && keptFloats(empty, plan);
  return kept ? new FloatScan(kept.m, n) : null;
}

/** Decodes a read slice (masking + unpacking). Pure: the slice's data is left as it is. */
export function decodeSlice(slice: Slice, options: DecodeOptions = {}): DecodedSlice {
  if (slice.complex) {
    throw new UnsupportedError(`${slice.variable.path} is complex; CF decoding applies to real values.`);
  }
  const plan = planDecoding(slice.variable, options);
  const decoded = decodeData(slice.data, plan, options.scanned);
  // Elements of chunks that could not be read hold the fill value: masked, whatever the masking mode.
  const failed = slice.failedMask;
  if (failed && options.mask !== false) {
    let extra = 0;
    // The raw array itself (decoding changed nothing) is copied before its first change.
    let values = decoded.values;
    for (let i = 0; i < failed.length; i++) {
      if (failed[i] && !decoded.mask[i]) {
        decoded.mask[i] = 1;
        if (values === slice.data && values[i] === values[i]) values = values.slice();
        values[i] = NaN;
        extra++;
      }
    }
    return {
      ...decoded,
      values,
      maskedCount: decoded.maskedCount + extra,
      extent: undefined,
      shape: slice.shape,
      plan,
    };
  }
  return { ...decoded, shape: slice.shape, plan };
}

/**
 * The raw (packed) value of a decoded value: `(value - add_offset) / scale_factor`, unrounded. Useful to turn
 * a colour range or a typed threshold into raw units.
 */
export function encodeValue(value: number, plan: DecodePlan): number {
  const { scale, offset } = plan.packing;
  return (value - (offset ?? 0)) / (scale ?? 1);
}

/** Smallest and largest finite unmasked value (null when there is none), e.g. for a colour scale. */
export function valueRange(decoded: Decoded): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  const { values, mask } = decoded;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? NaN;
    if (mask[i] || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? { min, max } : null;
}
