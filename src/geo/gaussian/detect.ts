/**
 * Whether a variable lies on a reduced Gaussian grid: CDO marks it `CDI_grid_type = "gaussian_reduced"`, cfgrib
 * `GRIB_gridType = "reduced_gg"` (on the variable or its latitude/longitude), with per-point latitude and longitude
 * on the one cell dimension (`coordinates = "lon lat"`, or 1-D coordinates sharing it). A grid name (`O32`, `N32`
 * in `grid_name`) gives the rings without reading the points (an N grid also needs its `pl`: a variable `pl` or
 * `reduced_points` of ring lengths).
 */
import { numericAttribute, textAttribute } from '../../cf/attributes';
import { resolveVariable } from '../../cf/coordinates';
import type { Dataset, Variable } from '../../model/types';

export interface GaussianGridRef {
  readonly kind: 'gaussian';
  /** Position of the cell dimension among the variable's dimensions. */
  readonly cellDim: number;
  /** The cell dimension's length. */
  readonly cells: number;
  /** Per-point latitude and longitude (1-D on the cell dimension), when the file has them. */
  readonly latPath?: string | undefined;
  readonly lonPath?: string | undefined;
  /** The grid's name (`O32`, `N32`), when written. */
  readonly name?: string | undefined;
  /** A variable of ring lengths, when written. */
  readonly plPath?: string | undefined;
}

export interface GaussianProblem {
  readonly kind: 'no-points' | 'too-many-points';
  readonly variable: string;
  readonly message: string;
}

export type GaussianResult =
  | { readonly kind: 'none' }
  | { readonly kind: 'grid'; readonly grid: GaussianGridRef }
  | { readonly kind: 'problem'; readonly problem: GaussianProblem };

/** More points than this are not read: the claim is taken for a malformed file (as a mesh's `MAX_FACES`). */
export const MAX_POINTS = 50_000_000;
/** Ring lengths longer than the largest grid name's rings (N99999: 199,998 rings) are not read as `pl`. */
const MAX_RINGS = 2 * 99_999;

const parentPath = (p: string) => p.slice(0, Math.max(1, p.lastIndexOf('/')));

const marked = (v: Variable | undefined) =>
  v !== undefined &&
  (textAttribute(v.attributes, 'CDI_grid_type')?.trim() === 'gaussian_reduced' ||
    textAttribute(v.attributes, 'GRIB_gridType')?.trim() === 'reduced_gg');

const isLat = (v: Variable) =>
  textAttribute(v.attributes, 'standard_name') === 'latitude' ||
  /^degrees?_?n(orth)?$/i.test(textAttribute(v.attributes, 'units') ?? '');
const isLon = (v: Variable) =>
  textAttribute(v.attributes, 'standard_name') === 'longitude' ||
  /^degrees?_?e(ast)?$/i.test(textAttribute(v.attributes, 'units') ?? '');

function nameOf(vs: readonly (Variable | undefined)[]): string | undefined {
  for (const v of vs) {
    if (!v) continue;
    const t = textAttribute(v.attributes, 'grid_name')?.trim();
    if (t && /^[ON]\d+$/i.test(t)) return t.toUpperCase();
    const n = numericAttribute(v.attributes, 'GRIB_N')?.values[0];
    const octa = numericAttribute(v.attributes, 'GRIB_isOctahedral')?.values[0];
    if (n !== undefined && octa !== undefined) return `${Number(octa) ? 'O' : 'N'}${Number(n)}`;
  }
  return undefined;
}

/** The reduced Gaussian grid of `variable`, `none` when nothing marks it so, or why it cannot be drawn. */
export function gaussianGrid(dataset: Dataset, variable: Variable): GaussianResult {
  const from = parentPath(variable.path);
  const refs = (textAttribute(variable.attributes, 'coordinates') ?? '').split(/\s+/).filter(Boolean);
  const named = refs.map((r) => resolveVariable(dataset, from, r)).filter((v): v is Variable => v !== undefined);
  const oneD = named.filter((v) => v.dimensions.length === 1);
  const lat = oneD.find(isLat);
  const lon = oneD.find(isLon);
  if (!marked(variable) && !marked(lat) && !marked(lon)) return { kind: 'none' };
  const dimName = lat?.dimensions[0]?.name ?? lon?.dimensions[0]?.name;
  let cellDim = variable.dimensions.findIndex((d) => d.name === dimName);
  if (cellDim < 0) cellDim = variable.dimensions.length - 1;
  const name = nameOf([variable, lat, lon]);
  const pl = ['pl', 'reduced_points']
    .map((n) => resolveVariable(dataset, from, n))
    .find((v) => v !== undefined && v.shape.length === 1 && (v.shape[0] ?? 0) <= MAX_RINGS);
  const cells = variable.shape[cellDim] ?? 0;
  const points = [lat, lon].find((v) => v && (v.shape[0] ?? 0) > MAX_POINTS)?.shape[0] ?? cells;
  if (points > MAX_POINTS)
    return {
      kind: 'problem',
      problem: {
        kind: 'too-many-points',
        variable: variable.path,
        message: `${variable.path}: a reduced Gaussian grid of ${points} points, more than the ${MAX_POINTS} the map reads`,
      },
    };
  if ((!lat || !lon) && !name)
    return {
      kind: 'problem',
      problem: {
        kind: 'no-points',
        variable: variable.path,
        message: `${variable.path}: a reduced Gaussian grid without per-point latitude/longitude or a grid name`,
      },
    };
  const grid: GaussianGridRef = {
    kind: 'gaussian',
    cellDim,
    cells,
    latPath: lat?.path,
    lonPath: lon?.path,
    name,
    plPath: pl?.path,
  };
  return { kind: 'grid', grid };
}
