/**
 * HDF5 integers of reduced precision (`precision` significant bits from bit `offset` of a `stored` integer, as an
 * n-bit dataset has them) converted to the native integer netcdf-c reads them as (H5Tget_native_type picks it by
 * precision: a 12-bit integer in 4 bytes is a `short`): the bits taken out, sign-extended when signed. Not a filter
 * of the file: the netCDF-4 reader adds it where the datatype needs it, and `ncdump -s` does not show it.
 */
import { CodecError } from '../errors';
import type { ArrayFilter, CodecConfig } from './codec';
import { type Dtype, type Values, parseDtype, valuesCtor } from './dtype';

function stored(config: CodecConfig): Dtype {
  const d = typeof config.stored === 'string' ? parseDtype(config.stored) : undefined;
  if (!d || (d.kind !== 'int' && d.kind !== 'uint'))
    throw new CodecError('hdf5-precision', `The stored integer type ${String(config.stored)} is not one.`);
  return d;
}

function decode(config: CodecConfig, enc: Values, to: Dtype, n: number): Values {
  const from = stored(config);
  const precision = Number(config.precision);
  const offset = Number(config.offset);
  const size = from.itemSize;
  if (!(precision >= 1 && offset >= 0 && precision + offset <= size * 8))
    throw new CodecError('hdf5-precision', `${precision} bits from bit ${offset} do not fit ${size} bytes.`);
  const bytes = enc as unknown as Uint8Array;
  if (bytes.length < n * size) throw new CodecError('hdf5-precision', 'The chunk is shorter than its elements.');
  const out = new (valuesCtor(to))(n);
  const big = to.itemSize === 8;
  const le = from.endian !== 'big';
  const signed = from.kind === 'int';
  const p = BigInt(precision);
  const mask = (1n << p) - 1n;
  for (let i = 0; i < n; i++) {
    let x = 0n;
    for (let k = 0; k < size; k++) x = (x << 8n) | BigInt(bytes[i * size + (le ? size - 1 - k : k)] as number);
    x = (x >> BigInt(offset)) & mask;
    if (signed) x = BigInt.asIntN(precision, x);
    (out as unknown as (number | bigint)[])[i] = big ? x : Number(x);
  }
  return out;
}

export const hdf5Precision: ArrayFilter = {
  kind: 'filter',
  encodedDtype: (config) => stored(config),
  decode,
  readsBytes: true,
};

/** The native integer size netcdf-c reads an integer of `precision` bits as (H5T__get_native_integer). */
export function nativeIntegerSize(precision: number): number {
  return precision <= 8 ? 1 : precision <= 16 ? 2 : precision <= 32 ? 4 : 8;
}
