/**
 * What the report says of netCDF files read in place (`Dataset.format` set): how each variable is stored, what a
 * time series at one point costs when the storage makes it read the whole variable (contiguous giants, chunks that
 * span every other dimension), how to compress or rechunk a file (with netcdf-c's `nccopy`, not Zarr's tools), and
 * the unlimited dimensions.
 */
import { NETCDF3 } from '../cdl/attributes';
import type { Dataset, Dimension, Group, Variable } from '../model/types';
import { chunkGrid, formatBytes } from './chunks';
import type { Fact, Finding } from './types';

/** A point series costing at least this much, and at least half the variable, is worth a warning. */
export const SERIES_WARN_BYTES = 64 * 1024 * 1024;

const shapeText = (s: readonly number[]) => s.join(' × ');

/** Findings about chunk sizes (chunks.ts), whose advice is a chunk shape. */
const CHUNK_SIZE_CODES = new Set(['chunk-small', 'chunk-large', 'slice-many-chunks']);

/** `time/256,lat/64`: nccopy's `-c` argument for a chunk shape. */
const nccopyChunks = (v: Variable, chunks: readonly number[]) =>
  v.dimensions.map((d, i) => `${d.name}/${chunks[i]}`).join(',');

function unlimitedDims(g: Group, out: Dimension[]): Dimension[] {
  for (const d of g.dimensions) if (d.unlimited) out.push(d);
  for (const c of g.groups) unlimitedDims(c, out);
  return out;
}

/** Dataset facts of a file: its unlimited dimensions (netCDF-3 has at most one, the record dimension). */
export function fileFacts(ds: Dataset): Fact[] {
  if (ds.format === undefined) return [];
  const dims = unlimitedDims(ds.root, []);
  const text = dims.map((d) => `${d.name} (${d.length.toLocaleString('en-US')} currently)`).join(', ');
  return [{ label: 'Unlimited dimensions', value: text || 'none' }];
}

/** Facts and findings of one variable of a file; `chunkFindings` are the generic ones, some reworded here. */
export function fileVariableChecks(
  ds: Dataset,
  v: Variable,
  chunkFindings: readonly Finding[],
): { facts: Fact[]; findings: Finding[] } {
  if (ds.format === undefined) return { facts: [], findings: [...chunkFindings] };
  const netcdf3 = NETCDF3.has(ds.format);
  const facts: Fact[] = [];
  const blockBytes = v.chunks.reduce((a, n) => a * n, 1) * v.itemSize;
  const arrayBytes = v.shape.reduce((a, n) => a * n, 1) * v.itemSize;
  if (netcdf3 || v.storage === 'contiguous')
    facts.push({
      label: 'Storage',
      value:
        v.shape.length > 0
          ? `contiguous (${netcdf3 && v.dimensions[0]?.unlimited ? 'one record after another, interleaved with the other record variables' : 'one block'}); read in blocks of ${shapeText(v.chunks)} (${formatBytes(blockBytes)})`
          : 'contiguous',
    });
  else if (v.storage === 'compact') facts.push({ label: 'Storage', value: 'compact (in the object header)' });
  else if (v.storage === 'chunked') facts.push({ label: 'Storage', value: `chunked, ${shapeText(v.chunks)}` });

  // Blocks of a contiguous variable or of netCDF-3 records are Zarrview's own reading units, not the file's
  // chunks: advice about their size would be about nothing the file's writer chose.
  const ownBlocks = netcdf3 || v.storage !== 'chunked';
  const findings = chunkFindings
    .filter((f) => !(ownBlocks && CHUNK_SIZE_CODES.has(f.code)))
    .map((f) => {
      if (f.code === 'uncompressed')
        return {
          ...f,
          advice: netcdf3
            ? 'netCDF-3 cannot compress: `nccopy -k nc4 -d 1 -s in.nc out.nc` writes a compressed netCDF-4 copy.'
            : '`nccopy -d 1 -s in.nc out.nc` writes a copy compressed with deflate and shuffle.',
        };
      const suggested = /chunks \(([\d, ]+)\)/.exec(f.advice)?.[1]?.split(', ').map(Number);
      if (CHUNK_SIZE_CODES.has(f.code) && suggested?.length === v.dimensions.length)
        return { ...f, advice: `${f.advice} With netcdf-c: \`nccopy -c ${nccopyChunks(v, suggested)} in.nc out.nc\`.` };
      return f;
    });
  if (v.shape.length >= 2 && v.itemSize > 0) {
    const series = (chunkGrid(v)[0] ?? 1) * blockBytes;
    if (series >= SERIES_WARN_BYTES && series * 2 >= arrayBytes) {
      const along = v.dimensions[0]?.name ?? 'dim 0';
      const why =
        v.storage === 'chunked' && !netcdf3
          ? `its chunks (${shapeText(v.chunks)}) span the other dimensions whole`
          : 'it is stored contiguously, one value of a point every whole field apart';
      const target = v.shape.map((n, i) => (i === 0 ? Math.min(n, 256) : Math.min(n, 64)));
      findings.push({
        code: 'series-whole-variable',
        severity: 'warning',
        path: v.path,
        message: `A series along ${along} at one point reads ${formatBytes(series)}, ${series >= arrayBytes ? 'the whole variable' : `${Math.round((100 * series) / arrayBytes)}% of the variable`}: ${why}.`,
        advice: `Rechunk for series, e.g. \`nccopy ${netcdf3 ? '-k nc4 ' : ''}-c ${nccopyChunks(v, target)} in.nc out.nc\`${netcdf3 ? ' (netCDF-3 has no chunks: the copy is netCDF-4)' : ''}.`,
      });
    }
  }
  return { facts, findings };
}
