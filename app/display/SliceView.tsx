import { useMemo } from 'react';
import { axisTitle, decodeSlice, formatNumber, type DecodedSlice, type Slice, type Variable } from '../core';
import type { ViewKind, ViewOptions } from '../share/share-link';
import type { Shown } from '../state/slice-store';
import { ExportBar } from './ExportBar';
import { Heatmap, type AxisInfo } from './Heatmap';
import { LinePlot } from './LinePlot';
import { MatrixView } from './MatrixView';
import { difference, type Values } from './plot-data';
import { StatsView } from './StatsView';
import { thin } from './stride';
import type { Axes } from './use-axes';

interface Props {
  readonly shown: Shown;
  readonly variable: Variable;
  readonly axes: Axes;
  readonly x: number | null;
  readonly y: number | null;
  readonly kind: ViewKind;
  readonly options: ViewOptions;
  /** A newer slice is loading. */
  readonly stale: boolean;
}

/** Axis values and labels of a shown dimension; with a strided read, those of every `stride`-th index. */
function axisInfo(axes: Axes, d: number | null, n: number, stride: number): AxisInfo & { labels: readonly string[] | undefined } {
  const a = d === null ? undefined : axes.axes[d];
  const v = d === null ? undefined : axes.values[d];
  const title = a ? a.title : 'index';
  if (!v) {
    const values = Array.from({ length: n }, (_, i) => i * stride);
    return { title, values, labels: stride > 1 ? values.map(String) : undefined };
  }
  const useLabels = a?.time !== null && a?.time !== undefined;
  const labels = thin(v.labels, stride);
  return { title, values: useLabels ? labels : thin(Array.from(v.values), stride), labels };
}

/** The stored values as numbers: no scale/offset, no masking (the "Raw values" switch). */
function storedValues(slice: Slice): DecodedSlice | null {
  try {
    return decodeSlice(slice, { mask: false, scale: false });
  } catch {
    return null;
  }
}

/** One loaded slice in the chosen view, with export. */
export function SliceView({ shown, variable, axes, x, y, kind, options, stale }: Props) {
  const { slice, other, stride } = shown;
  // Decoding never touches the slice (nor the cached chunks): switching to raw values re-reads nothing.
  const decoded = useMemo(() => (options.raw ? storedValues(slice) : shown.decoded), [options.raw, slice, shown.decoded]);
  const otherDecoded = useMemo(() => (other ? (options.raw ? storedValues(other.slice) : other.decoded) : null), [options.raw, other]);
  const name = options.raw ? `${variable.name} (stored values)` : axisTitle(variable);
  const title = other ? `${variable.name} − ${other.slice.variable.name}${options.raw ? ' (stored values)' : ''}` : name;
  const values: Values | null = useMemo(() => {
    if (!decoded) return null;
    const a = { values: decoded.values, mask: decoded.mask, shape: slice.shape };
    return other && otherDecoded ? difference(a, { values: otherDecoded.values, mask: otherDecoded.mask, shape: other.slice.shape }) : a;
  }, [decoded, other, otherDecoded, slice.shape]);
  // Slice dimensions keep the variable's order: with y after x the first slice dimension is x.
  const transposed = x !== null && y !== null && y > x;
  const shape = slice.shape;
  const ny = y === null ? (shape.length === 1 ? (shape[0] ?? 1) : 1) : transposed ? (shape[1] ?? 1) : (shape[0] ?? 1);
  const nx = y === null ? 1 : transposed ? (shape[0] ?? 1) : (shape[1] ?? 1);
  const xInfo = axisInfo(axes, x, y === null ? (shape[0] ?? 1) : nx, stride);
  const yInfo = axisInfo(axes, y, ny, stride);
  // Matrix rows are y (or the only dimension), columns x.
  const index = (r: number, c: number) => (y === null ? r : transposed ? c * (shape[1] ?? 1) + r : r * (shape[1] ?? 1) + c);
  const raw = slice.data as ArrayLike<number | bigint | string | boolean>;
  // 64-bit integers above 2^53 lose digits as doubles: show the stored integers when nothing rescales them.
  const exactInts =
    !other &&
    (slice.data instanceof BigInt64Array || slice.data instanceof BigUint64Array) &&
    (options.raw || (decoded?.plan.packing.scale == null && decoded?.plan.packing.offset == null));
  const complexText = (i: number) => {
    const re = raw[2 * i] as number;
    const im = raw[2 * i + 1] as number;
    return `${formatNumber(re)}${im < 0 || Object.is(im, -0) ? '-' : '+'}${formatNumber(Math.abs(im))}j`;
  };
  const at = (r: number, c: number): number | bigint | string | boolean => {
    const i = index(r, c);
    if (slice.complex) return complexText(i);
    if (exactInts) return raw[i] ?? '';
    return values ? (values.values[i] as number) : (raw[i] ?? '');
  };
  const masked = (r: number, c: number) => (values?.mask ? values.mask[index(r, c)] === 1 : false);
  const rowLabels = y === null ? xInfo.labels : yInfo.labels;
  const colLabels = y === null ? undefined : xInfo.labels;

  const csvValues = slice.complex
    ? Array.from({ length: raw.length / 2 }, (_, i) => complexText(i))
    : exactInts
      ? raw
      : values
        ? values.values
        : raw;
  const csv = {
    shape: shape.length === 2 && transposed ? [shape[1] ?? 0, shape[0] ?? 0] : shape,
    values: shape.length === 2 && transposed ? Array.from({ length: ny * nx }, (_, i) => csvValues[index(Math.floor(i / nx), i % nx)] as number) : csvValues,
    mask: shape.length === 2 && transposed && values?.mask ? Array.from({ length: ny * nx }, (_, i) => (values.mask?.[index(Math.floor(i / nx), i % nx)] ?? 0)) : (values?.mask ?? null),
    name: title,
    rowName: shape.length === 2 ? `${yInfo.title} \\ ${xInfo.title}` : xInfo.title,
    rowLabels: shape.length === 2 ? yInfo.labels : xInfo.labels,
    columnLabels: xInfo.labels,
  };

  let body;
  if (shape.length === 0) {
    const v = at(0, 0);
    body = (
      <p className="scalar" data-testid="scalar-value">
        {masked(0, 0) ? 'masked' : typeof v === 'number' ? formatNumber(v) : String(v)}
      </p>
    );
  } else if (kind === 'heatmap' && values && y !== null) {
    body = <Heatmap data={values} transposed={transposed} x={xInfo} y={yInfo} title={title} options={options} />;
  } else if (kind === 'line' && values) {
    body = <LinePlot data={values} x={xInfo} title={title} log={options.scale === 'log'} />;
  } else if (kind === 'histogram' && values) {
    body = <StatsView data={values} title={title} />;
  } else {
    body = <MatrixView rows={ny} cols={y === null ? 1 : nx} at={at} masked={masked} rowLabels={rowLabels} colLabels={colLabels ?? [title]} />;
  }
  const failed = slice.failedChunks?.length ?? 0;
  return (
    <div className={`slice-view${stale ? ' stale' : ''}`} data-testid="slice-view" data-key={shown.key} aria-busy={stale}>
      {failed > 0 && (
        <p role="status" className="warning">
          {failed} chunk{failed > 1 ? 's' : ''} could not be read and {failed > 1 ? 'are' : 'is'} shown masked: {slice.failedChunks?.[0]?.message}
        </p>
      )}
      {stride > 1 && (
        <p role="status" className="muted" data-testid="stride-note">
          A thinned preview: every {stride}-th element along each axis (stride {stride}); the whole selection is too big to read.
        </p>
      )}
      {!options.raw && decoded && decoded.plan.warnings.length > 0 && <p className="muted">{decoded.plan.warnings.join(' ')}</p>}
      {body}
      {shape.length <= 2 && <ExportBar slice={slice} csv={csv} npyOverride={other && values ? Float64Array.from(values.values) : null} canPng={kind === 'heatmap' || kind === 'line' || kind === 'histogram'} />}
    </div>
  );
}
