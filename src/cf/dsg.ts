/**
 * Names along an instance dimension of CF discrete sampling geometries (CF §9): the station, profile or trajectory
 * ids that label a dimension without a coordinate variable, and `char` arrays read as strings.
 *
 * @example
 * const names = labelVariable(ds.model, variable, variable.dimensions[0]!); // /station_name
 * charStrings(slice.data, 8) // ['Bergen', 'Tromso', 'Oslo']
 */
import { parentPath } from '../model/find';
import type { Dataset, Dimension, Variable } from '../model/types';
import { textAttribute } from './attributes';
import { ancestors, findGroup, resolveVariable } from './coordinates';

const ID_ROLES = new Set(['timeseries_id', 'profile_id', 'trajectory_id']);

/** Is `v` a text variable along `dimension` only: `char v(dimension, strlen)` or `string v(dimension)`? */
export function namesAlong(v: Variable, dimension: Dimension): boolean {
  if (v.dimensions[0]?.path !== dimension.path) return false;
  if (v.type === 'char') return v.dimensions.length === 2;
  return v.type === 'string' && v.dimensions.length === 1;
}

/**
 * The variable whose strings label `dimension` for `variable`: one with a CF `cf_role` id (timeseries_id,
 * profile_id, trajectory_id) on it, else a text auxiliary coordinate named in `coordinates`, else the one text
 * variable of the dimension in scope (netCDF files often omit `cf_role` on station names). Searched in the
 * variable's group, then its ancestors. Null when none labels the dimension.
 */
export function labelVariable(dataset: Dataset, variable: Variable, dimension: Dimension): Variable | null {
  const groups = ancestors(parentPath(variable.path)).flatMap((p) => findGroup(dataset, p) ?? []);
  for (const g of groups) {
    const id = g.variables.find((v) => {
      const role = textAttribute(v.attributes, 'cf_role')?.trim().toLowerCase() ?? '';
      return ID_ROLES.has(role) && namesAlong(v, dimension);
    });
    if (id) return id;
  }
  const list = textAttribute(variable.attributes, 'coordinates') ?? '';
  for (const name of list.split(/\s+/).filter((n) => n !== '')) {
    const v = resolveVariable(dataset, parentPath(variable.path), name);
    if (v && namesAlong(v, dimension)) return v;
  }
  for (const g of groups) {
    const texts = g.variables.filter((v) => v !== variable && namesAlong(v, dimension));
    if (texts.length === 1) return texts[0] ?? null;
    if (texts.length > 1) return null;
  }
  return null;
}

/**
 * Strings of `length` characters each from one-character cells, as netCDF reads a `char` array: each string ends
 * at its first NUL, and trailing spaces are trimmed.
 */
export function charStrings(cells: ArrayLike<string | number>, length: number): string[] {
  const n = length > 0 ? Math.floor(cells.length / length) : 0;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let s = '';
    for (let k = 0; k < length; k++) {
      const c = cells[i * length + k];
      const ch = typeof c === 'number' ? String.fromCharCode(c) : (c ?? '');
      if (ch === '' || ch === '\0') break;
      s += ch;
    }
    out.push(s.replace(/ +$/, ''));
  }
  return out;
}
