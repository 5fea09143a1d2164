/**
 * Test helper: a model variable and its raw values straight from a Zarr v2 folder (metadata JSON + zarrita for
 * the chunks), independent of the project's readers, to check CF decoding against xarray's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import FileSystemStore from '@zarrita/storage/fs';
import * as zarr from 'zarrita';
import type { SliceData } from '../../api';
import type { Attribute, FillValue, ValueType } from '../../model/types';
import { makeVariable } from './variable';
import type { Variable } from '../../model/types';

const DTYPES: Record<string, ValueType> = {
  i1: 'byte',
  u1: 'ubyte',
  i2: 'short',
  u2: 'ushort',
  i4: 'int',
  u4: 'uint',
  i8: 'int64',
  u8: 'uint64',
  f2: 'half',
  f4: 'float',
  f8: 'double',
  b1: 'bool',
};

function jsonAttribute(name: string, value: unknown): Attribute | null {
  if (typeof value === 'string') return { name, type: 'char', value };
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 0 && list.every((v) => typeof v === 'number')) {
    const nums = list as number[];
    return nums.every(Number.isInteger) ? { name, type: 'int', value: nums } : { name, type: 'double', value: nums };
  }
  if (list.length > 0 && list.every((v) => v === 'NaN' || typeof v === 'number')) {
    return { name, type: 'double', value: list.map(Number) };
  }
  return null;
}

function fillValue(v: unknown): FillValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  return null;
}

/** The model variable of a Zarr v2 array at `key` (e.g. `grp/temp`) in the folder `root`. */
export function readVariable(root: string, key: string): Variable | null {
  const meta = join(root, key, '.zarray');
  if (!existsSync(meta)) return null;
  const zarray = JSON.parse(readFileSync(meta, 'utf8')) as { dtype: string; fill_value: unknown; shape: number[] };
  const attrsFile = join(root, key, '.zattrs');
  const zattrs = existsSync(attrsFile) ? (JSON.parse(readFileSync(attrsFile, 'utf8')) as Record<string, unknown>) : {};
  const type = DTYPES[zarray.dtype.slice(1)] ?? (zarray.dtype.includes('M8') ? 'datetime64' : null);
  if (type === null) return null;
  const attributes = Object.entries(zattrs)
    .filter(([k]) => k !== '_ARRAY_DIMENSIONS')
    .map(([k, v]) => jsonAttribute(k, v))
    .filter((a): a is Attribute => a !== null);
  const name = key.slice(key.lastIndexOf('/') + 1);
  return {
    ...makeVariable({ name, path: `/${key}`, type, attributes, fillValue: fillValue(zarray.fill_value) }),
    dtype: zarray.dtype,
  };
}

/** Raw values of a Zarr v2 array in C order, read with zarrita. */
export async function readRaw(root: string, key: string): Promise<SliceData> {
  const store = new FileSystemStore(root);
  const arr = await zarr.open.v2(zarr.root(store).resolve(key), { kind: 'array', attrs: false });
  const chunk = await zarr.get(arr);
  const { data, shape, stride } = chunk as unknown as { data: ArrayLike<unknown>; shape: number[]; stride: number[] };
  const n = shape.reduce((a, b) => a * b, 1);
  const cStride = shape.map((_, i) => shape.slice(i + 1).reduce((a, b) => a * b, 1));
  const isC = stride.every((s, i) => s === cStride[i] || (shape[i] ?? 0) <= 1);
  const at = (flat: number): unknown => {
    if (isC) return data[flat];
    let off = 0;
    let rest = flat;
    for (let d = 0; d < shape.length; d++) {
      const q = Math.floor(rest / (cStride[d] ?? 1));
      rest -= q * (cStride[d] ?? 1);
      off += q * (stride[d] ?? 0);
    }
    return data[off];
  };
  if (ArrayBuffer.isView(data) && isC) return data as unknown as SliceData;
  if (ArrayBuffer.isView(data)) {
    const Ctor = (data as unknown as { constructor: new (n: number) => SliceData }).constructor;
    const out = new Ctor(n) as unknown as unknown[];
    for (let i = 0; i < n; i++) out[i] = at(i);
    return out as unknown as SliceData;
  }
  return Array.from({ length: n }, (_, i) => Boolean(at(i)));
}
