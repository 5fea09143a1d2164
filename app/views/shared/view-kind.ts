/**
 * What a view kind is (the contract of `app/views/`): its kind and label, when it applies, its component, what it
 * can export and which toolbar controls it uses. The display reads kinds only through a `ViewRegistry`, so a new
 * view kind never touches this folder.
 *
 * @example
 * const ctx = viewContext(variable, x, y);
 * applicableViews(registry, ctx).map((v) => v.label); // ['Heatmap', 'Matrix', 'Histogram']
 * chooseView(registry, 'auto', ctx).kind;             // 'heatmap'
 */
import type { ComponentType } from 'react';
import {
  curvilinearCoords,
  latLonDims,
  type AxisDescription,
  type CellGrid,
  type CellGridResult,
  type CurvilinearCoords,
  type DsgResult,
  type DsgSpec,
  type GeometryResult,
  type LatLonDims,
  type ProjectedGrid,
  type ProjectedGridResult,
  type Variable,
} from '../../core';
import type { ViewOptions } from '../../state/view-options';
import type { SliceFrame } from './slice-frame';

/** Toolbar controls a view uses (the others are hidden while it is shown). */
export type ViewControl = 'colormap' | 'scale' | 'range';

/** Export formats: CSV of the values as shown, NPY of the stored slice, PNG of the plot on screen. */
export type ExportFormat = 'csv' | 'npy' | 'png';

/** What decides whether a view applies. */
export interface ViewContext {
  readonly variable: Variable;
  /** The variable holds numbers (not text, not complex). */
  readonly numeric: boolean;
  /** Dimensions shown (on x and y): 0 for a scalar or a single element, 1 or 2. */
  readonly shownRank: number;
  /** Variable dimensions on x and y (null: none). */
  readonly x: number | null;
  readonly y: number | null;
  /** The latitude and longitude dimensions when they are the ones on x and y (CF coordinates), else null. */
  readonly geo: LatLonDims | null;
  /** 2-D latitude and longitude (named by `coordinates`) over the x and y dimensions, else null (then `geo` is). */
  readonly curvilinear: CurvilinearCoords | null;
  /** A CF grid mapping over the x and y dimensions (projected x/y), when neither `geo` nor `curvilinear` is. */
  readonly projected?: ProjectedGrid | null;
  /** A grid of cells (a mesh) whose cell dimension is the one shown (on x or y, alone), else null. */
  readonly cells?: CellGrid | null;
  /**
   * A CF discrete sampling geometry whose marks' dimension is the one shown (alone), or one of the two shown when
   * the marks are stations (the Map then shows them alone, the other dimension on its slider), else null.
   */
  readonly dsg?: DsgSpec | null;
  /**
   * A CF simple geometry whose instance dimension is the one shown (alone), or one of the two shown (the Map then
   * shows the geometries alone), or a container that cannot be drawn (the Map names its problem), else null.
   */
  readonly geometry?: Exclude<GeometryResult, { kind: 'none' }> | null;
}

export interface ViewProps {
  readonly frame: SliceFrame;
  readonly options: ViewOptions;
  /** What the view was chosen on (the axes, lat/lon). */
  readonly context?: ViewContext | undefined;
}

export interface ViewDef {
  /** Its name in the view store and share links (`view=…`): lower case, stable. */
  readonly kind: string;
  /** The toolbar button's text. */
  readonly label: string;
  applies(ctx: ViewContext): boolean;
  /** It draws numbers: when the slice has no numeric values (decoding failed), the registry's fallback is shown. */
  readonly needsValues: boolean;
  readonly Component: ComponentType<ViewProps>;
  readonly exports: readonly ExportFormat[];
  readonly controls: readonly ViewControl[];
}

/** The view kinds in order of preference (`auto` is the first that applies) and the one that always applies. */
export interface ViewRegistry {
  readonly views: readonly ViewDef[];
  readonly fallback: ViewDef;
}

const NUMERIC = new Set([
  'byte',
  'ubyte',
  'short',
  'ushort',
  'int',
  'uint',
  'int64',
  'uint64',
  'float',
  'double',
  'half',
  'bool',
  'datetime64',
  'timedelta64',
]);

export function isNumeric(v: Variable): boolean {
  return NUMERIC.has(v.type);
}

/** The context of a variable shown with dimensions `x` and `y` (null: none), and its axes when known. */
export function viewContext(
  variable: Variable,
  x: number | null,
  y: number | null,
  axes: readonly AxisDescription[] = [],
  mapping?: ProjectedGridResult,
  cellGrid?: CellGridResult,
  dsgResult?: DsgResult,
  geometryResult?: GeometryResult,
): ViewContext {
  const curvilinear = axes.length && x !== null && y !== null && x !== y ? curvilinearCoords(axes, x, y) : null;
  const ll = axes.length && !curvilinear ? latLonDims(axes) : null;
  const geo = ll && x !== null && y !== null && new Set([x, y, ll.lat, ll.lon]).size === 2 ? ll : null;
  const shownRank = [x, y].filter((d) => d !== null).length;
  const g = mapping?.kind === 'grid' && !geo && !curvilinear ? mapping.grid : null;
  const projected = g && x !== null && y !== null && new Set([x, y, g.xDim, g.yDim]).size === 2 ? g : null;
  const c = cellGrid?.kind === 'grid' ? cellGrid.grid : null;
  const cells = c && shownRank === 1 && (x === c.dim || y === c.dim) ? c : null;
  const d = dsgResult?.kind === 'dsg' ? dsgResult.spec : null;
  const along = d !== null && (d.mapDims ?? [d.mapDim]).some((m) => x === m || y === m);
  // Marks along two dimensions (2-D latitude/longitude) are drawn from the slice of both.
  const dsg = d && !cells && along && (shownRank === 1 || d.marks === 'instance' || d.mapDims?.length === 2) ? d : null;
  const gr = geometryResult?.kind === 'none' ? undefined : geometryResult;
  const onShapes = gr?.kind === 'problem' || (gr !== undefined && (x === gr.spec.mapDim || y === gr.spec.mapDim));
  const geometry = gr && shownRank > 0 && onShapes ? gr : null;
  return { variable, numeric: isNumeric(variable), shownRank, x, y, geo, curvilinear, projected, cells, dsg, geometry };
}

/** The views that apply, in registry order (never empty: the fallback when none does). */
export function applicableViews(registry: ViewRegistry, ctx: ViewContext): readonly ViewDef[] {
  const list = registry.views.filter((v) => v.applies(ctx));
  return list.length > 0 ? list : [registry.fallback];
}

/** The view shown for a wanted kind: that one when it applies, else the first that does (`auto`). */
export function chooseView(registry: ViewRegistry, wanted: string, ctx: ViewContext): ViewDef {
  const list = applicableViews(registry, ctx);
  return list.find((v) => v.kind === wanted) ?? list[0] ?? registry.fallback;
}

/** Whether `kind` names a view of the registry or `auto` (for share links). */
export function isViewKind(registry: ViewRegistry, kind: string): boolean {
  return kind === 'auto' || registry.views.some((v) => v.kind === kind);
}
