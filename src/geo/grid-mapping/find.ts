/**
 * The grid mapping of a data variable (CF §5.6): its `grid_mapping` attribute, in the plain form (`crs`) or CF 1.7's
 * extended form (`crs: x y` — the mapping and the coordinates it applies to), resolved like any CF reference, read
 * into a proj4 definition, with the variable's projected x and y dimensions (standard_name
 * projection_x/y_coordinate, grid_longitude/grid_latitude, or axis X/Y) and the factor of their units.
 */
import { textAttribute } from '../../cf/attributes';
import { describeAxes, resolveVariable, type AxisDescription } from '../../cf/coordinates';
import type { Dataset, Variable } from '../../model/types';
import { parseGridMapping } from './parse';
import type { GridMapping, GridMappingProblem } from './types';
import { unitScale } from './units';

/** A variable's projected grid: the mapping, its x/y dimensions and their coordinate variables. */
export interface ProjectedGrid {
  readonly mapping: GridMapping;
  /** The grid mapping variable's path. */
  readonly mappingPath: string;
  /** Positions of the x and y dimensions among the data variable's dimensions. */
  readonly xDim: number;
  readonly yDim: number;
  readonly x: Variable;
  readonly y: Variable;
  /** Factor from the x/y values to the mapping's unit (metres, radians or degrees). */
  readonly scale: number;
  /** x/y units as written (for the native view's axes). */
  readonly units: string | undefined;
}

export type ProjectedGridResult =
  | { readonly kind: 'none' }
  | { readonly kind: 'grid'; readonly grid: ProjectedGrid }
  | { readonly kind: 'problem'; readonly problem: GridMappingProblem };

const parentPath = (p: string) => p.slice(0, Math.max(1, p.lastIndexOf('/')));

/** The grid mapping references of `grid_mapping`: `[mapping, coordinate names]` (none for the plain form). */
export function gridMappingReferences(text: string): { mapping: string; coordinates: string[] }[] {
  if (!text.includes(':'))
    return text
      .split(/\s+/)
      .filter(Boolean)
      .map((mapping) => ({ mapping, coordinates: [] }));
  const out: { mapping: string; coordinates: string[] }[] = [];
  // Tokens: `name:` starts a mapping (also `name:coord`), the others are coordinates of the last one.
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const colon = token.indexOf(':');
    if (colon > 0) {
      out.push({ mapping: token.slice(0, colon), coordinates: [] });
      const rest = token.slice(colon + 1);
      if (rest) out[out.length - 1]?.coordinates.push(rest);
    } else out[out.length - 1]?.coordinates.push(token);
  }
  return out;
}

const X_NAMES = new Set(['projection_x_coordinate', 'grid_longitude', 'projection_x_angular_coordinate', 'longitude']);
const Y_NAMES = new Set(['projection_y_coordinate', 'grid_latitude', 'projection_y_angular_coordinate', 'latitude']);

function axisOf(
  axes: readonly AxisDescription[],
  which: 'X' | 'Y',
  named: readonly string[],
): AxisDescription | undefined {
  const withCoord = axes.filter((a) => a.coordinate && a.coordinate.dimensions.length === 1);
  const names = which === 'X' ? X_NAMES : Y_NAMES;
  const sn = (a: AxisDescription) => textAttribute(a.coordinate?.attributes ?? [], 'standard_name')?.trim() ?? '';
  return (
    withCoord.find((a) => named.includes(a.coordinate?.name ?? '') && names.has(sn(a))) ??
    withCoord.find((a) => names.has(sn(a))) ??
    withCoord.find(
      (a) =>
        textAttribute(a.coordinate?.attributes ?? [], 'axis')
          ?.trim()
          .toUpperCase() === which,
    )
  );
}

/** The projected grid of `variable`, `none` when it names no grid mapping, or the problem that stops it. */
export function projectedGrid(
  dataset: Dataset,
  variable: Variable,
  axes?: readonly AxisDescription[],
): ProjectedGridResult {
  const text = textAttribute(variable.attributes, 'grid_mapping');
  if (!text?.trim()) return { kind: 'none' };
  const refs = gridMappingReferences(text);
  const from = parentPath(variable.path);
  const ax = axes ?? describeAxes(dataset, variable);
  let first: GridMappingProblem | null = null;
  for (const ref of refs) {
    const mv = resolveVariable(dataset, from, ref.mapping);
    if (!mv) {
      first ??= {
        kind: 'missing-variable',
        variable: variable.path,
        message: `${variable.path}: grid_mapping names "${ref.mapping}", which is not a variable of this dataset`,
      };
      continue;
    }
    // HEALPix (CF 1.13) is a grid of cells, not a projection of x/y: src/geo/healpix reads it.
    if (textAttribute(mv.attributes, 'grid_mapping_name')?.trim().toLowerCase() === 'healpix') continue;
    const parsed = parseGridMapping(mv.path, mv.attributes);
    if (!parsed.ok) {
      first ??= parsed.problem;
      continue;
    }
    let m = parsed.mapping;
    const x = axisOf(ax, 'X', ref.coordinates);
    const y = axisOf(ax, 'Y', ref.coordinates);
    if (!x?.coordinate || !y?.coordinate || x.index === y.index) {
      first ??= {
        kind: 'no-coordinates',
        variable: mv.path,
        message: `${variable.path}: grid mapping ${mv.path} has no projected x and y coordinate variables to apply to`,
      };
      continue;
    }
    const units = textAttribute(x.coordinate.attributes, 'units') ?? x.units;
    // A geostationary x/y in metres (GDAL writes them so) is the projection's own: no scan angles to scale.
    const metres = m.angular && unitScale(units, 'angle') === null && unitScale(units, 'length') !== null;
    if (metres) m = { ...m, angular: false };
    const kind = m.angular ? 'angle' : m.degrees ? 'degrees' : 'length';
    const scale = unitScale(units, kind);
    if (scale === null) {
      first ??= {
        kind: 'bad-units',
        variable: x.coordinate.path,
        message: `${x.coordinate.path}: units "${units ?? ''}" are not ${kind === 'length' ? 'a length' : kind === 'angle' ? 'radians' : 'degrees'}, as grid mapping ${m.name} needs`,
      };
      continue;
    }
    const grid: ProjectedGrid = {
      mapping: m,
      mappingPath: mv.path,
      xDim: x.index,
      yDim: y.index,
      x: x.coordinate,
      y: y.coordinate,
      scale,
      units,
    };
    return { kind: 'grid', grid };
  }
  return first ? { kind: 'problem', problem: first } : { kind: 'none' };
}
