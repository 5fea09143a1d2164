/**
 * The code of a view of a netCDF file read in place (`Dataset.format`): xarray opens the same file through fsspec
 * with the engine that reads its format — h5netcdf for netCDF-4/HDF5, scipy for netCDF-3 classic and 64-bit
 * offset — once CF-decoded and once as stored numbers. CDF-5 is read by neither: the snippet says so and uses the
 * netcdf4 engine, which needs the file on disk.
 */
import type { DimSelection } from '../api';
import type { Variable } from '../model/types';
import { type PyValue, pyLiteral, pyStr, shellQuote } from './python';

export interface FileTarget {
  readonly url: string;
  readonly storageOptions: Record<string, PyValue> | null;
  readonly notes: readonly string[];
}

export interface FileSnippetInput {
  readonly location: string;
  readonly format: string;
  readonly variable: Variable;
  readonly selection: readonly DimSelection[];
  readonly stride: number;
  readonly raw: boolean;
}

/** xarray's engine for a file of `format` (`Dataset.format`): h5netcdf, scipy, or netcdf4 for CDF-5. */
export function engineOf(format: string): string {
  if (format.startsWith('netCDF-4')) return 'h5netcdf';
  return format === 'cdf5' ? 'netcdf4' : 'scipy';
}

/** xarray's `.isel({...})` of a view's selection (nothing when the whole variable is read). */
export function isel(v: Variable, selection: readonly DimSelection[], stride: number): string {
  const entries = selection.flatMap((sel, d) => {
    const dim = pyStr(v.dimensions[d]?.name ?? `dim_${d}`);
    if (typeof sel === 'number') return [`${dim}: ${sel}`];
    if (sel === null) return stride > 1 ? [`${dim}: slice(None, None, ${stride})`] : [];
    const step = (sel.step ?? 1) * stride;
    return [`${dim}: slice(${sel.start}, ${sel.stop}${step > 1 ? `, ${step}` : ''})`];
  });
  return entries.length ? `.isel({${entries.join(', ')}})` : '';
}

function snippet(input: FileSnippetInput, target: FileTarget, raw: boolean): string {
  const v = input.variable;
  const engine = engineOf(input.format);
  const parts = v.path.split('/').filter(Boolean);
  const name = parts.pop() ?? '';
  const remote = /^[a-z][a-z0-9+.-]*:\/\//i.test(target.url);
  const args = [remote ? 'f' : pyStr(target.url), `engine=${pyStr(engine)}`];
  if (parts.length) args.push(`group=${pyStr(parts.join('/'))}`);
  if (raw) args.push('mask_and_scale=False', 'decode_times=False');
  const open = target.storageOptions
    ? `f = fsspec.open(${pyStr(target.url)}, mode="rb", ${Object.entries(target.storageOptions)
        .map(([k, x]) => `${k}=${pyLiteral(x)}`)
        .join(', ')}).open()`
    : `f = fsspec.open(${pyStr(target.url)}, mode="rb").open()`;
  return [
    ...(remote ? ['import fsspec'] : []),
    'import xarray as xr',
    '',
    ...target.notes.map((n) => `# ${n}`),
    ...(engine === 'netcdf4'
      ? ['# CDF-5 (64-bit data) is read by neither scipy nor h5netcdf: the netcdf4 engine reads it from a local copy.']
      : []),
    `# A ${input.format} file read in place by range requests (xarray engine ${engine}).`,
    ...(remote ? [open] : []),
    `ds = xr.open_dataset(${args.join(', ')})`,
    `da = ds[${pyStr(name)}]${isel(v, input.selection, input.stride)}`,
    `values = da.values${raw ? '  # stored numbers' : '  # CF-decoded: scale/offset applied, fill values as NaN'}`,
    'print(values)',
    '',
  ].join('\n');
}

/** The xarray code (CF-decoded, or stored numbers when the view shows them), the stored numbers, and the CLI. */
export function fileSnippets(
  input: FileSnippetInput,
  target: FileTarget,
): { xarray: string; zarr: string; cli: string; rawTitle: string } {
  return {
    xarray: snippet(input, target, input.raw),
    zarr: snippet(input, target, true),
    cli: `npx zarrview dump -v ${shellQuote(input.variable.path)} ${shellQuote(input.location)}\n`,
    rawTitle: 'xarray, stored numbers',
  };
}
