/**
 * A − B on one grid (B already in A's units and on A's grid), and its summary: mean, RMSE, the largest |A − B|
 * and where, and the cells masked in only one of them. A cell is masked where its value is NaN or its mask says
 * so (fill values, `missing_value`, valid range: the CF decoding's mask). Two fields are "no difference" when
 * they are byte-identical (the same stored bytes, when both raw slices are given) or value-identical (the same
 * values and the same masked cells).
 *
 * @example
 * const d = difference({ values: a.values, mask: a.mask }, { values: b.values, mask: b.mask }, a.shape);
 * differenceText(d.summary) // ['Mean A − B: 0.0166', …]
 */
import type { SliceData } from '../api';

/** One side: decoded values (NaN where masked), the decoding's mask, and optionally the raw slice's values. */
export interface DifferenceSide {
  readonly values: Float32Array | Float64Array;
  readonly mask?: Uint8Array | undefined;
  /** The stored values before decoding, for the byte-identical verdict. */
  readonly raw?: SliceData | undefined;
}

export type Identity = 'byte-identical' | 'value-identical' | 'different';

export interface DifferenceSummary {
  /** Cells where both have a value. */
  readonly count: number;
  /** Mean and root mean square of A − B over those cells (NaN when there is none). */
  readonly mean: number;
  readonly rmse: number;
  /**
   * The largest |A − B| (NaN when no cell has both values, or when every A − B is NaN: the same infinity in A and
   * B), its flat index (first in C order) and position.
   */
  readonly maxAbs: number;
  readonly maxAbsIndex: number;
  readonly maxAbsPosition: readonly number[];
  readonly maskedOnlyA: number;
  readonly maskedOnlyB: number;
  readonly maskedBoth: number;
  readonly identity: Identity;
  /** Whether the stored bytes were compared (both raw slices given): only then is "stored differently" known. */
  readonly bytesCompared: boolean;
}

export interface Difference {
  /** A − B (NaN where either is masked); float32 when both sides are float32 (numpy's result type). */
  readonly values: Float32Array | Float64Array;
  readonly shape: readonly number[];
  readonly summary: DifferenceSummary;
}

function masked(side: DifferenceSide, i: number): boolean {
  const v = side.values[i]!;
  return v !== v || side.mask?.[i] === 1;
}

function bytesOf(data: SliceData): Uint8Array | null {
  if (!ArrayBuffer.isView(data)) return null;
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** Whether two raw slices hold the same type and the same bytes. */
export function byteIdentical(a: SliceData, b: SliceData): boolean {
  if (a.constructor !== b.constructor || a.length !== b.length) return false;
  const x = bytesOf(a);
  const y = bytesOf(b);
  if (x === null || y === null) return (a as readonly unknown[]).every((v, i) => Object.is(v, b[i]));
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

function positionOf(index: number, shape: readonly number[]): number[] {
  const out = new Array<number>(shape.length).fill(0);
  let rest = index;
  for (let d = shape.length - 1; d >= 0; d--) {
    const n = shape[d]!;
    out[d] = rest % n;
    rest = Math.floor(rest / n);
  }
  return out;
}

/**
 * A − B cell by cell with its summary. The two sides must have the same number of cells (`shape`'s product).
 * @throws RangeError when they do not (a caller's mistake: regrid B first).
 */
export function difference(a: DifferenceSide, b: DifferenceSide, shape: readonly number[]): Difference {
  const n = a.values.length;
  if (b.values.length !== n || shape.reduce((p, q) => p * q, 1) !== n)
    throw new RangeError(`A has ${n} cells and B ${b.values.length}: they are not on one grid of shape ${shape}.`);
  const f32 = a.values instanceof Float32Array && b.values instanceof Float32Array;
  const out = f32 ? new Float32Array(n) : new Float64Array(n);
  let count = 0;
  let sum = 0;
  let sumSq = 0;
  let maxAbs = -1;
  let maxAbsIndex = -1;
  let onlyA = 0;
  let onlyB = 0;
  let both = 0;
  let valuesEqual = true;
  for (let i = 0; i < n; i++) {
    const ma = masked(a, i);
    const mb = masked(b, i);
    if (ma || mb) {
      out[i] = NaN;
      if (ma && mb) both++;
      else if (ma) onlyA++;
      else onlyB++;
      if (ma !== mb) valuesEqual = false;
      continue;
    }
    out[i] = a.values[i]! - b.values[i]!;
    const d = out[i]!; // rounded as stored (float32 as numpy computes it)
    if (d !== 0 && a.values[i] !== b.values[i]) valuesEqual = false; // the same infinity: NaN (numpy), but equal
    count++;
    sum += d;
    sumSq += d * d;
    const abs = Math.abs(d);
    if (abs > maxAbs) {
      maxAbs = abs;
      maxAbsIndex = i;
    }
  }
  const bytesCompared = a.raw !== undefined && b.raw !== undefined;
  const identity: Identity =
    bytesCompared && byteIdentical(a.raw!, b.raw!) ? 'byte-identical' : valuesEqual ? 'value-identical' : 'different';
  return {
    values: out,
    shape,
    summary: {
      count,
      mean: count ? sum / count : NaN,
      rmse: count ? Math.sqrt(sumSq / count) : NaN,
      maxAbs: maxAbsIndex >= 0 ? maxAbs : NaN,
      maxAbsIndex,
      maxAbsPosition: maxAbsIndex < 0 ? [] : positionOf(maxAbsIndex, shape),
      maskedOnlyA: onlyA,
      maskedOnlyB: onlyB,
      maskedBoth: both,
      identity,
      bytesCompared,
    },
  };
}

const fmt = (x: number) => (Number.isNaN(x) ? '—' : Number(x.toPrecision(6)).toString());

/**
 * The summary as lines a view can show; `where` names a flat index (e.g. `latitude 0, longitude 90`) and
 * `units` is A's units.
 */
export function differenceText(
  s: DifferenceSummary,
  options: { readonly units?: string | undefined; readonly where?: ((index: number) => string) | undefined } = {},
): string[] {
  if (s.identity === 'byte-identical') return ['No difference: the stored bytes are identical.'];
  if (s.identity === 'value-identical')
    return [`No difference: the values are identical${s.bytesCompared ? ' (stored differently)' : ''}.`];
  const u = options.units ? ` ${options.units}` : '';
  const at = s.maxAbsIndex < 0 ? '' : ` at ${options.where?.(s.maxAbsIndex) ?? `[${s.maxAbsPosition.join(', ')}]`}`;
  return [
    `Mean A − B: ${fmt(s.mean)}${u}`,
    `RMSE: ${fmt(s.rmse)}${u}`,
    `Largest |A − B|: ${fmt(s.maxAbs)}${u}${at}`,
    `Cells compared: ${s.count}; masked only in A: ${s.maskedOnlyA}, only in B: ${s.maskedOnlyB}, in both: ${s.maskedBoth}`,
  ];
}
