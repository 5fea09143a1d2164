/**
 * The series of A and B at one of A's cells: A along its series dimension (time first), B at the cell linked to
 * A's (by coordinates: the nearest) along its own, in A's units; and one CSV with both, B's value linked to each
 * of A's steps.
 */
import { decodeSlice, defaultFillFor, type OpenDataset, type PairAxis, type Variable } from '../core';
import { convertValues, linkAxis, unitsForDifference } from '../core-compare';
import { csvField } from '../export/csv';
import type { LinkMode } from '../state/compare-settings';
import { linkAxes } from './compare-read';
import { holdSteps, linkB, type Steps } from './link-b';

export interface PairSeries {
  readonly labelsA: readonly string[];
  readonly valuesA: readonly (number | null)[];
  readonly labelsB: readonly string[];
  readonly valuesB: readonly (number | null)[];
  /** For each of A's steps, B's linked step (−1: none). */
  readonly linkedB: readonly number[];
  /** A's selected step along the series (its slider's). */
  readonly stepA: number | null;
  /** B's selected step along its series: B's own step when B holds one, else the one linked to A's (−1: none). */
  readonly stepB: number;
  /** Where B's series is: the link of A's cell (`latitude → lat: 45 (nearest: …)`), or why there is none. */
  readonly where: readonly string[];
  readonly dimension: string;
  readonly units: string | undefined;
}

/** A value of an axis as text (dates for time). */
function label(axis: PairAxis | undefined, i: number): string {
  const a = axis?.axis;
  const v = a?.values[i];
  if (!a || v === undefined) return String(i);
  if (a.kind === 'time') return a.coder.format(v, ' ') || String(v);
  return Number(v.toPrecision(8)).toString();
}

const values = (v: ArrayLike<number>) => Array.from(v, (x) => (Number.isFinite(x) ? x : null));

/**
 * Reads both series at A's cell (`yi`, `xi`) of the view with dimensions `x`, `y`; B's dimensions it holds at its
 * own step (`steps`) are read there, and its selected step along the series is its own.
 */
export async function readPairSeries(
  dsA: OpenDataset,
  varA: Variable,
  selA: readonly (number | null)[],
  cell: { readonly x: number; readonly y: number; readonly xi: number; readonly yi: number },
  dsB: OpenDataset,
  varB: Variable,
  mode: LinkMode,
  signal: AbortSignal,
  steps: Steps = {},
): Promise<PairSeries> {
  const [axesA, axesB] = await Promise.all([linkAxes(dsA, varA), linkAxes(dsB, varB)]);
  const others = selA.flatMap((s, d) => (d !== cell.x && d !== cell.y ? [d] : []));
  const dim = others.find((d) => axesA[d]?.kind === 'T') ?? others[0];
  if (dim === undefined) throw new Error('A has no dimension besides the plotted ones: there is no series.');
  const sel = selA.map((s, d) => (d === dim ? null : d === cell.x ? cell.xi : d === cell.y ? cell.yi : s));
  const sliceA = await dsA.read(varA.path, sel, { signal });
  const decA = decodeSlice(sliceA, { defaultFill: defaultFillFor(dsA.model.dialect) });
  const n = varA.shape[dim] ?? 0;
  const labelsA = Array.from({ length: n }, (_, i) => label(axesA[dim], i));
  const unitsA = varA.attributes.find((a) => a.name === 'units')?.value;
  const units = typeof unitsA === 'string' ? unitsA : undefined;
  const stepA = selA[dim] ?? null;
  const dimension = axesA[dim]?.dimension ?? `dim ${dim}`;
  const base = { labelsA, valuesA: values(decA.values), dimension, units, stepA };
  const link = holdSteps(linkB(mode, axesA, sel, axesB, varB.shape), axesB, varB.shape, steps);
  const dimB = link.selection.findIndex((s, d) => s === null && link.links[d]?.dimensionA === base.dimension);
  if (!link.linked || dimB < 0)
    return { ...base, labelsB: [], valuesB: [], linkedB: labelsA.map(() => -1), stepB: -1, where: link.text };
  const sliceB = await dsB.read(varB.path, link.selection, { signal });
  const decB = decodeSlice(sliceB, { defaultFill: defaultFillFor(dsB.model.dialect) });
  const unitsB = varB.attributes.find((a) => a.name === 'units')?.value;
  let bValues: ArrayLike<number> = decB.values;
  try {
    bValues = convertValues(
      decB.values,
      unitsForDifference(units, typeof unitsB === 'string' ? unitsB : undefined).conversion,
    );
  } catch {
    // Units that do not convert: B's values as they are (the view says so above).
  }
  const nB = varB.shape[dimB] ?? 0;
  const labelsB = Array.from({ length: nB }, (_, i) => label(axesB[dimB], i));
  const a = axesA[dim]?.axis;
  const b = axesB[dimB]?.axis;
  const linkedB = labelsA.map((_, i) => {
    if (mode === 'index' || !a || !b) return i < nB ? i : -1;
    const l = linkAxis(a, i, b);
    return l.kind === 'none' ? -1 : l.index;
  });
  const own = steps[axesB[dimB]?.dimension ?? ''];
  const stepB =
    own !== undefined ? Math.max(0, Math.min(nB - 1, Math.trunc(own))) : stepA === null ? -1 : (linkedB[stepA] ?? -1);
  const value = label(axesB[dimB], stepB);
  const where =
    own !== undefined ? [...link.text, `${axesB[dimB]?.dimension}: B's own step ${stepB} (${value})`] : link.text;
  return { ...base, labelsB, valuesB: values(bValues), linkedB, stepB, where };
}

/** The CSV of both series: one row per A step, with B's linked step and value (empty where there is none). */
export function pairSeriesCsv(s: PairSeries, nameA: string, nameB: string): string {
  const u = s.units ? ` [${s.units}]` : '';
  const head = [s.dimension, `A ${nameA}${u}`, `B ${s.dimension}`, `B ${nameB}${u}`];
  const rows = s.labelsA.map((label, i) => {
    const j = s.linkedB[i] ?? -1;
    const a = s.valuesA[i];
    const b = j < 0 ? null : s.valuesB[j];
    return [
      csvField(label),
      a === null || a === undefined ? '' : String(a),
      j < 0 ? '' : csvField(s.labelsB[j] ?? ''),
      b === null || b === undefined ? '' : String(b),
    ].join(',');
  });
  return `${[head.map(csvField).join(','), ...rows].join('\r\n')}\r\n`;
}
