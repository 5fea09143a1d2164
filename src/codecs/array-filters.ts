/**
 * Array filters (numcodecs v2 semantics and their v3 counterparts): each decodes values of its encoded dtype into
 * values of its decoded dtype; `encodedDtype` tells, going forward through the chain, what a filter stores. Each
 * is an `ArrayFilter` listed in `registry.ts`.
 */
import { CodecError } from '../errors';
import type { ArrayFilter, CodecConfig } from './codec';
import { type Dtype, type NumericValues, type Values, parseDtype, valuesCtor } from './dtype';

type Config = CodecConfig;

function dtypeOf(value: unknown, fallback: Dtype): Dtype {
  return typeof value === 'string' ? parseDtype(value) : fallback;
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
  if (Array.isArray(v)) throw new CodecError(id, `The ${id} filter needs numeric data.`);
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
    if (out instanceof BigUint64Array)
      for (let i = 0; i < out.length; i++) out[i] = BigInt.asUintN(64, out[i] as bigint);
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

/** The filter stores `astype` (numcodecs) or `dtype`, else what it receives. */
function storesAstype(config: Config, decoded: Dtype): Dtype {
  return dtypeOf(config.astype, dtypeOf(config.dtype, decoded));
}

function scaleOffsetDecode(config: Config, enc: Values, to: Dtype, id: string): NumericValues {
  const scale = num(config, 'scale', 1);
  const offset = num(config, 'offset', 0);
  const src = numeric(enc, id);
  const tmp = new Float64Array(src.length);
  for (let i = 0; i < src.length; i++) tmp[i] = Number(src[i]) / scale + offset;
  return castValues(tmp, to);
}

/** Rounding filters store values of the decoded dtype: decoding is at most a cast. */
function rounding(id: string): ArrayFilter {
  return {
    kind: 'filter',
    encodedDtype: (config, decoded) => (id === 'quantize' ? storesAstype(config, decoded) : decoded),
    decode: (_c, enc, to) => (numeric(enc, id) instanceof valuesCtor(to) ? enc : castValues(numeric(enc, id), to)),
  };
}

export const bitround = rounding('bitround');
export const quantize = rounding('quantize');

export const delta: ArrayFilter = {
  kind: 'filter',
  encodedDtype: storesAstype,
  decode: (config, enc, to) => deltaDecode(numeric(enc, 'delta'), dtypeOf(config.dtype, to)),
};

export const fixedscaleoffset: ArrayFilter = {
  kind: 'filter',
  encodedDtype: storesAstype,
  decode: (config, enc, to) => scaleOffsetDecode(config, enc, to, 'fixedscaleoffset'),
};

/** Zarr v3 `scale_offset` (the value type does not change). */
export const scaleOffset: ArrayFilter = {
  kind: 'filter',
  encodedDtype: (_c, decoded) => decoded,
  decode: (config, enc, to) => scaleOffsetDecode(config, enc, to, 'scale_offset'),
};

export const astype: ArrayFilter = {
  kind: 'filter',
  encodedDtype: (config, decoded) => dtypeOf(config.encode_dtype, decoded),
  decode: (config, enc, to) => castValues(numeric(enc, 'astype'), dtypeOf(config.decode_dtype, to)),
};

/** Zarr v3 `cast_value`. */
export const castValue: ArrayFilter = {
  kind: 'filter',
  encodedDtype: (config, decoded) => dtypeOf(config.data_type, decoded),
  decode: (_c, enc, to) => castValues(numeric(enc, 'cast_value'), to),
};

export const packbits: ArrayFilter = {
  kind: 'filter',
  encodedDtype: () => parseDtype('|u1'),
  decode: (_c, enc, _to, n) => packbitsDecode(numeric(enc, 'packbits') as Uint8Array, n),
  readsBytes: true,
};

export const categorize: ArrayFilter = {
  kind: 'filter',
  encodedDtype: storesAstype,
  decode: (config, enc) => categorizeDecode(numeric(enc, 'categorize'), config),
};
