/**
 * Array filters (numcodecs v2 semantics and their v3 counterparts): each decodes values of its encoded dtype into
 * values of its decoded dtype. `encodedDtype` tells, going forward through the chain, what a filter stores.
 */
import { ZarrviewError } from '../errors';
import { type Dtype, type NumericValues, type Values, parseDtype, valuesCtor } from './dtype';

export const ARRAY_FILTERS = new Set([
  'delta',
  'fixedscaleoffset',
  'quantize',
  'astype',
  'packbits',
  'bitround',
  'scale_offset',
  'cast_value',
  'categorize',
]);

type Config = Record<string, unknown>;

function dtypeOf(value: unknown, fallback: Dtype): Dtype {
  return typeof value === 'string' ? parseDtype(value) : fallback;
}

/** The dtype a filter stores, given the dtype it receives when encoding. */
export function encodedDtype(id: string, config: Config, decoded: Dtype): Dtype {
  switch (id) {
    case 'delta':
    case 'fixedscaleoffset':
    case 'quantize':
    case 'categorize':
      return dtypeOf(config.astype, dtypeOf(config.dtype, decoded));
    case 'astype':
      return dtypeOf(config.encode_dtype, decoded);
    case 'cast_value':
      return dtypeOf(config.data_type, decoded);
    case 'packbits':
      return parseDtype('|u1');
    default:
      return decoded;
  }
}

/** Casts numeric values into a new array of dtype `to` (truncating like numpy's `astype`). */
export function castValues(src: NumericValues, to: Dtype): NumericValues {
  const Ctor = valuesCtor(to);
  const out = new Ctor(src.length);
  const toBig = out instanceof BigInt64Array || out instanceof BigUint64Array;
  const fromBig = src instanceof BigInt64Array || src instanceof BigUint64Array;
  if (toBig === fromBig) {
    if (toBig) (out as BigInt64Array).set(src as BigInt64Array);
    else for (let i = 0; i < src.length; i++) (out as Float64Array)[i] = (src as Float64Array)[i] as number;
  } else if (toBig) {
    for (let i = 0; i < src.length; i++) {
      const v = (src as Float64Array)[i] as number;
      (out as BigInt64Array)[i] = Number.isFinite(v) ? BigInt(Math.trunc(v)) : 0n;
    }
  } else {
    for (let i = 0; i < src.length; i++) (out as Float64Array)[i] = Number((src as BigInt64Array)[i]);
  }
  return out;
}

function numeric(v: Values, id: string): NumericValues {
  if (Array.isArray(v)) throw new ZarrviewError('codec', `The ${id} filter needs numeric data.`);
  return v as NumericValues;
}

function num(config: Config, key: string, dflt: number): number {
  const v = config[key];
  return typeof v === 'number' ? v : dflt;
}

function deltaDecode(enc: NumericValues, to: Dtype): NumericValues {
  const out = castValues(enc, to);
  if (out instanceof BigInt64Array || out instanceof BigUint64Array) {
    for (let i = 1; i < out.length; i++) out[i] = BigInt.asIntN(64, (out[i] as bigint) + (out[i - 1] as bigint));
    if (out instanceof BigUint64Array) for (let i = 0; i < out.length; i++) out[i] = BigInt.asUintN(64, out[i] as bigint);
  } else {
    // Typed-array assignment wraps integers the way numpy's cumsum in the dtype does.
    for (let i = 1; i < out.length; i++) out[i] = (out[i] as number) + (out[i - 1] as number);
  }
  return out;
}

function packbitsDecode(enc: Uint8Array, n: number): Uint8Array {
  const pad = enc[0] ?? 0;
  const total = Math.min(n, (enc.length - 1) * 8 - pad);
  const out = new Uint8Array(n);
  for (let i = 0; i < total; i++) out[i] = ((enc[1 + (i >> 3)] as number) >> (7 - (i & 7))) & 1;
  return out;
}

function categorizeDecode(enc: NumericValues, config: Config): string[] {
  const labels = Array.isArray(config.labels) ? (config.labels as unknown[]).map(String) : [];
  return Array.from(enc as ArrayLike<number | bigint>, (v) => labels[Number(v) - 1] ?? '');
}

/**
 * Decodes one array filter. `enc` holds values of `encodedDtype(id, config, to)`; the result holds values of `to`
 * (the filter's decoded dtype); `n` is the element count of the chunk.
 */
export function decodeFilter(id: string, config: Config, enc: Values, to: Dtype, n: number): Values {
  switch (id) {
    case 'bitround':
    case 'quantize':
      return numeric(enc, id) instanceof valuesCtor(to) ? enc : castValues(numeric(enc, id), to);
    case 'astype':
      return castValues(numeric(enc, id), dtypeOf(config.decode_dtype, to));
    case 'cast_value':
      return castValues(numeric(enc, id), to);
    case 'delta':
      return deltaDecode(numeric(enc, id), dtypeOf(config.dtype, to));
    case 'fixedscaleoffset':
    case 'scale_offset': {
      const scale = num(config, 'scale', 1);
      const offset = num(config, 'offset', 0);
      const src = numeric(enc, id);
      const tmp = new Float64Array(src.length);
      for (let i = 0; i < src.length; i++) tmp[i] = Number(src[i]) / scale + offset;
      return castValues(tmp, to);
    }
    case 'packbits':
      return packbitsDecode(numeric(enc, id) as Uint8Array, n);
    case 'categorize':
      return categorizeDecode(numeric(enc, id), config);
    default:
      throw new ZarrviewError('codec', `Unknown filter ${id}.`);
  }
}
