/**
 * What a picture shows, for the plot to say once it is drawn (`data-frame-index`: the indices of the dimensions not
 * on the axes, e.g. the time step): tagged on the frame's values object, which the heatmap image is made from.
 */
import type { DimSelection } from '../../core';

const tags = new WeakMap<object, string>();

/** The indices of a selection's indexed dimensions, comma-separated (`"7"` for a time step of a 2-D + time variable). */
export function frameIndex(selection: readonly DimSelection[]): string {
  return selection.filter((s) => typeof s === 'number').join(',');
}

export function tagFrame(values: object, tag: string): void {
  tags.set(values, tag);
}

export function frameTag(values: object): string | undefined {
  return tags.get(values);
}
