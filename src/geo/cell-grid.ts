/**
 * The seam of grids that are one dimension of cells on the sphere (a data variable's cell dimension, not two
 * lat/lon axes): unstructured meshes (`mesh/`), and next HEALPix and reduced Gaussian grids. `findCellGrid` asks
 * each family's finder in turn, from the metadata alone (it runs on the start page: keep finders small); what a
 * family reads and builds is loaded with the Map (`map-core.ts` `loadCellGrid`), and its geometry is one more
 * kind of `GridGeometry` that the workers' `gridLookup` (reproject.ts) answers per pixel. See README.md.
 */
import type { Dataset, Variable } from '../model/types';
import { findMesh } from './mesh/detect';
import { MESH_LABELS, type MeshKind, type MeshProblem, type MeshSpec } from './mesh/types';

/** A grid of cells found on a data variable. A new family adds its member here and a finder below. */
export type CellGrid = {
  readonly family: 'mesh';
  readonly kind: MeshKind;
  readonly spec: MeshSpec;
} & CellGridCommon;

interface CellGridCommon {
  /** What the Report and the Overview call it. */
  readonly label: string;
  /** Position of the cell dimension among the variable's dimensions. */
  readonly dim: number;
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
  const label = `${MESH_LABELS[m.kind]} ${m.name}: ${m.faces} cells, data on the ${m.location === 'face' ? 'cells' : 'nodes'}`;
  const grid: CellGrid = { family: 'mesh', kind: m.kind, spec: m, label, dim: m.dim, problems: m.problems };
  return { kind: 'grid', grid };
};

/** The finders, in order: the first that finds something answers. */
const FINDERS: readonly Finder[] = [meshFinder];

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
