/** The point whose series is shown (set by a click on a map cell) and the series pinned for comparison. */
import { create } from 'zustand';

export interface SeriesPoint {
  readonly variable: string;
  /** One index per dimension of the variable (the series dimension's is ignored). */
  readonly indices: readonly number[];
  /** `(lat, lon)` of the cell, or the axis names and indices. */
  readonly label: string;
}

export interface PinnedSeries {
  readonly key: string;
  readonly label: string;
  readonly x: readonly string[];
  readonly y: readonly (number | null)[];
}

interface SeriesState {
  point: SeriesPoint | null;
  pinned: PinnedSeries[];
  setPoint(point: SeriesPoint | null): void;
  pin(series: PinnedSeries): void;
  unpin(key: string): void;
}

export const useSeries = create<SeriesState>((set, get) => ({
  point: null,
  pinned: [],
  setPoint(point) {
    set({ point });
  },
  pin(series) {
    set({ pinned: [...get().pinned.filter((p) => p.key !== series.key), series] });
  },
  unpin(key) {
    set({ pinned: get().pinned.filter((p) => p.key !== key) });
  },
}));
