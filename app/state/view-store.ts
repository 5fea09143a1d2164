/** How the selected variable is shown: dimension mapping, indices of the other dimensions, view options. */
import { create } from 'zustand';
import type { Variable } from '../core';
import { defaultViewOptions, type ViewOptions } from './view-options';

interface ViewState {
  /** Path of the variable this view belongs to. */
  variable: string | null;
  /** Dimension positions on the x and y axes (null: none). */
  x: number | null;
  y: number | null;
  /** Index per dimension (ignored for x and y). */
  indices: number[];
  options: ViewOptions;
  /** Dimension being played (animated), or null. */
  playing: number | null;
  /** Second variable for A − B, or null. */
  compare: string | null;
  /** Read every `stride`-th element along x and y (a thinned preview of a selection too big to read whole). */
  stride: number;
  /** A new variable's view; `cellDim`: its grid of cells' dimension (shown alone on x, for the Map). */
  reset(variable: Variable, keepOptions?: boolean, cellDim?: number | null): void;
  setAxes(x: number | null, y: number | null): void;
  setIndex(dim: number, index: number): void;
  setIndices(indices: number[]): void;
  setOptions(patch: Partial<ViewOptions>): void;
  setPlaying(dim: number | null): void;
  setCompare(path: string | null): void;
  setStride(stride: number): void;
}

/** Default axes: x = last dimension, y = the one before it. */
export function defaultAxes(rank: number): { x: number | null; y: number | null } {
  return { x: rank >= 1 ? rank - 1 : null, y: rank >= 2 ? rank - 2 : null };
}

export const useView = create<ViewState>((set, get) => ({
  variable: null,
  x: null,
  y: null,
  indices: [],
  options: defaultViewOptions(),
  playing: null,
  compare: null,
  stride: 1,
  reset(variable, keepOptions = true, cellDim = null) {
    set({
      variable: variable.path,
      ...(cellDim !== null && cellDim < variable.shape.length
        ? { x: cellDim, y: null }
        : defaultAxes(variable.shape.length)),
      indices: variable.shape.map(() => 0),
      options: keepOptions ? { ...get().options, range: null, view: 'auto', field: null } : defaultViewOptions(),
      playing: null,
      compare: null,
      stride: 1,
    });
  },
  setAxes(x, y) {
    // Other axes, another selection size: a stride chosen for the old one no longer applies.
    set({ x, y: y === x ? null : y, stride: 1 });
  },
  setIndex(dim, index) {
    const indices = [...get().indices];
    indices[dim] = index;
    set({ indices });
  },
  setIndices(indices) {
    set({ indices });
  },
  setOptions(patch) {
    set({ options: { ...get().options, ...patch } });
  },
  setPlaying(playing) {
    set({ playing });
  },
  setCompare(compare) {
    set({ compare });
  },
  setStride(stride) {
    set({ stride: Math.max(1, Math.trunc(stride)) });
  },
}));

/** The read selection for a view: x and y whole, every other dimension at its index (clamped). */
export function selectionOf(
  shape: readonly number[],
  x: number | null,
  y: number | null,
  indices: readonly number[],
): (number | null)[] {
  return shape.map((n, d) => (d === x || d === y ? null : Math.min(Math.max(0, indices[d] ?? 0), Math.max(0, n - 1))));
}
