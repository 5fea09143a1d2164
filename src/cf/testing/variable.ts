/** Test helper: a model variable with just what CF decoding reads. */
import type { Attribute, Dimension, FillValue, ValueType, Variable } from '../../model/types';

export interface JsonAttribute {
  name: string;
  type: string;
  value: string | (number | string)[];
}

/** Attributes as the reference scripts dump them (int64 and non-finite values as strings). */
export function attributesFromJson(list: readonly JsonAttribute[]): Attribute[] {
  return list.map((a) => {
    if (a.type === 'char') return { name: a.name, type: 'char', value: String(a.value) };
    const values = Array.isArray(a.value) ? a.value : [a.value];
    if (a.type === 'int64' || a.type === 'uint64') {
      return { name: a.name, type: a.type, value: values.map((v) => BigInt(v)) };
    }
    return { name: a.name, type: a.type, value: values.map((v) => Number(v)) } as Attribute;
  });
}

export function makeVariable(options: {
  name?: string;
  type: ValueType;
  attributes?: readonly Attribute[];
  fillValue?: FillValue;
  dimensions?: readonly Dimension[];
  path?: string;
  zarrFormat?: 2 | 3;
}): Variable {
  const name = options.name ?? 'v';
  const dims = options.dimensions ?? [];
  return {
    name,
    path: options.path ?? `/${name}`,
    type: options.type,
    dtype: '',
    itemSize: 0,
    endianness: 'little',
    dimensions: dims,
    shape: dims.map((d) => d.length),
    chunks: dims.map((d) => d.length),
    order: 'C',
    fillValue: options.fillValue ?? null,
    codecs: [],
    storage: dims.length === 0 ? 'scalar' : 'chunked',
    attributes: options.attributes ?? [],
    zarr: { zarrFormat: options.zarrFormat ?? 2, key: name, chunkSeparator: '.', chunkKeyPrefix: '', metadata: {} },
  };
}
