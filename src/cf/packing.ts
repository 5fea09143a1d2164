/**
 * Packed data: `_Unsigned` reinterpretation and `scale_factor` / `add_offset` (unpacked = packed * scale + offset).
 *
 * Result type, `cf` mode (CF §8.1, netCDF4-python): the type of the attributes — float32 when they are float and
 * the packed type is at most 16 bits (or float), float64 otherwise (a double attribute, or 32/64-bit integers
 * that float32 cannot hold). Arithmetic is done in that type, rounding each step, so values equal
 * netCDF4-python's bit for bit. `xarray` mode reproduces xarray 2023.01's `CFScaleOffsetCoder` instead (float32
 * for ≤16-bit integers without `add_offset`, and for anything its mask step already turned into float32).
 */
import type { Attribute } from '../model/types';
import { numericAttribute, textAttribute } from './attributes';
import type { DecodeMode } from './masking';
import { bits, flipSign, isFloat, isSigned, type NumType } from './numeric';

/**
 * The type raw values are seen as after `_Unsigned`: `"true"` turns a signed integer type unsigned, `"false"` an
 * unsigned one signed (as xarray does). Other types ignore the attribute.
 */
export function unsignedView(attributes: readonly Attribute[], stored: NumType, mode: DecodeMode): NumType {
  const flag = textAttribute(attributes, '_Unsigned')?.trim();
  if (flag === undefined || isFloat(stored)) return stored;
  const t = mode === 'xarray' ? flag : flag.toLowerCase();
  if (t === 'true' && isSigned(stored)) return flipSign(stored);
  if (t === 'false' && !isSigned(stored)) return flipSign(stored);
  return stored;
}

export interface Packing {
  /** Scale and offset, already rounded to the compute type; null when not applied. */
  readonly scale: number | null;
  readonly offset: number | null;
  /** Precision of the arithmetic, or null when values are only converted to numbers. */
  readonly compute: 'float32' | 'float64' | null;
  /** The element type a netCDF library would report for the decoded values. */
  readonly resultType: NumType;
}

function firstNumber(attributes: readonly Attribute[], name: string, warnings: string[]) {
  const a = numericAttribute(attributes, name);
  if (!a || a.values.length === 0) return null;
  if (a.values.length > 1) warnings.push(`${name} has ${a.values.length} values; the first is used.`);
  return { type: a.type, value: Number(a.values[0]) };
}

/** xarray's `_choose_float_dtype`. */
function chooseFloat(t: NumType, hasOffset: boolean): 'float32' | 'float64' {
  if (t === 'float32') return 'float32';
  if (!isFloat(t) && bits(t) <= 16 && !hasOffset) return 'float32';
  return 'float64';
}

function withCompute(scale: number | null, offset: number | null, compute: 'float32' | 'float64'): Packing {
  const r = (v: number | null) => (v === null ? null : compute === 'float32' ? Math.fround(v) : v);
  return { scale: r(scale), offset: r(offset), compute, resultType: compute };
}

/**
 * How to unpack values of type `view`. `maskedType` is the type xarray's mask step left (float once it masked
 * anything), used only in `xarray` mode.
 */
export function packingPlan(
  attributes: readonly Attribute[],
  view: NumType,
  mode: DecodeMode,
  maskedType: NumType,
  warnings: string[],
): Packing {
  const sf = firstNumber(attributes, 'scale_factor', warnings);
  const ao = firstNumber(attributes, 'add_offset', warnings);
  const none: Packing = { scale: null, offset: null, compute: null, resultType: mode === 'xarray' ? maskedType : view };
  if (!sf && !ao) return none;
  if (mode === 'xarray') return withCompute(sf?.value ?? null, ao?.value ?? null, chooseFloat(maskedType, ao !== null));

  const types = [sf?.type, ao?.type].filter((t) => t !== undefined);
  const allFloat = types.every((t) => t === 'float');
  const compute: 'float32' | 'float64' =
    allFloat && (view === 'float32' || (!isFloat(view) && bits(view) <= 16)) ? 'float32' : 'float64';
  // netCDF4-python skips identity packing (scale 1, offset 0) but still converts to the attributes' type.
  const scale = sf && sf.value !== 1 ? sf.value : null;
  const offset = ao && ao.value !== 0 ? ao.value : null;
  if (scale === null && offset === null) return sf && ao ? withCompute(null, null, compute) : none;
  return withCompute(sf && ao ? sf.value : scale, sf && ao ? ao.value : offset, compute);
}
