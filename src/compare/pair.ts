/**
 * The coordinates of a pair of variables, read from their datasets, and B's selection linked to A's: each of A's
 * indexed dimensions is matched with B's dimension of the same axis (time T, vertical Z, latitude Y, longitude X,
 * from CF metadata: `describeAxes`), and A's index becomes B's by coordinate value (`linkAxis`). Dimensions A
 * keeps whole (the plotted ones) are kept whole in B.
 *
 * @example
 * const axesA = await readLinkAxes(dsA, varA);
 * const axesB = await readLinkAxes(dsB, varB);
 * const { selection, links } = linkSelection(axesA, [1, null, null], axesB); // B's [index, null, null]
 */
import type { DimSelection, OpenedDataset } from '../api';
import { describeAxes, readAxisValues, timeCoderFor, type AxisKind } from '../cf';
import type { Dataset, Variable } from '../model/types';
import { linkAxis, type AxisLink, type LinkAxis } from './link';

/** One dimension of a variable with its coordinate for linking (null: no coordinate variable, or no axis). */
export interface PairAxis {
  readonly dimension: string;
  readonly kind: AxisKind | null;
  readonly axis: LinkAxis | null;
}

/** The link of one of B's dimensions: to A's dimension `dimensionA` (or none), and how. */
export interface DimensionLink {
  readonly dimensionB: string;
  readonly dimensionA: string | null;
  /** Null for a dimension both keep whole, or one of B's that A lacks (B's first index is used). */
  readonly link: AxisLink | null;
}

function linkKind(kind: AxisKind | null, units: string | undefined, standardName: string | undefined) {
  if (kind === 'T') return 'time' as const;
  if (kind === 'Z') return 'vertical' as const;
  if (kind === 'X' && (/^degrees?_?(east|e)?$/i.test(units ?? '') || standardName === 'longitude'))
    return 'longitude' as const;
  if (kind === 'Y' && (/^degrees?_?(north|n)?$/i.test(units ?? '') || standardName === 'latitude'))
    return 'latitude' as const;
  return 'other' as const;
}

/** Reads the coordinate values of each of a variable's dimensions (the whole 1-D coordinate variables). */
export async function readLinkAxes(
  ds: OpenedDataset & { readonly model: Dataset },
  variable: Variable,
  options: { readonly signal?: AbortSignal | undefined } = {},
): Promise<PairAxis[]> {
  const axes = describeAxes(ds.model, variable);
  return Promise.all(
    axes.map(async (ax): Promise<PairAxis> => {
      if (!ax.coordinate) return { dimension: ax.dimension.name, kind: ax.kind, axis: null };
      const { values } = await readAxisValues(ds, ax, options);
      const coder = ax.time ?? timeCoderFor(ax.coordinate);
      const standard = ax.coordinate.attributes.find((a) => a.name === 'standard_name')?.value;
      const kind = coder ? 'time' : linkKind(ax.kind, ax.units, typeof standard === 'string' ? standard : undefined);
      const axis: LinkAxis =
        kind === 'time' && coder
          ? { kind, values, coder }
          : { kind: kind === 'time' ? 'other' : kind, values, units: ax.units };
      return { dimension: ax.dimension.name, kind: ax.kind, axis };
    }),
  );
}

/**
 * B's selection for A's: `selectionA` has one entry per dimension of A (an index, or null for kept whole). Each
 * of B's dimensions takes the link of A's dimension of the same axis kind (or, with no axis, the same name).
 * `linked` is false when some dimension has no match in B (its link is `none` and its selection −1: nothing to read).
 */
export function linkSelection(
  axesA: readonly PairAxis[],
  selectionA: readonly (number | null)[],
  axesB: readonly PairAxis[],
): { readonly selection: DimSelection[]; readonly links: DimensionLink[]; readonly linked: boolean } {
  const selection: DimSelection[] = [];
  const links: DimensionLink[] = [];
  for (const b of axesB) {
    const i = axesA.findIndex((a) => (b.kind !== null ? a.kind === b.kind : a.dimension === b.dimension));
    const a = axesA[i];
    const sel = i < 0 ? 0 : selectionA[i];
    if (!a || sel === null || sel === undefined) {
      selection.push(a ? null : 0);
      links.push({ dimensionB: b.dimension, dimensionA: a?.dimension ?? null, link: null });
      continue;
    }
    // Without coordinates on both sides the index itself is used.
    const link = a.axis && b.axis ? linkAxis(a.axis, sel, b.axis) : null;
    selection.push(link ? link.index : sel);
    links.push({ dimensionB: b.dimension, dimensionA: a.dimension, link });
  }
  return { selection, links, linked: links.every((l) => l.link?.kind !== 'none') };
}
