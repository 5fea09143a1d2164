/**
 * Values and labels along an axis (slider ticks, plot axes): the coordinate variable read and decoded, or the
 * indices when the dimension has no coordinate variable.
 *
 * @example
 * const axes = describeAxes(ds.model, variable);
 * const t = await readAxisValues(ds, axes[0]!, { signal });
 * t.labels[3] // '2000-02-30T00:00:00' on a 360_day time axis
 */
import type { OpenedDataset, ReadOptions } from '../api';
import type { Variable } from '../model/types';
import type { AxisDescription } from './coordinates';
import { decodeSlice, type DecodeOptions } from './decode';
import { charStrings } from './dsg';
import { formatValue } from './format';

export interface AxisValues {
  /** Decoded coordinate values (NaN where masked); indices when there is no coordinate variable. */
  readonly values: Float64Array;
  readonly mask: Uint8Array;
  /** One label per value: ISO-like dates on time axes, names on DSG instance axes, numbers with units otherwise. */
  readonly labels: readonly string[];
}

/** The label of one value on an axis (a date on time axes, `12.5 degrees_north` otherwise). */
export function axisValueLabel(axis: AxisDescription, value: number | bigint, masked = false): string {
  if (masked) return 'masked';
  if (axis.time) return axis.time.format(value, ' ') || '—';
  return formatValue(value, axis.units);
}

/** Reads and decodes the coordinate values of an axis (the whole 1-D coordinate variable). */
export async function readAxisValues(
  ds: OpenedDataset,
  axis: AxisDescription,
  options: ReadOptions & DecodeOptions = {},
): Promise<AxisValues> {
  const n = axis.dimension.length;
  if (!axis.coordinate) {
    const values = Float64Array.from({ length: n }, (_, i) => i);
    const names = axis.labels ? await readStrings(ds, axis.labels, options) : null;
    const labels = Array.from(values, (v, i) => names?.[i] ?? String(v));
    return { values, mask: new Uint8Array(n), labels };
  }
  const slice = await ds.read(axis.coordinate.path, [null], options);
  if (axis.coordinate.type === 'datetime64' && slice.data instanceof BigInt64Array) {
    // Nanosecond counts do not survive a trip through doubles: label the raw integers.
    const raw = slice.data;
    const labels = Array.from(raw, (v) => axis.time?.format(v, ' ') || '—');
    return {
      values: Float64Array.from(raw, Number),
      mask: Uint8Array.from(labels, (l) => (l === '—' ? 1 : 0)),
      labels,
    };
  }
  const decoded = decodeSlice(slice, options);
  const labels = Array.from(decoded.values, (v, i) => axisValueLabel(axis, v, decoded.mask[i] === 1));
  const values = decoded.values instanceof Float64Array ? decoded.values : Float64Array.from(decoded.values);
  return { values, mask: decoded.mask, labels };
}

/**
 * The strings of a text variable: NC_STRING values as they are, a `char` array as strings of its last dimension
 * (`charStrings`). Variables of other types read as their values' texts.
 */
export async function readStrings(ds: OpenedDataset, variable: Variable, options: ReadOptions = {}): Promise<string[]> {
  const slice = await ds.read(
    variable.path,
    variable.dimensions.map(() => null),
    options,
  );
  const cells = slice.data as ArrayLike<string | number | bigint | boolean>;
  if (variable.type === 'char') {
    return charStrings(cells as ArrayLike<string | number>, slice.shape[slice.shape.length - 1] ?? 1);
  }
  return Array.from(cells, (c) => String(c));
}
