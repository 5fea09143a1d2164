/** What the display panel says of a slice being read, and the shape of a slice read with a selection. */
import type { DimSelection, Variable } from '../../core';

/** `Loading time 7, showing time 5`: the indices asked for and those of the picture on screen. */
export function loadingText(
  variable: Variable,
  wanted: readonly DimSelection[],
  shown: readonly DimSelection[],
): string {
  const name = (d: number) => variable.dimensions[d]?.name ?? `dim ${d}`;
  const text = (sel: readonly DimSelection[]) =>
    sel.flatMap((s, d) => (typeof s === 'number' ? [`${name(d)} ${s}`] : [])).join(', ');
  const w = text(wanted);
  const s = text(shown);
  return w === s ? 'Loading' : `Loading ${w}, showing ${s}`;
}

/** The shape of a slice of `shape` read with `selection`, every `stride`-th element along the kept dimensions. */
export function slicedShape(shape: readonly number[], selection: readonly DimSelection[], stride: number): number[] {
  return selection.flatMap((s, d) => {
    if (typeof s === 'number') return [];
    const n = s === null ? (shape[d] ?? 1) : Math.ceil((s.stop - s.start) / (s.step ?? 1));
    return [Math.ceil(n / stride)];
  });
}
