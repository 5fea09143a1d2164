/**
 * The slice maths behind every view, pure: which slice dimension is x and which y, axis values and labels (with a
 * strided read, those of every `stride`-th index), values as shown (CF-decoded or stored, A − B), the value at a
 * matrix cell, and what CSV/NPY export.
 *
 * @example
 * const frame = sliceFrame({ shown, variable, axes, x: 1, y: 0, raw: false });
 * frame.at(0, 2); // the value at row y=0, column x=2
 */
import {
  axisTitle,
  charStrings,
  decodeSlice,
  formatNumber,
  type DecodedSlice,
  type Slice,
  type Variable,
} from '../../core';
import type { CsvInput } from '../../export/csv';
import { difference, type Values } from './plot-data';
import { thin } from './stride';
import type { Axes } from './use-axes';

/** A value as a matrix cell shows it: a number (NaN: masked/missing), exact 64-bit integer, or text. */
export type CellValue = number | bigint | string | boolean;

/** An axis of a plot: its title and its values. */
export interface AxisInfo {
  readonly title: string;
  /** Numeric coordinate values, or labels (dates) when `labels` should be shown instead. */
  readonly values: readonly (number | string)[];
}

export interface FrameAxis extends AxisInfo {
  /** Labels to show for the indices (coordinates, dates, or strided indices), undefined for plain indices. */
  readonly labels: readonly string[] | undefined;
}

/** Names of values (an enum's members): a value's text, and ticks by name when there are few. */
export interface ValueLabels {
  text(v: number): string;
  readonly ticks: { readonly vals: readonly number[]; readonly text: readonly string[] } | null;
}

/** What a view needs of the slice on screen. */
export interface SliceFrame {
  /** Rank of the slice (0: a scalar). */
  readonly rank: number;
  readonly title: string;
  /** Numeric values as shown (decoded or stored, or A − B), null for text/complex data. */
  readonly values: Values | null;
  /** The slice's first dimension is x (y comes after x in the variable's order). */
  readonly transposed: boolean;
  readonly x: FrameAxis;
  readonly y: FrameAxis;
  /** Matrix size: rows are y (or the only dimension), columns x (1-D: one column). */
  readonly rows: number;
  readonly cols: number;
  at(r: number, c: number): CellValue;
  masked(r: number, c: number): boolean;
  readonly rowLabels: readonly string[] | undefined;
  /** Column headers: the value's name for 1-D, x labels for 2-D (undefined: plain indices). */
  readonly colLabels: readonly string[] | undefined;
  /** Notes on the decoding (CF warnings), empty for stored values. */
  readonly warnings: readonly string[];
  /** The CSV of the values as shown, rows y and columns x (built when asked: it may be large). */
  csv(): CsvInput;
  /** NPY writes these float64 values instead of the raw slice (A − B), or null. */
  readonly npyOverride: Float64Array | null;
  /** A shown index k is the variable's index k × stride (strided reads of big slices). */
  readonly stride: number;
  /** A cell's text and title where they are not the value's (enum names, user-typed values), else undefined. */
  readonly cell?: ((r: number, c: number) => { readonly text: string; readonly title: string } | undefined) | undefined;
  /** Names of the values (enums): hover texts, colour bar and axis ticks. */
  readonly valueLabels?: ValueLabels | undefined;
  /** Cells hold long texts (vlen lists, records): the table's columns are wider. */
  readonly wideCells?: boolean | undefined;
}

/** What `sliceFrame` reads: the shown slice (and A − B's second one), its axes, the x/y dimensions. */
export interface FrameInput {
  readonly shown: {
    readonly slice: Slice;
    readonly decoded: DecodedSlice | null;
    readonly other: { readonly slice: Slice; readonly decoded: DecodedSlice | null } | null;
    readonly stride: number;
  };
  readonly variable: Variable;
  readonly axes: Axes;
  /** Variable dimensions on x and y (null: none). */
  readonly x: number | null;
  readonly y: number | null;
  /** Stored values instead of decoded ones (the "Raw values" switch). */
  readonly raw: boolean;
}

/** Axis values and labels of a shown dimension; with a strided read, those of every `stride`-th index. */
export function axisInfo(axes: Axes, d: number | null, n: number, stride: number): FrameAxis {
  const a = d === null ? undefined : axes.axes[d];
  const v = d === null ? undefined : axes.values[d];
  const title = a ? a.title : 'index';
  if (!v) {
    const values = Array.from({ length: n }, (_, i) => i * stride);
    return { title, values, labels: stride > 1 ? values.map(String) : undefined };
  }
  // Dates and DSG names are drawn as their texts; the plots place such axes by index (axis-layout.ts).
  const useLabels = (a?.time !== null && a?.time !== undefined) || (a?.labels !== null && a?.labels !== undefined);
  const labels = thin(v.labels, stride);
  return { title, values: useLabels ? labels : thin(Array.from(v.values), stride), labels };
}

/** The stored values as numbers: no scale/offset, no masking (the "Raw values" switch). */
export function storedValues(slice: Slice): DecodedSlice | null {
  try {
    return decodeSlice(slice, { mask: false, scale: false });
  } catch {
    return null;
  }
}

/** A complex element `i` of interleaved (re, im) data as numpy prints it: `1+2j`. */
export function complexText(raw: ArrayLike<number>, i: number): string {
  const re = raw[2 * i] as number;
  const im = raw[2 * i + 1] as number;
  return `${formatNumber(re)}${im < 0 || Object.is(im, -0) ? '-' : '+'}${formatNumber(Math.abs(im))}j`;
}

/** The frame of a shown slice (decodes stored values when `raw`; reads nothing). */
export function sliceFrame({ shown, variable, axes, x, y, raw: rawValues }: FrameInput): SliceFrame {
  const { slice, other, stride } = shown;
  const decoded = rawValues ? storedValues(slice) : shown.decoded;
  const otherDecoded = other ? (rawValues ? storedValues(other.slice) : other.decoded) : null;
  const name = rawValues ? `${variable.name} (stored values)` : axisTitle(variable);
  const title = other ? `${variable.name} − ${other.slice.variable.name}${rawValues ? ' (stored values)' : ''}` : name;
  let values: Values | null = null;
  if (decoded) {
    const a = { values: decoded.values, mask: decoded.mask, shape: slice.shape };
    values =
      other && otherDecoded
        ? difference(a, { values: otherDecoded.values, mask: otherDecoded.mask, shape: other.slice.shape })
        : a;
  }
  // Slice dimensions keep the variable's order: with y after x the first slice dimension is x.
  const transposed = x !== null && y !== null && y > x;
  const shape = slice.shape;
  const s0 = shape[0] ?? 1;
  const s1 = shape[1] ?? 1;
  const ny = y === null ? (shape.length === 1 ? s0 : 1) : transposed ? s1 : s0;
  const nx = y === null ? 1 : transposed ? s0 : s1;
  const xInfo = axisInfo(axes, x, y === null ? s0 : nx, stride);
  const yInfo = axisInfo(axes, y, ny, stride);
  const index = (r: number, c: number) => (y === null ? r : transposed ? c * s1 + r : r * s1 + c);
  const raw = slice.data as ArrayLike<CellValue>;
  // 64-bit integers above 2^53 lose digits as doubles: show the stored integers when nothing rescales them.
  const exactInts =
    !other &&
    (slice.data instanceof BigInt64Array || slice.data instanceof BigUint64Array) &&
    (rawValues || (decoded?.plan.packing.scale == null && decoded?.plan.packing.offset == null));
  const at = (r: number, c: number): CellValue => {
    const i = index(r, c);
    if (slice.complex) return complexText(slice.data as ArrayLike<number>, i);
    if (exactInts) return raw[i] ?? '';
    return values ? (values.values[i] as number) : (raw[i] ?? '');
  };
  const mask = values?.mask ?? null;
  const masked = (r: number, c: number) => (mask ? mask[index(r, c)] === 1 : false);
  const csv = (): CsvInput => {
    const shownValues: ArrayLike<CellValue> = slice.complex
      ? Array.from({ length: raw.length / 2 }, (_, i) => complexText(slice.data as ArrayLike<number>, i))
      : exactInts || !values
        ? raw
        : values.values;
    const flip = shape.length === 2 && transposed;
    const pick = <T>(list: ArrayLike<T>) =>
      Array.from({ length: ny * nx }, (_, i) => list[index(Math.floor(i / nx), i % nx)] as T);
    return {
      shape: flip ? [s1, s0] : shape,
      values: flip ? pick(shownValues) : shownValues,
      mask: flip && mask ? pick(mask) : mask,
      name: title,
      rowName: shape.length === 2 ? `${yInfo.title} \\ ${xInfo.title}` : xInfo.title,
      rowLabels: shape.length === 2 ? yInfo.labels : xInfo.labels,
      columnLabels: xInfo.labels,
    };
  };
  // A char array with its string dimension (the variable's last) shown: its CSV is the strings the Matrix shows.
  const last = variable.dimensions.length - 1;
  const textAcross = variable.type === 'char' && shape.length === 2 && !transposed && x === last && y !== null;
  const textAlong = variable.type === 'char' && shape.length === 2 && transposed && y === last && x !== null;
  const stringsCsv = (): CsvInput => {
    const strings = textAcross ? stringsOf(at, ny, nx, true) : stringsOf(at, nx, ny, false);
    const by = textAcross ? yInfo : xInfo;
    return { shape: [strings.length], values: strings, name: title, rowName: by.title, rowLabels: by.labels };
  };
  return {
    rank: shape.length,
    title,
    values,
    transposed,
    x: xInfo,
    y: yInfo,
    rows: ny,
    cols: y === null ? 1 : nx,
    at,
    masked,
    rowLabels: y === null ? xInfo.labels : yInfo.labels,
    colLabels: y === null ? [title] : xInfo.labels,
    warnings: !rawValues && decoded ? decoded.plan.warnings : [],
    csv: textAcross || textAlong ? stringsCsv : csv,
    npyOverride: other && values ? Float64Array.from(values.values) : null,
    stride,
  };
}

/**
 * The strings of a char matrix, read as netCDF reads them (to the first NUL, trailing spaces trimmed): `n` strings
 * of `len` characters, each a row of cells (`across`) or a column.
 */
export function stringsOf(at: (r: number, c: number) => CellValue, n: number, len: number, across: boolean): string[] {
  const cells = Array.from({ length: n * len }, (_, i) => {
    const s = Math.floor(i / len);
    const k = i % len;
    const c = across ? at(s, k) : at(k, s);
    return typeof c === 'string' ? c : '';
  });
  return charStrings(cells, len);
}
