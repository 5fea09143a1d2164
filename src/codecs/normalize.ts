/**
 * Codec metadata normalised once: `numcodecs.` prefixes dropped, netcdf-c's string-valued numeric parameters
 * (`{"id":"zlib","level":"4"}`) turned into numbers.
 */
import type { CodecSpec } from './pipeline';

/** Parameters that are text by nature and stay strings even when they look numeric. */
const TEXT_KEYS = new Set([
  'id',
  'cname',
  'dtype',
  'astype',
  'encode_dtype',
  'decode_dtype',
  'data_type',
  'endian',
  'order',
]);

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function normalizeValue(key: string, v: unknown): unknown {
  if (typeof v === 'string' && !TEXT_KEYS.has(key) && NUMBER.test(v.trim())) return Number(v);
  return v;
}

/** One codec with its id and parameters normalised. */
export function normalizeCodec(c: CodecSpec): { id: string; configuration: Record<string, unknown> } {
  const id = c.id.startsWith('numcodecs.') ? c.id.slice('numcodecs.'.length) : c.id;
  const configuration: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c.configuration ?? {})) {
    if (k !== 'id') configuration[k] = normalizeValue(k, v);
  }
  return { id, configuration };
}

export function normalizeCodecs(
  codecs: readonly CodecSpec[],
): { id: string; configuration: Record<string, unknown> }[] {
  return codecs.map(normalizeCodec);
}
