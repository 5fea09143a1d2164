/**
 * The plotly figure of a heatmap while its slice loads (`ProgressiveHeatmap`), and the figure the page expects before
 * any variable is selected: that of the variable a user is likeliest to open first, with the view's defaults. The
 * warm-up plot (plot/plot-warm.ts) draws the expected figure while the page is idle; when that variable is selected,
 * its loading heatmap finds its axes drawn and plotly does nothing while the slice's chunks arrive.
 */
import { textAttribute, walkVariables, type OpenedDataset, type Variable } from '../../core';
import type { RasterPlacement } from '../../plot/raster-types';
import { defaultAxes, selectionOf } from '../../state/view-store';
import { heatmapLayout, rasterPlacement } from './ImageHeatmap';
import { axisInfo } from '../shared/slice-frame';
import { drawsAsImage, imagePlacement, type ImagePlacement } from './slice-image';
import { slicedShape } from '../shared/slice-labels';
import { AHEAD_VALUES, readAxes, type Axes } from '../shared/use-axes';
import { isNumeric } from '../shared/view-kind';

export interface LoadingFigure {
  /** Where the image's pixels lie (its cells' positions, its step). */
  readonly place: ImagePlacement;
  /** The same for the raster plot. */
  readonly placement: RasterPlacement;
  /** The axis titles. */
  readonly layout: Record<string, unknown>;
}

/**
 * The figure of the heatmap of a slice of `shape` shown with dimensions `x` (columns) and `y` (rows) of the variable,
 * every `stride`-th cell, on `axes`; null when the heatmap would not draw it as an image.
 */
export function loadingFigure(
  shape: readonly number[],
  axes: Axes,
  x: number,
  y: number,
  stride: number,
): LoadingFigure | null {
  const transposed = y > x;
  const [n0 = 1, n1 = 1] = shape;
  const [ny, nx] = transposed ? [n1, n0] : [n0, n1];
  const xInfo = axisInfo(axes, x, nx, stride);
  const yInfo = axisInfo(axes, y, ny, stride);
  if (!drawsAsImage(ny, nx, xInfo.values, yInfo.values)) return null;
  const place = imagePlacement(shape, transposed, xInfo.values, yInfo.values);
  return { place, placement: rasterPlacement(place), layout: heatmapLayout(xInfo.title, yInfo.title, place.step) };
}

/** Names another variable lists as its coordinates or cell bounds (CF): auxiliary, not what a user opens first. */
function auxiliaryNames(variables: readonly Variable[]): Set<string> {
  const names = new Set<string>();
  for (const v of variables)
    for (const name of ['coordinates', 'bounds'])
      for (const n of textAttribute(v.attributes, name)?.split(/\s+/) ?? []) if (n) names.add(n);
  return names;
}

/** The variable a user is likeliest to open first: the first numeric one of two or more dimensions, in tree order. */
export function likeliestFirst(ds: OpenedDataset): Variable | null {
  const all = walkVariables(ds.model.root);
  const aux = auxiliaryNames(all);
  return (
    all.find((v) => v.shape.length >= 2 && isNumeric(v) && !aux.has(v.name) && v.shape.every((n) => n > 0)) ?? null
  );
}

/**
 * The figure of `likeliestFirst`'s loading heatmap with the view's defaults (its last two dimensions, the first index
 * of the others, every cell), once the coordinates of those two are read; null when there is none.
 */
export async function expectedFigure(ds: OpenedDataset): Promise<LoadingFigure | null> {
  const variable = likeliestFirst(ds);
  if (!variable) return null;
  const { x, y } = defaultAxes(variable.shape.length);
  // Only axes whose coordinates are read ahead anyway (use-axes.ts): a guess reads nothing big.
  if (x === null || y === null || Math.max(variable.shape[x] ?? 0, variable.shape[y] ?? 0) > AHEAD_VALUES) return null;
  const selection = selectionOf(
    variable.shape,
    x,
    y,
    variable.shape.map(() => 0),
  );
  return loadingFigure(slicedShape(variable.shape, selection, 1), await readAxes(ds, variable, [x, y]), x, y, 1);
}
