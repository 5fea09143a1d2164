/**
 * Which dimension a member is joined along: the one asked for, else the unlimited dimension, else a dimension named
 * `time`, else a scalar coordinate with `standard_name = "time"` or `axis = "T"` (a new dimension made from it, as
 * xarray's `concat_dim` makes one of GOES files' scalar `t`). Only the root group is looked at, as NcML does.
 */
import type { Attribute, Dataset, Group, Variable } from '../model/types';
import type { JoinChoice } from './types';

/** The text of a char or one-string attribute. */
export function textAttribute(attrs: readonly Attribute[], name: string): string | undefined {
  const a = attrs.find((x) => x.name === name);
  if (!a) return undefined;
  if (a.type === 'char') return a.value;
  if (a.type === 'string' && a.value.length === 1) return a.value[0];
  return undefined;
}

const isTimeScalar = (v: Variable, attr: string, value: string) =>
  v.shape.length === 0 && textAttribute(v.attributes, attr)?.trim().toLowerCase() === value.toLowerCase();

/** The join of a member's root group, or a sentence saying why there is none. */
export function chooseJoin(dataset: Dataset, asked?: string): JoinChoice | string {
  const root: Group = dataset.root;
  if (asked !== undefined) {
    if (root.dimensions.some((d) => d.name === asked)) return { dimension: asked, kind: 'existing', why: 'asked' };
    const scalar = root.variables.find((v) => v.name === asked && v.shape.length === 0);
    if (scalar) return { dimension: asked, kind: 'new', why: 'asked' };
    return `it has no dimension ${asked} and no scalar variable ${asked} to join along`;
  }
  const unlimited = root.dimensions.find((d) => d.unlimited);
  if (unlimited) return { dimension: unlimited.name, kind: 'existing', why: 'unlimited' };
  if (root.dimensions.some((d) => d.name === 'time')) return { dimension: 'time', kind: 'existing', why: 'time' };
  const byName = root.variables.find((v) => isTimeScalar(v, 'standard_name', 'time'));
  if (byName) return { dimension: byName.name, kind: 'new', why: 'standard_name' };
  const byAxis = root.variables.find((v) => isTimeScalar(v, 'axis', 'T'));
  if (byAxis) return { dimension: byAxis.name, kind: 'new', why: 'axis' };
  return 'it has no unlimited dimension, no time dimension and no scalar time coordinate (standard_name = "time" or axis = "T") to join along: name one (--join DIM)';
}
