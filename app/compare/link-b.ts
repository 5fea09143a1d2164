/**
 * B's selection for A's: each of B's dimensions linked to A's (by coordinate value or by index), except those B
 * holds at its own step (`Steps`: A = one day, B = another — of the same join, or of any B), whose index is B's own.
 */
import type { DimSelection, DimensionLink, PairAxis } from '../core';
import { linkSelection } from '../core-compare';
import type { LinkMode } from '../state/compare-settings';

/** B's own step by B's dimension name. */
export type Steps = Readonly<Record<string, number>>;

export interface LinkedB {
  readonly selection: DimSelection[];
  readonly links: DimensionLink[];
  readonly linked: boolean;
  /** One line per linked (or held) dimension. */
  readonly text: string[];
}

/** B's selection for A's: linked by coordinate value, or by index (clamped: past B's end is `none`). */
export function linkB(
  mode: LinkMode,
  axesA: readonly PairAxis[],
  selA: readonly (number | null)[],
  axesB: readonly PairAxis[],
  shapeB: readonly number[],
): LinkedB {
  if (mode === 'coords') {
    const r = linkSelection(axesA, selA, axesB);
    const text = r.links.flatMap((l) => (l.link ? [`${l.dimensionA} → ${l.dimensionB}: ${l.link.text}`] : []));
    return { ...r, text };
  }
  const strip = (axes: readonly PairAxis[]) => axes.map((a) => ({ ...a, axis: null }));
  const r = linkSelection(strip(axesA), selA, strip(axesB));
  let linked = true;
  const text: string[] = [];
  r.selection.forEach((s, d) => {
    const l = r.links[d];
    if (typeof s !== 'number' || !l?.dimensionA) return;
    const n = shapeB[d] ?? 0;
    if (s >= n) linked = false;
    text.push(`${l.dimensionA} → ${l.dimensionB}: ${s < n ? `index ${s}` : `none: index ${s} is past B's ${n}`}`);
  });
  return { ...r, linked, text };
}

/** B's coordinate value at index `i` as text (a date in B's calendar, a number with its units), or ''. */
export function valueText(axis: PairAxis | undefined, i: number): string {
  const a = axis?.axis;
  const v = a?.values[i];
  if (!a || v === undefined) return '';
  if (a.kind === 'time') return a.coder.format(v, ' ') || String(v);
  const units = a.units ? ` ${a.units}` : '';
  return `${Number(v.toPrecision(6))}${units}`;
}

/**
 * `link` with B's held dimensions at B's own step (clamped to B's length): only dimensions B does not keep whole.
 * Their link line says so, with B's value there.
 */
export function holdSteps(link: LinkedB, axesB: readonly PairAxis[], shapeB: readonly number[], steps: Steps): LinkedB {
  const held = link.selection.flatMap((s, d) => {
    const name = axesB[d]?.dimension;
    return typeof s === 'number' && name !== undefined && steps[name] !== undefined ? [d] : [];
  });
  if (!held.length) return link;
  const selection = [...link.selection];
  let text = [...link.text];
  for (const d of held) {
    const l = link.links[d]!;
    const n = shapeB[d] ?? 1;
    const i = Math.max(0, Math.min(n - 1, Math.trunc(steps[l.dimensionB]!)));
    selection[d] = i;
    const prefix = `${l.dimensionA} → ${l.dimensionB}: `;
    text = text.filter((t) => !t.startsWith(prefix));
    const value = valueText(axesB[d], i);
    text.push(`${l.dimensionA ?? '—'} → ${l.dimensionB}: B's own step ${i}${value ? ` (${value})` : ''}`);
  }
  // Linked when every dimension B reads at an index is inside B (a held one is; a `none` link is −1).
  const linked = selection.every((s, d) => typeof s !== 'number' || (s >= 0 && s < (shapeB[d] ?? 1)));
  return { ...link, selection, text, linked };
}
