/** Whether a variable's heatmap is drawn level by level (`TiledHeatmap`), and what that view needs. */
import { findVariable, type OpenedDataset, type Variable } from '../../core';
import type { Axes } from '../shared/use-axes';
import { indexAxis } from './tile-axes';
import { readsByViewport, tileLevels, type TileAxes, type TileLevel } from './tile-plan';
import type { TiledAxis } from './TiledHeatmap';

export interface TiledPlan {
  readonly levels: readonly TileLevel[];
  readonly axes: TileAxes;
}

/**
 * The levels and shown axes of a 2-D heatmap read by viewport — a pyramid whose finest slice is bigger than a
 * screen, or a field whose slice is over the viewport budget — or null when the slice is read whole.
 */
export function tiledPlan(
  dataset: OpenedDataset,
  variable: Variable,
  x: number | null,
  y: number | null,
  indices: readonly number[],
  kind: string,
): TiledPlan | null {
  if (x === null || y === null || (kind !== 'heatmap' && kind !== 'map')) return null;
  const levels = tileLevels(variable, (p) => findVariable(dataset.model.root, p));
  const axes: TileAxes = { xDim: x, yDim: y, indices: variable.shape.map((_, d) => indices[d] ?? 0) };
  return readsByViewport(levels, axes) ? { levels, axes } : null;
}

/** A shown axis of the tiled view: evenly spaced coordinates, or indices labelled with the coordinates. */
export function tiledAxis(axes: Axes, d: number, n: number): TiledAxis | null {
  const desc = axes.axes[d];
  const v = axes.values[d];
  if (!desc || !v) return null;
  const even = indexAxis(v.values, n);
  const axis = even ?? { start: 0, step: 1, length: n };
  const title = even ? desc.title : `${desc.title} (index)`;
  return { title, axis, even: even !== null, label: (i) => v.labels[i] ?? String(i) };
}
