/**
 * The seam of grids that are one dimension of cells on the sphere (a data variable's cell dimension, not two
 * lat/lon axes): unstructured meshes (`mesh/`), HEALPix (`healpix/`) and reduced Gaussian grids (`gaussian/`). `findCellGrid` asks
 * each family's finder in turn, from the metadata alone (it runs on the start page: keep finders small); what a
 * family reads and builds is loaded with the Map (`map-core.ts` `loadCellGrid`), and its geometry is one more
 * kind of `GridGeometry` that the workers' `gridLookup` (reproject.ts) answers per pixel. See README.md.
 */
import type { Dataset, Variable } from '../model/types';
import { gaussianGrid, type GaussianGridRef } from './gaussian/detect';
import { healpixGrid, healpixLabel, type HealpixGrid } from './healpix/detect';
import { healpixLevels, type HealpixLevel } from './healpix/levels';
import { findMesh } from './mesh/detect';
import { MESH_LABELS, type MeshKind, type MeshProblem, type MeshSpec } from './mesh/types';

/** A grid of cells found on a data variable. A new family adds its member here and a finder below. */
export type CellGrid = (
  | { readonly family: 'mesh'; readonly kind: MeshKind; readonly spec: MeshSpec }
  | {
      readonly family: 'healpix';
      readonly kind: HealpixGrid['order'];
      readonly spec: HealpixGrid;
      /** Its zoom-level pyramid, finest first (the variable alone when it has none): the screen picks one. */
      readonly levels: readonly HealpixLevel[];
    }
  | { readonly family: 'gaussian'; readonly kind: string; readonly spec: GaussianGridRef }
) &
  CellGridCommon;

interface CellGridCommon {
  /** What the Report and the Overview call it. */
  readonly label: string;
  /** Position of the cell dimension among the variable's dimensions. */
  readonly dim: number;
  /** How the hover names the grid before `cell k` (`HEALPix nested nside 16`), when shorter than `label`. */
  readonly cellName?: string | undefined;
  /** Problems found in the metadata that do not stop it from being drawn. */
  readonly problems: readonly CellGridProblem[];
}

export interface CellGridProblem {
  readonly kind: string;
  readonly message: string;
}

export type CellGridResult =
  | { readonly kind: 'none' }
  | { readonly kind: 'grid'; readonly grid: CellGrid }
  /** Found, but it cannot be drawn: `label` names what was found. */
  | { readonly kind: 'problem'; readonly label: string; readonly problems: readonly CellGridProblem[] };

type Finder = (ds: Dataset, v: Variable) => CellGridResult;

const meshFinder: Finder = (ds, v) => {
  const r = findMesh(ds, v);
  if (r.kind === 'none') return r;
  if (r.kind === 'problem') return { kind: 'problem', label: MESH_LABELS[r.mesh], problems: r.problems };
  const m = r.mesh;
  const where = m.location === 'face' ? 'cells' : m.location === 'node' ? 'nodes' : `${m.edges?.count ?? 0} edges`;
  const label = `${MESH_LABELS[m.kind]} ${m.name}: ${m.faces} cells, data on the ${where}`;
  const grid: CellGrid = { family: 'mesh', kind: m.kind, spec: m, label, dim: m.dim, problems: m.problems };
  return { kind: 'grid', grid };
};

const healpixFinder: Finder = (ds, v) => {
  const r = healpixGrid(ds, v);
  if (r.kind === 'none') return r;
  if (r.kind === 'problem') return { kind: 'problem', label: 'HEALPix grid', problems: [r.problem] };
  const g = r.grid;
  const levels = healpixLevels(ds, v);
  const zooms =
    levels.length > 1
      ? `, a pyramid of ${levels.length} levels (nside ${levels.map((l) => l.grid.nside).join(', ')})`
      : '';
  const grid: CellGrid = {
    family: 'healpix',
    kind: g.order,
    spec: g,
    levels,
    label: `${healpixLabel(g)}${zooms}`,
    cellName: `HEALPix ${g.order === 'nested' ? 'nest' : 'ring'} nside ${g.nside}`,
    dim: g.cellDim,
    problems: [],
  };
  return { kind: 'grid', grid };
};

const gaussianFinder: Finder = (ds, v) => {
  const r = gaussianGrid(ds, v);
  if (r.kind === 'none') return r;
  if (r.kind === 'problem') return { kind: 'problem', label: 'reduced Gaussian grid', problems: [r.problem] };
  const g = r.grid;
  const name = g.name ?? 'reduced';
  const grid: CellGrid = {
    family: 'gaussian',
    kind: name,
    spec: g,
    label: `reduced Gaussian grid ${name}: ${g.cells.toLocaleString('en-US')} points`,
    cellName: `Gaussian ${name}`,
    dim: g.cellDim,
    problems: [],
  };
  return { kind: 'grid', grid };
};

/** The finders, in order: the first that finds something answers. */
const FINDERS: readonly Finder[] = [healpixFinder, gaussianFinder, meshFinder];

/** The grid of cells a variable lies on, `none`, or what stops it from being drawn. */
export function findCellGrid(ds: Dataset, v: Variable): CellGridResult {
  for (const find of FINDERS) {
    let r: CellGridResult;
    try {
      r = find(ds, v);
    } catch {
      continue;
    }
    if (r.kind !== 'none') return r;
  }
  return { kind: 'none' };
}

export type { MeshProblem };

/** The dimension of `v`'s grid of cells (shown alone on x for the Map), or null when it lies on none. */
export function cellDimension(ds: Dataset, v: Variable): number | null {
  const r = findCellGrid(ds, v);
  return r.kind === 'grid' ? r.grid.dim : null;
}
