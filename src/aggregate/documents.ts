/**
 * The joined dataset's NCZarr documents, made from the prototype member's model (the first member in joined order,
 * whose attributes and non-joined variables NcML and xarray both show): the joined dimension's length is the sum
 * of the members' (its unlimited flag kept), or a new first dimension for a join along a new one; each joined
 * variable gets the joined shape and a chunk grid whose chunks each lie inside one member. Every variable's chunks
 * are handed on as plain little-endian values (no codecs): the store reads them from the members.
 */
import { arrayFor } from '../formats/cfa/values';
import {
  type DocAttribute,
  type DocGroup,
  type DocValue,
  type DocVariable,
  nczarrDocuments,
} from '../formats/nczarr-docs';
import type { Attribute, Group, Variable } from '../model/types';
import type { JoinPlan } from './plan';

/** How the store answers one variable's chunks. */
export interface VariableLayout {
  readonly path: string;
  /** `joined`: read from the member holding the chunk; `values`: the joined coordinate, in memory; `prototype`:
   * read from the first member. */
  readonly source: 'joined' | 'values' | 'prototype';
  readonly shape: readonly number[];
  readonly chunks: readonly number[];
  readonly dtype: string;
  readonly fill: number | bigint;
  /** The joined axis (0 for a new dimension), or -1. */
  readonly axis: number;
  /** The joined coordinate's values (`values`). */
  readonly values?: readonly number[] | undefined;
}

const DTYPES: Record<string, string> = {
  byte: '|i1',
  ubyte: '|u1',
  short: '<i2',
  ushort: '<u2',
  int: '<i4',
  uint: '<u4',
  int64: '<i8',
  uint64: '<u8',
  float: '<f4',
  double: '<f8',
};

const ATTRIBUTE_TYPES: Record<string, string> = { ...DTYPES, byte: '<i1', ubyte: '<u1' };

function docAttribute(a: Attribute): DocAttribute | undefined {
  if (a.type === 'char') return { name: a.name, type: '>S1', value: a.value };
  if (a.type === 'string') return { name: a.name, type: '|S128', value: a.value };
  if (a.type === 'user') return undefined;
  const value: DocValue = a.value.length === 1 ? a.value[0]! : a.value;
  return { name: a.name, type: ATTRIBUTE_TYPES[a.type]!, value };
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The joined documents, the layout of each variable, and the variables left out (not numbers). */
export function joinedDocuments(plan: JoinPlan): {
  docs: Map<string, Uint8Array>;
  layouts: Map<string, VariableLayout>;
  notShown: string[];
} {
  const { choice, members, length } = plan;
  const proto = members[0]!;
  const dimPath = `/${choice.dimension}`;
  const layouts = new Map<string, VariableLayout>();
  const notShown: string[] = [];
  const lengths = members.map((m) => m.length);
  const coordinate = members.every((m) => m.coordinate) ? members.flatMap((m) => m.coordinate!) : undefined;

  const variable = (v: Variable): DocVariable | undefined => {
    const dtype = v.userType ? undefined : DTYPES[v.type];
    if (!dtype || !arrayFor(dtype)) {
      notShown.push(v.path);
      return undefined;
    }
    const joined = proto.joined.has(v.path);
    const f = v.fillValue;
    const fill = typeof f === 'number' || typeof f === 'bigint' ? f : 0;
    let shape = [...v.shape];
    let chunks = v.shape.length === 0 ? [] : [...v.chunks];
    let dims = v.dimensions.map((d) => d.path);
    let axis = -1;
    let source: VariableLayout['source'] = 'prototype';
    if (joined && choice.kind === 'new') {
      axis = 0;
      shape = [length, ...shape];
      chunks = [1, ...chunks];
      dims = [dimPath, ...dims];
      source = v.path === dimPath ? 'values' : 'joined';
    } else if (joined) {
      axis = v.dimensions.findIndex((d) => d.path === dimPath);
      shape[axis] = length;
      chunks[axis] = lengths.reduce(gcd, chunks[axis] ?? 1) || 1;
      source = v.path === dimPath && v.shape.length === 1 ? 'values' : 'joined';
    }
    if (source === 'values') {
      if (coordinate) chunks = [length];
      else source = 'joined';
    }
    layouts.set(v.path, {
      path: v.path,
      source,
      shape,
      chunks,
      dtype,
      fill,
      axis,
      values: source === 'values' ? coordinate : undefined,
    });
    return {
      name: v.name,
      dtype,
      shape,
      chunks: shape.length === 0 ? [] : chunks,
      fill: typeof f === 'number' || typeof f === 'bigint' ? f : null,
      filters: [],
      dimensions: dims,
      storage: shape.length === 0 ? 'contiguous' : 'chunked',
      attributes: v.attributes.flatMap((a) => docAttribute(a) ?? []),
    };
  };

  const group = (g: Group, isRoot: boolean): DocGroup => {
    const dimensions = g.dimensions.map((d) => ({
      name: d.name,
      size: isRoot && d.name === choice.dimension ? length : d.length,
      unlimited: d.unlimited,
    }));
    if (isRoot && choice.kind === 'new') dimensions.unshift({ name: choice.dimension, size: length, unlimited: false });
    return {
      name: g.name,
      attributes: g.attributes.flatMap((a) => docAttribute(a) ?? []),
      dimensions,
      variables: g.variables.flatMap((v) => variable(v) ?? []),
      groups: g.groups.map((c) => group(c, false)),
    };
  };
  const docs = nczarrDocuments(group(proto.root, true));
  return { docs, layouts, notShown };
}
