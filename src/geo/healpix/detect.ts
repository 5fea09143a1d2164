/**
 * Whether a variable lies on a HEALPix grid, as the km-scale hackathon outputs and easygems write it: a grid
 * mapping variable (`grid_mapping = "crs"`, or a `crs` variable in scope) with `grid_mapping_name = "healpix"`,
 * the resolution as CF 1.13's `refinement_level` (nside = 2^level) or the older `healpix_nside`, the ordering as
 * `indexing_scheme` (`nested`, `ring`) or `healpix_order` (`nest`, `nested`, `ring`), and the data on one cell
 * dimension of 12·nside² cells (or fewer, with a `healpix_index` coordinate naming the cells held).
 */
import { numericAttribute, textAttribute } from '../../cf/attributes';
import { coordinateVariable, resolveVariable } from '../../cf/coordinates';
import type { Dataset, Variable } from '../../model/types';
import { MAX_NSIDE, isPowerOfTwo, npix, type HealpixOrder } from './pixel';

export interface HealpixGrid {
  readonly kind: 'healpix';
  readonly nside: number;
  readonly order: HealpixOrder;
  /** Position of the cell dimension among the variable's dimensions. */
  readonly cellDim: number;
  /** The grid mapping variable's path. */
  readonly mappingPath: string;
  /** A coordinate of the cell indices held, when the variable holds part of the sphere (else cell k is pixel k). */
  readonly indexPath?: string | undefined;
}

export type HealpixProblemKind =
  'nside-not-power-of-two' | 'bad-nside' | 'bad-order' | 'no-cell-dimension' | 'too-many-cells';

/** More cells than this along a part of the sphere are not read (their index coordinate would be read whole). */
export const MAX_INDEXED_CELLS = 50_000_000;

export interface HealpixProblem {
  readonly kind: HealpixProblemKind;
  readonly variable: string;
  readonly message: string;
}

export type HealpixResult =
  | { readonly kind: 'none' }
  | { readonly kind: 'grid'; readonly grid: HealpixGrid }
  | { readonly kind: 'problem'; readonly problem: HealpixProblem };

const parentPath = (p: string) => p.slice(0, Math.max(1, p.lastIndexOf('/')));
const CELL_NAMES = ['cell', 'cells', 'value', 'values', 'ncells', 'pix', 'pixel'];

function firstNumber(v: Variable, name: string): number | undefined {
  const a = numericAttribute(v.attributes, name);
  const x = a?.values[0];
  if (x !== undefined) return Number(x);
  const t = textAttribute(v.attributes, name)?.trim();
  return t && /^\d+$/.test(t) ? Number(t) : undefined;
}

/** The HEALPix mapping variable of `variable`: its `grid_mapping`, else a `crs` in scope naming healpix. */
function mappingOf(dataset: Dataset, variable: Variable): Variable | undefined {
  const from = parentPath(variable.path);
  const isHealpix = (m: Variable | undefined) =>
    m !== undefined && textAttribute(m.attributes, 'grid_mapping_name')?.trim().toLowerCase() === 'healpix';
  const named = textAttribute(variable.attributes, 'grid_mapping')?.trim();
  for (const ref of named ? named.split(/[\s:]+/).filter(Boolean) : ['crs']) {
    const m = resolveVariable(dataset, from, ref);
    if (isHealpix(m)) return m;
  }
  return undefined;
}

function problem(kind: HealpixProblemKind, variable: string, message: string): HealpixResult {
  return { kind: 'problem', problem: { kind, variable, message } };
}

/** The HEALPix grid of `variable`, `none` when it has no HEALPix mapping, or what is wrong with it. */
export function healpixGrid(dataset: Dataset, variable: Variable): HealpixResult {
  const m = mappingOf(dataset, variable);
  if (!m || m.path === variable.path) return { kind: 'none' };
  const level = firstNumber(m, 'refinement_level');
  const nside = level !== undefined ? 2 ** level : firstNumber(m, 'healpix_nside');
  const where = `${variable.path}: HEALPix grid mapping ${m.path}`;
  if (nside === undefined || !Number.isInteger(nside) || nside < 1 || nside > MAX_NSIDE)
    return problem('bad-nside', variable.path, `${where} has no usable nside (refinement_level or healpix_nside)`);
  const scheme = (textAttribute(m.attributes, 'indexing_scheme') ?? textAttribute(m.attributes, 'healpix_order'))
    ?.trim()
    .toLowerCase();
  const order = scheme === 'nest' || scheme === 'nested' ? 'nested' : scheme === 'ring' ? 'ring' : null;
  if (!order) return problem('bad-order', variable.path, `${where}: ordering "${scheme ?? ''}" is not nested or ring`);
  if (order === 'nested' && !isPowerOfTwo(nside))
    return problem(
      'nside-not-power-of-two',
      variable.path,
      `${where}: nside ${nside} is not a power of two, which nested ordering needs`,
    );
  const total = npix(nside);
  const dims = variable.dimensions;
  const byName = dims.findIndex((d, i) => CELL_NAMES.includes(d.name.toLowerCase()) && (variable.shape[i] ?? 0) > 0);
  const full = dims.findIndex((_, i) => variable.shape[i] === total);
  const cellDim = full >= 0 ? full : byName;
  const dim = dims[cellDim];
  if (!dim)
    return problem('no-cell-dimension', variable.path, `${where}: no dimension of ${total} cells (12·${nside}²)`);
  const coord = coordinateVariable(dataset, parentPath(variable.path), dim);
  const partial = (variable.shape[cellDim] ?? 0) !== total;
  if (partial && !coord)
    return problem(
      'no-cell-dimension',
      variable.path,
      `${where}: dimension ${dim.name} has ${variable.shape[cellDim] ?? 0} cells, not ${total} (12·${nside}²), and no cell index coordinate`,
    );
  const held = variable.shape[cellDim] ?? 0;
  if (partial && held > Math.min(total, MAX_INDEXED_CELLS))
    return problem(
      'too-many-cells',
      variable.path,
      `${where}: dimension ${dim.name} claims ${held} cells, more than ${held > total ? `the ${total} of the sphere (12·${nside}²)` : `the ${MAX_INDEXED_CELLS} the map reads`}`,
    );
  const grid: HealpixGrid = {
    kind: 'healpix',
    nside,
    order,
    cellDim,
    mappingPath: m.path,
    indexPath: partial ? coord?.path : undefined,
  };
  return { kind: 'grid', grid };
}

/** `HEALPix nested, nside 16 (3,072 cells)`: the grid as the Report and the Overview name it. */
export function healpixLabel(g: Pick<HealpixGrid, 'nside' | 'order'>): string {
  return `HEALPix ${g.order}, nside ${g.nside} (${npix(g.nside).toLocaleString('en-US')} cells)`;
}
