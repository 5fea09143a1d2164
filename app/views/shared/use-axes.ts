/** Coordinate values of every dimension of a variable, read once per dataset and cached. */
import { useEffect, useMemo, useState } from 'react';
import {
  describeAxes,
  findCellGrid,
  findDsg,
  findGeometry,
  projectedGrid,
  walkVariables,
  readAxisValues,
  type AxisDescription,
  type AxisValues,
  type CellGridResult,
  type Dataset,
  type DsgResult,
  type GeometryResult,
  type OpenedDataset,
  type ProjectedGridResult,
  type Variable,
} from '../../core';
import { useDataset } from '../../state/dataset-store';

const cache = new WeakMap<OpenedDataset, Map<string, Promise<AxisValues>>>();
/** The values already read, so that a view finds them in its first render (no wait for a promise). */
const settled = new WeakMap<OpenedDataset, Map<string, AxisValues>>();

/** Axes of one coordinate, or of one length named by one label variable (or by none), share their values. */
const axisKey = (axis: AxisDescription) =>
  axis.coordinate?.path ?? `#${axis.dimension.length}${axis.labels ? ` ${axis.labels.path}` : ''}`;

function axisValues(ds: OpenedDataset, axis: AxisDescription): Promise<AxisValues> {
  let m = cache.get(ds);
  if (!m) cache.set(ds, (m = new Map()));
  const key = axisKey(axis);
  let p = m.get(key);
  if (!p) {
    p = readAxisValues(ds, axis).catch(() => {
      const n = axis.dimension.length;
      const values = Float64Array.from({ length: n }, (_, i) => i);
      return { values, mask: new Uint8Array(n), labels: Array.from(values, String) };
    });
    m.set(key, p);
    void p.then((v) => {
      let s = settled.get(ds);
      if (!s) settled.set(ds, (s = new Map()));
      s.set(key, v);
    });
  }
  return p;
}

/** The values of every axis when all are read already, else null. */
function knownValues(ds: OpenedDataset, axes: readonly AxisDescription[]): AxisValues[] | null {
  const s = settled.get(ds);
  const out: AxisValues[] = [];
  for (const a of axes) {
    const v = s?.get(axisKey(a));
    if (!v) return null;
    out.push(v);
  }
  return out;
}

const NONE: readonly (AxisValues | undefined)[] = [];

/** How many of the axes have their values read (they arrive one by one). */
export function readCount(axes: Axes): number {
  return axes.axes.reduce((n, _, d) => n + (axes.values[d] ? 1 : 0), 0);
}

export interface Axes {
  readonly axes: readonly AxisDescription[];
  /** Values per dimension, undefined until loaded. */
  readonly values: readonly (AxisValues | undefined)[];
  /** The variable's CF grid mapping with its projected x/y (or why it cannot be used). */
  readonly projected?: ProjectedGridResult;
  /** The grid of cells (a mesh) the variable lies on, or what stops it from being drawn. */
  readonly cells?: CellGridResult;
  /** The CF discrete sampling geometry the variable is part of (`none` without a `featureType`). */
  readonly dsg?: DsgResult;
  /** The CF simple geometry the variable is drawn on (`none` without a `geometry` attribute). */
  readonly geometry?: GeometryResult;
}

/** The CF grid mapping of a variable (`none` when it names none or cannot be described). */
function projectedOf(
  ds: OpenedDataset,
  variable: Variable,
  axes: readonly AxisDescription[],
  model: Dataset | null = null,
): ProjectedGridResult {
  try {
    return projectedGrid(model ?? ds.model, variable, axes);
  } catch {
    return { kind: 'none' };
  }
}

/** The discrete sampling geometry of a variable (`none` when it cannot be described). */
function dsgOf(ds: OpenedDataset, variable: Variable, model: Dataset | null = null): DsgResult {
  try {
    return findDsg(model ?? ds.model, variable);
  } catch {
    return { kind: 'none' };
  }
}

/** The simple geometry of a variable (`none` when it cannot be described). */
function geometryOf(ds: OpenedDataset, variable: Variable, model: Dataset | null = null): GeometryResult {
  try {
    return findGeometry(model ?? ds.model, variable);
  } catch {
    return { kind: 'none' };
  }
}

/** The axes of a variable as its metadata describes them (none where it cannot be described). */
function axesOf(ds: OpenedDataset, variable: Variable, model: Dataset | null = null): AxisDescription[] {
  try {
    return describeAxes(model ?? ds.model, variable);
  } catch {
    return [];
  }
}

/**
 * The axes of a variable with the values of those along `dims`, read as `useAxes` reads them (once per dataset,
 * failures as indices); the other axes' values are left unread.
 */
export async function readAxes(ds: OpenedDataset, variable: Variable, dims: readonly number[]): Promise<Axes> {
  const axes = axesOf(ds, variable);
  return {
    axes,
    projected: projectedOf(ds, variable, axes),
    cells: findCellGrid(ds.model, variable),
    dsg: dsgOf(ds, variable),
    geometry: geometryOf(ds, variable),
    values: await Promise.all(axes.map((a, d) => (dims.includes(d) ? axisValues(ds, a) : undefined))),
  };
}

/** The axes of a variable and, once read, their coordinate values (failures fall back to indices). */
export function useAxes(ds: OpenedDataset, variable: Variable): Axes {
  // The model grows as pending variables are read (a scalar container, grid mapping or mesh's bounds may come later;
  // so may the station names that label a dimension, or a coordinate's units): a variable unchanged by that keeps
  // its identity, so its axes follow the model, not the variable alone.
  const model = useDataset((s) => (s.dataset === ds ? s.model : null));
  const axes = useMemo(() => axesOf(ds, variable, model), [ds, variable, model]);
  const [loaded, setLoaded] = useState<{ key: Variable; values: (AxisValues | undefined)[] }>({
    key: variable,
    values: [],
  });
  // Coordinates read ahead are there at once: the first render (and the read it starts) knows the axes.
  const known = useMemo(() => knownValues(ds, axes), [ds, axes]);
  useEffect(() => {
    if (known) return;
    let alive = true;
    // Each axis as it is read: a slow coordinate (a long time axis) does not hold back the names of another.
    axes.forEach((a, d) => {
      void axisValues(ds, a).then((v) => {
        if (!alive) return;
        setLoaded((prev) => {
          const values = prev.key === variable ? [...prev.values] : [];
          values[d] = v;
          return { key: variable, values };
        });
      });
    });
    return () => {
      alive = false;
    };
  }, [ds, axes, variable, known]);
  const values = known ?? (loaded.key === variable ? loaded.values : NONE);
  const projected = useMemo(() => projectedOf(ds, variable, axes, model), [ds, variable, axes, model]);
  const cells = useMemo(() => findCellGrid(model ?? ds.model, variable), [ds, variable, model]);
  const dsg = useMemo(() => dsgOf(ds, variable, model), [ds, variable, model]);
  const geometry = useMemo(() => geometryOf(ds, variable, model), [ds, variable, model]);
  return useMemo(
    () => ({ axes, values, projected, cells, dsg, geometry }),
    [axes, values, projected, cells, dsg, geometry],
  );
}

/** Most coordinate variables read ahead per dataset, and the most values each may hold. */
const AHEAD_COUNT = 32;
export const AHEAD_VALUES = 1_000_000;

/**
 * Reads the dataset's 1-D dimension coordinates (already described by its metadata) when the page is idle after
 * the dataset opens: a variable selected later finds its axes known, so the heatmap's axes are drawn while its
 * slice is still on the network. A few small reads (bounded by count and size); a failure is the axis's fallback.
 */
export function readCoordinatesAhead(ds: OpenedDataset): void {
  const coordinates = walkVariables(ds.model.root)
    .filter(
      (v) =>
        v.dimensions.length === 1 &&
        v.dimensions[0]?.name === v.name &&
        (v.shape[0] ?? 0) <= AHEAD_VALUES &&
        v.type !== 'string' &&
        v.type !== 'char',
    )
    .slice(0, AHEAD_COUNT);
  for (const v of coordinates) {
    const axis = describeAxes(ds.model, v)[0];
    if (axis?.coordinate) void axisValues(ds, axis);
  }
}
