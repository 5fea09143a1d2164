/**
 * Strided reads for plotting: a selection too big to read whole can be read as every k-th element along each
 * shown dimension. The stride offered fits the memory budget (the core's suggestion) and keeps the plot to a size
 * a screen can show.
 */

/** Largest number of values a thinned preview is made to have (about one per pixel of a full-screen heatmap). */
export const PLOT_MAX_VALUES = 1_000_000;

/** Values a read of `counts` elements per kept dimension returns at stride `k`. */
export function stridedSize(counts: readonly number[], k: number): number {
  return counts.reduce((a, c) => a * Math.ceil(c / k), 1);
}

/**
 * The stride to offer: at least `budgetStride` (the smallest that fits the memory budget), and large enough that
 * the result has at most `maxValues` values.
 */
export function plotStride(counts: readonly number[], budgetStride: number, maxValues = PLOT_MAX_VALUES): number {
  let k = Math.max(1, Math.ceil(budgetStride));
  const max = Math.max(1, ...counts);
  while (stridedSize(counts, k) > maxValues && k < max) k++;
  return k;
}

/** Every k-th element: the axis values or labels that match a strided read. */
export function thin<T>(xs: readonly T[], k: number): T[] {
  return k <= 1 ? [...xs] : xs.filter((_, i) => i % k === 0);
}
