/**
 * The netCDF-3 external types (classic, 64-bit offset, and the CDF-5 additions): their codes in the header, their
 * sizes, the big-endian Zarr dtype the virtual store gives them, the NCZarr attribute type netcdf-c writes, and
 * netCDF's default fill value.
 */

export type Nc3TypeName =
  'byte' | 'char' | 'short' | 'int' | 'float' | 'double' | 'ubyte' | 'ushort' | 'uint' | 'int64' | 'uint64';

export interface Nc3Type {
  readonly code: number;
  readonly name: Nc3TypeName;
  readonly size: number;
  /** Zarr v2 dtype of the variable's data (netCDF-3 data is big-endian; char as netcdf-c writes it). */
  readonly dtype: string;
  /** NCZarr attribute type (`_nczarr_attr.types`), as netcdf-c 4.9.3 writes it. */
  readonly attrType: string;
  /** netCDF's default fill value (`NC_FILL_*`). */
  readonly fill: number | bigint | string;
}

const TYPES: readonly Nc3Type[] = [
  { code: 1, name: 'byte', size: 1, dtype: '|i1', attrType: '<i1', fill: -127 },
  { code: 2, name: 'char', size: 1, dtype: '>S1', attrType: '>S1', fill: '' },
  { code: 3, name: 'short', size: 2, dtype: '>i2', attrType: '<i2', fill: -32767 },
  { code: 4, name: 'int', size: 4, dtype: '>i4', attrType: '<i4', fill: -2147483647 },
  { code: 5, name: 'float', size: 4, dtype: '>f4', attrType: '<f4', fill: 9.969209968386869e36 },
  { code: 6, name: 'double', size: 8, dtype: '>f8', attrType: '<f8', fill: 9.969209968386869e36 },
  { code: 7, name: 'ubyte', size: 1, dtype: '|u1', attrType: '<u1', fill: 255 },
  { code: 8, name: 'ushort', size: 2, dtype: '>u2', attrType: '<u2', fill: 65535 },
  { code: 9, name: 'uint', size: 4, dtype: '>u4', attrType: '<u4', fill: 4294967295 },
  { code: 10, name: 'int64', size: 8, dtype: '>i8', attrType: '<i8', fill: -9223372036854775806n },
  { code: 11, name: 'uint64', size: 8, dtype: '>u8', attrType: '<u8', fill: 18446744073709551614n },
];

/** The type of a header type code, or undefined for a code netCDF-3 does not have. */
export function nc3Type(code: number): Nc3Type | undefined {
  return TYPES[code - 1];
}

/** One value of `type` at `offset` of big-endian bytes (a number, or a bigint for the 64-bit integers). */
export function readValue(view: DataView, offset: number, type: Nc3Type): number | bigint {
  switch (type.name) {
    case 'byte':
      return view.getInt8(offset);
    case 'char':
    case 'ubyte':
      return view.getUint8(offset);
    case 'short':
      return view.getInt16(offset);
    case 'ushort':
      return view.getUint16(offset);
    case 'int':
      return view.getInt32(offset);
    case 'uint':
      return view.getUint32(offset);
    case 'float':
      return view.getFloat32(offset);
    case 'double':
      return view.getFloat64(offset);
    case 'int64':
      return view.getBigInt64(offset);
    case 'uint64':
      return view.getBigUint64(offset);
  }
}
