/**
 * CF coordinates of a variable: per dimension, its 1-D coordinate variable (same name as the dimension, searched
 * in the variable's group then its ancestors, as netCDF scoping and CF §2.7 "search by proximity" say), the
 * auxiliary coordinates named by the `coordinates` attribute, `bounds`, axis kind (`axis`, `positive`,
 * units, standard_name), labels, and a time coder for time axes.
 *
 * @example
 * for (const axis of describeAxes(ds.model, variable)) console.log(axis.title, axis.kind);
 */
import { findGroup as findGroupIn, findVariable as findVariableIn, parentPath } from '../model/find';
import type { Dataset, Dimension, Group, Variable } from '../model/types';
import { textAttribute } from './attributes';
import { labelVariable } from './dsg';
import { axisTitle } from './format';
import { timeCoder, type TimeCoder } from './time';
import { isTimeUnits } from './time-units';

export type AxisKind = 'X' | 'Y' | 'Z' | 'T';

export interface AuxiliaryCoordinate {
  readonly variable: Variable;
  /** Positions of its dimensions among the data variable's dimensions. */
  readonly dimensionIndices: readonly number[];
  readonly kind: AxisKind | null;
}

export interface AxisDescription {
  /** Position of the dimension in the variable's dimensions. */
  readonly index: number;
  readonly dimension: Dimension;
  /** The coordinate variable, or null when the dimension has none (values are then the indices). */
  readonly coordinate: Variable | null;
  readonly kind: AxisKind | null;
  /** Axis title: long_name, else standard_name, else the name, with units (`Air temperature [K]`). */
  readonly title: string;
  readonly units: string | undefined;
  readonly positive: 'up' | 'down' | undefined;
  /** The `bounds` (or `climatology`) variable of the coordinate, when it exists. */
  readonly bounds: Variable | null;
  /** Decodes coordinate values to dates, for time axes with CF units (or datetime64 data). */
  readonly time: TimeCoder | null;
  /**
   * Without a coordinate variable: the text variable whose strings name the positions (a CF DSG station,
   * profile or trajectory id, `dsg.ts`), else null.
   */
  readonly labels: Variable | null;
  /** Auxiliary coordinates (from `coordinates`) that span this dimension. */
  readonly auxiliary: readonly AuxiliaryCoordinate[];
  /** Why some coordinate metadata was ignored. */
  readonly warnings: readonly string[];
}

/** The group at a path (`/`, `/a/b`) of a dataset, or undefined. */
export function findGroup(dataset: Dataset, path: string): Group | undefined {
  return findGroupIn(dataset.root, path);
}

/** The variable at a full path (`/grp/temp`) of a dataset, or undefined. */
export function findVariable(dataset: Dataset, path: string): Variable | undefined {
  return path.startsWith('/') ? findVariableIn(dataset.root, path) : undefined;
}

/** A group's path and its ancestors' paths, nearest first (netCDF's scope of names seen from the group). */
export function ancestors(path: string): string[] {
  const out = [path];
  while (path !== '/') {
    path = parentPath(path);
    out.push(path);
  }
  return out;
}

/**
 * Resolves a variable reference as CF 1.8+ does: absolute path, relative path from the group, or a bare name
 * searched in the group, then its ancestors.
 */
export function resolveVariable(dataset: Dataset, fromGroup: string, ref: string): Variable | undefined {
  if (ref.startsWith('/')) return findVariable(dataset, ref);
  if (ref.includes('/')) {
    const parts = `${fromGroup === '/' ? '' : fromGroup}/${ref}`.split('/');
    const stack: string[] = [];
    for (const p of parts) {
      if (p === '' || p === '.') continue;
      if (p === '..') stack.pop();
      else stack.push(p);
    }
    return findVariable(dataset, `/${stack.join('/')}`);
  }
  for (const g of ancestors(fromGroup)) {
    const v = findGroup(dataset, g)?.variables.find((x) => x.name === ref);
    if (v) return v;
  }
  return undefined;
}

/** The 1-D coordinate variable of a dimension, as seen from a variable in group `fromGroup`. */
export function coordinateVariable(dataset: Dataset, fromGroup: string, dimension: Dimension): Variable | null {
  let fallback: Variable | null = null;
  for (const g of ancestors(fromGroup)) {
    const v = findGroup(dataset, g)?.variables.find((x) => x.name === dimension.name && x.dimensions.length === 1);
    if (!v) continue;
    const d = v.dimensions[0];
    if (d?.path === dimension.path) return v;
    if (!fallback && d?.length === dimension.length) fallback = v;
  }
  return fallback;
}

const LAT_UNITS = /^degrees?_?n(orth)?$/i;
const LON_UNITS = /^degrees?_?e(ast)?$/i;
const PRESSURE_UNITS = /^(pa|hpa|kpa|bar|mbar|millibar|decibar|dbar|atm|atmosphere|mb)$/i;
const CDM_AXIS: Readonly<Record<string, AxisKind>> = {
  lat: 'Y',
  geoy: 'Y',
  lon: 'X',
  geox: 'X',
  time: 'T',
  runtime: 'T',
  height: 'Z',
  pressure: 'Z',
  geoz: 'Z',
};

/** The axis a coordinate variable represents (CF §4), from `axis`, units, `positive`, standard_name. */
export function axisKind(variable: Variable): AxisKind | null {
  const attrs = variable.attributes;
  const axis = textAttribute(attrs, 'axis')?.trim().toUpperCase();
  if (axis === 'X' || axis === 'Y' || axis === 'Z' || axis === 'T') return axis;
  const units = textAttribute(attrs, 'units')?.trim() ?? '';
  if (variable.type === 'datetime64' || isTimeUnits(units)) return 'T';
  if (LAT_UNITS.test(units)) return 'Y';
  if (LON_UNITS.test(units)) return 'X';
  const positive = textAttribute(attrs, 'positive')?.trim().toLowerCase();
  if (positive === 'up' || positive === 'down' || PRESSURE_UNITS.test(units)) return 'Z';
  const standard = textAttribute(attrs, 'standard_name')?.trim().toLowerCase() ?? '';
  if (standard === 'latitude' || standard === 'grid_latitude' || standard === 'projection_y_coordinate') return 'Y';
  if (standard === 'longitude' || standard === 'grid_longitude' || standard === 'projection_x_coordinate') return 'X';
  if (standard === 'time') return 'T';
  if (/^(altitude|height|depth|air_pressure|atmosphere_.*_coordinate|model_level_number)$/.test(standard)) return 'Z';
  const cdm = textAttribute(attrs, '_CoordinateAxisType')?.trim().toLowerCase();
  return (cdm && CDM_AXIS[cdm]) || null;
}

/**
 * A time coder for a variable: CF `<unit> since <date>` units with its `calendar`, or Zarr datetime64 data
 * (`<M8[ns]` → nanoseconds since 1970-01-01, proleptic Gregorian). Null when it is not a time variable.
 * @throws MetadataError when the units look like time units but do not parse (bad date, unknown calendar).
 */
export function timeCoderFor(variable: Variable): TimeCoder | null {
  const units = textAttribute(variable.attributes, 'units');
  if (isTimeUnits(units)) return timeCoder(units ?? '', textAttribute(variable.attributes, 'calendar'));
  if (variable.type === 'datetime64') {
    const unit = /\[(\d*)(\w+)\]/.exec(variable.dtype);
    const names: Record<string, string> = {
      ns: 'nanoseconds',
      us: 'microseconds',
      ms: 'milliseconds',
      s: 'seconds',
      m: 'minutes',
      h: 'hours',
      D: 'days',
    };
    const name = unit ? names[unit[2] ?? ''] : undefined;
    if (!name || (unit?.[1] ?? '') !== '') return null;
    const coder = timeCoder(`${name} since 1970-01-01`, 'proleptic_gregorian');
    const NAT = -(2n ** 63n);
    return {
      ...coder,
      toDate: (v) => (v === NAT ? null : coder.toDate(v)),
      format: (v, sep) => (v === NAT ? '' : coder.format(v, sep)),
    };
  }
  return null;
}

/** Auxiliary coordinates named by a variable's `coordinates` attribute. */
export function auxiliaryCoordinates(
  dataset: Dataset,
  variable: Variable,
  warnings: string[] = [],
): AuxiliaryCoordinate[] {
  const list = textAttribute(variable.attributes, 'coordinates');
  if (!list) return [];
  const group = parentPath(variable.path);
  const out: AuxiliaryCoordinate[] = [];
  for (const name of list.split(/\s+/).filter((n) => n !== '')) {
    const v = resolveVariable(dataset, group, name);
    if (!v) {
      warnings.push(`coordinates: "${name}" is not a variable of the dataset.`);
      continue;
    }
    const dimensionIndices = v.dimensions.map((d) => variable.dimensions.findIndex((x) => x.path === d.path));
    if (dimensionIndices.some((i) => i < 0)) {
      warnings.push(`coordinates: "${name}" has dimensions that ${variable.name} does not have.`);
      continue;
    }
    out.push({ variable: v, dimensionIndices, kind: axisKind(v) });
  }
  return out;
}

/** Axis descriptions of a variable, one per dimension, in the variable's dimension order. */
export function describeAxes(dataset: Dataset, variable: Variable): AxisDescription[] {
  const group = parentPath(variable.path);
  const shared: string[] = [];
  const aux = auxiliaryCoordinates(dataset, variable, shared);
  return variable.dimensions.map((dimension, index) => {
    const warnings: string[] = [...shared];
    const coordinate = coordinateVariable(dataset, group, dimension);
    const source = coordinate ?? null;
    let time: TimeCoder | null = null;
    if (source) {
      try {
        time = timeCoderFor(source);
      } catch (e) {
        warnings.push(`${source.name}: ${(e as Error).message}`);
      }
    }
    const boundsName = source
      ? (textAttribute(source.attributes, 'bounds') ?? textAttribute(source.attributes, 'climatology'))
      : undefined;
    const bounds = boundsName ? (resolveVariable(dataset, parentPath(source?.path ?? '/'), boundsName) ?? null) : null;
    if (boundsName && !bounds) warnings.push(`bounds: "${boundsName}" is not a variable of the dataset.`);
    const positive = source ? textAttribute(source.attributes, 'positive')?.trim().toLowerCase() : undefined;
    return {
      index,
      dimension,
      coordinate,
      kind: source ? axisKind(source) : null,
      title: source ? axisTitle(source) : dimension.name,
      units: source ? textAttribute(source.attributes, 'units') : undefined,
      positive: positive === 'up' || positive === 'down' ? positive : undefined,
      bounds,
      time,
      labels: coordinate ? null : labelVariable(dataset, variable, dimension),
      auxiliary: aux.filter((a) => a.dimensionIndices.includes(index)),
      warnings,
    };
  });
}
