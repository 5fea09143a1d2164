/**
 * Reading a pair of 2-D slices: A's at the view's selection, B's linked to it (by coordinate value or by index),
 * B's values in A's units, B's plotted dimensions in A's roles (rows y, columns x) and its longitudes in A's range;
 * then, for the difference, B on A's grid (as it is when the grids match, else regridded in the decode workers)
 * and A − B with its summary.
 */
import {
  decodeSlice,
  defaultFillFor,
  type DimSelection,
  type OpenDataset,
  type PairAxis,
  type Variable,
} from '../core';
import { convertValues, difference, differenceText, readLinkAxes, unitsForDifference } from '../core-compare';
import type { LinkMode, RegridChoice } from '../state/compare-settings';
import { holdSteps, linkB, type Steps } from './link-b';
import { alignLongitudes, isGlobal, orient, sameCoordinates, type Grid2 } from './compare-math';
import { readCellPositions, type CellPositions } from './compare-curvilinear';
import { readProjectedPair, regridProjected, type ProjectedPair } from './compare-projected';
import { cellGridOf, centres, keepCells, loadCellsSide, regridOntoCells, type CellsSide } from './compare-cells';

/** One side as drawn: the field (rows y × columns x) and its coordinates. */
export interface Side {
  readonly grid: Grid2;
  readonly x: Float64Array;
  readonly y: Float64Array;
}

export interface PairSlices {
  readonly a: Side;
  /** B in A's units (when they convert), null when B has no slice linked to A's. */
  readonly b: Side | null;
  /** B as read (rows y × columns x in A's roles, longitudes as stored), for regridding. */
  readonly bSource: Side | null;
  /** One line per linked dimension: `time: 2020-01-16 12:00:00` (exact), `… (nearest: …)`, `none: …`. */
  readonly linkText: readonly string[];
  /** `degC → K: x + 273.15`, or a note; null when nothing was converted. */
  readonly unitsText: string | null;
  /** Why no difference can be computed (incompatible units, no linked slice), or null. */
  readonly problem: string | null;
  readonly unitsA: string | undefined;
  readonly kindX: string;
  readonly kindY: string;
  /** A's plotted dimensions' names. */
  readonly names: { readonly x: string; readonly y: string };
  /** A's and B's dimension names, B's selection and plotted dimensions (null: no B slice), for the code. */
  readonly dimsA: readonly string[];
  readonly dimsB: readonly string[];
  readonly selB: readonly DimSelection[] | null;
  readonly namesB: { readonly x: string; readonly y: string } | null;
  /** B's cells' latitude and longitude when B's grid is curvilinear (its side is then drawn on its own grid). */
  readonly curvilinear: CellPositions | null;
  /** B's grid of cells (a mesh, HEALPix): B's slice is its 1-D values (one row), drawn on its own map. */
  readonly cells: CellsSide | null;
  /** A's grid of cells, when A lies on one too (its slice one row; the difference drawn on A's cells). */
  readonly cellsA?: CellsSide | null;
  /** A's and B's cells on the earth when either is on projected x/y with a grid mapping (else null). */
  readonly projected: ProjectedPair | null;
  /** B's values into A's: x × scale + offset (null: none needed or none possible). */
  readonly conversion: { readonly scale: number; readonly offset: number; readonly text: string } | null;
}

export interface PairDifference {
  readonly grid: Grid2;
  /** B on A's grid (in A's units). */
  readonly bOnA: Grid2;
  /** `B on A's grid as read (the grids match)` or the regridding's label. */
  readonly label: string;
  readonly summary: readonly string[];
}

export { linkB } from './link-b';

const axesCache = new WeakMap<object, Map<string, Promise<PairAxis[]>>>();

/** The link axes of a variable, read once per dataset. */
export function linkAxes(ds: OpenDataset, v: Variable): Promise<PairAxis[]> {
  let m = axesCache.get(ds);
  if (!m) axesCache.set(ds, (m = new Map()));
  let p = m.get(v.path);
  if (!p) {
    p = readLinkAxes(ds, v);
    m.set(v.path, p);
    p.catch(() => m.delete(v.path));
  }
  return p;
}

const unitsOf = (v: Variable): string | undefined => {
  const a = v.attributes.find((x) => x.name === 'units')?.value;
  return typeof a === 'string' ? a : undefined;
};

/** The coordinate values of a dimension (its indices when it has none). */
export function coords(axis: PairAxis | undefined, n: number): Float64Array {
  const v = axis?.axis?.values;
  return v ? Float64Array.from(v) : Float64Array.from({ length: n }, (_, i) => i);
}

/** Reads A's slice and B's linked one, B in A's units and A's roles. */
export async function readPair(
  dsA: OpenDataset,
  varA: Variable,
  selA: readonly (number | null)[],
  view: { readonly x: number; readonly y: number },
  dsB: OpenDataset,
  varB: Variable,
  mode: LinkMode,
  signal: AbortSignal,
  steps: Steps = {},
): Promise<PairSlices> {
  const kept = selA.flatMap((s, d) => (s === null ? [d] : []));
  // An A on a grid of cells: its cell dimension alone (x and y both), against a B on one.
  const gridA = cellGridOf(dsA, varA);
  const onCells = gridA !== null && kept.length === 1 && kept[0] === gridA.dim && view.x === view.y;
  if (onCells && !cellGridOf(dsB, varB))
    throw new Error('A lies on a grid of cells: it is compared with a B on a grid of cells (a mesh, HEALPix).');
  if (!onCells && (kept.length !== 2 || !kept.includes(view.x) || !kept.includes(view.y)))
    throw new Error('Comparing with another dataset shows 2-D slices: choose an x and a y axis.');
  const readMeshA = onCells ? loadCellsSide(dsA, gridA) : null;
  void readMeshA?.catch(() => undefined);
  // A's slice is asked for first; B's as soon as the coordinates link it: both reads are in flight together.
  const readA = dsA.read(varA.path, selA, { signal });
  void readA.catch(() => undefined);
  const [axesA, axesB] = await Promise.all([linkAxes(dsA, varA), linkAxes(dsB, varB)]);
  // B's dimensions held at B's own step do not follow A's.
  // A B on a grid of cells keeps its cell dimension whole: its slice is one value per cell.
  const cellGrid = cellGridOf(dsB, varB);
  const linked = linkB(mode, axesA, selA, axesB, varB.shape);
  const cellName = cellGrid ? (axesB[cellGrid.dim]?.dimension ?? 'cell') : '';
  const link = holdSteps(cellGrid ? keepCells(linked, cellGrid, cellName) : linked, axesB, varB.shape, steps);
  const keptB = link.selection.flatMap((s, d) => (s === null ? [d] : []));
  const bY = cellGrid ? cellGrid.dim : keptB.find((d) => link.links[d]?.dimensionA === axesA[view.y]?.dimension);
  const bX = cellGrid ? cellGrid.dim : keptB.find((d) => d !== bY);
  const readable = link.linked && keptB.length === (cellGrid ? 1 : 2) && bY !== undefined && bX !== undefined;
  const readB = readable ? dsB.read(varB.path, link.selection, { signal }) : null;
  void readB?.catch(() => undefined);
  const readCells = readable && !cellGrid ? readCellPositions(dsB, varB, bY, bX, signal) : null;
  void readCells?.catch(() => undefined);
  const readMesh = readable && cellGrid ? loadCellsSide(dsB, cellGrid) : null;
  void readMesh?.catch(() => undefined);
  const sliceA = await readA;
  const decA = decodeSlice(sliceA, { defaultFill: defaultFillFor(dsA.model.dialect) });
  // The view's rows are its y dimension (the slice is stored (x, y) when x comes first among A's dimensions).
  const yDim = view.y;
  const xDim = view.x;
  const a: Side = {
    grid: orient(decA.values, decA.mask, onCells ? [1, decA.values.length] : decA.shape, yDim > xDim),
    y: onCells ? Float64Array.of(0) : coords(axesA[yDim], varA.shape[yDim] ?? 1),
    x: coords(onCells ? undefined : axesA[xDim], varA.shape[xDim] ?? 1),
  };
  const kindOf = (d: number) => (onCells ? 'other' : ((axesA[d]?.axis?.kind ?? 'other') as string));
  const names = { x: axesA[xDim]?.dimension ?? 'x', y: axesA[yDim]?.dimension ?? 'y' };
  const dimsA = axesA.map((x) => x.dimension);
  const dimsB = axesB.map((x) => x.dimension);
  const none = { selB: null, namesB: null, conversion: null, curvilinear: null, projected: null, cells: null };
  const base = {
    a,
    names,
    dimsA,
    dimsB,
    linkText: link.text,
    unitsA: unitsOf(varA),
    kindX: kindOf(xDim),
    kindY: kindOf(yDim),
  };
  if (!link.linked)
    return { ...base, ...none, b: null, bSource: null, unitsText: null, problem: 'B has no slice linked to A’s.' };
  if (!readB || bY === undefined || bX === undefined)
    return {
      ...base,
      ...none,
      b: null,
      bSource: null,
      unitsText: null,
      problem: 'B’s variable lacks A’s plotted dimensions.',
    };
  const sliceB = await readB;
  const decB = decodeSlice(sliceB, { defaultFill: defaultFillFor(dsB.model.dialect) });
  let unitsText: string | null = null;
  let problem: string | null = null;
  let values: Float32Array | Float64Array = decB.values;
  let conversion: PairSlices['conversion'] = null;
  try {
    const u = unitsForDifference(unitsOf(varA), unitsOf(varB));
    values = convertValues(decB.values, u.conversion);
    if (!u.conversion.identity) conversion = u.conversion;
    unitsText = u.note ?? (u.conversion.identity ? null : `B converted: ${u.conversion.text}`);
  } catch (e) {
    problem = e instanceof Error ? e.message : String(e);
  }
  // B's cells: one row of values along the cell dimension (`x` its indices).
  const gridB = orient(values, decB.mask, cellGrid ? [1, values.length] : decB.shape, bY > bX);
  const bSource: Side = {
    grid: gridB,
    y: cellGrid ? Float64Array.of(0) : coords(axesB[bY], varB.shape[bY] ?? 1),
    x: coords(cellGrid ? undefined : axesB[bX], varB.shape[bX] ?? 1),
  };
  const curvilinear = readCells ? await readCells : null;
  const cells = readMesh ? await readMesh : null;
  const cellsA = readMeshA ? await readMeshA : null;
  const projected = onCells
    ? null
    : await readProjectedPair(
        { ds: dsA, v: varA, rows: yDim, cols: xDim, x: a.x, y: a.y },
        { ds: dsB, v: varB, rows: bY, cols: bX, x: bSource.x, y: bSource.y },
        axesB,
        curvilinear !== null || cells !== null,
      );
  let b = bSource;
  if (base.kindX === 'longitude' && !curvilinear && !cells && !projected?.b) {
    const al = alignLongitudes(gridB, bSource.x, a.x);
    b = { grid: al.grid, x: al.lon, y: bSource.y };
  }
  const namesB = { x: axesB[bX]?.dimension ?? 'x', y: axesB[bY]?.dimension ?? 'y' };
  const selB = link.selection;
  const found = { curvilinear, projected, cells, cellsA };
  return { ...base, b, bSource, unitsText, problem, selB, namesB, conversion, ...found };
}

/** Whether B's grid (longitudes in A's range) is A's. */
export function gridsMatch(pair: PairSlices): boolean {
  const { a, b } = pair;
  const p = pair.projected;
  return (
    b !== null &&
    !pair.curvilinear &&
    !pair.cells &&
    // Both on the same mapping, or neither projected (a projected side against a lat/lon one never matches).
    (p === null || (p.a !== null && p.b !== null && p.a.proj4 === p.b.proj4)) &&
    sameCoordinates(a.x, b.x, pair.kindX === 'longitude') &&
    sameCoordinates(a.y, b.y)
  );
}

/** B on A's grid and A − B with its summary lines (regridding in the decode workers when the grids differ). */
export async function pairDifference(
  dsA: OpenDataset,
  pair: PairSlices,
  method: RegridChoice,
  signal: AbortSignal,
): Promise<PairDifference> {
  const { a, b, bSource } = pair;
  if (!b || !bSource || pair.problem) throw new Error(pair.problem ?? 'B has no slice linked to A’s.');
  let bOnA: Grid2;
  let label: string;
  if (pair.cells) {
    const cellsPair = { a, bValues: bSource.grid.values, cells: pair.cells, kindX: pair.kindX, kindY: pair.kindY };
    const aPoints = pair.projected?.a ?? (pair.cellsA ? centres(pair.cellsA, a.grid.nx) : null);
    const r = await regridOntoCells(dsA, { ...cellsPair, aPoints }, method, signal);
    return finish(pair, { values: r.values, ny: a.grid.ny, nx: a.grid.nx }, r.label);
  }
  if (gridsMatch(pair)) {
    bOnA = b.grid;
    label = 'B on A’s grid as read (the grids match)';
  } else if (pair.projected) {
    const r = await regridProjected(dsA, { ...pair, bSource }, pair.projected, signal);
    return finish(pair, { values: r.values, ny: a.grid.ny, nx: a.grid.nx }, r.label);
  } else {
    const latLon = pair.kindY === 'latitude' && pair.kindX === 'longitude';
    const lonLat = pair.kindY === 'longitude' && pair.kindX === 'latitude';
    if (pair.curvilinear && !latLon)
      throw new Error('B’s grid is curvilinear: it is regridded onto an A with latitude rows and longitude columns.');
    if (pair.curvilinear) {
      const source = { ...pair.curvilinear, shape: [bSource.grid.ny, bSource.grid.nx] as const };
      const target = { kind: 'rectilinear' as const, lat: a.y, lon: a.x };
      const task = {
        kind: 'curvilinear' as const,
        method: 'nearest' as const,
        values: bSource.grid.values,
        source,
        target,
      };
      const r = await dsA.regrid(task, { signal });
      return finish(pair, { values: r.values, ny: a.grid.ny, nx: a.grid.nx }, r.label);
    }
    if (!latLon && !lonLat)
      throw new Error('The grids differ and are not latitude/longitude: B cannot be regridded onto A’s grid.');
    const layout = latLon ? 'lat-lon' : 'lon-lat';
    const bLon = latLon ? bSource.x : bSource.y;
    const r = await dsA.regrid(
      {
        kind: 'rectilinear',
        method: method === 'area' ? 'linear' : method,
        values: bSource.grid.values,
        layout,
        targetLayout: layout,
        source: latLon ? { lat: bSource.y, lon: bSource.x } : { lat: bSource.x, lon: bSource.y },
        target: latLon ? { lat: a.y, lon: a.x } : { lat: a.x, lon: a.y },
        periodic: isGlobal(bLon),
      },
      { signal },
    );
    bOnA = { values: r.values, ny: a.grid.ny, nx: a.grid.nx };
    label = r.label;
  }
  return finish(pair, bOnA, label);
}

/** A − B with B on A's grid, and its summary lines. */
function finish(pair: PairSlices, bOnA: Grid2, label: string): PairDifference {
  const { a } = pair;
  const d = difference({ values: a.grid.values }, { values: bOnA.values }, [a.grid.ny, a.grid.nx]);
  const at = (v: number | undefined) => (v === undefined ? '?' : Number(v.toPrecision(6)).toString());
  const where = (i: number) =>
    `${pair.names.y} ${at(a.y[Math.floor(i / a.grid.nx)])}, ${pair.names.x} ${at(a.x[i % a.grid.nx])}`;
  const summary = differenceText(d.summary, { units: pair.unitsA, where });
  return { grid: { values: d.values, ny: a.grid.ny, nx: a.grid.nx }, bOnA, label, summary };
}
